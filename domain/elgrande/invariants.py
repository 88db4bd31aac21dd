"""El Grande's invariants, checked by `pbem simulate` after every event:
- each player's 30 Caballeros are all somewhere, and no count is ever negative;
- nothing enters or leaves the King's region (Caballeros, Grandes, scoreboards) except by King moves;
- scores never decrease.
"""

from __future__ import annotations

from domain.core.events import Event
from domain.core.game import InvariantViolation
from domain.elgrande.data import CABALLEROS_PER_PLAYER
from domain.elgrande.state import State


def check_event(before: State, after: State, event: Event) -> None:
    def fail(what: str) -> None:
        raise InvariantViolation(f"after event {after.events} ({event.type}): {what}")

    if event.type != "game_created" and after.places:
        for seat in after.seats():
            if after.total(seat) != CABALLEROS_PER_PLAYER:
                fail(f"seat {seat} has {after.total(seat)} Caballeros in all")
        for place, counts in after.places.items():
            if min(counts) < 0:
                fail(f"negative count in {place}")
        if min(after.court) < 0 or min(after.provinces) < 0:
            fail("negative court or provinces")
    if before.places and event.type != "king_moved":
        king = before.king
        if after.king != king:
            fail("the King moved without a king_moved event")
        if before.places[king] != after.places[king]:
            fail(f"Caballeros entered or left the King's region {king}")
        if [g == king for g in before.grandes] != [g == king for g in after.grandes]:
            fail("a Grande entered or left the King's region")
        if {b for b, p in before.scoreboards.items() if p == king} != \
                {b for b, p in after.scoreboards.items() if p == king}:
            fail("a scoreboard entered or left the King's region")
    if before.scores and any(a < b for a, b in zip(after.scores, before.scores, strict=True)):
        fail("a score decreased")
