"""What every game's searching bots share: a random bot and a flat Monte-Carlo search, both on
determinisations of the seat's view.

A bot sees only its seat's view; to use the rules (list legal moves, simulate) it needs a full
state, so each game gives a `determinize(view, rng, decision)` that draws the hidden parts (hands,
stacks, secret choices) among what the view allows. Everything else here is game-agnostic:

- `DeterminizedRandomBot`: a move drawn from the decision's form (`formspace.draw_legal`), checked by the
  rules on one determinisation (the seat's legal moves depend only on what it sees, so any
  determinisation gives the same set).
- `SearchBot`: flat Monte-Carlo search with determinisation within a time budget. A judge ranks
  the candidates once; the best `top_k` distinct ones are searched: each iteration draws a fresh
  world from the view and tries every candidate in it with the same playout draws (common random
  numbers: the comparison between candidates is paired, far less noisy), and a candidate's worth
  is its mean outcome. A game subclasses it with its candidates and its simulation.
- `step`, `settle` and `playout` on any `GameModule`: the simulation helpers a game's `simulate`
  usually needs.

The search never sees the real state: every world it simulates is drawn from the view, so the same
view and the same rng give the same move (with `max_iterations`, which makes the search
independent of the machine's speed; tests use it).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from domain.core import formspace
from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.game import GameModule

Determinize = Callable[[dict[str, Any], random.Random, Decision | None], Any]

# The clock a bot's budget is counted on. The service counts wall-clock time: a player waits for
# the move. An arena on a shared machine may count the thread's CPU time instead (`use_clock`), so
# that a loaded machine gives the bot the thinking an idle one would, and the figures measure the
# bot rather than the load (the move then takes longer by the wall clock).
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}
_clock: list[Callable[[], float]] = [time.perf_counter]


def use_clock(name: str) -> None:
    """Count every bot budget in this process on `name` ("wall" or "cpu")."""
    if name not in CLOCKS:
        raise ValueError(f"unknown clock {name!r}; clocks: {', '.join(CLOCKS)}")
    _clock[0] = CLOCKS[name]


def clock_name() -> str:
    return next(name for name, clock in CLOCKS.items() if clock is _clock[0])


def now() -> float:
    """The bots' clock now (see `use_clock`)."""
    return _clock[0]()
Policy = Callable[[Any, Decision, random.Random], Command]


def option_command(d: Decision, option: dict[str, Any]) -> Command:
    return Command(option["type"], d.seat, {k: v for k, v in option.items() if k != "type"})


# --- the decision's form as the bots read it -----------------------------------------------------
# A bot chooses among what the seat's form offers the player (`Decision.form`), as the web's
# forms, the reader of replies and the API do: its candidates are the form's listed choices, or
# built from the form's fields (the places a placement may go, the routes a move may take), and
# whatever it builds is kept only if the form offers it (`offered_only`).


def listed(decision: Decision, rng: random.Random, limit: int = 60) -> list[Command]:
    """The commands the form lists whole (every answer whose space is enumerated: a card, a
    stack, a region, allow or veto...), then each other answer as a client shows it first."""
    form = decision.form
    out: list[Command] = []
    for answer in form.answers if form is not None else ():
        if formspace.enumerated(answer):
            out += [Command(answer.type, decision.seat, p)
                    for p in formspace.offered(answer, rng, limit)]
        else:
            out.append(Command(answer.type, decision.seat, formspace.preset(answer)))
    return out


def single_choice(decision: Decision) -> Command | None:
    """The one command the form offers when it offers exactly one (nothing to judge), else None."""
    form = decision.form
    if form is None or len(form.answers) != 1 or not formspace.enumerated(form.answers[0]):
        return None
    only = formspace.offered(form.answers[0], random.Random(0), 2)
    return Command(form.answers[0].type, decision.seat, only[0]) if len(only) == 1 else None


def offered_only(decision: Decision, commands: list[Command]) -> list[Command]:
    """The commands the decision's form offers, in their order (a bot's own construction that
    strays outside it is dropped, never played)."""
    return [c for c in commands if c.seat == decision.seat
            and formspace.admits(decision.form, c.type, c.params) is None]


class DeterminizedRandomBot:
    """A move drawn from what the decision's form offers (`formspace.draw_legal`) that the rules take on a
    determinisation of the view (the seat's own legal moves depend only on what it sees); the
    game's default move (which the form offers too) when no draw is taken."""

    level = "random"

    def __init__(self, determinize: Determinize,
                 decide: Callable[[Any, Command], Any],
                 default: Callable[[Any, Decision], Command]) -> None:
        self.determinize = determinize
        self.decide = decide
        self.default = default

    def choose(self, view: dict[str, Any], decision: Decision, rng: random.Random) -> Command:
        world = self.determinize(view, rng, decision)

        def legal(command: Command) -> bool:
            try:
                self.decide(world, command)
            except RuleError:
                return False
            return True

        return formspace.draw_legal(decision, legal, rng) or self.default(world, decision)


# --- simulation on any game module ---------------------------------------------------------------


def step(module: GameModule, s: Any, command: Command) -> Any:
    """The state after `command` (a RuleError if it is illegal); `s` is not modified."""
    return module.fold(module.decide(s, command), s)


def settle(module: GameModule, s: Any, seat: int, policy: Policy, rng: random.Random,
           responses: frozenset[str], limit: int = 50) -> Any:
    """Play the other seats' responses of the kinds in `responses` (vetoes, secret choices, the
    system's resolve…) to what `seat` just did, until `seat` must decide again or another seat's
    own turn comes."""
    for _ in range(limit):
        if module.is_over(s):
            return s
        decisions = module.pending(s)
        if not decisions or any(d.seat == seat for d in decisions):
            return s
        d = decisions[0]
        if d.kind not in responses:
            return s
        s = step(module, s, module.default_command(s, d) if d.seat is None else policy(s, d, rng))
    return s


def playout(module: GameModule, s: Any, policy: Policy, rng: random.Random,
            stop: Callable[[Any], bool], limit: int = 400,
            deadline: float | None = None) -> Any | None:
    """Play on with `policy` for every seat (the game's default for the system's decisions) until
    `stop(state)` or the game's end; None if `deadline` passes first. A move the policy gets wrong
    is replaced by the game's default move."""
    for _ in range(limit):
        if module.is_over(s) or stop(s):
            break
        if deadline is not None and now() > deadline:
            return None
        decisions = module.pending(s)
        if not decisions:
            break
        d = decisions[0]
        if d.seat is None:
            s = step(module, s, module.default_command(s, d))
            continue
        try:
            s = step(module, s, policy(s, d, rng))
        except RuleError:
            s = step(module, s, module.default_command(s, d))
    return s


# --- the search ----------------------------------------------------------------------------------


class SearchBot:
    """Flat Monte-Carlo search with determinisation (see the module's docstring).

    A game's strong bot subclasses it and gives `determinize`, `candidates` (ranked, best first,
    on one world; those the decision's form does not offer are dropped), `default` (the game's
    default move) and `simulate` (a candidate's outcome in one world, or None when the deadline
    passed). `budget` is seconds per move: the search stops at 85 % of it, and an iteration under
    way may finish within a further 10 %, else it is dropped (the comparisons stay paired)."""

    level = "strong"

    def __init__(self, budget: float = 2.0, max_iterations: int | None = None,
                 top_k: int = 4) -> None:
        self.budget = budget
        self.max_iterations = max_iterations
        self.top_k = top_k
        self.last_iterations = 0

    # -- what a game gives --

    def determinize(self, view: dict[str, Any], rng: random.Random,
                    decision: Decision) -> Any:
        raise NotImplementedError

    def candidates(self, world: Any, decision: Decision, rng: random.Random) -> list[Command]:
        raise NotImplementedError

    def simulate(self, world: Any, seat: int, candidate: Command, rng: random.Random,
                 deadline: float | None) -> float | None:
        raise NotImplementedError

    def default(self, world: Any, decision: Decision) -> Command:
        raise NotImplementedError

    def answer_at_once(self, view: dict[str, Any], decision: Decision,
                       rng: random.Random) -> Command | None:
        """A move needing no search (the form offers a single one); None: search."""
        return single_choice(decision)

    # -- the loop --

    def choose(self, view: dict[str, Any], decision: Decision, rng: random.Random) -> Command:
        started = now()
        deadline = started + 0.85 * self.budget
        margin = 0.1 * self.budget
        self.last_iterations = 0
        at_once = self.answer_at_once(view, decision, rng)
        if at_once is not None:
            return at_once
        seat = decision.seat
        assert seat is not None
        world = self.determinize(view, rng, decision)
        candidates: list[Command] = []
        for command in offered_only(decision, self.candidates(world, decision, rng)):
            if command not in candidates:
                candidates.append(command)
            if len(candidates) == self.top_k:
                break
        if not candidates:  # nothing the form offers: the default move (which it offers)
            return self.default(world, decision)
        if len(candidates) == 1:
            return candidates[0]
        bounded = self.max_iterations is not None
        total = [0.0] * len(candidates)
        n = [0] * len(candidates)
        iteration = 0
        while (iteration < self.max_iterations) if self.max_iterations is not None \
                else now() < deadline:
            iteration += 1
            world = self.determinize(view, rng, decision)
            playout_seed = rng.getrandbits(32)
            results: list[float] = []
            for candidate in candidates:
                if not bounded and results and now() > deadline:
                    break  # an unfinished round of candidates is dropped
                value = self.simulate(world, seat, candidate, random.Random(playout_seed),
                                      None if bounded else deadline + margin)
                if value is None:
                    break
                results.append(value)
            if len(results) == len(candidates):
                for i, value in enumerate(results):
                    total[i] += value
                    n[i] += 1
        self.last_iterations = iteration
        best = max(range(len(candidates)),
                   key=lambda j: (total[j] / n[j] if n[j] else -1e9, -j))
        return candidates[best]


__all__ = ["DeterminizedRandomBot", "SearchBot", "listed", "offered_only", "option_command",
           "playout", "settle", "single_choice", "step"]
