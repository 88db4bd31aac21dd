"""King & Intrigue's decider: create, decide, pending decisions, default and random moves.

As El Grande's (`domain.elgrande.rules`, whose handlers of the shared steps are reused as they are:
take, decline, allow, veto, return), `decide` validates a command against the pending decisions,
turns it into events, then plays out everything that follows by itself until somebody must decide.
What is the expansion's own: the two secret set-up choices (the 13 cards kept, the selection disc's
Caballero), the 18-card hands, the round cards (placements, King and Intrigue), the turn's choice of
action with 2-3 players, the 2x markers of the general scoring.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from domain.core import formspace
from domain.core.commands import Command
from domain.core.constraints import Answer, Field, Form, OneOf, Subset
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.core.game import Message
from domain.core.rng import seed_commitment
from domain.elgrande import asks
from domain.elgrande import rules as eg
from domain.elgrande.actions import moved, return_options
from domain.elgrande.data import GENERAL_SCORING_ROUNDS, REGION_IDS
from domain.elgrande.scoring import final_ranking, score_place
from domain.elgrande.views import hidden_params
from domain.kingintrigue.actions import CARDS, KINGS_RETURN
from domain.kingintrigue.data import (
    INTRIGUE_CARD,
    KEEP,
    KING_CARD,
    POWER_VALUES,
    ROUND_CARD_ACTIONS,
    ROUND_CARDS,
    ROUNDS,
    SETUP_CABALLEROS,
    round_card_kind,
)
from domain.kingintrigue.evolve import apply, fold, holders_choose
from domain.kingintrigue.modules import crossing, flow, guard, hurricane
from domain.kingintrigue.modules.general import general_scoring
from domain.kingintrigue.modules_data import ALL_CARDS
from domain.kingintrigue.options import KIOptions
from domain.kingintrigue.state import KIState

MIN_PLAYERS, MAX_PLAYERS = 2, 5
RULES_VERSION = 2
"""The rules version new games are created under (`domain.core.game.GameModule.rules_version`).
Version 2 (issue 22): the King and Intrigue holders choose with 4-5 players only under
`round_card_choice=always`, whatever the modules (`evolve.turn_actions`); a card 130 played while
both 2x markers are out does nothing (`actions.DoubleScoring`); the Mistress spares the general
scoring closing her own round (`modules.scoring.mistress_active`); a Royal Guard's owner chooses
before a general scoring (`modules.guard.general_waiting`). `rules_page.VERSIONS` says it in
words. Each change is gated on `state.rules >= 2`: version 1 keeps the old behaviour, so older
games and records go on as they began."""
GAME_ID = "king-and-intrigue"
TITLE = {"en": "El Grande — King & Intrigue", "fr": "El Grande — Roi et intrigues",
         "it": "El Grande — Re e intrighi"}
K = "king-and-intrigue.refuse."
KEEP_KIND, SETUP_DISC, DISC = "keep", "setup_disc", eg.DISC
DEFAULT_KEEP = (10, 20, 40, 50, 60, 80, 90, 100, 110, 130, 140, 160, 180)
"""The 13 cards kept when a player lets the deadline pass: a spread of values that keeps the cards
that bring most Caballeros, the King, the Veto and the scorings that need no luck."""


class Log(eg.Log):
    """El Grande's scratch log, applying King & Intrigue's events."""

    def __init__(self, state: KIState) -> None:
        self.state = state.clone()
        self.events: list[Event] = []

    def add(self, *events: Event) -> None:
        for event in events:
            apply(self.state, event)  # type: ignore[arg-type]
            self.events.append(event)


# --- creation ---------------------------------------------------------------------------------------

def create(players: int, options: Mapping[str, Any] | None, seed: str,
           setup: Mapping[str, Any] | None = None) -> list[Event]:
    """The opening events: options, the drawn (or given) King, homes and first player (El
    Grande's draw and checks), then the first secret choice: the 13 cards each player keeps.

    A given `setup` may fix `king`, `homes`, `first_player` (no hidden information in them)."""
    if isinstance(players, bool) or not isinstance(players, int) \
            or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError.of("core.players", game=dict(TITLE), low=MIN_PLAYERS, high=MAX_PLAYERS,
                           count=repr(players), allowed={"min": MIN_PLAYERS, "max": MAX_PLAYERS})
    opts = KIOptions.parse(options)
    if setup is not None and not isinstance(setup, Mapping):
        raise RuleError.of(K + "setup_shape")
    unknown = sorted(set(setup or {}) - {"king", "homes", "first_player"})
    if unknown:
        raise RuleError.of(K + "setup_fields", count=len(unknown), fields=unknown,
                           allowed=["king", "homes", "first_player"])
    drawn = next(e for e in eg.create(players, {}, seed, setup) if e.type == "setup_drawn")
    opening = [
        Event("game_created", {"game": GAME_ID, "players": players, "rules": RULES_VERSION,
                               "options": opts.to_json(),
                               "seed": seed, "seed_hash": seed_commitment(seed)}),
        Event("setup_drawn", {**drawn.payload, "draws": 0}),
    ]
    log = Log(fold(opening))
    advance(log)
    return opening + log.events


# --- deciding ---------------------------------------------------------------------------------------

Handler = Callable[[Log, Command, Decision], None]
HANDLERS: dict[str, tuple[tuple[str, ...], Handler]] = {
    # El Grande's own handlers of the steps the expansion does not change
    name: eg.HANDLERS[name] for name in ("take", "decline", "allow", "veto", "return")
}  # type: ignore[dict-item]


def handles(command_type: str, *decision_kinds: str) -> Callable[[Handler], Handler]:
    def deco(fn: Handler) -> Handler:
        HANDLERS[command_type] = (decision_kinds, fn)
        return fn

    return deco


def decide(state: KIState, command: Command) -> list[Event]:
    """El Grande's dispatch with the expansion's handlers, decisions and consequences; the set-up's
    card keeping is a secret choice too."""
    try:
        return eg.dispatch(state, command, HANDLERS, pending, advance, Log,
                           secret_types=("secret", "keep"))
    except RuleError as err:
        raise _own_decisions_named(err, len(card_pool(state))) from None


def _own_decisions_named(err: RuleError, pool: int) -> RuleError:
    """El Grande's "not what you must do now" and "waiting for" name the decisions in its words:
    the expansion's own (keeping 13 cards, choosing the action) are given in every language."""
    if err.key not in ("el-grande.refuse.wrong_move", "el-grande.refuse.not_your_move"):
        return err
    from domain.kingintrigue.texts import decision_words

    params = dict(err.params)
    if "decisions" in params:
        params["decisions"] = [decision_words(k, pool) for k in params["decisions"]]
    if "waiting" in params:
        params["waiting"] = [{**w, "kind": decision_words(w["kind"], pool)}
                             for w in params["waiting"]]
    return RuleError.of(str(err.key), allowed=err.allowed, **params)


# --- set-up: the 13 cards kept, the selection disc's Caballero --------------------------------------

def _kept(raw: Any) -> list[int] | None:
    """A list of values, or a form's counts ({"10": 1, ...}), as a sorted list (None: unreadable)."""
    if isinstance(raw, Mapping):
        try:
            raw = [int(k) for k, n in raw.items() if n]
        except (TypeError, ValueError):
            return None
    if not isinstance(raw, list) or any(isinstance(v, bool) or not isinstance(v, int)
                                        for v in raw):
        return None
    return sorted(raw)


@handles("keep", "keep")
def _keep(log: Log, cmd: Command, d: Decision) -> None:
    cards = _kept(cmd.get("cards"))
    deck = card_pool(log.state)
    if cards is None or len(set(cards)) != KEEP or len(cards) != KEEP \
            or not set(cards) <= set(deck):
        raise RuleError.of(K + "keep", keep=KEEP, count=len(deck), cards=list(deck),
                           allowed=list(deck))
    log.add(Event("secret_submitted", {"seat": cmd.seat, "kind": KEEP_KIND, "choice": cards}))


def card_pool(s: KIState) -> tuple[int, ...]:
    """The cards each player keeps 13 of: the base 18 and the modules' in play."""
    return s.ki.deck()


def secret_options(s: KIState, seat: int) -> list[Any]:
    assert s.secret is not None
    if s.secret.kind == SETUP_DISC:
        return [r for r in REGION_IDS if r != s.king]
    if s.secret.kind == DISC:
        return list(REGION_IDS)
    return CARDS[s.secret.kind].secret_options(s, seat)


@handles("secret", "secret")
def _secret(log: Log, cmd: Command, d: Decision) -> None:
    s = log.state
    assert s.secret is not None
    choice, options = cmd.get("choice"), secret_options(s, cmd.seat)
    if choice not in options:
        key = "setup_disc_king" if choice == s.king and s.secret.kind == SETUP_DISC \
            else "secret_choice"
        raise RuleError.of(K + key, choice=choice, kind=s.secret.kind, allowed=options)
    log.add(Event("secret_submitted", {"seat": cmd.seat, "kind": s.secret.kind, "choice": choice}))


@handles("resolve", "resolve")
def _resolve(log: Log, cmd: Command, d: Decision) -> None:
    s = log.state
    assert s.secret is not None
    kind, choices = s.secret.kind, dict(s.secret.choices)
    if kind == KEEP_KIND:  # never revealed: each seat learns only its own hand (views.redact)
        pool = len(card_pool(s))
        log.add(Event("hands_kept", {"hands": {str(k): v for k, v in sorted(choices.items())},
                                     **({"pool": pool} if pool > len(POWER_VALUES) else {})}))
        return
    if kind == hurricane.KIND:  # set, not revealed: shown as its holder's turn starts
        log.add(*(Event("hurricane_disc_set", {"seat": w, "region": r})
                  for w, r in sorted(choices.items())))
        return
    log.add(Event("secrets_revealed", {"kind": kind,
                                       "choices": {str(k): v for k, v in choices.items()}}))
    if kind == SETUP_DISC:
        moves = [{"seat": seat, "from": "provinces", "to": region, "count": SETUP_CABALLEROS}
                 for seat, region in sorted(choices.items())]
        log.add(moved(moves, "setup_disc"), Event("round_started", {"round": 1}))
        return
    if kind == DISC:
        general_scoring(log, choices, score=partial(doubled_score, marks=dict(s.doubles)))
        return
    t = log.state.turn
    assert t is not None and t.action is not None
    log.add(*CARDS[kind].resolve(log.state, t.seat, t.action, choices))


def doubled_score(s: KIState, place: str, marks: Mapping[str, int]) -> dict[str, Any]:
    """A place's general-scoring payload, its points and bonuses doubled under a 2x marker."""
    payload = score_place(s, place)
    if place not in marks:
        return payload
    return {**payload, "points": [2 * p for p in payload["points"]],
            "bonuses": {k: {b: 2 * n for b, n in v.items()} for k, v in payload["bonuses"].items()},
            "doubled": True}


# --- power cards and the round cards ----------------------------------------------------------------

def power_order(s: KIState) -> list[int]:
    return [(s.first_player + i) % s.players for i in range(s.players)]


def legal_power_cards(s: KIState, seat: int) -> list[int]:
    if flow.joker_waiting(s) == seat:
        return flow.joker_cards(s, seat)
    taken = set(s.power_played.values())
    return sorted(c for c in s.hands[seat] if c not in taken)


@handles("play_power", "power_card")
def _play_power(log: Log, cmd: Command, d: Decision) -> None:
    s, seat, card = log.state, cmd.seat, cmd.get("card")
    legal = legal_power_cards(s, seat)
    if isinstance(card, bool) or not isinstance(card, int):
        raise RuleError.of("el-grande.refuse.power_number", value=card, allowed=legal)
    if card not in legal:
        why = "power_played" if card in s.power_played.values() else "power_not_in_hand"
        raise RuleError.of(f"el-grande.refuse.{why}", card=card, allowed=legal)
    joker = {"joker": True} if flow.joker_waiting(s) == seat else {}
    log.add(Event("power_played", {"seat": seat, "card": card, **joker}))


def round_cards_event(s: KIState) -> Event:
    """Highest value: the King card; then the Caballero cards, descending; lowest: the Intrigue."""
    order = sorted(s.power_played, key=lambda seat: -s.power_played[seat])
    places = ROUND_CARDS[s.players]
    lost = not holders_choose(s)  # (with 4-5 players: the round card's action alone,
    # which the holder is told, since the power card's action is then not played)
    cards = []
    for rank, seat in enumerate(order):
        kind = round_card_kind(rank, s.players)
        only = {"only": True} if lost and kind in (KING_CARD, INTRIGUE_CARD) \
            and ALL_CARDS[s.power_played[seat]].action != ROUND_CARD_ACTIONS[kind] else {}
        # (not the 180's The King: it is the round card's action too)
        cards.append({"seat": seat, "card": kind, "places": places[rank],
                      "power": s.power_played[seat], **only})
    return Event("round_cards_taken", {"cards": cards})


# --- a turn -----------------------------------------------------------------------------------------

handles("cross", "cross")(crossing.handle)
handles("guard", "guard")(guard.handle)


@handles("choose_action", "choose_action")
def _choose_action(log: Log, cmd: Command, d: Decision) -> None:
    s = log.state
    card = cmd.get("card")
    if card not in s.choice:
        raise RuleError.of(K + "choose_action", choices=list(s.choice), allowed=s.choice)
    log.add(Event("action_chosen", {"seat": cmd.seat, "card": card}))


def placement_targets(s: KIState) -> list[str]:
    """Next to the King's region and the Castillo (El Grande's), or with card 20 done any region
    but the King's, and the Castillo."""
    if s.free_placement:
        return flow.free_targets(s)
    return flow.taboo_targets(s, eg.placement_targets(s))


@handles("place", "act")
def _place(log: Log, cmd: Command, d: Decision) -> None:
    s, seat = log.state, cmd.seat
    assert s.turn is not None
    if s.turn.placed:
        raise RuleError.of("el-grande.refuse.placed_already", allowed=["special", "decline"])
    if s.turn.action is not None:
        raise RuleError.of("el-grande.refuse.action_under_way")
    raw = cmd.get("places") or {}
    targets, most = placement_targets(s), eg.placement_max(s, seat)
    if not isinstance(raw, Mapping):
        raise RuleError.of("el-grande.refuse.places_shape",
                           allowed={"places": targets, "max": most})
    places: dict[str, int] = {}
    for place, n in raw.items():
        if place not in targets:
            key = ("king-and-intrigue.refuse.place_free_king" if s.free_placement
                   else "el-grande.refuse.place_king") if place == s.king \
                else "el-grande.refuse.place_not_next"
            raise RuleError.of(key, place=str(place), allowed={"places": targets, "max": most})
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise RuleError.of("el-grande.refuse.place_number", place=place, value=n)
        if n:
            places[place] = n
    if sum(places.values()) > most:
        raise RuleError.of("el-grande.refuse.place_max", most=most, stack=s.turn.stack,
                           court=s.court[seat], allowed={"places": targets, "max": most})
    log.add(Event("caballeros_placed", {"seat": seat, "places": places}))


@handles("special", "act")
def _special(log: Log, cmd: Command, d: Decision) -> None:
    s, seat = log.state, cmd.seat
    t = s.turn
    assert t is not None and t.card is not None
    if t.special_done:
        key = "veto_card" if t.card == "veto" else "special_done"
        raise RuleError.of(f"el-grande.refuse.{key}", allowed=["place"] if not t.placed else [])
    clean, steps = CARDS[t.card].declare(s, seat, cmd.params)
    log.add(Event("special_declared", {"seat": seat, "card": t.card, "params": clean,
                                       "steps": steps, "veto_queue": eg.veto_queue(s, seat)}))


# --- what happens by itself -------------------------------------------------------------------------

def _open(kind: str, seats: list[int]) -> Event:
    return Event("secret_opened", {"kind": kind, "seats": seats})


def _next_automatic(s: KIState) -> list[Event]:
    """The events that follow by themselves from this state, or [] when someone must decide."""
    settling = flow.automatic(s)
    if settling:
        return settling
    if s.phase == "setup" and s.secret is None:
        if any(len(h) > KEEP for h in s.hands):
            pool = len(card_pool(s))
            if pool > len(POWER_VALUES):  # a module's larger pool, for the log's sentence
                return [Event("secret_opened", {"kind": KEEP_KIND, "seats": list(s.seats()),
                                                "context": {"pool": pool}})]
            return [_open(KEEP_KIND, list(s.seats()))]
        return [_open(SETUP_DISC, list(s.seats()))]
    if s.phase == "between":
        due = GENERAL_SCORING_ROUNDS.index(s.round) + 1 if s.round in GENERAL_SCORING_ROUNDS else 0
        if s.scorings_done < due:
            if s.rules >= 2 and any(s.mods.guards.values()):  # the Guards are asked first
                return [Event("general_scoring_started", {"number": due})]
            return [Event("general_scoring_started", {"number": due}),
                    _open(DISC, list(s.seats()))]
        if s.round >= ROUNDS:
            return [Event("game_ended", {"ranking": final_ranking(s.scores),
                                         "scores": list(s.scores), "seed": s.seed})]
        return [Event("round_started", {"round": s.round + 1})]
    if s.phase == "power":
        waiting = [x for x in power_order(s) if x not in s.power_played]
        if not waiting and s.mods.joker is not None:
            return flow.joker_automatic(s)
        if not waiting:
            return [round_cards_event(s)]
        legal = legal_power_cards(s, waiting[0])
        if len(legal) == 1:
            return [Event("power_played", {"seat": waiting[0], "card": legal[0], "forced": True})]
        return []
    if s.phase == "scoring" and s.secret is None and s.turn is None and s.rules >= 2:
        # rules version 2: the discs once every Royal Guard's owner has chosen
        return [] if guard.general_waiting(s) else [_open(DISC, list(s.seats()))]
    if s.phase != "turns":
        return []
    if s.secret is not None and s.secret.kind == hurricane.KIND:
        return []  # the Hurricane's disc is being set: nobody takes anything meanwhile
    disc = hurricane.automatic(s)
    if disc:
        return disc
    t = s.turn
    if t is None:
        return [Event("round_ended", {"round": s.round, "discarded": []})]
    if t.step == "take":
        if crossing.due(s):
            return []
        low, high = eg.take_bounds(s, t.seat)
        if high == 0 or (low == high and high <= s.provinces[t.seat]):
            return [Event("caballeros_taken", {"seat": t.seat, "provinces": high, "regions": {},
                                               "forced": True})]
        return []
    if t.step == "choose":
        return []
    a = t.action
    if a is not None:
        if a.stage == "run":
            events = CARDS[a.card].run(s, t.seat, a)
            return [] if guard.waiting(s, events) else events
        if a.stage == "vetoed":
            return [Event("special_done", {"seat": t.seat, "vetoed": True})]
        if a.stage == "respond":
            if not a.responders:
                return [Event("special_done", {"seat": t.seat})]
            forced = KINGS_RETURN.forced(s, a.responders[0])  # type: ignore[attr-defined]
            if forced is not None:
                return [eg._return_event(s, a.responders[0], forced)]
        return []
    if not t.placed and t.special_done and s.court[t.seat] == 0:
        return [Event("caballeros_placed", {"seat": t.seat, "places": {}, "forced": True})]
    if t.placed and t.special_done:
        return [Event("turn_ended", {"seat": t.seat})]
    return []


def advance(log: Log) -> None:
    while True:
        events = _next_automatic(log.state)
        if not events:
            return
        log.add(*events)


# --- pending decisions ------------------------------------------------------------------------------

def keep_form(default: list[int], deck: tuple[int, ...] = POWER_VALUES) -> Form:
    """Exactly 13 of the deck's values, a box to tick per card (not a number per card); with a
    module the deck is larger: "13 of your 29/28/39"."""
    field = Field("cards", Subset(tuple(deck), "power_card", KEEP, KEEP),
                  default=list(default),
                  label=Message("ki.ask.keep.cards", {"rest": len(deck) - KEEP}))
    return Form((Answer("keep", (field,), submit=Message("ki.ask.keep.submit")),),
                title=Message("ki.ask.keep", {"pool": len(deck)}))


def choose_action_form(actions: list[str]) -> Form:
    field = Field("card", OneOf(tuple(actions), "card"), label=Message("ki.ask.choose_action"))
    return Form((Answer("choose_action", (field,)),), title=Message("ki.ask.choose_action"))


def pending(s: KIState) -> list[Decision]:
    if s.phase == "power":
        waiting = [x for x in power_order(s) if x not in s.power_played]
        joker = flow.joker_waiting(s)
        if not waiting and joker is None:
            return []
        seat = waiting[0] if waiting else joker
        assert seat is not None
        cards = legal_power_cards(s, seat)
        return [Decision(seat, "power_card",
                         options=[{"type": "play_power", "card": c} for c in cards],
                         # the Joker's replacement: its texts say so (not "play a power card"
                         # again, as if the Joker had not been played)
                         info={"joker": True} if not waiting else {},
                         build_form=lambda: asks.power_card_form(cards))]
    if s.secret is not None:
        return _secret_decisions(s)
    asked = guard.general_waiting(s)
    if asked:
        return [guard.decision(*asked, general=True)]
    if s.phase != "turns" or s.turn is None:
        return []
    t = s.turn
    if crossing.due(s):
        return [crossing.decision(s)]
    if t.step == "take":
        low, high = eg.take_bounds(s, t.seat)
        board = s.on_board(t.seat)
        return [Decision(t.seat, "take", constraint={
            "commands": ["take"], "count": {"min": low, "max": high},
            "provinces": s.provinces[t.seat],
            "regions_if_provinces_short": board},
            build_form=lambda: asks.take_form(low, high, s.provinces[t.seat], board,
                                              eg._fill_regions(s, t.seat, high, None)))]
    if t.step == "choose":
        choice = list(s.choice)
        return [Decision(t.seat, "choose_action",
                         options=[{"type": "choose_action", "card": c} for c in choice],
                         info={"round_card": s.round_cards[t.seat][0]},
                         build_form=lambda: choose_action_form(choice))]
    a = t.action
    if a is None:
        return [_act_decision(s)]
    if a.stage == "run":
        asked = guard.waiting(s, CARDS[a.card].run(s, t.seat, a))
        return [guard.decision(*asked)] if asked else []
    info = {"active": t.seat, "card": a.card, "steps": list(a.steps),
            "params": hidden_params(a.card, a.params, t.seat, None)}
    if a.stage == "veto":
        return [Decision(a.veto_queue[0], "veto", options=[{"type": "allow"}, {"type": "veto"}],
                         constraint={"steps": list(range(len(a.steps)))}
                         if len(a.steps) > 1 else None, info=info,
                         build_form=lambda: asks.veto_form(t.seat, a.card, a.steps))]
    if a.stage == "respond" and a.responders:
        who = a.responders[0]
        need, regions = return_options(s, who)
        return [Decision(who, "return", constraint={"commands": ["return"], "count": need,
                                                    "court": s.court[who], "regions": regions},
                         info=info,
                         build_form=lambda: asks.return_form(
                             need, s.court[who], regions,
                             eg._default_return(need, s.court[who], regions)))]
    return []


def _act_decision(s: KIState) -> Decision:
    t = s.turn
    assert t is not None and t.card is not None
    constraint: dict[str, Any] = {"card": t.card}
    place = None
    if not t.placed:
        place = (placement_targets(s), eg.placement_max(s, t.seat))
        constraint["place"] = {"places": place[0], "max": place[1]}
    possible = None
    if not t.special_done:
        possible = CARDS[t.card].possible(s, t.seat)
        if possible:
            constraint["special"] = CARDS[t.card].constraint(s, t.seat)
    # the command types that answer it (the generic command language reads them)
    constraint["commands"] = [c for c, on in (("place", place is not None),
                                              ("special", bool(possible)),
                                              ("decline", possible is not None)) if on]

    def form() -> Form:
        special = None if possible is None else (
            CARDS[t.card].answers(s, t.seat) if possible else ())
        why = getattr(CARDS[t.card], "why_impossible", None)
        return asks.act_form(t.card, place, special,
                             why(s, t.seat) if why is not None and possible is False else None)

    return Decision(t.seat, "act", constraint=constraint,
                    info={"placed": t.placed, "special_done": t.special_done}, build_form=form)


def _secret_decisions(s: KIState) -> list[Decision]:
    assert s.secret is not None
    if s.secret.complete:
        return [Decision(None, "resolve", options=[{"type": "resolve"}],
                         info={"kind": s.secret.kind})]
    info: dict[str, Any] = {"kind": s.secret.kind, **s.secret.context}
    out = []
    if s.secret.kind == KEEP_KIND:
        for seat in s.secret.seats:
            if seat not in s.secret.choices:
                out.append(Decision(seat, "keep", secret=True,
                                    constraint={"commands": ["keep"], "cards": KEEP,
                                                "from": list(card_pool(s))},
                                    info=info,
                                    build_form=partial(keep_form, list(DEFAULT_KEEP),
                                                       card_pool(s))))
        return out
    if s.secret.kind == DISC:
        info["warning"] = {"key": "disc.king_region", "king": s.king}
    for seat in s.secret.seats:
        if seat not in s.secret.choices and not (s.secret.kind == DISC
                                                 and flow.spy_waits(s, seat)):
            choices = secret_options(s, seat)
            note = eg.disc_note(s, seat) if s.secret.kind == DISC \
                else CARDS[s.secret.kind].secret_note(s, seat) if s.secret.kind in CARDS else None
            out.append(Decision(seat, "secret", secret=True,
                                options=[{"type": "secret", "choice": c} for c in choices],
                                info=info, build_form=partial(asks.secret_form, s.secret.kind,
                                                              choices, note)))
    return out


# --- default and random moves -----------------------------------------------------------------------

def default_command(s: KIState, d: Decision) -> Command:
    """The safe move applied when a decision's deadline passes (documented in the README), chosen
    among what the decision's form offers (`d.form`).

    Keep: the 13 of `DEFAULT_KEEP` (the form's preset). Choosing the action: the round card's
    (the King's move or the Intrigue). The Royal Guard stays on its card. The Bridge: nothing
    crosses (the form's preset). Everything else as in El Grande: the lowest legal power card,
    take as many as allowed from the provinces (never from the board), place as many as allowed
    into the Castillo then decline the special action, allow the Veto's question, return from
    court first, a secret region holding most of the player's Caballeros (the selection disc:
    never the King's region)."""
    if d.kind in ("keep", "cross"):
        answer = formspace.answer_of(d.form, d.kind)
        assert answer is not None
        return Command(d.kind, d.seat, formspace.preset(answer))
    if d.kind == "choose_action":
        cards = formspace.field_of(formspace.answer_of(d.form, "choose_action"), "card")
        assert isinstance(cards, OneOf)
        return Command("choose_action", d.seat, {"card": cards.options[0]})
    if d.kind == "guard":  # the Royal Guard before a special scoring: it stays on its card
        return guard.default(d)
    return eg.default_command(s, d)


def sample_command(s: KIState, d: Decision, rng: random.Random) -> Command:
    """A random legal command for the decision (every kind of move gets its chance)."""
    seat = d.seat
    if d.kind == "keep":
        return Command("keep", seat, {"cards": sorted(rng.sample(card_pool(s), KEEP))})
    if d.kind == "cross":
        return crossing.sample(s, seat, rng)
    if d.kind == "guard":
        return Command("guard", seat, {"to": rng.choice(d.options or [])["to"]})
    if d.kind != "act":
        return eg.sample_command(s, d, rng)
    choices = []
    if "place" in d.constraint:
        choices.append("place")
    if "special" in d.constraint:
        choices += ["special", "special", "decline"]
    elif not d.info["special_done"]:
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


def power_caballeros(card: int) -> int:
    return ALL_CARDS[card].caballeros
