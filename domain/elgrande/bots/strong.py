"""The strong bot: flat Monte-Carlo search with determinisation, within a time budget per move.

1. The greedy judge ranks the candidate commands on one determinisation of the view (all of them
   among what the decision's form offers); the best `top_k` (distinct) go into the search.
2. Each iteration draws a fresh determinisation (hidden Castillo counts, face-down cards, private
   power cards, unrevealed secret choices) and tries every candidate in it: plays the candidate,
   then plays on with a fast greedy policy for every seat about one round ahead (to the end of
   the current round, or of the next one when the current is nearly over), with the same random
   draws for every candidate (common random numbers: the candidates are compared on equal terms),
   and scores the outcome with the static evaluation (relative to the opponents).
3. When the budget is spent, the candidate with the best mean wins (ties: the greedy order).

Decisions whose form offers a single move are answered at once. The search never sees the real
state: every world it simulates is drawn from the view.
"""

from __future__ import annotations

import random
from typing import Any

from domain.bots import search
from domain.bots.search import SearchBot
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
    take_most,
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
    if kind == "take":
        return take_most(d)
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
        if deadline is not None and search.now() > deadline:
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


class StrongBot(SearchBot):
    """Flat Monte-Carlo over greedy's best candidates (`domain.bots.search.SearchBot`)."""

    def __init__(self, budget: float = 2.0, max_iterations: int | None = None, top_k: int = 4,
                 horizon: int | None = None) -> None:
        super().__init__(budget, max_iterations, top_k)
        self.horizon = horizon

    def answer_at_once(self, view: dict[str, Any], decision: Decision,
                       rng: random.Random) -> Command | None:
        return super().answer_at_once(view, decision, rng) if decision.kind != "veto" else None

    def default(self, world: State, decision: Decision) -> Command:
        return rules.default_command(world, decision)

    def determinize(self, view: dict[str, Any], rng: random.Random, decision: Decision) -> State:
        return determinize(view, rng, decision)

    def candidates(self, world: State, decision: Decision, rng: random.Random) -> list[Command]:
        assert decision.seat is not None
        return [command for command, _ in Judge(decision.seat, rng).ranked(world, decision)]

    def simulate(self, world: State, seat: int, candidate: Command, rng: random.Random,
                 deadline: float | None) -> float | None:
        try:
            after = settle(step(world, candidate), seat)
        except RuleError:  # cannot happen for a legal candidate; never pick it
            return -1e6
        end = playout(after, seat, rng, self.horizon, deadline=deadline)
        return None if end is None else evaluate(end, seat)
