"""Bot players (pure, no I/O): given a seat's view and its pending decision, a legal command.

A bot never receives the game state: `Bot.choose(view, decision, rng)` gets what the seat may see
(`module.view(state, seat)`, the same as a human's view) and the decision the seat must take. Bots
that need a full state to simulate build one consistent with the view (each game's
`determinize`); the search they share is `domain.bots.search`.

The levels are the game's (`module.bots`: random, greedy and strong in each of El Grande, King &
Intrigue and El Caballero, each a `surface.BotLevel` that says what it is); a game without bots
gets the generic random one from its `sample_command` (`domain.core.surface`). The service calls
`play(module, state, seat, level, rng, budget)`.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from domain.core import surface
from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.game import GameModule


class Bot(Protocol):
    level: str

    def choose(self, view: dict[str, Any], decision: Decision, rng: random.Random) -> Command:
        """A legal command for `decision`, seeing only `view` (the deciding seat's view)."""


def levels(module: GameModule) -> list[str]:
    """The bot levels the game has (at least `random`)."""
    return sorted(surface.bot_levels(module))


def make_bot(module: GameModule, level: str, budget: float | None = None) -> Bot:
    """A bot of `level` for the game (a RuleError listing the game's levels if it has no such)."""
    factories = surface.bot_levels(module)
    try:
        factory = factories[level]
    except KeyError:
        raise RuleError.of("core.bot.unknown_level", level=str(level), levels=sorted(factories),
                          allowed=sorted(factories)) from None
    bot: Bot = factory(budget)
    return bot


def decision_for(module: GameModule, state: Any, seat: int) -> Decision:
    mine = [d for d in module.pending(state) if d.seat == seat]
    if not mine:
        raise RuleError.of("core.bot.nothing", seat=seat)
    return mine[0]


def play(module: GameModule, state: Any, seat: int, level: str, rng: random.Random,
         budget: float | None = None, decision: Decision | None = None) -> Command:
    """The bot's command for `seat`'s pending decision. The bot gets the seat's view only."""
    decision = decision or decision_for(module, state, seat)
    if decision.seat != seat:
        raise RuleError.of("core.bot.not_theirs", owner=decision.seat, seat=seat)
    view = module.view(state, seat)
    bot = make_bot(module, level, budget)
    if isinstance(bot, surface.SampleBot):
        bot.bind(state)
    return bot.choose(view, decision, rng)


__all__ = ["Bot", "decision_for", "levels", "make_bot", "play"]
