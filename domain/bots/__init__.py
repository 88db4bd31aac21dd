"""Bot players (pure, no I/O): given a seat's view and its pending decision, a legal command.

A bot never receives the game state: `Bot.choose(view, decision, rng)` gets what the seat may see
(`module.view(state, seat)`, the same as a human's view) and the decision the seat must take. Bots
that need a full state to simulate build one consistent with the view (`elgrande.determinize`).

Levels: `random` (uniform over legal moves), `greedy` (one ply on a static evaluation) and `strong`
(flat Monte-Carlo search over the greedy bot's best candidates with determinised playouts, within a
time budget per move). The service calls `play(module, state, seat, level, rng, budget)`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.game import GameModule

DEFAULT_BUDGET = 2.0
"""Seconds per move for the levels that search."""


class Bot(Protocol):
    level: str

    def choose(self, view: dict[str, Any], decision: Decision, rng: random.Random) -> Command:
        """A legal command for `decision`, seeing only `view` (the deciding seat's view)."""


def _random(budget: float | None) -> Bot:
    from domain.bots.random_bot import RandomBot

    return RandomBot(budget)


def _greedy(budget: float | None) -> Bot:
    from domain.bots.greedy import GreedyBot

    return GreedyBot(budget)


def _strong(budget: float | None) -> Bot:
    from domain.bots.strong import StrongBot

    return StrongBot(budget if budget is not None else DEFAULT_BUDGET)


LEVELS: dict[str, Callable[[float | None], Bot]] = {
    "random": _random,
    "greedy": _greedy,
    "strong": _strong,
}
GAMES = ("el-grande",)
"""Games the bots can play."""


def make_bot(level: str, budget: float | None = None) -> Bot:
    try:
        factory = LEVELS[level]
    except KeyError:
        raise RuleError(f"Unknown bot level {level!r}.", allowed=sorted(LEVELS)) from None
    return factory(budget)


def decision_for(module: GameModule, state: Any, seat: int) -> Decision:
    mine = [d for d in module.pending(state) if d.seat == seat]
    if not mine:
        raise RuleError(f"Seat {seat} has nothing to decide now.")
    return mine[0]


def play(module: GameModule, state: Any, seat: int, level: str, rng: random.Random,
         budget: float | None = None, decision: Decision | None = None) -> Command:
    """The bot's command for `seat`'s pending decision. The bot gets the seat's view only."""
    if module.name not in GAMES:
        raise RuleError(f"No bots for {module.name}.", allowed=list(GAMES))
    decision = decision or decision_for(module, state, seat)
    if decision.seat != seat:
        raise RuleError(f"That decision belongs to seat {decision.seat}, not {seat}.")
    view = module.view(state, seat)
    return make_bot(level, budget).choose(view, decision, rng)


__all__ = ["DEFAULT_BUDGET", "LEVELS", "Bot", "decision_for", "make_bot", "play"]
