"""evolve: apply one event to a King & Intrigue state. The only code that changes a state.

The events King & Intrigue shares with El Grande (Caballeros taken, placed and moved, the King and
the Grandes moved, scorings, vetoes, secret choices, the general scoring) keep El Grande's handlers
(`domain.elgrande.evolve.HANDLERS`); the handlers here are those of the expansion's own events and of
the few shared ones it changes (the set-up, the round, the turn's start).
"""

from __future__ import annotations

from domain.core.events import Event
from domain.core.fold import Evolver
from domain.core.surface import record_rules
from domain.elgrande import evolve as base
from domain.elgrande.options import Options
from domain.elgrande.state import Turn
from domain.kingintrigue.data import (
    INTRIGUE_CARD,
    KING_CARD,
    ROUND_CARD_ACTIONS,
)
from domain.kingintrigue.modules_data import ALL_CARDS
from domain.kingintrigue.options import KIOptions
from domain.kingintrigue.state import KIState

EVOLVER = Evolver("King & Intrigue", KIState, base=base.HANDLERS)
"""The handlers of this game's events (`@on`), and the apply/evolve/fold made of them."""
on = EVOLVER.on
apply = EVOLVER.apply
evolve = EVOLVER.evolve
fold = EVOLVER.fold


# --- set-up -----------------------------------------------------------------------------------------

@on("game_created")
def _game_created(s: KIState, e: Event) -> None:
    s.players = e["players"]
    s.rules = record_rules(e.payload) or 1
    s.ki = KIOptions.parse(e["options"])
    s.options = Options()  # El Grande's rules where the expansion says nothing (decennial, memory)
    s.seed = e.get("seed") or ""
    s.phase = "new"


@on("setup_drawn")
def _setup_drawn(s: KIState, e: Event) -> None:
    base.HANDLERS["setup_drawn"](s, e)
    s.hands = [set(s.ki.deck()) for _ in s.seats()]
    s.put_aside = [set() for _ in s.seats()]
    s.stacks = {}
    s.phase = "setup"


@on("hands_kept")
def _hands_kept(s: KIState, e: Event) -> None:
    for seat, kept in e["hands"].items():
        s.hands[int(seat)] = set(kept)
        s.put_aside[int(seat)] = set(s.ki.deck()) - set(kept)
    s.secret = None


# --- a round ----------------------------------------------------------------------------------------

@on("round_started")
def _round_started(s: KIState, e: Event) -> None:
    s.round = e["round"]
    s.phase = "power"
    s.power_played = {}
    s.round_cards = {}
    s.turn_order = []
    s.turn_index = 0
    s.turn = None
    if s.last_player is not None:
        s.first_player = s.last_player


@on("power_played")
def _power_played(s: KIState, e: Event) -> None:
    seat, card = e["seat"], e["card"]
    s.hands[seat].discard(card)
    s.discards[seat].append(card)
    s.power_played[seat] = card


@on("round_cards_taken")
def _round_cards_taken(s: KIState, e: Event) -> None:
    s.round_cards = {c["seat"]: (c["card"], c["places"]) for c in e["cards"]}
    s.turn_order = [c["seat"] for c in e["cards"]]
    s.turn_index = 0
    s.phase = "turns"
    _start_turn(s, s.turn_order[0])


def turn_actions(s: KIState, seat: int) -> list[str]:
    """The special actions the seat's turn may use: the power card's; the round card's alone for
    the King and Intrigue holders with 4-5 players (unless `round_card_choice=always`, with which
    they choose); a choice of the two with 2-3 players.

    Seed 002: « Dans une partie à 4 ou 5 joueurs, les joueurs en possession de la carte du Roi et
    de la carte Intrigue n'effectueront que l'action indiquée sur cette carte »: the modules add
    cards, not an exception. Rules version 1 let the Player's Edition choose at any count, and
    keeps doing so for the games created under it."""
    kind = s.round_cards[seat][0]
    own = ALL_CARDS[s.power_played[seat]].action
    if kind not in (KING_CARD, INTRIGUE_CARD):
        return [own]
    card = ROUND_CARD_ACTIONS[kind]
    if holders_choose(s):
        return list(dict.fromkeys([card, own]))
    return [card]


def holders_choose(s: KIState) -> bool:
    """Whether the King's and Intrigue's holders choose between the round card's action and
    their power card's (see `turn_actions`); else they play the round card's alone."""
    return s.players <= 3 or s.ki.round_card_choice == "always" \
        or (s.ki.players_edition and s.rules < 2)


def _start_turn(s: KIState, seat: int) -> None:
    s.turn = Turn(seat, s.power_played[seat])
    s.turn.stack = s.round_cards[seat][1]
    s.free_placement = False
    actions = turn_actions(s, seat)
    s.choice = actions if len(actions) > 1 else []
    if len(actions) == 1:
        _set_action(s, actions[0])


def _set_action(s: KIState, action: str) -> None:
    assert s.turn is not None
    s.turn.card = action
    s.choice = []
    if action == "veto":  # the Veto's only effect is to be held (El Grande's card_chosen)
        s.vetoes.setdefault(s.turn.seat, []).append(s.round)
        s.turn.special_done = True


@on("caballeros_taken")
def _caballeros_taken(s: KIState, e: Event) -> None:
    base.HANDLERS["caballeros_taken"](s, e)
    assert s.turn is not None
    s.turn.step = "choose" if s.turn.card is None else "act"


@on("action_chosen")
def _action_chosen(s: KIState, e: Event) -> None:
    assert s.turn is not None
    _set_action(s, e["card"])
    s.turn.step = "act"


@on("placement_freed")
def _placement_freed(s: KIState, e: Event) -> None:
    s.free_placement = True


@on("double_marked")
def _double_marked(s: KIState, e: Event) -> None:
    s.doubles[e["region"]] = e["seat"]


@on("turn_ended")
def _turn_ended(s: KIState, e: Event) -> None:
    s.last_player = e["seat"]
    s.turn_index += 1
    s.free_placement = False
    if s.turn_index < len(s.turn_order):
        _start_turn(s, s.turn_order[s.turn_index])
    else:
        s.turn = None


@on("round_ended")
def _round_ended(s: KIState, e: Event) -> None:
    base.HANDLERS["round_ended"](s, e)
    s.round_cards = {}


@on("general_scoring_ended")
def _general_scoring_ended(s: KIState, e: Event) -> None:
    base.HANDLERS["general_scoring_ended"](s, e)
    s.doubles = {}  # the 2x markers go back after the general scoring (seed)


# The modules' events and the shared handlers they extend (after every handler above is registered).
from domain.kingintrigue.modules import evolve as _modules  # noqa: E402,F401
