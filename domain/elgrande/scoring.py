"""Scoring a place: ranks with ties, player-count limits, mobile scoreboards and bonuses."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.elgrande.data import CASTILLO, SCOREBOARDS, printed_values
from domain.elgrande.state import State

BONUS = 2


def rank_points(values: Sequence[int], counts: Sequence[int], players: int) -> list[int]:
    """Points per seat for one place.

    Walk the distinct counts from high to low with a rank pointer r from 1: a single player at a
    count gets the value of rank r and r advances by 1; a tied group all get the value of rank r+1
    and r advances by 2. Ranks beyond 3 are worth 0; with 2 players only rank 1 counts, with 3
    players ranks 1 and 2. Players with no Caballero there score nothing.
    """
    usable = {2: 1, 3: 2}.get(players, 3)

    def value(rank: int) -> int:
        return values[rank - 1] if rank <= usable else 0

    points = [0] * len(counts)
    rank = 1
    for count in sorted({c for c in counts if c > 0}, reverse=True):
        group = [s for s, c in enumerate(counts) if c == count]
        if len(group) == 1:
            points[group[0]] = value(rank)
            rank += 1
        else:
            for s in group:
                points[s] = value(rank + 1)
            rank += 2
    return points


def sole_leader(counts: Sequence[int]) -> int | None:
    top = max(counts, default=0)
    if top <= 0 or list(counts).count(top) > 1:
        return None
    return list(counts).index(top)


def current_values(state: State, place: str) -> tuple[int, int, int]:
    for board, where in state.scoreboards.items():
        if where == place:
            return SCOREBOARDS[board]
    return printed_values(place)


def score_place(state: State, place: str, *, first_only: bool = False) -> dict[str, Any]:
    """The payload of a `place_scored` event: counts, values, points and bonuses per seat."""
    counts = list(state.places[place])
    values = current_values(state, place)
    leader = sole_leader(counts)
    if first_only:
        points = [0] * state.players
        if leader is not None:
            points[leader] = values[0]
    else:
        points = rank_points(values, counts, state.players)
    bonuses: dict[str, dict[str, int]] = {}
    if leader is not None and place != CASTILLO:
        if place == state.king:
            bonuses.setdefault(str(leader), {})["king"] = BONUS
        if state.grandes[leader] == place:
            bonuses.setdefault(str(leader), {})["home"] = BONUS
    return state.adjust_score({
        "place": place,
        "values": list(values),
        "counts": counts,
        "points": points,
        "bonuses": bonuses,
        "first_only": first_only,
    })


def total_gain(payload: dict[str, Any], seat: int) -> int:
    return payload["points"][seat] + sum(payload["bonuses"].get(str(seat), {}).values())


def final_ranking(scores: Sequence[int]) -> list[dict[str, int]]:
    """Highest score wins; equal scores share the rank (the rulebooks give no tie-break)."""
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    return [
        {"seat": s, "score": scores[s], "rank": 1 + sum(1 for t in scores if t > scores[s])}
        for s in order
    ]
