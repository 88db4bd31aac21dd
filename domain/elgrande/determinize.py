"""Determinisation: a full `State` consistent with what one seat can see.

A bot (or any search) sees only `views.view(state, seat)`. To simulate the game forward it needs a
complete state, so the hidden parts are sampled:

- other seats' Castillo counts (and so their provinces) under `castillo_visibility=memory`: each
  seat's provinces + Castillo is 30 minus its public court and region counts; the Castillo part is
  drawn from a prior bounded by how many turns that seat had since the Castillo was last emptied;
- the face-down action cards: which cards are left in each stack (the view gives only how many), and
  the future reveals (a fresh random seed replaces the game's secret one);
- power cards another seat took back privately: drawn from its played cards other than the visible
  top of its discard pile, and the order of its discard pile below the top;
- other seats' secret choices already submitted but not revealed: drawn from their legal options;
- the rounds in which Veto cards were taken (the view gives only how many each seat holds).

The result agrees with the view exactly: `views.view(determinize(v, rng), v["you"]) == v`.
What the view lacks (the public log's history: Castillo additions, cards revealed in earlier rounds,
when a Veto was taken) is sampled, never read from the real state.
"""

from __future__ import annotations

import random
from typing import Any

from domain.core.decisions import Decision
from domain.core.events import thaw
from domain.elgrande.data import (
    CABALLEROS_PER_PLAYER,
    CASTILLO,
    GENERAL_SCORING_ROUNDS,
    KING_STACK,
    PLACES,
    POWER_CARDS,
    REGION_IDS,
    SCOREBOARDS,
    stack_contents,
)
from domain.elgrande.options import Options
from domain.elgrande.state import Action, Secret, State, Turn


class ViewError(ValueError):
    """The view cannot be turned into a state (not an El Grande seat's view of a started game)."""


def determinize(view: dict[str, Any], rng: random.Random, decision: Decision | None = None) -> State:
    """A complete state agreeing with `view` (a seat's view), hidden parts drawn with `rng`.

    `decision` (the seat's own pending decision, if any) settles who plays the next power card when
    nobody has played one yet this round: the view does not say who leads the round.
    """
    seat = view.get("you")
    players = view.get("players")
    if view.get("game") != "el-grande" or not players or seat not in range(players):
        raise ViewError("determinize needs a seat's view of a started El Grande game")
    view = thaw(view)  # plain copies: never share mutable parts with the caller (or the real state)
    s = State()
    s.players = players
    s.rules = view.get("rules", 1)  # the game's rules version
    s.options = Options.parse(view["options"])
    s.seed = f"determinized-{rng.getrandbits(64):016x}"
    s.phase = view["phase"]
    s.round = view["round"]
    s.king = view["king"]
    s.scorings_done = view["scorings_done"]
    s.ranking = view["ranking"]
    seats = view["seats"]
    s.scores = [x["score"] for x in seats]
    s.court = [x["court"] for x in seats]
    s.grandes = [x["grande"] for x in seats]
    s.places = {p: [0 if c is None else c for c in view["places"][p]["counts"]] for p in PLACES}
    s.scoreboards = dict.fromkeys(SCOREBOARDS)
    for p in PLACES:
        board = view["places"][p]["scoreboard"]
        if board is not None:
            s.scoreboards[board] = p
    _board_counts(s, view, seats, rng)
    _cards(s, seats, rng)
    _flow(s, view, seat, decision)
    _action_stacks(s, view)
    _hidden_card_back(s, rng)
    _sample_stacks(s, view, rng)
    _vetoes(s, view, seats)
    _secret(s, view, seat, rng)
    return s


def _board_counts(s: State, view: dict[str, Any], seats: list[dict[str, Any]],
                  rng: random.Random) -> None:
    s.provinces = [0] * s.players
    for x in seats:
        w = x["seat"]
        if x["provinces"] is not None and x["castillo"] is not None:
            s.provinces[w] = x["provinces"]
            s.places[CASTILLO][w] = x["castillo"]
            continue
        rest = CABALLEROS_PER_PLAYER - s.court[w] - sum(s.places[r][w] for r in REGION_IDS)
        if rest < 0:
            raise ViewError(f"seat {w} shows more than {CABALLEROS_PER_PLAYER} Caballeros")
        castillo = rng.randint(0, min(rest, castillo_bound(view, w)))
        s.places[CASTILLO][w] = castillo
        s.provinces[w] = rest - castillo


def castillo_bound(view: dict[str, Any], seat: int) -> int:
    """At most how many Caballeros `seat` can have put in the Castillo since it was last emptied.

    A turn adds at most 5 by placement and a few more by its special action; 7 per turn is a
    generous bound (the prior is uniform up to it, then clipped by the seat's 30).
    """
    rounds = view["rounds"]
    last_scoring = max((r for r in GENERAL_SCORING_ROUNDS[: view["scorings_done"]]), default=0)
    done = [r for r in rounds if last_scoring < r < view["round"]]
    turns = len(done)
    if view["phase"] in ("between", "scoring", "over") and view["round"] > last_scoring:
        turns += 1
    elif seat in view["turn_order"]:
        turn = view["turn"]
        index = view["turn_order"].index(seat)
        current = view["turn_order"].index(turn["seat"]) if turn else len(view["turn_order"])
        if index < current or (turn and turn["seat"] == seat and turn["step"] == "act"):
            turns += 1
    return 7 * turns


def _cards(s: State, seats: list[dict[str, Any]], rng: random.Random) -> None:
    s.hands, s.discards, s.private_returns = [], [], []
    for x in seats:
        visible = set(x["hand"])
        if x["discards"] is not None:  # the seat's own pile (or the game is over)
            s.hands.append(visible)
            s.discards.append(list(x["discards"]))
            s.private_returns.append(set())  # unknown but irrelevant to the rules and this view
            continue
        top = x["discard_top"]
        played = [c for c in POWER_CARDS if c not in visible and c != top]
        hidden = set(rng.sample(played, x["hand_hidden"]))
        below = [c for c in played if c not in hidden]
        rng.shuffle(below)
        s.hands.append(visible | hidden)
        s.discards.append([*below, top] if top is not None else below)
        s.private_returns.append(hidden)


def _flow(s: State, view: dict[str, Any], seat: int, decision: Decision | None) -> None:
    rounds = view["rounds"]
    index = rounds.index(s.round) if s.round in rounds else 0
    s.rounds_played = index + (1 if s.phase in ("between", "scoring", "over") else 0)
    s.power_played = {int(k): v for k, v in view["power_played"].items()}
    s.turn_order = list(view["turn_order"])
    n = s.players
    s.last_scoring = view.get("last_scoring")  # public: every scoring is seen by all
    if "first_player" in view:  # public too: who played the round's first power card
        s.first_player = view["first_player"]
        if s.phase == "power":
            s.last_player = s.first_player
    elif s.phase == "power":
        if decision is not None and decision.kind == "power_card" and decision.seat is not None:
            s.first_player = (decision.seat - len(s.power_played)) % n
        elif s.power_played:
            s.first_player = next(iter(s.power_played))  # the view keeps the order of play
        else:
            s.first_player = seat
        s.last_player = s.first_player
    turn = view["turn"]
    if s.phase == "turns":
        s.turn_index = s.turn_order.index(turn["seat"]) if turn else len(s.turn_order)
        if s.turn_index:
            s.last_player = s.turn_order[s.turn_index - 1]
    if s.phase in ("between", "scoring", "over") and s.turn_order:
        s.last_player = s.turn_order[-1]
    if turn is not None:
        a = turn["action"]
        action = None
        if a is not None:
            if a["card"] == "power_card_back" and a["params"].get("card", 0) is None:
                a["params"]["card"] = _HIDDEN  # drawn once the discard piles are known
            action = Action(card=a["card"], params=a["params"], steps=a["steps"],
                            stopped=set(a["stopped"]), veto_queue=a["veto_queue"], stage=a["stage"],
                            responders=a["responders"])
        s.turn = Turn(seat=turn["seat"], power=turn["power"], step=turn["step"], stack=turn["stack"],
                      card=turn["card"], placed=turn["placed"], special_done=turn["special_done"],
                      action=action)


_HIDDEN = "hidden"


def _hidden_card_back(s: State, rng: random.Random) -> None:
    """Another seat declared taking back a power card privately: which one is hidden (any of its
    played cards but the top one, which would have been public)."""
    a = s.turn.action if s.turn is not None else None
    if a is None or a.card != "power_card_back" or a.params.get("card") != _HIDDEN:
        return
    pile = s.discards[s.turn.seat]
    a.params["card"] = rng.choice(pile[:-1] or pile)


def _action_stacks(s: State, view: dict[str, Any]) -> None:
    s.face_up = {x["stack"]: x["card"] for x in view["cards"]["face_up"]}


def _sample_stacks(s: State, view: dict[str, Any], rng: random.Random) -> None:
    """Which cards are left face down: unknown beyond their number (the view has no history)."""
    known_gone: dict[int, list[str]] = {k: [] for k in (1, 2, 3, 4)}
    for stack, card in s.face_up.items():
        if stack != KING_STACK:
            known_gone[stack].append(card)
    if s.turn is not None and s.turn.stack in known_gone and s.turn.card is not None:
        known_gone[s.turn.stack].append(s.turn.card)
    held = sum(x["vetoes"] for x in view["seats"])
    known_gone[2].extend(["veto"] * held)
    s.stacks = {}
    for stack in (1, 2, 3, 4):
        pool = stack_contents(stack)
        for card in known_gone[stack]:
            if card in pool:
                pool.remove(card)
        left = view["cards"]["face_down_left"].get(str(stack), 0)
        if left > len(pool):  # cannot happen with a consistent view; fall back to the full stack
            pool = stack_contents(stack)
        s.stacks[stack] = rng.sample(pool, left)


def _vetoes(s: State, view: dict[str, Any], seats: list[dict[str, Any]]) -> None:
    """Veto cards held: the view gives their number, not when each was taken (it matters only for
    when it expires). A Veto counts as taken this round if its holder already had a turn this round
    and stack 2's card is gone; otherwise in the previous round."""
    s.vetoes = {}
    stack_2_gone = 2 not in s.face_up and s.phase == "turns"
    for x in seats:
        if not x["vetoes"]:
            continue
        w = x["seat"]
        had_turn = False
        if s.phase == "turns" and w in s.turn_order:
            had_turn = s.turn_order.index(w) < s.turn_index or (
                s.turn is not None and s.turn.seat == w and s.turn.card == "veto")
        rounds = [s.round - 1] * x["vetoes"]
        if had_turn and stack_2_gone:
            rounds[-1] = s.round
        s.vetoes[w] = rounds


def _secret(s: State, view: dict[str, Any], seat: int, rng: random.Random) -> None:
    sv = view["secret"]
    if sv is None:
        s.secret = None
        return
    s.secret = Secret(kind=sv["kind"], seats=list(sv["seats"]), context=dict(sv["context"]))
    from domain.elgrande.rules import secret_options  # rules imports this module's neighbours

    for w in sv["submitted"]:
        if w == seat:
            s.secret.choices[w] = sv["your_choice"]
            continue
        options = secret_options(s, w)
        if s.secret.kind == "disc":
            options = [r for r in options if r != s.king] or options
        s.secret.choices[w] = rng.choice(options)
