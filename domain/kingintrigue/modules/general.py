"""The general scoring with the modules (El Grande's order, `domain.elgrande.rules.general_scoring`,
with what the modules add at each step):

1. rules version 1: the Royal Guards join the regions of their owners' Castillo discs (seed:
   « juste avant qu'un décompte (spécial ou général) n'y soit effectué »; the disc as the
   owner's choice was our ruling, a taboo disc sending the Guard to court); from version 2 each
   owner has chosen before the discs were set, as before a special scoring (`modules.guard`);
2. the Castillo is scored, wherever it stands (Relocation), a Grande thrown in by a Coup d'État
   giving its owner the home bonus there;
3. the Castillo is emptied by the discs (a taboo region sends its Caballeros to court, as the
   King's does), a Grande thrown in leaves with them (to its old region when the disc is taboo);
4. the regions are scored, the two allied ones as one;
5. the Bridge's holder scores its point.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.events import Event
from domain.elgrande.actions import moved
from domain.elgrande.data import CASTILLO
from domain.kingintrigue.modules.flow import settle
from domain.kingintrigue.modules.scoring import bridge_point, general_order, region_payload
from domain.kingintrigue.state import KIState


def general_scoring(log: Any, discs: dict[int, str],
                    score: Callable[[KIState, str], dict[str, Any]]) -> None:
    s: KIState = log.state
    taboo = s.taboo()
    for seat, n in sorted(s.mods.guards.items()):
        if n and s.rules < 2:
            to = "court" if discs[seat] in taboo else discs[seat]
            log.add(Event("guard_joined", {"seat": seat, "to": to}))
    log.add(Event("place_scored", {**score(log.state, CASTILLO), "reason": "general_scoring"}))
    s = log.state
    taboo = s.taboo()
    moves = []
    for seat in s.seats():
        n = s.places[CASTILLO][seat]
        if n:
            to = "court" if discs[seat] in taboo else discs[seat]
            moves.append({"seat": seat, "from": CASTILLO, "to": to, "count": n})
    if moves:
        log.add(moved(moves, "castillo_emptied"))
        settle(log)
    for seat, old in sorted(log.state.mods.coup.items()):
        to = discs[seat] if discs[seat] not in taboo else old
        if to in taboo:
            to = next(r for r in general_order(log.state) if r not in taboo)
        log.add(Event("grande_freed", {"seat": seat, "to": to}))
    for region in general_order(log.state):
        log.add(Event("place_scored", {**region_payload(log.state, region, score),
                                       "reason": "general_scoring"}))
    point = bridge_point(log.state)
    if point is not None:
        log.add(Event("bridge_scored", point))
    log.add(Event("general_scoring_ended", {"number": log.state.scorings_done + 1}))
