"""The strong bot: flat Monte-Carlo search with determinisation, within a time budget per move.

1. The greedy judge ranks the candidate commands on one determinisation of the view; the best
   `top_k` (distinct) go into the search.
2. Each iteration draws a fresh determinisation (hidden Castillo counts, face-down cards, private
   power cards, unrevealed secret choices) and tries every candidate in it: plays the candidate,
   then plays on with a fast greedy policy for every seat about one round ahead (to the end of
   the current round, or of the next one when the current is nearly over), with the same random
   draws for every candidate (common random numbers: the candidates are compared on equal terms),
   and scores the outcome with the static evaluation (relative to the opponents).
3. When the budget is spent, the candidate with the best mean wins (ties: the greedy order).

Single-option decisions are answered at once. The search never sees the real state: every world it
simulates is drawn from the view.
"""

from __future__ import annotations

import random
import time
from typing import Any

from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.elgrande import rules
from domain.elgrande.bots.evaluate import Weights, evaluate
from domain.elgrande.bots.greedy import (
    Judge,
    _option_command,
    greedy_placement,
    power_values,
    special_candidates,
)
from domain.elgrande.bots.sim import settle, step
from domain.elgrande.determinize import determinize
from domain.elgrande.state import State

SPECIAL_FIRST = frozenset({"king", "royal_advisor"})


def fast_command(s: State, d: Decision, rng: random.Random) -> Command:
    """The playout policy: cheap, greedy-ish, a little noisy."""
    seat = d.seat
    if seat is None:
        return rules.default_command(s, d)
    kind = d.kind
    if kind == "power_card":
        cards = [o["card"] for o in d.options or []]
        values = power_values(s, seat, cards)
        noisy = [v + rng.gauss(0, 0.4) for v in values]
        return Command("play_power", seat, {"card": cards[noisy.index(max(noisy))]})
    if kind == "choose_card":
        options = d.options or []
        if len(options) == 1:
            return _option_command(d, options[0])
        judge = _FastJudge(seat, rng)
        best, best_value = options[0], -1e9
        for o in options:
            command = Command("choose_card", seat, {"stack": o["stack"]})
            after = judge.after(s, command)
            if after is None:
                continue
            value = judge.quick_plan(after) + rng.gauss(0, 0.3)
            if value > best_value:
                best, best_value = o, value
        return _option_command(d, best)
    if kind == "act":
        t = s.turn
        assert t is not None and t.card is not None
        if not t.placed and (t.special_done or t.card not in SPECIAL_FIRST):
            most = rules.placement_max(s, seat)
            places = greedy_placement(s, seat, most, rules.placement_targets(s),
                                      Weights(s)) if most else {}
            return Command("place", seat, {"places": places})
        return _FastJudge(seat, rng).best_special(s)
    return rules.default_command(s, d)


class _FastJudge(Judge):
    """A cheaper judge for playouts: few special-action candidates, no second-order plans."""

    def quick_plan(self, s: State) -> float:
        t = s.turn
        if t is None or t.seat != self.seat or t.step != "act":
            return self.value(s)
        if not t.special_done:
            command = self.best_special(s, with_value=True)
            if isinstance(command, tuple):
                return command[1] + _placement_bonus(s, self.seat)
        return self.value(s) + _placement_bonus(s, self.seat)

    def best_special(self, s: State, with_value: bool = False) -> Any:
        seat = self.seat
        decline = Command("decline", seat)
        after = self.after(s, decline)
        best, best_value = decline, self.value(after) if after is not None else -1e9
        params = special_candidates(s, seat, self.rng, samples=0)
        if len(params) > 4:
            params = self.rng.sample(params, 4)
        for p in params:
            command = Command("special", seat, p)
            after = self.after(s, command)
            if after is not None:
                value = self.value(after)
                if value > best_value:
                    best, best_value = command, value
        return (best, best_value) if with_value else best


def _placement_bonus(s: State, seat: int) -> float:
    """Rough worth of the placement still to come (the card's count of Caballeros)."""
    t = s.turn
    if t is None or t.placed or t.stack is None:
        return 0.0
    return 0.6 * min(t.stack, s.court[seat])


def turns_left(s: State) -> int:
    """Turns of the current round not yet finished (all of them before the power cards)."""
    if s.phase == "power":
        return s.players
    if s.phase == "turns":
        return len(s.turn_order) - s.turn_index
    return 0


def playout(s: State, seat: int, rng: random.Random, horizon: int | None = None,
            limit: int = 400, deadline: float | None = None) -> State | None:
    """Play on with the fast policy until the end of the round `horizon` rounds after the current
    one. By default (None) about one round ahead: to the end of the current round if at least two
    other turns remain in it, else to the end of the next one. None if `deadline` passes first."""
    start = s.round
    if horizon is None:
        horizon = 0 if turns_left(s) >= 3 else 1
    rounds = list(rules.rounds_of(s))
    stop_index = min(len(rounds), (rounds.index(start) if start in rounds else 0) + horizon + 1)
    stop_round = rounds[stop_index] if stop_index < len(rounds) else None
    for _ in range(limit):
        if s.phase == "over":
            break
        if deadline is not None and time.perf_counter() > deadline:
            return None
        if stop_round is not None and s.round >= stop_round and s.phase == "power" \
                and not s.power_played:
            break
        decisions = rules.pending(s)
        if not decisions:
            break
        d = decisions[0]
        try:
            s = step(s, fast_command(s, d, rng))
        except RuleError:
            s = step(s, rules.default_command(s, d))
    return s


class StrongBot:
    level = "strong"

    def __init__(self, budget: float = 2.0, max_iterations: int | None = None, top_k: int = 4,
                 horizon: int | None = None) -> None:
        self.budget = budget
        self.max_iterations = max_iterations
        self.top_k = top_k
        self.horizon = horizon
        self.last_iterations = 0

    def choose(self, view: dict[str, Any], decision: Decision, rng: random.Random) -> Command:
        started = time.perf_counter()
        deadline = started + 0.85 * self.budget
        margin = 0.1 * self.budget  # the iteration under way may finish within it, else is dropped
        if decision.options is not None and len(decision.options) == 1 and decision.kind != "veto":
            return _option_command(decision, decision.options[0])
        seat = decision.seat
        assert seat is not None
        world = determinize(view, rng, decision)
        ranked = Judge(seat, rng).ranked(world, decision)
        candidates: list[Command] = []
        for command, _ in ranked:
            if command not in candidates:
                candidates.append(command)
            if len(candidates) == self.top_k:
                break
        self.last_iterations = 0
        if len(candidates) == 1:
            return candidates[0]
        total = [0.0] * len(candidates)
        n = [0] * len(candidates)
        iteration = 0
        while (self.max_iterations is None or iteration < self.max_iterations) and (
                self.max_iterations is not None or time.perf_counter() < deadline):
            iteration += 1
            # common random numbers: every candidate is tried in the same world with the same
            # playout draws, so the comparison between candidates is paired (far less noisy)
            world = determinize(view, rng, decision)
            playout_seed = rng.getrandbits(32)
            results = []
            for candidate in candidates:
                if self.max_iterations is None and results and time.perf_counter() > deadline:
                    break  # an unfinished round of candidates is dropped: comparisons stay paired
                try:
                    after = settle(step(world, candidate), seat)
                except RuleError:  # cannot happen for a legal candidate; never pick it
                    results.append(-1e6)
                    continue
                end = playout(after, seat, random.Random(playout_seed), self.horizon,
                              deadline=None if self.max_iterations else deadline + margin)
                if end is None:
                    break
                results.append(evaluate(end, seat))
            if len(results) == len(candidates):
                for i, value in enumerate(results):
                    total[i] += value
                    n[i] += 1
        self.last_iterations = iteration
        best = max(range(len(candidates)),
                   key=lambda j: (total[j] / n[j] if n[j] else -1e9, -j))
        return candidates[best]
