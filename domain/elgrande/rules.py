"""El Grande's decider: create, decide, pending decisions, default and random moves.

`decide` validates a command against the pending decisions, turns it into events, then plays out
everything that follows automatically (a turn's end, a round's end and the next reveal, a special
action with nobody left to ask...) until the game waits for somebody again. The automatic events are
part of the same decision, so the log never holds a half-finished step.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from domain.core import formspace
from domain.core.commands import Command
from domain.core.constraints import Counts, Form, OneOf
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.core.game import Message
from domain.core.rng import draw_rng, seed_commitment
from domain.elgrande import asks
from domain.elgrande.actions import CARDS, KINGS_RETURN, move_targets, moved, return_options
from domain.elgrande.data import (
    ACTION_STACKS,
    ADJACENT,
    CASTILLO,
    GENERAL_SCORING_ROUNDS,
    KING_STACK,
    REGION_IDS,
    ROUNDS,
    SHORT_GAME_ROUNDS,
    stack_contents,
)
from domain.elgrande.evolve import apply, fold, power_order
from domain.elgrande.options import Options
from domain.elgrande.scoring import final_ranking, score_place
from domain.elgrande.state import State
from domain.elgrande.views import hidden_params

MIN_PLAYERS, MAX_PLAYERS = 2, 5
RULES_VERSION = 1
"""The rules version new games are created under (`domain.core.game.GameModule.rules_version`):
El Grande's rules have not changed since versions were written."""


class Log:
    """Events being decided, applied to a scratch copy so that later steps see their effect."""

    def __init__(self, state: State) -> None:
        self.state = state.clone()
        self.events: list[Event] = []

    def add(self, *events: Event) -> None:
        for event in events:
            apply(self.state, event)
            self.events.append(event)


# --- creation ---------------------------------------------------------------------------------------

def create(players: int, options: Mapping[str, Any] | None, seed: str,
           setup: Mapping[str, Any] | None = None) -> list[Event]:
    """The opening events: the game's options and (given or drawn) set-up, and round 1's reveal.

    A given `setup` may fix any of: `king` (region), `homes` (one region per seat), `first_player`
    (seat), `stacks` ({"1": [card ids top first], ...}, each a full ordering of its stack).
    """
    if isinstance(players, bool) or not isinstance(players, int) \
            or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError.of("core.players", game="El Grande", low=MIN_PLAYERS, high=MAX_PLAYERS,
                           count=repr(players), allowed={"min": MIN_PLAYERS, "max": MAX_PLAYERS})
    opts = Options.parse(options)
    if setup is not None and not isinstance(setup, Mapping):
        raise RuleError.of("el-grande.refuse.setup_shape")
    given = dict(setup or {})
    unknown = sorted(set(given) - {"king", "homes", "first_player", "stacks"})
    if unknown:
        raise RuleError.of("el-grande.refuse.setup_fields", count=len(unknown), fields=unknown,
                           allowed=["king", "homes", "first_player", "stacks"])
    stacks = _given_stacks(given.get("stacks"))
    rng = draw_rng(seed, 0)
    order = list(REGION_IDS)
    rng.shuffle(order)
    given_homes = given.get("homes") if isinstance(given.get("homes"), list) else []
    # A drawn King never lands on a home region the creator gave.
    king = given.get("king", next((r for r in order if r not in given_homes), order[0]))
    if king not in REGION_IDS:
        raise RuleError.of("el-grande.refuse.setup_king", value=king, allowed=REGION_IDS)
    homes = given.get("homes")
    if homes is None:
        homes = [r for r in order if r != king][:players]
    if (not isinstance(homes, list) or len(homes) != players
            or not all(isinstance(h, str) for h in homes) or len(set(homes)) != players
            or any(h not in REGION_IDS or h == king for h in homes)):
        raise RuleError.of("el-grande.refuse.setup_homes",
                           allowed=[r for r in REGION_IDS if r != king])
    first = given.get("first_player", rng.randrange(players))
    if isinstance(first, bool) or not isinstance(first, int) or first not in range(players):
        raise RuleError.of("el-grande.refuse.setup_first", last=players - 1,
                           allowed=list(range(players)))
    opening = [
        Event("game_created", {"game": "el-grande", "players": players, "rules": RULES_VERSION,
                               "options": opts.to_json(), "seed": seed,
                               "seed_hash": seed_commitment(seed),
                               "given_stacks": {str(k): v for k, v in stacks.items()}}),
        Event("setup_drawn", {"king": king, "homes": homes, "first_player": first, "draws": 1,
                              "given": sorted(k for k in given if k != "stacks")}),
    ]
    log = Log(fold(opening))
    advance(log)
    return opening + log.events


def _given_stacks(raw: Any) -> dict[int, list[str]]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise RuleError.of("el-grande.refuse.setup_stacks")
    out = {}
    for key, cards in raw.items():
        stack = int(key) if str(key) in {"1", "2", "3", "4"} else None
        if stack is None:
            raise RuleError.of("el-grande.refuse.setup_no_stack", stack=str(key), allowed=[1, 2, 3, 4])
        if (not isinstance(cards, list) or not all(isinstance(c, str) for c in cards)
                or Counter(cards) != Counter(stack_contents(stack))):
            raise RuleError.of("el-grande.refuse.setup_stack_cards", stack=stack,
                               allowed=sorted(stack_contents(stack)))
        out[stack] = list(cards)
    return out


# --- deciding ---------------------------------------------------------------------------------------

Handler = Callable[[Log, Command, Decision], None]
HANDLERS: dict[str, tuple[tuple[str, ...], Handler]] = {}


def handles(command_type: str, *decision_kinds: str) -> Callable[[Handler], Handler]:
    def deco(fn: Handler) -> Handler:
        HANDLERS[command_type] = (decision_kinds, fn)
        return fn

    return deco


def decide(state: State, command: Command) -> list[Event]:
    return dispatch(state, command, HANDLERS, pending, advance, Log)


def dispatch(state: Any, command: Command, handlers: Mapping[str, tuple[tuple[str, ...], Any]],
             pending_of: Callable[[Any], list[Decision]], advance_of: Callable[[Any], None],
             log_of: Callable[[Any], Any], secret_types: tuple[str, ...] = ("secret",)
             ) -> list[Event]:
    """A command to the handler registered for its type (`@handles`), with the pending decision
    it answers; then the automatic consequences (`advance_of`), in the same batch. A game built on
    El Grande (King & Intrigue) passes its own handlers, `pending`, `advance` and `Log`, and the
    command types of its secret choices; the refusals are El Grande's, in every language."""
    if state.phase == "over":
        raise RuleError.of("el-grande.refuse.over")
    if command.type not in handlers:
        raise RuleError.of("el-grande.refuse.unknown_command", type=command.type,
                           allowed=_expected(state, command.seat, handlers, pending_of))
    kinds, handler = handlers[command.type]
    decision = _matching_decision(state, command, kinds, handlers, pending_of, secret_types)
    log = log_of(state)
    handler(log, command, decision)
    advance_of(log)
    return list(log.events)


def _expected(state: Any, seat: int | None,
              handlers: Mapping[str, tuple[tuple[str, ...], Any]] = HANDLERS,
              pending_of: Callable[[Any], list[Decision]] | None = None) -> list[str]:
    mine = [d for d in (pending_of or pending)(state) if d.seat == seat]
    return sorted({t for d in mine for t, (kinds, _) in handlers.items() if d.kind in kinds})


def _matching_decision(state: Any, command: Command, kinds: tuple[str, ...],
                       handlers: Mapping[str, tuple[tuple[str, ...], Any]],
                       pending_of: Callable[[Any], list[Decision]],
                       secret_types: tuple[str, ...]) -> Decision:
    decisions = pending_of(state)
    for d in decisions:
        if d.seat == command.seat and d.kind in kinds:
            return d
    mine = [d for d in decisions if d.seat == command.seat]
    if mine:
        raise RuleError.of("el-grande.refuse.wrong_move", type=command.type,
                           decisions=[d.kind for d in mine],
                           allowed=_expected(state, command.seat, handlers, pending_of))
    if command.type in secret_types and state.secret is not None \
            and command.seat in state.secret.choices:
        # Said as such: "not your move" would read as if the choice had been lost.
        raise RuleError.of("el-grande.refuse.secret_final", allowed=[])
    waiting = [{"seat": d.seat, "kind": d.kind} for d in decisions if d.seat is not None]
    raise RuleError.of("el-grande.refuse.not_your_move", waiting=waiting, allowed=[])


# --- power cards ------------------------------------------------------------------------------------

def legal_power_cards(s: State, seat: int) -> list[int]:
    taken = set(s.power_played.values())
    return sorted(c for c in s.hands[seat] if c not in taken)


@handles("play_power", "power_card")
def _play_power(log: Log, cmd: Command, d: Decision) -> None:
    s, seat, card = log.state, cmd.seat, cmd.get("card")
    legal = legal_power_cards(s, seat)
    if isinstance(card, bool) or not isinstance(card, int):  # true and 1.0 equal 1 in Python
        raise RuleError.of("el-grande.refuse.power_number", value=card, allowed=legal)
    if card not in legal:
        why = ("power_played" if card in s.power_played.values() else "power_not_in_hand")
        raise RuleError.of(f"el-grande.refuse.{why}", card=card, allowed=legal)
    log.add(Event("power_played", {"seat": seat, "card": card}))


# --- a turn: take, choose, place and/or act ---------------------------------------------------------

def take_bounds(s: State, seat: int) -> tuple[int, int]:
    """(fewest, most) Caballeros the seat may take to court this turn.

    With `take_exact` (000: « le nombre exact ») the number is compulsory only as far as the
    provinces hold it: when they are short, the player "may" take the rest from the board
    (« il peut en prendre sur le plateau »), so any number up to the card's will do there."""
    assert s.turn is not None
    wanted = s.power_caballeros(s.turn.power)
    most = min(wanted, s.provinces[seat] + sum(s.on_board(seat).values()))
    return (min(wanted, s.provinces[seat]) if s.options.take_exact else 0), most


@handles("take", "take")
def _take(log: Log, cmd: Command, d: Decision) -> None:
    s, seat = log.state, cmd.seat
    low, high = take_bounds(s, seat)
    count = cmd.get("count", high)
    if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
        raise RuleError.of("el-grande.refuse.take_count", low=low, high=high,
                           allowed={"min": low, "max": high})
    from_provinces = min(count, s.provinces[seat])
    board = s.on_board(seat)
    raw = cmd.get("regions") or {}
    if not isinstance(raw, Mapping):
        raise RuleError.of("el-grande.refuse.take_regions_shape", allowed={"regions": board})
    regions = dict(raw)
    extra = count - from_provinces
    if extra == 0 and regions:
        raise RuleError.of("el-grande.refuse.take_regions_not_needed")
    if extra:
        if not regions and len(board) == 1:
            regions = {next(iter(board)): extra}
        if any(r not in board or isinstance(n, bool) or not isinstance(n, int)
               or not 0 < n <= board[r] for r, n in regions.items()) \
                or sum(regions.values()) != extra:
            raise RuleError.of("el-grande.refuse.take_regions", provinces=from_provinces,
                               extra=extra, allowed={"regions": board, "count": extra})
    log.add(Event("caballeros_taken", {"seat": seat, "provinces": from_provinces,
                                       "regions": regions}))


def available_cards(s: State) -> list[dict[str, Any]]:
    return [{"stack": k, "card": v} for k, v in sorted(s.face_up.items())]


@handles("choose_card", "choose_card")
def _choose_card(log: Log, cmd: Command, d: Decision) -> None:
    s = log.state
    stack, card = cmd.get("stack"), cmd.get("card")
    options = available_cards(s)
    if stack is None and card is not None:
        matches = [o for o in options if o["card"] == card]
        if len(matches) > 1:
            raise RuleError.of("el-grande.refuse.card_twice", card=card, allowed=options)
        stack = matches[0]["stack"] if matches else None
    if (isinstance(stack, bool) or not isinstance(stack, int) or stack not in s.face_up
            or (card is not None and s.face_up[stack] != card)):
        raise RuleError.of("el-grande.refuse.card_unavailable", allowed=options)
    log.add(Event("card_chosen", {"seat": cmd.seat, "stack": stack, "card": s.face_up[stack]}))


def placement_targets(s: State) -> list[str]:
    return [*sorted(ADJACENT[s.king]), CASTILLO]


def placement_max(s: State, seat: int) -> int:
    assert s.turn is not None and s.turn.stack is not None
    return min(s.turn.stack, s.court[seat])


@handles("place", "act")
def _place(log: Log, cmd: Command, d: Decision) -> None:
    s, seat = log.state, cmd.seat
    assert s.turn is not None
    if s.turn.placed:
        raise RuleError.of("el-grande.refuse.placed_already", allowed=["special", "decline"])
    if s.turn.action is not None:
        raise RuleError.of("el-grande.refuse.action_under_way")
    raw = cmd.get("places") or {}
    targets, most = placement_targets(s), placement_max(s, seat)
    if not isinstance(raw, Mapping):
        raise RuleError.of("el-grande.refuse.places_shape", allowed={"places": targets, "max": most})
    places: dict[str, int] = {}
    for place, n in raw.items():
        if place not in targets:
            why = "place_king" if place == s.king else "place_not_next"
            raise RuleError.of(f"el-grande.refuse.{why}", place=str(place),
                               allowed={"places": targets, "max": most})
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise RuleError.of("el-grande.refuse.place_number", place=place, value=n)
        if n:
            places[place] = n
    if sum(places.values()) > most:
        raise RuleError.of("el-grande.refuse.place_max", most=most, stack=s.turn.stack,
                           court=s.court[seat], allowed={"places": targets, "max": most})
    log.add(Event("caballeros_placed", {"seat": seat, "places": places}))


def veto_queue(s: State, seat: int) -> list[int]:
    """Veto holders to ask, clockwise from the active player; a holder never vetoes themself."""
    return [o for o in s.opponents(seat) if s.active_vetoes(o)]


@handles("special", "act")
def _special(log: Log, cmd: Command, d: Decision) -> None:
    s, seat = log.state, cmd.seat
    t = s.turn
    assert t is not None and t.card is not None
    if t.special_done:
        msg = "el-grande.refuse." + ("veto_card" if t.card == "veto" else "special_done")
        raise RuleError.of(msg, allowed=["place"] if not t.placed else [])
    clean, steps = CARDS[t.card].declare(s, seat, cmd.params)
    log.add(Event("special_declared", {"seat": seat, "card": t.card, "params": clean,
                                       "steps": steps, "veto_queue": veto_queue(s, seat)}))


@handles("decline", "act")
def _decline(log: Log, cmd: Command, d: Decision) -> None:
    t = log.state.turn
    assert t is not None
    if t.special_done:
        raise RuleError.of("el-grande.refuse.nothing_to_decline",
                           allowed=["place"] if not t.placed else [])
    log.add(Event("special_declined", {"seat": cmd.seat, "card": t.card}))


@handles("allow", "veto")
def _allow(log: Log, cmd: Command, d: Decision) -> None:
    log.add(Event("veto_allowed", {"seat": cmd.seat}))


@handles("veto", "veto")
def _veto(log: Log, cmd: Command, d: Decision) -> None:
    s = log.state
    assert s.turn is not None and s.turn.action is not None
    n = len(s.turn.action.steps)
    steps = cmd.get("steps")
    if steps is None:  # the whole action, however many parts it has (even none)
        steps = list(range(n))
    elif (not isinstance(steps, list) or not steps
            or any(not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < n for i in steps)):
        raise RuleError.of("el-grande.refuse.veto_parts", last=n - 1, allowed=list(range(n)))
    log.add(Event("veto_used", {"seat": cmd.seat, "steps": sorted(set(steps)),
                                "against": s.turn.seat, "card": s.turn.action.card}))


@handles("return", "return")
def _return(log: Log, cmd: Command, d: Decision) -> None:
    log.add(_return_event(log.state, cmd.seat, cmd.params))


# --- secret choices ---------------------------------------------------------------------------------

DISC = "disc"


def secret_options(s: State, seat: int) -> list[Any]:
    assert s.secret is not None
    if s.secret.kind == DISC:
        return list(REGION_IDS)
    return CARDS[s.secret.kind].secret_options(s, seat)


@handles("secret", "secret")
def _secret(log: Log, cmd: Command, d: Decision) -> None:
    s = log.state
    assert s.secret is not None
    choice = cmd.get("choice")
    options = secret_options(s, cmd.seat)
    if choice not in options:
        raise RuleError.of("el-grande.refuse.secret_choice", choice=choice, kind=s.secret.kind,
                           allowed=options)
    log.add(Event("secret_submitted", {"seat": cmd.seat, "kind": s.secret.kind, "choice": choice}))


@handles("resolve", "resolve")
def _resolve(log: Log, cmd: Command, d: Decision) -> None:
    s = log.state
    assert s.secret is not None
    kind, choices = s.secret.kind, dict(s.secret.choices)
    log.add(Event("secrets_revealed", {"kind": kind,
                                       "choices": {str(k): v for k, v in choices.items()}}))
    if kind == DISC:
        general_scoring(log, choices)
        return
    t = log.state.turn
    assert t is not None and t.action is not None
    log.add(*CARDS[kind].resolve(log.state, t.seat, t.action, choices))


def general_scoring(log: Log, discs: dict[int, str],
                    score: Callable[[State, str], dict[str, Any]] = score_place) -> None:
    """The Castillo scored, emptied by the discs, then every region (`score`: a place's
    `place_scored` payload; King & Intrigue's doubles the regions carrying a 2x marker)."""
    s = log.state
    log.add(Event("place_scored", {**score(s, CASTILLO), "reason": "general_scoring"}))
    moves = []
    for seat in s.seats():
        n = s.places[CASTILLO][seat]
        if n:
            to = "court" if discs[seat] == s.king else discs[seat]
            moves.append({"seat": seat, "from": CASTILLO, "to": to, "count": n})
    if moves:
        log.add(moved(moves, "castillo_emptied"))
    for region in REGION_IDS:
        log.add(Event("place_scored", {**score(log.state, region),
                                       "reason": "general_scoring"}))
    log.add(Event("general_scoring_ended", {"number": log.state.scorings_done + 1}))


# --- what happens by itself -------------------------------------------------------------------------

def rounds_of(s: State) -> tuple[int, ...]:
    return SHORT_GAME_ROUNDS if s.options.short_game else ROUNDS


def _reveal(s: State, round_number: int) -> Event:
    """Turn up the top card of each stack: the given order's next card, or a seeded draw."""
    rng = draw_rng(s.seed, s.draws)
    cards = {}
    for stack in ACTION_STACKS:
        left = s.stacks[stack]
        cards[str(stack)] = left[0] if stack in s.given_stacks else left[rng.randrange(len(left))]
    return Event("round_started", {"round": round_number, "cards": cards,
                                   "draws": 0 if len(s.given_stacks) == 4 else 1})


def _next_automatic(s: State) -> list[Event]:
    """The events that follow by themselves from this state, or [] when someone must decide."""
    if s.phase == "new":
        return [_reveal(s, rounds_of(s)[0])]
    if s.phase == "between":
        due = GENERAL_SCORING_ROUNDS.index(s.round) + 1 if s.round in GENERAL_SCORING_ROUNDS else 0
        if s.scorings_done < due:
            return [Event("general_scoring_started", {"number": due}),
                    Event("secret_opened", {"kind": DISC, "seats": list(s.seats())})]
        later = [r for r in rounds_of(s) if r > s.round]
        if not later:
            return [Event("game_ended", {"ranking": final_ranking(s.scores),
                                         "scores": list(s.scores), "seed": s.seed})]
        return [_reveal(s, later[0])]
    if s.phase == "power":
        seat = next(x for x in power_order(s) if x not in s.power_played)
        legal = legal_power_cards(s, seat)
        if len(legal) == 1:
            return [Event("power_played", {"seat": seat, "card": legal[0], "forced": True})]
        return []
    if s.phase != "turns":
        return []
    t = s.turn
    if t is None:
        return [Event("round_ended", {"round": s.round,
                                      "discarded": [c for k, c in sorted(s.face_up.items())
                                                    if k != KING_STACK]})]
    if t.step == "take":
        low, high = take_bounds(s, t.seat)
        if high == 0 or (low == high and high <= s.provinces[t.seat]):
            return [Event("caballeros_taken", {"seat": t.seat, "provinces": high, "regions": {},
                                               "forced": True})]
        return []
    if t.step == "choose":
        if len(s.face_up) == 1:
            stack, card = next(iter(s.face_up.items()))
            return [Event("card_chosen", {"seat": t.seat, "stack": stack, "card": card,
                                          "forced": True})]
        return []
    a = t.action
    if a is not None:
        if a.stage == "run":
            return CARDS[a.card].run(s, t.seat, a)
        if a.stage == "vetoed":
            return [Event("special_done", {"seat": t.seat, "vetoed": True})]
        if a.stage == "respond":
            if not a.responders:
                return [Event("special_done", {"seat": t.seat})]
            forced = KINGS_RETURN.forced(s, a.responders[0])
            if forced is not None:
                return [_return_event(s, a.responders[0], forced)]
        return []
    # Nothing to place: done by itself, but only once the special action is over (court_2 may
    # bring Caballeros to an empty court first).
    if not t.placed and t.special_done and s.court[t.seat] == 0:
        return [Event("caballeros_placed", {"seat": t.seat, "places": {}, "forced": True})]
    if t.placed and t.special_done:
        return [Event("turn_ended", {"seat": t.seat})]
    return []


def _return_event(s: State, who: int, choice: Mapping[str, Any]) -> Event:
    return moved(KINGS_RETURN.check_return(s, who, choice), "kings_return", responder=who)


def advance(log: Log) -> None:
    while True:
        events = _next_automatic(log.state)
        if not events:
            return
        log.add(*events)


# --- pending decisions ------------------------------------------------------------------------------

def pending(s: State) -> list[Decision]:
    if s.phase == "power":
        seat = next(x for x in power_order(s) if x not in s.power_played)
        cards = legal_power_cards(s, seat)
        return [Decision(seat, "power_card",
                         options=[{"type": "play_power", "card": c} for c in cards],
                         build_form=lambda: asks.power_card_form(cards))]
    if s.secret is not None:
        return _secret_decisions(s)
    if s.phase != "turns" or s.turn is None:
        return []
    t = s.turn
    if t.step == "take":
        low, high = take_bounds(s, t.seat)
        board = s.on_board(t.seat)
        return [Decision(t.seat, "take", constraint={
            "count": {"min": low, "max": high}, "provinces": s.provinces[t.seat],
            "regions_if_provinces_short": board},
            build_form=lambda: asks.take_form(low, high, s.provinces[t.seat], board,
                                              _fill_regions(s, t.seat, high, None)))]
    if t.step == "choose":
        options = available_cards(s)
        return [Decision(t.seat, "choose_card",
                         options=[{"type": "choose_card", **o} for o in options],
                         build_form=lambda: asks.choose_card_form([o["stack"] for o in options]))]
    a = t.action
    if a is None:
        return [_act_decision(s)]
    info = {"active": t.seat, "card": a.card, "steps": list(a.steps),
            "params": hidden_params(a.card, a.params, t.seat, a.veto_queue[0] if a.veto_queue else None)}
    if a.stage == "veto":
        options = [{"type": "allow"}, {"type": "veto"}]
        return [Decision(a.veto_queue[0], "veto", options=options,
                         constraint={"steps": list(range(len(a.steps)))}
                         if len(a.steps) > 1 else None, info=info,
                         build_form=lambda: asks.veto_form(t.seat, a.card, a.steps))]
    if a.stage == "respond" and a.responders:
        who = a.responders[0]
        need, regions = return_options(s, who)
        return [Decision(who, "return", constraint={"count": need, "court": s.court[who],
                                                    "regions": regions}, info=info,
                         build_form=lambda: asks.return_form(
                             need, s.court[who], regions,
                             _default_return(need, s.court[who], regions)))]
    return []


def _act_decision(s: State) -> Decision:
    """Place and/or the special action. The special action is offered only when some command can
    perform it; otherwise only declining it is (a court_2 with empty provinces, a King's Grande)."""
    t = s.turn
    assert t is not None and t.card is not None
    constraint: dict[str, Any] = {"card": t.card}
    place = None
    if not t.placed:
        place = (placement_targets(s), placement_max(s, t.seat))
        constraint["place"] = {"places": place[0], "max": place[1]}
    possible = None
    if not t.special_done:  # (the Veto's is always done: taking it is all it does)
        possible = CARDS[t.card].possible(s, t.seat)
        if possible:
            constraint["special"] = CARDS[t.card].constraint(s, t.seat)

    def form() -> Form:
        special = None if possible is None else (
            CARDS[t.card].answers(s, t.seat) if possible else ())
        return asks.act_form(t.card, place, special)

    return Decision(t.seat, "act", constraint=constraint,
                    info={"placed": t.placed, "special_done": t.special_done}, build_form=form)


def _secret_decisions(s: State) -> list[Decision]:
    assert s.secret is not None
    if s.secret.complete:
        return [Decision(None, "resolve", options=[{"type": "resolve"}],
                         info={"kind": s.secret.kind})]
    info: dict[str, Any] = {"kind": s.secret.kind, **s.secret.context}
    if s.secret.kind == DISC:
        info["warning"] = {"key": "disc.king_region", "king": s.king}
    out = []
    for seat in s.secret.seats:
        if seat not in s.secret.choices:
            choices = secret_options(s, seat)
            out.append(Decision(seat, "secret", secret=True,
                                options=[{"type": "secret", "choice": c} for c in choices],
                                info=info, build_form=partial(asks.secret_form, s.secret.kind,
                                                              choices, secret_note(s, seat))))
    return out


def disc_note(s: State, seat: int) -> Message:
    """The disc's cost, said before it is set: how many of the seat's Caballeros the Castillo
    sends to the region chosen, and that the King's region sends them back to court. Only the
    seat's own form says it (their Castillo count may be hidden from the others)."""
    count = s.places[CASTILLO][seat]
    if not count:
        return Message("ask.lose.disc_none")
    return Message("ask.lose.disc", {"count": count, "king": s.king})


def secret_note(s: State, seat: int) -> Message | None:
    """What the seat's secret choice costs them (the form's note), or None."""
    assert s.secret is not None
    if s.secret.kind == DISC:
        return disc_note(s, seat)
    card = CARDS.get(s.secret.kind)
    return card.secret_note(s, seat) if card is not None else None


# --- default and random moves -----------------------------------------------------------------------

def default_command(s: State, d: Decision) -> Command:
    """The safe move applied when a decision's deadline passes (documented in the README), chosen
    among what the decision's form offers (`d.form`), as a player's own choice would be.

    Power card: the lowest legal card (most Caballeros, last turn). Take: as many as allowed from
    the provinces alone, never from the board (the form's first answer's preset). Card: the lowest
    stack's. Act: place as many as allowed into the Castillo (into the first place offered if the
    Castillo is not), then decline the special action. Veto: allow. Return: court first (the form's
    preset). Secret choices: the region holding most of the player's Caballeros among the options
    (the disc: a region that is not the King's).
    """
    seat = d.seat
    if d.kind == "resolve" or seat is None:
        return Command("resolve", None)
    form = d.form
    if d.kind == "power_card":
        cards = formspace.field_of(formspace.answer_of(form, "play_power"), "card")
        assert isinstance(cards, OneOf)
        return Command("play_power", seat, {"card": min(cards.options)})
    if d.kind == "choose_card":
        stacks = formspace.field_of(formspace.answer_of(form, "choose_card"), "stack")
        assert isinstance(stacks, OneOf)
        return Command("choose_card", seat, {"stack": stacks.options[0]})
    if d.kind in ("take", "return"):
        answer = formspace.answer_of(form, d.kind)
        assert answer is not None
        return Command(d.kind, seat, formspace.preset(answer))
    if d.kind == "act":
        places = formspace.field_of(formspace.answer_of(form, "place"), "places")
        if isinstance(places, Counts):
            most = places.max_total or 0
            where = CASTILLO if CASTILLO in places.bounds else next(iter(places.bounds))
            return Command("place", seat, {"places": {where: most} if most else {}})
        return Command("decline", seat)
    if d.kind == "veto":
        return Command("allow", seat)
    if d.kind == "secret":
        choices = formspace.field_of(formspace.answer_of(form, "secret"), "choice")
        assert isinstance(choices, OneOf)
        options = list(choices.options)
        kind = d.info["kind"]
        if kind == "grande" and s.grandes[seat] in options:
            choice = s.grandes[seat]
        elif kind == "eviction" and CARDS["eviction"].default_secret(s, seat) in options:
            choice = CARDS["eviction"].default_secret(s, seat)
        else:
            pool = [o for o in options if o != s.king] or options
            choice = max(pool, key=lambda r: (s.places[r][seat] if r in s.places else 0,
                                              -options.index(r)))
        return Command("secret", seat, {"choice": choice})
    raise ValueError(f"no default for decision {d.kind}")


def _default_return(need: int, court: int, regions: Mapping[str, int]) -> dict[str, Any]:
    """Court first, then the regions holding most."""
    from_court = min(need, court)
    rest, picked = need - from_court, {}
    for r, n in sorted(regions.items(), key=lambda kv: -kv[1]):
        if rest:
            picked[r] = min(n, rest)
            rest -= picked[r]
    return {"court": from_court, "regions": picked}


def _fill_regions(s: State, seat: int, count: int, rng: random.Random | None) -> dict[str, int]:
    extra = count - min(count, s.provinces[seat])
    board = s.on_board(seat)
    pool = [r for r, n in sorted(board.items()) for _ in range(n)]
    picked = rng.sample(pool, extra) if rng else pool[:extra]
    return dict(Counter(picked))


def sample_command(s: State, d: Decision, rng: random.Random) -> Command:
    """A random legal command for the decision (not weighted: every kind of move gets its chance)."""
    seat = d.seat
    if d.options is not None and d.kind != "veto":
        return Command(d.options[0]["type"], seat,
                       {k: v for k, v in rng.choice(d.options).items() if k != "type"})
    if d.kind == "veto":
        if rng.random() < 0.7:
            return Command("allow", seat)
        steps = d.constraint["steps"] if d.constraint else None
        if steps and rng.random() < 0.5:
            return Command("veto", seat, {"steps": rng.sample(steps, rng.randint(1, len(steps)))})
        return Command("veto", seat)
    if d.kind == "take":
        low, high = d.constraint["count"]["min"], d.constraint["count"]["max"]
        count = rng.randint(low, high)
        return Command("take", seat, {"count": count,
                                      "regions": _fill_regions(s, seat, count, rng)})
    if d.kind == "act":
        choices = []
        if "place" in d.constraint:
            choices.append("place")
        if "special" in d.constraint:
            choices += ["special", "special", "decline"]
        elif not d.info["special_done"]:  # only declining is left of the special action
            choices.append("decline")
        pick = rng.choice(choices)
        if pick == "place":
            most = d.constraint["place"]["max"]
            places: dict[str, int] = {}
            for _ in range(rng.randint(0, most)):
                p = rng.choice(d.constraint["place"]["places"])
                places[p] = places.get(p, 0) + 1
            return Command("place", seat, {"places": places})
        if pick == "special":
            assert s.turn is not None and s.turn.card is not None
            params = CARDS[s.turn.card].sample(s, seat, rng)
            if params is not None:
                return Command("special", seat, params)
        return Command("decline", seat)
    if d.kind == "return":
        return Command("return", seat, KINGS_RETURN.sample_return(s, seat, rng))
    raise ValueError(f"cannot sample decision {d.kind}")


__all__ = ["create", "decide", "default_command", "move_targets", "pending", "sample_command"]
