"""Shared helpers for the bot tests: positions reached by random play."""

from __future__ import annotations

import random
from collections.abc import Iterator

from domain.core.decisions import Decision
from domain.elgrande import evolve, rules
from domain.elgrande.state import State

VARIANTS = [
    (3, {}),
    (5, {"edition": "original"}),
    (2, {"castillo_visibility": "open"}),
    (4, {"edition": "original", "take_exact": True}),
    (3, {"short_game": True}),
]


def random_positions(seed: str, players: int, options: dict, every: int = 1
                     ) -> Iterator[tuple[State, Decision]]:
    """(state, a seat's pending decision) along one random game, every `every` commands."""
    rng = random.Random(seed)
    s = evolve.fold(rules.create(players, options, seed))
    k = 0
    while s.phase != "over":
        decisions = rules.pending(s)
        mine = [d for d in decisions if d.seat is not None]
        if mine and k % every == 0:
            for d in mine:
                yield s, d
        d = rng.choice(decisions)
        for e in rules.decide(s, rules.sample_command(s, d, rng)):
            evolve.apply(s, e)
        k += 1
