"""What each viewer may see of a King & Intrigue game: views of the state and redacted events.

Hidden information, besides El Grande's (another player's Castillo count and provinces under
`memory`, a secret choice before its reveal): every player's hand (the 13 cards kept are known
to their owner only), the 5 cards each player put aside, with `discards=hidden` the discard piles
(the card played this round was seen by all when played, and stays in `power_played` until the
round ends), and the Hurricane discs not yet revealed. The view is El Grande's
(`domain.elgrande.views.view`) with those fields withheld, plus the expansion's own.

Once the game is over nothing is hidden any more (the ruling of rules_page.py: a game must be
checkable): its record is opened to all (`/events`, the exported record, `service/audit.py`), so
the final view shows every hand, pile and card put aside, and a finished game's replay
(`everything`) shows them at every step, as El Grande's does.
"""

from __future__ import annotations

from typing import Any

from domain.core.events import Event
from domain.core.game import Viewer
from domain.elgrande import views as eg
from domain.kingintrigue.modules.flow import spied
from domain.kingintrigue.state import KIState

GAME_ID = "king-and-intrigue"


def _sees_hand(s: KIState, viewer: Viewer, seat: int, everything: bool = False) -> bool:
    """A hand (and the cards put aside, and the discard pile) is its owner's alone while the game
    is played; once it is over, or in its replay (`everything`), everybody's: the record they
    come from is open to all by then."""
    return viewer == seat or everything or s.phase == "over"


def _hand(s: KIState, seat: int) -> tuple[set[int], set[int]]:
    """A seat's hand and the cards it put aside, as its owner knows them: once it has chosen
    its 13 in secret, those 13 and the rest, before the others have chosen and the game deals
    them (`hands_kept`). Its board after keeping listed the whole deck as its hand."""
    if s.secret is not None and s.secret.kind == "keep" and seat in s.secret.choices:
        kept = set(s.secret.choices[seat])
        return kept, (s.hands[seat] | s.put_aside[seat]) - kept
    return s.hands[seat], s.put_aside[seat]


def view(s: KIState, viewer: Viewer, *, everything: bool = False) -> dict[str, Any]:
    """What `viewer` may see; `everything`: all of it, hidden or not (a finished game's replay,
    `module.revealed_view`)."""
    out = eg.view(s, viewer, everything=everything)
    out["game"] = GAME_ID
    out["ki_options"] = s.ki.to_json()
    if not s.places:
        return out
    for info in out["places"].values():  # a Revolt's board: the fewest lead (boards.py reads it)
        if info["scoreboard"] is not None and info["scoreboard"] in s.mods.reversed:
            info["reversed"] = True
    out["rounds"] = list(range(1, 10))
    out["cards"] = {"face_up": [], "face_down_left": {}, "order_given": []}
    out["given_setup"] = None
    for seat_view in out["seats"]:
        seat = seat_view["seat"]
        own = _sees_hand(s, viewer, seat, everything)
        hand, put_aside = _hand(s, seat) if own else (s.hands[seat], s.put_aside[seat])
        seat_view["hand"] = sorted(hand) if own else None
        seat_view["hand_count"] = len(hand)
        seat_view["hand_hidden"] = 0 if own else len(s.hands[seat])
        seat_view["put_aside"] = sorted(put_aside) if own else None
        open_discards = own or s.ki.discards == "open"
        seat_view["discards"] = list(s.discards[seat]) if open_discards else None
        # The top of a pile is the card played last, which everyone saw played.
        seat_view["round_card"] = (list(s.round_cards[seat]) if seat in s.round_cards else None)
    out["round_cards"] = [{"seat": seat, "card": card, "places": places}
                          for seat, (card, places) in s.round_cards.items()]
    out["choice"] = list(s.choice)
    out["free_placement"] = s.free_placement
    out["doubles"] = dict(s.doubles)
    out["modules"] = s.mods.to_view()  # the modules' markers and tiles: on the table for all
    out["espionage"] = spied(s, viewer)  # the others' Castillo discs, to the spy alone
    # a Hurricane disc not yet revealed: to its owner alone (in a replay, every one set)
    out["hurricane_disc"] = s.mods.hurricane.get(viewer) if viewer is not None else None
    if everything or s.phase == "over":
        out["modules"]["hurricane"] = {str(k): r for k, r in
                                       {**s.mods.hurricane, **s.mods.hurricane_shown}.items()}
    return out


def redact(event: Event, viewer: Viewer) -> Event:
    """The event as the viewer may see it: El Grande's redactions (the seed, secret choices before
    their reveal), and the kept hands, of which each seat sees its own only."""
    if event.type == "hands_kept":
        hands = {k: (v if viewer is not None and k == str(viewer) else None)
                 for k, v in event["hands"].items()}
        return Event(event.type, {**event.payload, "hands": hands}, event.version)
    if event.type == "hurricane_disc_set" and viewer != event["seat"]:
        return Event(event.type, {**event.payload, "region": None}, event.version)
    return eg.redact(event, viewer)


REVEALING = {"setup_drawn", "round_started", "hands_kept", "round_cards_taken",
             "hurricane_revealed"}


def reveals(event: Event, before: KIState) -> bool:
    """Whether the event reveals hidden information (an own undo may not cross it): El Grande's
    reveals, the kept hands, and every power card played (another seat has seen it)."""
    return event.type in REVEALING or event.type == "power_played" or eg.reveals(event, before)
