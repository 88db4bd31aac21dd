"""What each viewer may see: views of the state and redacted events.

Hidden information (shared/rules/el-grande.md, "Hidden information"): the order of face-down action
cards (and the seed that would predict it); another player's secret choice before the reveal; which
power card another player took back unseen; with `castillo_visibility=memory`, other players'
Castillo counts. Under `memory`, other players' province counts are hidden too: with court and
region counts public, 30 minus the rest would give their Castillo count away.
"""

from __future__ import annotations

import copy
from typing import Any

from domain.core.events import Event
from domain.core.game import Viewer
from domain.elgrande.data import CASTILLO, COLOURS, PLACES, REGION_IDS, ROUNDS, SHORT_GAME_ROUNDS
from domain.elgrande.scoring import current_values
from domain.elgrande.state import State


def castillo_hidden(s: State, viewer: Viewer, seat: int) -> bool:
    return s.options.castillo_visibility == "memory" and viewer != seat and s.phase != "over"


def view(s: State, viewer: Viewer, *, everything: bool = False) -> dict[str, Any]:
    """What `viewer` may see; `everything`: all of it, hidden or not (the replay of a finished
    game, where nothing is secret any more: `revealed_view`)."""
    if not s.places:  # created, set-up not yet folded
        return {"game": "el-grande", "phase": "new", "you": viewer, "players": s.players,
                "rules": s.rules, "options": s.options.to_json()}
    places = {}
    for place in PLACES:
        counts: list[int | None] = list(s.places[place])
        if place == CASTILLO:
            counts = [None if castillo_hidden(s, viewer, seat) and not everything else c
                      for seat, c in enumerate(counts)]
        places[place] = {
            "counts": counts,
            "values": list(current_values(s, place)),
            "scoreboard": next((b for b, p in s.scoreboards.items() if p == place), None),
            "grandes": [seat for seat, g in enumerate(s.grandes) if g == place],
            "king": place == s.king,
        }
    return {
        "game": "el-grande",
        "you": viewer,
        "players": s.players,
        "rules": s.rules,  # the rules version the game plays (a bot's determinization plays it)
        "options": s.options.to_json(),
        "phase": s.phase,
        "round": s.round,
        "rounds": list(SHORT_GAME_ROUNDS if s.options.short_game else ROUNDS),
        "king": s.king,
        "places": places,
        "region_order": list(REGION_IDS),
        "seats": [_seat_view(s, viewer, seat, everything) for seat in s.seats()],
        "cards": {
            "face_up": [{"stack": k, "card": c} for k, c in sorted(s.face_up.items())],
            "face_down_left": {str(k): len(v) for k, v in sorted(s.stacks.items())},
            # The stacks whose face-down order the creator gave (never that order): everyone is told.
            "order_given": sorted(s.given_stacks),
        },
        # What of the hidden set-up the creator gave, as a sentence any page or mail can show.
        "given_setup": ({"key": "setup.given_stack" if len(s.given_stacks) == 1
                         else "setup.given_stacks", "params": {"stacks": sorted(s.given_stacks)}}
                        if s.given_stacks else None),
        "power_played": {str(k): v for k, v in s.power_played.items()},
        # The Caballeros each power card played this round brings (King & Intrigue's differ).
        "power_caballeros": {str(k): s.power_caballeros(v) for k, v in s.power_played.items()},
        "first_player": s.first_player,
        "turn_order": list(s.turn_order),
        "turn": _turn_view(s, viewer, everything),
        "secret": _secret_view(s, viewer, everything),
        "scorings_done": s.scorings_done,
        "last_scoring": (None if s.last_scoring is None else
                         {**s.last_scoring, "places": [[p, list(points)] for p, points
                                                       in s.last_scoring["places"]]}),
        "ranking": list(s.ranking),
    }


def _seat_view(s: State, viewer: Viewer, seat: int, everything: bool = False) -> dict[str, Any]:
    own = viewer == seat or s.phase == "over" or everything
    hidden = set() if own else s.private_returns[seat]
    secret = castillo_hidden(s, viewer, seat) and not everything
    return {
        "seat": seat,
        "colour": COLOURS[seat],
        "score": s.scores[seat],
        "court": s.court[seat],
        "provinces": None if secret else s.provinces[seat],
        "castillo": None if secret else s.places[CASTILLO][seat],
        "grande": s.grandes[seat],
        "hand": sorted(s.hands[seat] - hidden),
        "hand_hidden": len(hidden),
        "discards": list(s.discards[seat]) if own else None,
        "discard_top": s.discards[seat][-1] if s.discards[seat] else None,
        "discard_count": len(s.discards[seat]),
        "vetoes": s.active_vetoes(seat),
    }


def hidden_params(card: str, params: Any, seat: int, viewer: Viewer) -> Any:
    """A declared action's parameters as the viewer may see them (a private power card: None).

    Always a copy: a view or a decision must never share mutable data with the state."""
    params = copy.deepcopy(dict(params))
    if card == "power_card_back" and viewer != seat and not params.get("public", False):
        params["card"] = None
    return params


def _turn_view(s: State, viewer: Viewer, everything: bool = False) -> dict[str, Any] | None:
    t = s.turn
    if t is None:
        return None
    action = None
    if t.action is not None:
        a = t.action
        params = hidden_params(a.card, a.params, t.seat,
                               viewer if s.phase != "over" and not everything else t.seat)
        action = {"card": a.card, "params": params, "steps": list(a.steps),
                  "stopped": sorted(a.stopped), "stage": a.stage, "veto_queue": list(a.veto_queue),
                  "responders": list(a.responders)}
    return {"seat": t.seat, "power": t.power, "step": t.step, "stack": t.stack, "card": t.card,
            "placed": t.placed, "special_done": t.special_done, "action": action}


def _secret_view(s: State, viewer: Viewer, everything: bool = False) -> dict[str, Any] | None:
    if s.secret is None:
        return None
    return {
        "kind": s.secret.kind,
        "seats": list(s.secret.seats),
        "submitted": sorted(s.secret.choices),
        "context": dict(s.secret.context),
        "your_choice": s.secret.choices.get(viewer) if viewer is not None else None,
        **({"choices": {str(k): v for k, v in sorted(s.secret.choices.items())}}
           if everything else {}),
    }


def revealed_view(s: State, viewer: Viewer) -> dict[str, Any]:
    """The view of a finished game's replay: everything, at every step (the Castillo, the cards
    taken back unseen, the secret choices made): once the game is over nothing is secret."""
    return view(s, viewer, everything=True)


def redact(event: Event, viewer: Viewer) -> Event:
    """The event as the viewer may see it (the seed is shown only once the game has ended)."""
    if event.type == "game_created":
        payload = {k: v for k, v in event.payload.items() if k not in ("seed", "given_stacks")}
        return Event(event.type, payload, event.version)
    if event.type == "secret_submitted" and viewer != event["seat"]:
        return Event(event.type, {k: v for k, v in event.payload.items() if k != "choice"},
                     event.version)
    if event.type == "special_declared" and event["card"] == "power_card_back":
        params = hidden_params(event["card"], event["params"], event["seat"], viewer)
        return Event(event.type, {**event.payload, "params": params}, event.version)
    if event.type == "power_card_returned" and not event["public"] and viewer != event["seat"]:
        return Event(event.type, {**event.payload, "card": None}, event.version)
    return event


REVEALING = {"setup_drawn", "round_started", "secrets_revealed", "game_ended"}


def reveals(event: Event, before: State) -> bool:
    """Whether the event draws or reveals hidden information.

    A reveal of cards (a round's reveal), of secret choices, or of the seed; under `memory`, any
    scoring of the Castillo (its counts are shown) and the Castillo's emptying.
    """
    if event.type in REVEALING:
        return True
    memory = before.options.castillo_visibility == "memory"
    if memory and event.type == "place_scored" and event["place"] == CASTILLO:
        return True
    return memory and event.type == "caballeros_moved" and any(
        m["from"] == CASTILLO for m in event["moves"])
