"""El Grande's bots: `random` (uniform legal move on a determinisation of the view), `greedy` (one
ply on a static evaluation: score, majorities weighted by the coming scorings, court and Castillo)
and `strong` (flat Monte-Carlo over greedy's best candidates, each iteration in a fresh
determinisation of the view, within a time budget per move)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

DEFAULT_BUDGET = 2.0
"""Seconds per move for the levels that search."""


def _random(budget: float | None) -> Any:
    from domain.elgrande.bots.random_bot import RandomBot

    return RandomBot(budget)


def _greedy(budget: float | None) -> Any:
    from domain.elgrande.bots.greedy import GreedyBot

    return GreedyBot(budget)


def _strong(budget: float | None) -> Any:
    from domain.elgrande.bots.strong import StrongBot

    return StrongBot(budget if budget is not None else DEFAULT_BUDGET)


LEVELS: dict[str, Callable[[float | None], Any]] = {
    "random": _random,
    "greedy": _greedy,
    "strong": _strong,
}
