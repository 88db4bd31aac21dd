"""El Grande's bots: `random` (uniform legal move on a determinisation of the view), `greedy` (one
ply on a static evaluation: score, majorities weighted by the coming scorings, court and Castillo)
and `strong` (flat Monte-Carlo over greedy's best candidates, each iteration in a fresh
determinisation of the view, within a time budget per move)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.surface import RANDOM_ABOUT, BotLevel

DEFAULT_BUDGET = 2.0
"""Seconds per move for the levels that search."""

GREEDY_ABOUT = {"en": "plays the best-looking move now",
                "fr": "joue le coup qui paraît le meilleur sur le moment",
                "it": "gioca la mossa che sembra la migliore sul momento"}
"""What greedy is, in words (King & Intrigue's and El Caballero's greedy say the same)."""


def _random(budget: float | None) -> Any:
    from domain.elgrande.bots.random_bot import RandomBot

    return RandomBot(budget)


def _greedy(budget: float | None) -> Any:
    from domain.elgrande.bots.greedy import GreedyBot

    return GreedyBot(budget)


def _strong(budget: float | None) -> Any:
    from domain.elgrande.bots.strong import StrongBot

    return StrongBot(budget if budget is not None else DEFAULT_BUDGET)


STRONG_ABOUT = {
    "en": "looks ahead about a round, guessing what the others hide: about "
          "{seconds:# second|# seconds} a move",
    "fr": "anticipe environ une manche en devinant ce que cachent les autres\u00a0: environ "
          "{seconds:# seconde|# secondes} par coup",
    "it": "guarda avanti di circa un round, indovinando ciò che gli altri nascondono: circa "
          "{seconds:# secondo|# secondi} a mossa"}

LEVELS: dict[str, Callable[[float | None], Any]] = {
    "random": BotLevel(_random, RANDOM_ABOUT),
    "greedy": BotLevel(_greedy, GREEDY_ABOUT),
    "strong": BotLevel(_strong, STRONG_ABOUT, DEFAULT_BUDGET),
}
