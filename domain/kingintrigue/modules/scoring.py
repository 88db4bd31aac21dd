"""How the modules' board state changes a scoring (special or general), and the general scoring
with the modules: the Alliance's two regions scored as one, the Bridge's point, the Castillo
relocated, a Grande thrown into the Castillo by a Coup d'État, the Royal Guards joining in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.elgrande.data import CASTILLO, REGION_IDS
from domain.elgrande.scoring import BONUS, rank_points, sole_leader
from domain.kingintrigue.modules_data import BRIDGE_POINT, REVERSED

if TYPE_CHECKING:
    from domain.kingintrigue.state import KIState


def reversed_points(values: tuple[int, int, int] | list[int], counts: list[int],
                    players: int) -> list[int]:
    """Revolt: the fewest Caballeros (at least 1) take the first value, the next fewest the
    second, ties as in El Grande (the ranks walked from the fewest up)."""
    present = [c for c in counts if c > 0]
    if not present:
        return [0] * len(counts)
    top = max(present) + 1
    return rank_points(values, [top - c if c > 0 else 0 for c in counts], players)


def mistress_active(s: KIState) -> bool:
    """A Mistress lies in front of someone (an Intervention may have discarded it) and her time is
    not over (seed: « Si un décompte spécial est produit dans la région du Roi pendant cette
    manche, le bonus du Roi ne sera pas accordé. De plus, si un décompte général est produit
    durant la manche suivante, le bonus du Roi ne sera pas non plus accordé »): a special scoring
    in the round she was played, the general scoring of the next round (the one closing round
    r+1, for a Mistress played in round r). A special scoring of the next round keeps the King's
    bonus, and so does, from rules version 2, the general scoring closing her own round, which
    the seed's sentences leave out (version 1 cancelled it too: `until` covered it)."""
    if not any("mistress" in cards for cards in s.mods.in_front.values()):
        return False
    general = s.phase != "turns"  # special scorings happen only in turns
    if general and s.rules >= 2:
        return any(r + 1 == s.round for r in s.mods.mistress_rounds)
    until = s.mods.mistress_until if general else s.mods.mistress_until - 1
    return s.round <= until


def adjust(s: KIState, payload: dict[str, Any]) -> dict[str, Any]:
    """The place's scoring under the modules' markers: a reversed scoreboard, the Mistress (no
    King's bonus), the King marker (a second King's bonus), a Grande in the Castillo (its home
    bonus there)."""
    m, place = s.mods, payload["place"]
    if m.is_empty() and not any(g == CASTILLO for g in s.grandes):
        return payload
    out = {**payload, "bonuses": {k: dict(v) for k, v in payload["bonuses"].items()}}
    board = next((b for b, where in s.scoreboards.items() if where == place), None)
    if board in m.reversed and not payload.get("first_only"):
        out["points"] = reversed_points(REVERSED[board], list(payload["counts"]), s.players)
        out["reversed"] = board
    leader = sole_leader(payload["counts"])
    if leader is not None:
        mine = out["bonuses"].setdefault(str(leader), {})
        if place == m.king_marker:
            mine["king"] = BONUS
        if place == CASTILLO and s.grandes[leader] == CASTILLO:
            mine["home"] = BONUS
        if mistress_active(s) and "king" in mine:
            del mine["king"]
            out["mistress"] = True
    out["bonuses"] = {k: v for k, v in out["bonuses"].items() if v}
    return out


def allied(s: KIState, first: str, second: str) -> dict[str, Any]:
    """The Alliance: both regions' Caballeros counted together per player, each rank winning the
    sum of both regions' values; the King's and home bonuses if either region carries them; a 2x
    marker on either doubles the pair (ruling: one scoring, so one doubling)."""
    from domain.elgrande.scoring import current_values

    a, b = list(s.places[first]), list(s.places[second])
    counts = [x + y for x, y in zip(a, b, strict=True)]
    va, vb = current_values(s, first), current_values(s, second)
    values = [x + y for x, y in zip(va, vb, strict=True)]
    points = rank_points(values, counts, s.players)
    leader = sole_leader(counts)
    bonuses: dict[str, dict[str, int]] = {}
    if leader is not None:
        mine: dict[str, int] = {}
        if s.king in (first, second) or s.mods.king_marker in (first, second):
            mine["king"] = BONUS
        if s.grandes[leader] in (first, second):
            mine["home"] = BONUS
        if mistress_active(s):
            mine.pop("king", None)
        if mine:
            bonuses[str(leader)] = mine
    out = {"place": first, "values": values, "counts": counts, "points": points,
           "bonuses": bonuses, "first_only": False, "alliance": [first, second]}
    if {first, second} & set(s.doubles):  # a 2x marker on either: the pair scores double
        out = {**out, "points": [2 * p for p in points], "doubled": True,
               "bonuses": {k: {b: 2 * n for b, n in v.items()} for k, v in bonuses.items()}}
    return out


def general_order(s: KIState) -> list[str]:
    """The regions in scoring order, the second allied region left out (scored with the first)."""
    if len(s.mods.alliance) == 2:
        return [r for r in REGION_IDS if r != s.mods.alliance[1]]
    return list(REGION_IDS)


def region_payload(s: KIState, region: str, score: Any) -> dict[str, Any]:
    if len(s.mods.alliance) == 2 and region == s.mods.alliance[0]:
        return allied(s, *s.mods.alliance)
    return dict(score(s, region))


def bridge_point(s: KIState) -> dict[str, Any] | None:
    """The Bridge's holder's point at a general scoring (seed)."""
    if s.mods.bridge_seat is None:
        return None
    return {"seat": s.mods.bridge_seat, "points": BRIDGE_POINT}
