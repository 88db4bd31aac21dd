"""Scorings: land regions by majority, sea regions by ship, Alcaldes; the final ranking.

Land (seed, "Décompte des régions terrestres"): a region is worth its tiles plus its golds. Its
sole leader scores double; the sole second scores it once, never with 2 players; tied leaders
score it once each and then nobody is second (the tie took both places); a tie for second scores
nothing. An Alcalde (advanced) gives its owner the first rank: they score the region doubled and
the best of the others, if alone, scores it once (seed: "prend le 1er rang dans cette région").
Sea: a region is worth its tiles plus its fish, scored once for every ship bordering it; an
Alcalde on a sea adds nothing by itself (its points are "not doubled") but allows one ship only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.elcaballero.board import LAND, land_totals, region_stats, regions, ships
from domain.elcaballero.state import State


def land_points(value: int, counts: Sequence[int], players: int,
                alcalde: int | None = None) -> list[int]:
    points = [0] * len(counts)
    second_allowed = players > 2
    if alcalde is not None:
        points[alcalde] = 2 * value
        others = [c if s != alcalde else 0 for s, c in enumerate(counts)]
        top = max(others, default=0)
        if top > 0 and others.count(top) == 1 and second_allowed:
            points[others.index(top)] += value
        return points
    top = max(counts, default=0)
    if top <= 0:
        return points
    leaders = [s for s, c in enumerate(counts) if c == top]
    if len(leaders) > 1:
        for s in leaders:
            points[s] = value
        return points
    points[leaders[0]] = 2 * value
    rest = [c if c < top else 0 for c in counts]
    second = max(rest, default=0)
    if second > 0 and rest.count(second) == 1 and second_allowed:
        points[rest.index(second)] = value
    return points


def score(s: State, number: int) -> dict[str, Any]:
    """The payload of a `scored` event: every region that scores, and the points per seat."""
    totals = land_totals(s)
    by_label = regions(s)
    ship_list = ships(s)
    lines: list[dict[str, Any]] = []
    points = [0] * s.players
    for label in sorted(by_label):
        stats = region_stats(s, by_label[label])
        value = int(stats["value"])
        if stats["kind"] == LAND:
            counts = totals.get(label, [0] * s.players)
            alcalde = s.alcaldes.get(label)
            if not any(counts) and alcalde is None:
                continue
            got = land_points(value, counts, s.players, alcalde)
            lines.append({"region": list(label), "kind": "land", "tiles": stats["tiles"],
                          "bonus": stats["bonus"], "value": value, "counts": counts,
                          "alcalde": alcalde, "points": got})
        else:
            fleet = [0] * s.players
            for _, _, seat, where in ship_list:
                if where == label:
                    fleet[seat] += 1
            if not any(fleet):
                continue
            got = [value * n for n in fleet]
            lines.append({"region": list(label), "kind": "sea", "tiles": stats["tiles"],
                          "bonus": stats["bonus"], "value": value, "ships": fleet,
                          "alcalde": s.alcaldes.get(label), "points": got})
        for seat, p in enumerate(got):
            points[seat] += p
    return {"number": number, "round": s.round, "regions": lines, "points": points}


def final_ranking(scores: Sequence[int]) -> list[dict[str, int]]:
    """Highest total wins; equal totals share the rank (reference: ties for the win are shared)."""
    order = sorted(range(len(scores)), key=lambda x: (-scores[x], x))
    return [{"seat": x, "score": scores[x], "rank": 1 + sum(1 for t in scores if t > scores[x])}
            for x in order]
