"""King & Intrigue's invariants, checked by `pbem simulate` after every event:

- El Grande's (`domain.elgrande.invariants`): every player's 30 Caballeros are somewhere, no count is
  negative, nothing enters or leaves the King's region but by King moves, scores never decrease;
- every hand holds 13 cards once kept, minus those played; a card is never both in hand and played;
- no seat (nor a spectator) ever learns another seat's hand, put-aside cards, hidden discard pile
  or secret choice before its reveal (a Hurricane disc included, until its holder's turn), from
  the view or from a redacted event (the leak check);
  the Castillo discs an Espionage shows go to the spy alone.
"""

from __future__ import annotations

from domain.core.events import Event
from domain.core.game import InvariantViolation
from domain.elgrande.invariants import check_event as eg_check
from domain.kingintrigue.data import KEEP
from domain.kingintrigue.describe import describe
from domain.kingintrigue.modules.flow import spied, spies
from domain.kingintrigue.state import KIState
from domain.kingintrigue.views import redact, view


def check_event(before: KIState, after: KIState, event: Event) -> None:
    def fail(what: str) -> None:
        raise InvariantViolation(f"after event {after.events} ({event.type}): {what}")

    eg_check(before, after, event)
    if after.places and after.round >= 1:
        for seat in after.seats():
            if len(after.hands[seat]) + len(after.discards[seat]) != KEEP:
                fail(f"seat {seat} holds {len(after.hands[seat])} cards and played "
                     f"{len(after.discards[seat])}, not {KEEP} in all")
            if after.hands[seat] & set(after.discards[seat]):
                fail(f"seat {seat} has a played card in hand")
    check_no_leak(after, event, fail)


def _others_changed(s: KIState, viewer: int | None) -> KIState:
    """The state with every other seat's hidden cards and unrevealed secret choice replaced by
    others of the same size: what the viewer may not know, made different."""
    out = s.clone()
    hidden_discards = s.ki.discards == "hidden"
    spied_on = spied(s, viewer) or {}  # an Espionage shows the spy these discs: theirs to know
    for seat in s.seats():
        if seat == viewer:
            continue
        if seat < len(out.hands):
            out.hands[seat] = {1000 + 10 * seat + i for i in range(len(s.hands[seat]))}
        if seat < len(out.put_aside):
            out.put_aside[seat] = {2000 + 10 * seat + i for i in range(len(s.put_aside[seat]))}
        if hidden_discards and seat < len(out.discards):
            pile = s.discards[seat]  # its top, the card played last, was seen by all
            out.discards[seat] = [3000 + 10 * seat + i for i in range(len(pile) - 1)] + pile[-1:]
        if out.secret is not None and seat in out.secret.choices and str(seat) not in spied_on:
            out.secret.choices[seat] = ["not", "this"]
        if seat in out.mods.hurricane:  # a Hurricane disc set, not yet revealed
            out.mods.hurricane[seat] = "not this"
    return out


def check_no_leak(s: KIState, event: Event, fail) -> None:  # type: ignore[no-untyped-def]
    """What each viewer gets (the view, the redacted event, its sentences) holds no other seat's
    hand, put-aside cards, hidden discards or unrevealed secret choice: the viewer's view is the
    same whatever those are (non-interference), and the fields that would carry them are empty.
    Once the game is over nothing is hidden (its record is open to all: views.py)."""
    if not s.places or s.phase == "over":
        return
    for viewer in [*s.seats(), None]:
        v = view(s, viewer)
        if view(_others_changed(s, viewer), viewer) != v:
            fail(f"the view of {viewer} changes with what another seat hides")
        for x in v["seats"]:
            other = x["seat"] != viewer
            if other and (x["hand"] is not None or x["put_aside"] is not None):
                fail(f"the view of {viewer} shows seat {x['seat']}'s hand or put-aside cards")
            if other and s.ki.discards == "hidden" and x["discards"] is not None:
                fail(f"the view of {viewer} shows seat {x['seat']}'s discard pile")
        if viewer is None and v["secret"] is not None and v["secret"]["your_choice"] is not None:
            fail("a spectator's view shows a secret choice")
        if v.get("espionage") is not None and viewer not in spies(s):
            fail(f"the view of {viewer} shows the discs only a spy may see")
        shown = redact(event, viewer)
        if event.type == "secret_submitted" and viewer != event["seat"]:
            said = [m for m in describe(event, viewer) if {"choice", "cards"} & set(m.params)]
            if "choice" in shown.payload or said:
                fail(f"seat {viewer} sees seat {event['seat']}'s secret choice")
        if event.type == "hurricane_disc_set" and viewer != event["seat"]:
            said = [m for m in describe(event, viewer) if "region" in m.params]
            if shown["region"] is not None or said:
                fail(f"seat {viewer} sees seat {event['seat']}'s Hurricane disc")
        if event.type == "hands_kept":
            leaked = [k for k, h in shown["hands"].items() if h is not None and k != str(viewer)]
            if leaked:
                fail(f"seat {viewer} sees the kept hands of {leaked}")
