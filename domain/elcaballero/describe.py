"""Events as translatable sentences: message keys (`elcaballero.*`) with parameters (texts in
`messages.py`).

Seats are given as seat numbers (`seat`, `player`); the renderer turns them into names. The
*redacted* event is described, so a description can never say more than the viewer may know (in El
Caballero nothing in an event is hidden but the seed and a given stack order, which no sentence
mentions).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.events import Event, thaw
from domain.core.game import Message, Viewer
from domain.core.undo import UNDONE
from domain.elcaballero.data import POWER_CABALLEROS
from domain.elcaballero.views import redact

Describer = Callable[[Event], list[Message]]
_DESCRIBERS: dict[str, Describer] = {}
PREFIX = "elcaballero."


def _m(key: str, **params: Any) -> Message:
    return Message(PREFIX + key, params)


def describes(event_type: str) -> Callable[[Describer], Describer]:
    def deco(fn: Describer) -> Describer:
        _DESCRIBERS[event_type] = fn
        return fn

    return deco


def describe(event: Event, viewer: Viewer) -> list[Message]:
    event = redact(event, viewer)
    return _DESCRIBERS[event.type](event)


def _simple(event_type: str, key: str, *fields: str) -> None:
    _DESCRIBERS[event_type] = lambda e: [_m(key, **{f: thaw(e.get(f)) for f in fields})]


_simple("round_started", "round.started", "round")
_simple("turn_ended", "turn.ended", "seat")
_simple("round_ended", "round.ended", "round")
_simple("tiles_refilled", "tiles.refilled", "tiles")
_simple("ship_taken_back", "ship.taken_back", "seat", "at", "edge")
_simple("ship_moved", "ship.moved", "seat", "from", "to", "cost")
_simple("castillo_built", "castillo.built", "seat", "at", "cost")
_simple("castillo_moved", "castillo.moved", "seat", "from", "to", "cost")
_simple(UNDONE, "undo.done", "first", "last", "reason")


def _capped(e: Event) -> list[Message]:
    return [_m("court.capped", player=int(seat), caballeros=lost)
            for seat, lost in (e.get("capped") or {}).items()]


def _returned(items: Any) -> list[Message]:
    out = []
    for r in items:
        if r["castillo"]:
            out.append(_m("knight.returned_saved", player=r["seat"], at=thaw(r["at"]),
                          caballeros=r["refund"], ships=r["ships"]))
        elif r["ships"] and r["ships_to"] == "court":  # taken back under rules 2
            out.append(_m("knight.returned_ships", player=r["seat"], at=thaw(r["at"]),
                          caballeros=r["lost"], ships=r["ships"]))
        else:
            out.append(_m("knight.returned_lost", player=r["seat"], at=thaw(r["at"]),
                          caballeros=r["lost"], ships=r["ships"]))
        if r["grande"]:
            out.append(_m("grande.to_court", player=r["seat"]))
    return out


@describes("game_created")
def _created(e: Event) -> list[Message]:
    key = "game.created_advanced" if e["options"].get("advanced") else "game.created"
    return [_m(key, players=e["players"])]


@describes("setup_drawn")
def _setup(e: Event) -> list[Message]:
    return [_m("setup.start", tile=e["start"]), _m("setup.face_up", tiles=list(e["face_up"])),
            _m("setup.first_player", seat=e["first_player"])]


@describes("power_played")
def _power(e: Event) -> list[Message]:
    key = "power.forced" if e.get("forced") else "power.played"
    return [_m(key, seat=e["seat"], card=e["card"], caballeros=POWER_CABALLEROS[e["card"]])]


@describes("reinforced")
def _reinforced(e: Event) -> list[Message]:
    return [_m("reinforced", seat=e["seat"], caballeros=e["count"]), *_capped(e)]


@describes("tile_laid")
def _tile_laid(e: Event) -> list[Message]:
    key = "tile.laid_fallback" if e["fallback"] else "tile.laid"
    out = [_m(key, seat=e["seat"], tile=e["tile"], at=thaw(e["at"]), turn=e["turn"])]
    for g in e["gained"]:
        out.append(_m("knight.gained", player=g["seat"], at=thaw(g["at"]), caballeros=g["count"]))
    for r in e.get("alcaldes_back") or ():
        out.append(_m("alcalde.back", player=r["seat"], at=thaw(r["at"])))
    return out + _returned(e["returned"])


@describes("knight_laid")
def _knight_laid(e: Event) -> list[Message]:
    out = _returned(e.get("returned") or [])
    if e.get("grande"):
        out.append(_m("knight.laid_grande", seat=e["seat"], at=thaw(e["at"]),
                      caballeros=e["count"], cost=e["cost"]))
    elif e["count"]:
        out.append(_m("knight.laid", seat=e["seat"], at=thaw(e["at"]), caballeros=e["count"],
                      cost=e["cost"]))
    else:
        out.append(_m("knight.laid_sea", seat=e["seat"], at=thaw(e["at"]), cost=e["cost"]))
    return out + _capped(e)


@describes("knight_raised")
def _raised(e: Event) -> list[Message]:
    return [_m("knight.raised", seat=e["seat"], at=thaw(e["at"]), was=e["was"],
               caballeros=e["count"], cost=e["cost"])]


@describes("knight_taken_back")
def _taken_back(e: Event) -> list[Message]:
    return [_m("knight.taken_back", seat=e["seat"], at=thaw(e["at"])), *_returned([e.payload])]


@describes("ship_placed")
def _ship(e: Event) -> list[Message]:
    key = "ship.from_court" if e["source"] == "court" else "ship.bought"
    return [_m(key, seat=e["seat"], at=thaw(e["at"]), edge=e["edge"], cost=e["cost"])]


@describes("grande_placed")
def _grande(e: Event) -> list[Message]:
    out = _returned(e.get("returned") or [])
    if e.get("from") is not None:
        out.insert(0, _m("grande.moved", seat=e["seat"], at=thaw(e["at"]), cost=e["cost"],
                         **{"from": thaw(e["from"])}))
    else:
        out.insert(0, _m("grande.placed", seat=e["seat"], at=thaw(e["at"]), cost=e["cost"]))
    return out


@describes("alcalde_placed")
def _alcalde(e: Event) -> list[Message]:
    key = "alcalde.land" if e["kind"] == "L" else "alcalde.sea"
    return [_m(key, seat=e["seat"], at=thaw(e["at"]), cost=e["cost"])]


@describes("scored")
def _scored(e: Event) -> list[Message]:
    out = [_m("scoring.started", number=e["number"], round=e["round"])]
    for r in e["regions"]:
        points = {str(seat): p for seat, p in enumerate(r["points"]) if p}
        key = "scoring.land" if r["kind"] == "land" else "scoring.sea"
        out.append(_m(key, at=thaw(r["region"])[:2], value=r["value"], tiles=r["tiles"],
                      points=points))
    out.append(_m("scoring.total", points={str(seat): p for seat, p in enumerate(e["points"])}))
    return out


@describes("game_ended")
def _ended(e: Event) -> list[Message]:
    return [_m("game.ended", ranking=thaw(e["ranking"]))]


def described_types() -> set[str]:
    return set(_DESCRIBERS)
