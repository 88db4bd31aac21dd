"""evolve: apply one event to the state. The only code that changes a state.

`apply` works in place on a private copy (used by `fold`); `evolve` is the pure form.
"""

from __future__ import annotations

from domain.core.events import Event, thaw
from domain.core.fold import Evolver
from domain.core.surface import record_rules
from domain.elgrande.data import (
    CABALLEROS_PER_PLAYER,
    GENERAL_SCORING_ROUNDS,
    KING_STACK,
    POWER_CARDS,
    SCOREBOARDS,
    START_COURT,
    START_HOME,
    stack_contents,
)
from domain.elgrande.options import Options
from domain.elgrande.state import Action, Secret, State, Turn, empty_places

EVOLVER = Evolver("El Grande", State)
"""The handlers of this game's events (`@on`), and the apply/evolve/fold made of them."""
on = EVOLVER.on
apply = EVOLVER.apply
evolve = EVOLVER.evolve
fold = EVOLVER.fold
HANDLERS = EVOLVER.handlers
"""Every El Grande event's handler (King & Intrigue builds on them)."""


# --- set-up and rounds -----------------------------------------------------------------------------

@on("game_created")
def _game_created(s: State, e: Event) -> None:
    s.players = e["players"]
    s.rules = record_rules(e.payload) or 1
    s.options = Options.parse(e["options"])
    s.seed = e.get("seed") or ""
    s.given_stacks = {int(k): list(v) for k, v in (e.get("given_stacks") or {}).items()}
    s.phase = "new"


@on("setup_drawn")
def _setup_drawn(s: State, e: Event) -> None:
    n = s.players
    s.places = empty_places(n)
    s.king = e["king"]
    s.grandes = list(e["homes"])
    for seat, home in enumerate(s.grandes):
        s.places[home][seat] = START_HOME
    s.court = [START_COURT] * n
    s.provinces = [CABALLEROS_PER_PLAYER - START_COURT - START_HOME] * n
    s.scores = [0] * n
    s.scoreboards = dict.fromkeys(SCOREBOARDS)
    s.hands = [set(POWER_CARDS) for _ in range(n)]
    s.discards = [[] for _ in range(n)]
    s.private_returns = [set() for _ in range(n)]
    s.stacks = {k: list(s.given_stacks[k]) if k in s.given_stacks else stack_contents(k)
                for k in (1, 2, 3, 4)}
    s.first_player = e["first_player"]
    s.draws += e.get("draws", 0)


@on("round_started")
def _round_started(s: State, e: Event) -> None:
    s.round = e["round"]
    s.face_up = {int(k): v for k, v in e["cards"].items()}
    for stack, card in list(s.face_up.items()):
        s.stacks[stack].remove(card)
    s.face_up[KING_STACK] = "king"
    s.draws += e.get("draws", 0)
    s.phase = "power"
    s.power_played = {}
    s.turn_order = []
    s.turn_index = 0
    s.turn = None
    if s.last_player is not None:
        s.first_player = s.last_player


def power_order(s: State) -> list[int]:
    return [(s.first_player + i) % s.players for i in range(s.players)]


@on("power_played")
def _power_played(s: State, e: Event) -> None:
    seat, card = e["seat"], e["card"]
    s.hands[seat].discard(card)
    s.private_returns[seat].discard(card)
    s.discards[seat].append(card)
    s.power_played[seat] = card
    if len(s.power_played) == s.players:
        s.turn_order = sorted(s.power_played, key=lambda x: -s.power_played[x])
        s.turn_index = 0
        s.phase = "turns"
        first = s.turn_order[0]
        s.turn = Turn(first, s.power_played[first])


@on("turn_ended")
def _turn_ended(s: State, e: Event) -> None:
    s.last_player = e["seat"]
    s.turn_index += 1
    if s.turn_index < len(s.turn_order):
        seat = s.turn_order[s.turn_index]
        s.turn = Turn(seat, s.power_played[seat])
    else:
        s.turn = None


@on("round_ended")
def _round_ended(s: State, e: Event) -> None:
    s.face_up = {}
    # A Veto lasts until the end of the round after the one in which it was taken.
    for seat, taken in list(s.vetoes.items()):
        s.vetoes[seat] = [r for r in taken if r >= s.round]
        if not s.vetoes[seat]:
            del s.vetoes[seat]
    s.rounds_played += 1
    s.phase = "between"


@on("general_scoring_started")
def _general_scoring_started(s: State, e: Event) -> None:
    s.phase = "scoring"
    s.last_scoring = {"round": s.round, "reason": "general_scoring",
                      "number": s.scorings_done + 1, "seat": None, "places": []}


@on("general_scoring_ended")
def _general_scoring_ended(s: State, e: Event) -> None:
    s.scorings_done += 1
    s.phase = "between"


@on("game_ended")
def _game_ended(s: State, e: Event) -> None:
    s.phase = "over"
    s.ranking = [dict(r) for r in e["ranking"]]
    s.seed = e.get("seed") or s.seed


# --- a turn ----------------------------------------------------------------------------------------

@on("caballeros_taken")
def _caballeros_taken(s: State, e: Event) -> None:
    seat = e["seat"]
    s.provinces[seat] -= e["provinces"]
    s.court[seat] += e["provinces"]
    for region, n in e["regions"].items():
        s.places[region][seat] -= n
        s.court[seat] += n
    assert s.turn is not None
    s.turn.step = "choose"


@on("card_chosen")
def _card_chosen(s: State, e: Event) -> None:
    assert s.turn is not None
    stack, card = e["stack"], e["card"]
    del s.face_up[stack]
    s.turn.stack, s.turn.card, s.turn.step = stack, card, "act"
    if card == "veto":
        s.vetoes.setdefault(e["seat"], []).append(s.round)
        s.turn.special_done = True


@on("caballeros_placed")
def _caballeros_placed(s: State, e: Event) -> None:
    seat = e["seat"]
    for place, n in e["places"].items():
        s.court[seat] -= n
        s.places[place][seat] += n
    assert s.turn is not None
    s.turn.placed = True


@on("special_declined")
def _special_declined(s: State, e: Event) -> None:
    assert s.turn is not None
    s.turn.special_done = True


@on("special_declared")
def _special_declared(s: State, e: Event) -> None:
    assert s.turn is not None
    queue = list(e["veto_queue"])
    s.turn.action = Action(
        card=e["card"], params=thaw(e["params"]), steps=list(e["steps"]), veto_queue=queue,
        stage="veto" if queue else "run",
    )


@on("veto_allowed")
def _veto_allowed(s: State, e: Event) -> None:
    action = s.turn.action if s.turn else None
    assert action is not None
    action.veto_queue.remove(e["seat"])
    if not action.veto_queue:
        action.stage = "run"


@on("veto_used")
def _veto_used(s: State, e: Event) -> None:
    action = s.turn.action if s.turn else None
    assert action is not None
    taken = s.vetoes[e["seat"]]
    taken.pop(0)
    if not taken:
        del s.vetoes[e["seat"]]
    action.stopped |= set(e["steps"])
    action.veto_queue = []
    # Only a partial veto lets the rest of the action run; a whole veto cancels it.
    action.stage = "run" if 0 < len(action.stopped) < len(action.steps) else "vetoed"


@on("responses_opened")
def _responses_opened(s: State, e: Event) -> None:
    action = s.turn.action if s.turn else None
    assert action is not None
    action.responders = list(e["seats"])
    action.stage = "respond"


@on("special_done")
def _special_done(s: State, e: Event) -> None:
    assert s.turn is not None
    s.turn.special_done = True
    s.turn.action = None


# --- effects ---------------------------------------------------------------------------------------

def _counter(s: State, where: str) -> list[int]:
    if where == "court":
        return s.court
    if where == "provinces":
        return s.provinces
    return s.places[where]


@on("caballeros_moved")
def _caballeros_moved(s: State, e: Event) -> None:
    for move in e["moves"]:
        seat, n = move["seat"], move["count"]
        _counter(s, move["from"])[seat] -= n
        _counter(s, move["to"])[seat] += n
    responder = e.get("responder")
    if responder is not None and s.turn and s.turn.action:
        s.turn.action.responders.remove(responder)


@on("king_moved")
def _king_moved(s: State, e: Event) -> None:
    s.king = e["to"]


@on("grande_moved")
def _grande_moved(s: State, e: Event) -> None:
    s.grandes[e["seat"]] = e["to"]


@on("scoreboard_moved")
def _scoreboard_moved(s: State, e: Event) -> None:
    s.scoreboards[e["board"]] = e["to"]


@on("power_card_returned")
def _power_card_returned(s: State, e: Event) -> None:
    seat, card = e["seat"], e["card"]
    s.discards[seat].remove(card)
    s.hands[seat].add(card)
    if not e["public"]:
        s.private_returns[seat].add(card)


@on("place_scored")
def _place_scored(s: State, e: Event) -> None:
    for seat in s.seats():
        s.scores[seat] += e["points"][seat]
    for seat, bonus in e["bonuses"].items():
        s.scores[int(seat)] += sum(bonus.values())
    _record_scoring(s, e)


def _record_scoring(s: State, e: Event) -> None:
    """Keep the latest scoring place by place (points with bonuses, per seat): a general
    scoring's places from its start, an action card's from its first place."""
    reason = e.get("reason") or ""
    seat = s.turn.seat if s.turn is not None and reason != "general_scoring" else None
    last = s.last_scoring
    if last is None or last["round"] != s.round or last["reason"] != reason \
            or last["seat"] != seat:
        last = s.last_scoring = {"round": s.round, "reason": reason, "number": None,
                                 "seat": seat, "places": []}
    total = list(e["points"])
    for who, bonus in e["bonuses"].items():
        total[int(who)] += sum(bonus.values())
    last["places"] = [*last["places"], [e["place"], total]]


# --- secret choices --------------------------------------------------------------------------------

@on("secret_opened")
def _secret_opened(s: State, e: Event) -> None:
    s.secret = Secret(kind=e["kind"], seats=list(e["seats"]), context=dict(e.get("context") or {}))
    if s.turn and s.turn.action:
        s.turn.action.stage = "secret"


@on("secret_submitted")
def _secret_submitted(s: State, e: Event) -> None:
    assert s.secret is not None
    s.secret.choices[e["seat"]] = e.get("choice")


@on("secrets_revealed")
def _secrets_revealed(s: State, e: Event) -> None:
    s.secret = None


def is_scoring_round(s: State) -> bool:
    return s.round in GENERAL_SCORING_ROUNDS
