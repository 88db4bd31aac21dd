"""King & Intrigue's events as translatable sentences (texts in `texts.py`).

The expansion's own events are described here; every other event by El Grande's describer. The
event is redacted for the viewer first (`views.redact`), so a description never says more than the
viewer may know: another player's kept hand, secret choice or put-aside cards never appear.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.events import Event, thaw
from domain.core.game import Message, Viewer
from domain.elgrande import describe as eg
from domain.kingintrigue.data import KEEP, POWER_VALUES
from domain.kingintrigue.modules_data import ALL_CARDS
from domain.kingintrigue.views import redact

Describer = Callable[[Event, Viewer], list[Message]]
_OWN: dict[str, Describer] = {}


def _m(key: str, **params: Any) -> Message:
    return Message(key, params)


def describes(event_type: str) -> Callable[[Describer], Describer]:
    def deco(fn: Describer) -> Describer:
        _OWN[event_type] = fn
        return fn

    return deco


def describe(event: Event, viewer: Viewer) -> list[Message]:
    event = redact(event, viewer)
    own = _OWN.get(event.type)
    return own(event, viewer) if own is not None else eg.describe(event, viewer)


@describes("game_created")
def _created(e: Event, v: Viewer) -> list[Message]:
    return [_m("ki.game.created", players=e["players"])]


@describes("round_started")
def _round(e: Event, v: Viewer) -> list[Message]:
    return [_m("ki.round.started", round=e["round"])]


@describes("secret_opened")
def _opened(e: Event, v: Viewer) -> list[Message]:
    if e["kind"] == "keep":  # a module's larger deck says its size (`rules._next_automatic`)
        return [_m("ki.keep.opened", pool=(e.get("context") or {}).get("pool", len(POWER_VALUES)))]
    if e["kind"] == "setup_disc":
        return [_m("ki.setup_disc.opened")]
    return eg.describe(e, v)


@describes("secret_submitted")
def _submitted(e: Event, v: Viewer) -> list[Message]:
    if e["kind"] == "keep" and "choice" in e.payload:
        return [_m("ki.keep.own", cards=list(e["choice"]))]
    return eg.describe(e, v)


@describes("hands_kept")
def _kept(e: Event, v: Viewer) -> list[Message]:
    """Only that everyone has kept: a player's own cards were said once, when they were kept (the
    `secret_submitted` before it, a deadline's default cards too), not a second time here."""
    return [_m("ki.hands.kept", rest=e.get("pool", len(POWER_VALUES)) - KEEP)]


@describes("round_cards_taken")
def _round_cards(e: Event, v: Viewer) -> list[Message]:
    out = []
    for c in thaw(e["cards"]):
        out.append(_m("ki.round_card", seat=c["seat"], power=c["power"], round_card=c["card"],
                      places=c["places"]))
        if c.get("only"):  # the power card's own action is not played: said, not left to guess
            out.append(_m("ki.round_card.only", seat=c["seat"], power=c["power"],
                          card=ALL_CARDS[int(c["power"])].action))
    return out


@describes("action_chosen")
def _chosen(e: Event, v: Viewer) -> list[Message]:
    return [_m("ki.action.chosen", seat=e["seat"], card=e["card"])]


@describes("placement_freed")
def _freed(e: Event, v: Viewer) -> list[Message]:
    return [_m("ki.placement.freed", seat=e["seat"])]


@describes("double_marked")
def _double(e: Event, v: Viewer) -> list[Message]:
    return [_m("ki.double.marked", seat=e["seat"], region=e["region"])]


@describes("place_scored")
def _scored(e: Event, v: Viewer) -> list[Message]:
    out = eg.describe(e, v)
    if e.get("doubled"):
        out.insert(0, _m("ki.place.doubled", place=e["place"]))
    return out


def described_types() -> set[str]:
    return set(_OWN) | eg.described_types()
