"""Events as translatable sentences: message keys with parameters (texts in `messages.py`).

Seats are given as seat numbers (`seat`, `player`); the renderer turns them into names. Describe the
*redacted* event for a viewer, so a description can never say more than the viewer may know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.events import Event, thaw
from domain.core.game import Message, Viewer
from domain.core.undo import UNDONE
from domain.elgrande.views import redact

Describer = Callable[[Event, Viewer], list[Message]]
_DESCRIBERS: dict[str, Describer] = {}


def _m(key: str, **params: Any) -> Message:
    return Message(key, params)


def describes(event_type: str) -> Callable[[Describer], Describer]:
    def deco(fn: Describer) -> Describer:
        _DESCRIBERS[event_type] = fn
        return fn

    return deco


def describe(event: Event, viewer: Viewer) -> list[Message]:
    event = redact(event, viewer)
    return _DESCRIBERS[event.type](event, viewer)


def _simple(event_type: str, key: str, *fields: str) -> None:
    _DESCRIBERS[event_type] = lambda e, v: [_m(key, **{f: thaw(e.get(f)) for f in fields})]


_simple("game_created", "game.created", "players")
_simple("card_chosen", "card.chosen", "seat", "card")
_simple("special_declined", "special.declined", "seat", "card")
_simple("veto_allowed", "veto.allowed", "seat")
_simple("king_moved", "king.moved", "from", "to")
_simple("grande_moved", "grande.moved", "seat", "from", "to")
_simple("turn_ended", "turn.ended", "seat")
_simple("round_ended", "round.ended", "round")
_simple("general_scoring_started", "scoring.started", "number")
_simple("general_scoring_ended", "scoring.ended", "number")
_DESCRIBERS["special_done"] = lambda e, v: []
_simple(UNDONE, "undo.done", "first", "last", "by", "reason")


@describes("setup_drawn")
def _setup(e: Event, v: Viewer) -> list[Message]:
    return [
        _m("setup.king", region=e["king"]),
        *(_m("setup.home", seat=seat, region=home) for seat, home in enumerate(e["homes"])),
        _m("setup.first_player", seat=e["first_player"]),
    ]


@describes("round_started")
def _round(e: Event, v: Viewer) -> list[Message]:
    cards = [e["cards"][k] for k in sorted(e["cards"])]
    return [_m("round.started", round=e["round"], cards=cards)]


@describes("power_played")
def _power(e: Event, v: Viewer) -> list[Message]:
    return [_m("power.played", seat=e["seat"], card=e["card"])]


@describes("caballeros_taken")
def _taken(e: Event, v: Viewer) -> list[Message]:
    regions = thaw(e["regions"])
    count = e["provinces"] + sum(regions.values())
    out = [_m("court.taken", seat=e["seat"], count=count)]
    if regions:
        out.append(_m("court.taken_from_regions", seat=e["seat"], regions=regions))
    return out


@describes("caballeros_placed")
def _placed(e: Event, v: Viewer) -> list[Message]:
    """One sentence a placement, the Castillo's count in it: a second line "puts 3 into the
    Castillo" read as 3 more (with the Castillo hidden, this line is what a player remembers)."""
    places = thaw(e["places"])
    if not places:
        return [_m("caballeros.placed_none", seat=e["seat"])]
    return [_m("caballeros.placed", seat=e["seat"], places=places)]


@describes("special_declared")
def _declared(e: Event, v: Viewer) -> list[Message]:
    return [_m("special.declared", seat=e["seat"], card=e["card"], params=thaw(e["params"]))]


@describes("veto_used")
def _veto(e: Event, v: Viewer) -> list[Message]:
    return [_m("veto.used", seat=e["seat"], against=e["against"], card=e["card"],
               steps=list(e["steps"]))]


@describes("responses_opened")
def _responses(e: Event, v: Viewer) -> list[Message]:
    return [_m("kings_return.started", seats=list(e["seats"]))]


@describes("caballeros_moved")
def _moved(e: Event, v: Viewer) -> list[Message]:
    """One sentence a move, "into the Castillo" in it (no second line that would count it
    twice, or name the owner of the moved Caballeros as the one who moved them)."""
    return [_m("caballeros.moved", seat=move["seat"], count=move["count"],
               **{"from": move["from"], "to": move["to"]}, reason=e["reason"])
            for move in e["moves"]]


@describes("scoreboard_moved")
def _scoreboard(e: Event, v: Viewer) -> list[Message]:
    return [_m("scoreboard.moved", board=e["board"], to=e["to"], **{"from": e["from"]})]


@describes("power_card_returned")
def _returned(e: Event, v: Viewer) -> list[Message]:
    if e["card"] is None:
        return [_m("power.returned_hidden", seat=e["seat"])]
    return [_m("power.returned", seat=e["seat"], card=e["card"])]


@describes("place_scored")
def _scored(e: Event, v: Viewer) -> list[Message]:
    points = {str(s): p for s, p in enumerate(e["points"]) if p}
    out = [_m("place.scored", place=e["place"], points=points, counts=list(e["counts"]),
              reason=e["reason"])]
    for seat, bonus in e["bonuses"].items():
        for kind, value in bonus.items():
            out.append(_m(f"bonus.{kind}", seat=int(seat), place=e["place"], points=value))
    return out


@describes("secret_opened")
def _secret_opened(e: Event, v: Viewer) -> list[Message]:
    return [_m("secret.opened", kind=e["kind"], seats=list(e["seats"]))]


@describes("secret_submitted")
def _secret_submitted(e: Event, v: Viewer) -> list[Message]:
    if "choice" in e.payload:
        return [_m("secret.submitted_own", seat=e["seat"], kind=e["kind"], choice=e["choice"])]
    return [_m("secret.submitted", seat=e["seat"], kind=e["kind"])]


@describes("secrets_revealed")
def _revealed(e: Event, v: Viewer) -> list[Message]:
    return [_m("secret.revealed", kind=e["kind"], seat=int(s), choice=c)
            for s, c in sorted(e["choices"].items())]


@describes("game_ended")
def _ended(e: Event, v: Viewer) -> list[Message]:
    return [_m("game.ended", ranking=thaw(e["ranking"]))]


def described_types() -> set[str]:
    return set(_DESCRIBERS)
