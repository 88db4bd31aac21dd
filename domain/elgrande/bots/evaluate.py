"""A static evaluation of El Grande positions, used by the greedy and strong bots.

The value of a seat is its score plus what its position is worth: each place's points if it were
scored now (ranks, King's and home bonuses), weighted by how soon and how often it will be scored,
plus a little for Caballeros in the court (future placements), the Castillo (a free choice of region
at the next general scoring) and the regions (depth against attacks). A bot maximises its value
relative to its opponents (half the best opponent's, half their mean).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.elgrande.data import CASTILLO, GENERAL_SCORING_ROUNDS, REGION_IDS
from domain.elgrande.rules import rounds_of
from domain.elgrande.scoring import current_values, rank_points
from domain.elgrande.state import State

COURT = 0.35  # a Caballero in the court: a future placement
PROVINCES = 0.05
BOARD = 0.2  # a Caballero in a region, beyond the points it secures now
CASTILLO_EXTRA = 0.35  # a Caballero in the Castillo: goes to a region of its owner's choice


def rounds_left(s: State) -> tuple[int, int]:
    """(rounds still to play up to the next general scoring, counting the current one if its turns
    are not over; general scorings left after that one)."""
    if s.phase == "over":
        return 0, 0
    upcoming = GENERAL_SCORING_ROUNDS[s.scorings_done:]
    if not upcoming:
        return 0, 0
    finished = s.phase in ("between", "scoring")
    remaining = [r for r in rounds_of(s) if r > s.round or (r == s.round and not finished)]
    return len([r for r in remaining if r <= upcoming[0]]), len(upcoming) - 1


class Weights:
    """How much the current position counts, from the game's progress (computed once per state)."""

    __slots__ = ("castillo", "court", "over", "region")

    def __init__(self, s: State) -> None:
        until, later = rounds_left(s)
        self.over = s.phase == "over"
        # the next general scoring values the position fully when it is near; later scorings less
        near = {0: 1.0, 1: 1.0, 2: 0.8, 3: 0.65}.get(until, 0.6)
        self.region = 0.0 if self.over else near + 0.2 * later
        self.castillo = 0.0 if self.over or until == 0 else near
        last_round = until <= 1 and later == 0
        self.court = 0.0 if self.over or last_round else COURT


def place_points(s: State, place: str, counts: Sequence[int]) -> list[int]:
    """Points (with bonuses) each seat would get if `place` were scored with these counts."""
    points = rank_points(current_values(s, place), counts, s.players)
    if place != CASTILLO:
        top = max(counts)
        if top > 0 and list(counts).count(top) == 1:
            leader = list(counts).index(top)
            if place == s.king:
                points[leader] += 2
            if s.grandes[leader] == place:
                points[leader] += 2
    return points


def seat_values(s: State, w: Weights | None = None) -> list[float]:
    w = w or Weights(s)
    values = [float(x) for x in s.scores]
    if w.over:
        return values
    for region in REGION_IDS:
        counts = s.places[region]
        if any(counts):
            for seat, p in enumerate(place_points(s, region, counts)):
                values[seat] += w.region * p + BOARD * counts[seat]
    castillo = s.places[CASTILLO]
    if any(castillo):
        for seat, p in enumerate(place_points(s, CASTILLO, castillo)):
            values[seat] += w.castillo * p + CASTILLO_EXTRA * castillo[seat]
    for seat in s.seats():
        values[seat] += w.court * s.court[seat] + PROVINCES * s.provinces[seat]
    return values


def relative(values: Sequence[float], seat: int) -> float:
    """A seat's value against its opponents: half the best one's, half their mean."""
    others = [v for i, v in enumerate(values) if i != seat]
    if not others:
        return values[seat]
    return values[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def evaluate(s: State, seat: int, w: Weights | None = None) -> float:
    return relative(seat_values(s, w), seat)


def place_delta(s: State, place: str, seat_moves: dict[int, int], me: int, w: Weights) -> list[float]:
    """Change of every seat's value when Caballeros enter (+) or leave (-) one place."""
    counts = s.places[place]
    after = list(counts)
    for seat, n in seat_moves.items():
        after[seat] += n
    weight = w.castillo if place == CASTILLO else w.region
    extra = CASTILLO_EXTRA if place == CASTILLO else BOARD
    before_p = place_points(s, place, counts) if any(counts) else [0] * s.players
    after_p = place_points(s, place, after) if any(after) else [0] * s.players
    return [weight * (a - b) + extra * (after[i] - counts[i])
            for i, (a, b) in enumerate(zip(after_p, before_p, strict=True))]
