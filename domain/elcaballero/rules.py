"""El Caballero's decider: create, decide, pending decisions, default and random moves.

`decide` checks a command against the pending decision, turns it into events (`actions`), then
plays out everything that follows by itself (the only legal power card, a round's end, a scoring,
the refill of the face-up tiles, the next round, the game's end) until the game waits for somebody
again: the automatic events are part of the same batch, so the log never holds a half-finished step.

A turn is a sequence of commands ending with `end_turn`, refused while the mandatory terrain tile
(two with the 9) can still be laid. Power cards are played openly one after the other, as the seed
says (each player "joue une carte pouvoir de son choix", never one already played this round).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.core import formspace
from domain.core.commands import Command
from domain.core.constraints import OneOf
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.core.rng import draw_rng, seed_commitment
from domain.elcaballero import board as b
from domain.elcaballero import forms
from domain.elcaballero import options as opts
from domain.elcaballero.actions import ACTIONS, Log, alcalde_targets, placements_json, tiles_to_lay
from domain.elcaballero.data import (
    FACE_UP,
    PER_TURN,
    POWER_CABALLEROS,
    ROUNDS,
    SCORING_ROUNDS,
    TILE,
    TILE_IDS,
)
from domain.elcaballero.evolve import fold
from domain.elcaballero.geometry import SIDES, cell_json
from domain.elcaballero.refusals import refuse
from domain.elcaballero.scoring import final_ranking, score
from domain.elcaballero.state import State

MIN_PLAYERS, MAX_PLAYERS = 2, 4
RULES_VERSION = 2
"""The rules version new games are created under (stored in `game_created` as "rules", folded into
`State.rules`). Version 1 is the rules as they stood before issue 22; version 2 adds, each only for
games created under it: a Caballero tile taken back sends its ships to court (`actions`), the
compulsory tile falls back next to an opponent's Caballero tile when none fits beside one's own
(`board.lay_options`), two Alcaldes joined in one region (`actions.lay_tile_event`), and a tile laid
with the Grande costing its highest land number only (`actions`). A record keeps deciding by its own
version, so `pbem verify` of an older record gives the outcome it had."""
SETUP_FIELDS = ("start", "stack", "first_player")


# --- creation ----------------------------------------------------------------------------------

def create(players: int, options: Mapping[str, Any] | None, seed: str,
           setup: Mapping[str, Any] | None = None) -> list[Event]:
    """The opening events: options, the start tile and the 5 face-up tiles, round 1.

    A given `setup` may fix `start` (a tile id with neither gold nor fish), `stack` (tile ids drawn
    first, in this order, top first; the rest are drawn at random) and `first_player` (a seat).
    """
    if isinstance(players, bool) or not isinstance(players, int) \
            or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise refuse("players", low=MIN_PLAYERS, high=MAX_PLAYERS, count=str(players),
                     allowed={"min": MIN_PLAYERS, "max": MAX_PLAYERS})
    chosen = opts.parse(options)
    if setup is not None and not isinstance(setup, Mapping):
        raise refuse("setup_shape", allowed=list(SETUP_FIELDS))
    given = dict(setup or {})
    unknown = sorted(set(given) - set(SETUP_FIELDS))
    if unknown:
        raise refuse("setup_fields", fields=unknown, allowed=list(SETUP_FIELDS))
    rng = draw_rng(seed, 0)
    plain = [t for t in TILE_IDS if TILE[t].plain]
    start = given.get("start", rng.choice(plain))
    if start not in plain:
        raise refuse("setup_start", allowed=plain)
    stack = given.get("stack", [])
    if (not isinstance(stack, list) or any(t not in TILE for t in stack)
            or len(set(stack)) != len(stack) or start in stack):
        raise refuse("setup_stack", allowed=[t for t in TILE_IDS if t != start])
    first = given.get("first_player", rng.randrange(players))
    if isinstance(first, bool) or not isinstance(first, int) or first not in range(players):
        raise refuse("setup_first", last=players - 1, allowed=list(range(players)))
    created = Event("game_created", {"game": "el-caballero", "rules": RULES_VERSION,
                                     "players": players, "options": chosen, "seed": seed,
                                     "seed_hash": seed_commitment(seed), "given_stack": stack})
    s = fold([created])
    s.stack.remove(start)
    face_up = _draw(s, FACE_UP, rng)
    opening = [created,
               Event("setup_drawn", {"start": start, "face_up": face_up, "first_player": first,
                                     "draws": 1}),
               Event("round_started", {"round": 1, "power_order": [(first + i) % players
                                                                   for i in range(players)]})]
    log = Log(fold(opening))
    advance(log)
    return opening + log.events


def _draw(s: State, n: int, rng: random.Random) -> list[str]:
    """`n` tiles off the stack: the given order first, then uniformly among those left."""
    left = list(s.stack)
    out = []
    for _ in range(min(n, len(left))):
        given = [t for t in s.given_stack if t in left]
        tile = given[0] if given else left[rng.randrange(len(left))]
        left.remove(tile)
        out.append(tile)
    return out


# --- deciding ----------------------------------------------------------------------------------

def decide(state: State, command: Command) -> list[Event]:
    if state.phase == "over":
        raise refuse("over")
    waiting = _waiting(state)
    if waiting is None or waiting[0] != command.seat:
        raise refuse("not_your_move", seat=waiting[0], allowed=[]) if waiting \
            else refuse("nobody", allowed=[])
    seat, kind = waiting
    log = Log(state)
    if kind == "power_card":
        if command.type != "power":
            raise refuse("play_power", type=str(command.type), allowed=["power"])
        legal = legal_power_cards(state, seat)
        card = command.get("card")
        if card not in legal or isinstance(card, bool):
            raise refuse("power_played" if card in state.power_played.values() else "power_hand",
                         card=str(card), allowed=legal)
        log.add(Event("power_played", {"seat": seat, "card": card}))
    else:
        handler = ACTIONS.get(command.type)
        if handler is None:
            raise refuse("unknown_command", type=str(command.type), allowed=sorted(ACTIONS))
        handler(log, command)
    advance(log)
    return log.events


def _waiting(s: State) -> tuple[int, str] | None:
    """Who must decide what now (what `pending` says, without computing its options)."""
    if s.phase == "power":
        return next(x for x in s.power_order if x not in s.power_played), "power_card"
    if s.phase == "turns" and s.turn is not None:
        return s.turn.seat, "turn"
    return None


def legal_power_cards(s: State, seat: int) -> list[int]:
    taken = set(s.power_played.values())
    return sorted(c for c in s.hands[seat] if c not in taken)


def rounds(s: State) -> int:
    return ROUNDS[s.advanced]


def _next_automatic(s: State) -> list[Event]:
    if s.phase == "power":
        seat = next(x for x in s.power_order if x not in s.power_played)
        legal = legal_power_cards(s, seat)
        if len(legal) == 1:
            return [Event("power_played", {"seat": seat, "card": legal[0], "forced": True})]
        return []
    if s.phase == "turns" and s.turn is None:
        return [Event("round_ended", {"round": s.round})]
    if s.phase != "between":
        return []
    if s.round in SCORING_ROUNDS[s.advanced] and \
            not any(x["round"] == s.round for x in s.scorings):
        return [Event("scored", score(s, len(s.scorings) + 1))]
    if s.round >= rounds(s):
        return [Event("game_ended", {"ranking": final_ranking(s.scores),
                                     "scores": list(s.scores), "seed": s.seed})]
    out = []
    need = FACE_UP - len(s.face_up)
    if need > 0 and s.stack:
        tiles = _draw(s, need, draw_rng(s.seed, s.draws))
        out.append(Event("tiles_refilled", {"tiles": tiles, "draws": 1}))
    out.append(Event("round_started", {"round": s.round + 1,
                                       "power_order": list(reversed(s.turn_order))}))
    return out


def advance(log: Log) -> None:
    while True:
        events = _next_automatic(log.state)
        if not events:
            return
        log.add(*events)


# --- pending decisions -------------------------------------------------------------------------

def pending(s: State) -> list[Decision]:
    if s.phase == "power":
        seat = next(x for x in s.power_order if x not in s.power_played)
        cards = legal_power_cards(s, seat)
        return [Decision(seat, "power_card",
                         options=[{"type": "power", "card": c} for c in cards],
                         info={"caballeros": {str(c): POWER_CABALLEROS[c] for c in cards}},
                         build_form=lambda: forms.power_form(cards))]
    if s.phase != "turns" or s.turn is None:
        return []
    constraint = turn_constraint(s)
    return [Decision(s.turn.seat, "turn", constraint=constraint,
                     build_form=lambda: forms.turn_form(constraint, s.advanced,
                                                        lambda kind, p: trial(s, kind, p)))]


def trial(s: State, kind: str, params: dict[str, Any]) -> int | None:
    """What one command of the turn costs if `decide` takes it now (None: it is refused), for the
    forms to list only what the engine takes, with its price."""
    assert s.turn is not None
    try:
        events = decide(s, Command(kind, s.turn.seat, params))
    except RuleError:
        return None
    return sum(int(e.get("cost") or 0) for e in events)  # type: ignore[arg-type]


def turn_constraint(s: State) -> dict[str, Any]:
    """What the player on turn may do now: the space of each command (the validator is `decide`)."""
    t = s.turn
    assert t is not None
    seat = t.seat
    left = tiles_to_lay(s)
    own = [(c, k) for c, k in sorted(s.knights.items()) if k.seat == seat]
    out: dict[str, Any] = {
        # The command types that answer the turn (any game's generic reader looks for this).
        "commands": sorted(ACTIONS),
        "card": t.card,
        "tiles_to_lay": left,
        "end_turn": left == 0,
        "court": s.court[seat],
        "face_up": [{"index": i, "tile": tile} for i, tile in enumerate(s.face_up)],
        "reinforce": None if t.reinforced else POWER_CABALLEROS[t.card],
        "own_tiles": [cell_json(c) for c, _ in own],
    }
    if left:
        out["lay_tile"] = {tile: placements_json(p)
                           for tile, p in b.lay_options(s, seat).items() if p}
    if t.knights < PER_TURN["knights"] and s.off_board[seat] > 0:
        out["lay_knight"] = [cell_json(c) for c in b.knight_cells(s)]
    if t.knights < PER_TURN["knights"] and t.raises < PER_TURN["raises"]:
        out["raise"] = [cell_json(c) for c, k in own if not k.grande and b.land_sides(s, c)]
    out["ship"] = {"buy": min(PER_TURN["ships"] - t.ships, s.ship_supply),
                   "from_court": s.court_ships[seat],
                   "sides": [{"at": cell_json(c), "edges": [SIDES[d] for d, _ in b.sea_sides(s, c)
                                                            if d not in k.ships]}
                             for c, k in own if any(d not in k.ships for d, _ in b.sea_sides(s, c))]}
    out["castle"] = {"build": min(PER_TURN["castillos"] - t.castillos, s.castillo_supply),
                     "tiles": [cell_json(c) for c, k in own if not k.castillo]}
    out["castillos"] = [cell_json(c) for c, k in own if k.castillo]
    out["ships_on"] = [{"at": cell_json(c), "edges": [SIDES[d] for d in k.ships]}
                       for c, k in own if k.ships]
    if s.advanced:
        where = s.grande_at(seat)
        out["grande"] = {"at": cell_json(where) if where else None,
                         "may_move": where is None or t.grande_moves < PER_TURN["grande_moves"]}
        out["alcalde"] = {"left": s.alcaldes_left[seat],
                          "regions": alcalde_targets(s, seat)}
    return out


# --- default and random moves ------------------------------------------------------------------

def default_command(s: State, d: Decision) -> Command:
    """The safe move when a decision's deadline passes, one the decision's form offers: one
    command, so that one passed deadline settles the whole decision (a turn does not wait for a
    second deadline to end).

    Power card: the lowest card left (most Caballeros, last to act). Turn: `end_turn`, with
    `lay: true` while a terrain tile is due (the form offers it as its own answer), which first
    lays the mandatory terrain tile(s) (`default_lay`: of the form's placements, the first that
    sends no Caballero tile back, the first otherwise); nothing else is done (no Caballero is
    spent).
    """
    seat = d.seat
    if d.kind == "power_card":
        cards = formspace.field_of(formspace.answer_of(d.form, "power"), "card")
        assert isinstance(cards, OneOf)
        return Command("power", seat, {"card": min(cards.options)})
    if d.kind != "turn":
        raise ValueError(f"no default for decision {d.kind}")
    if not tiles_to_lay(s):
        return Command("end_turn", seat)
    return Command("end_turn", seat, {"lay": True})


def default_lay(s: State, seat: int) -> Command:
    """The mandatory terrain tile as a deadline lays it, among the rows the turn's form offers
    (`forms.lay_answer`): the face-up tiles in order, each on its placements in the form's order,
    the first that sends no Caballero tile back (else the first)."""
    answer = forms.lay_answer(turn_constraint(s), s.advanced)
    assert answer is not None and answer.combos is not None
    rows = answer.combos.values()
    first = None
    for tile in s.face_up:
        for params in rows:
            if params["tile"] != tile:
                continue
            at = params["at"]
            cmd = Command("lay_tile", seat, params)
            first = first or cmd
            if not _sends_back(s, tile, (at["x"], at["y"]), at["rotation"]):
                return cmd
    assert first is not None
    return first


def _sends_back(s: State, tile: str, cell: Any, turn: int) -> bool:
    from domain.elcaballero.actions import lay_tile_event

    return bool(lay_tile_event(s, 0, tile, cell, turn, False)["returned"])


KINDS = ("reinforce", "lay_knight", "raise", "ship", "castle", "take_back", "move_ship",
         "move_castle", "grande", "alcalde")


def space(s: State, d: Decision) -> dict[str, list[dict[str, Any]]]:
    """The turn's candidate commands per action, as the form states them (`forms.candidates`):
    the one statement of the turn's space that the form, the random move and the bots read."""
    return forms.candidates(d.constraint if d.constraint is not None else turn_constraint(s),
                            s.advanced)


def sample_command(s: State, d: Decision, rng: random.Random) -> Command:
    """A random legal command: a power card uniformly; in a turn, the mandatory tile on a uniformly
    chosen legal placement once in a while, else a kind of action chosen uniformly among those
    that have a legal instance and a random instance of it (`_sample_kind`), or `end_turn` (once the tile
    is down) with a chance that grows with the turn's length, so every game ends. Every command
    is drawn from the turn's space as its form states it (`space`)."""
    seat = d.seat
    if d.kind == "power_card":
        assert d.options is not None
        return Command("power", seat, {"card": rng.choice(d.options)["card"]})
    assert s.turn is not None and seat is not None
    left = tiles_to_lay(s)
    if not left and rng.random() < 0.3 + 0.1 * s.turn.actions:
        return Command("end_turn", seat)
    turn = space(s, d)
    if left and rng.random() < 0.5:
        return Command("lay_tile", seat, rng.choice(turn["lay_tile"]))
    kinds = [k for k in KINDS if k in turn]
    rng.shuffle(kinds)
    for kind in kinds:
        cmd = _sample_kind(s, seat, kind, turn[kind], rng)
        if cmd is not None:
            return cmd
    return Command("lay_tile", seat, rng.choice(turn["lay_tile"])) if left \
        else Command("end_turn", seat)


def _legal(s: State, cmd: Command) -> bool:
    try:
        decide(s, cmd)
    except RuleError:
        return False
    return True


def _sample_kind(s: State, seat: int, kind: str, candidates: list[dict[str, Any]],
                 rng: random.Random) -> Command | None:
    """A random legal command of this kind, or None if it has none: its candidates are tried in
    a random order (at most 40) and the first the engine takes wins."""
    for params in rng.sample(candidates, min(40, len(candidates))):
        cmd = Command(kind, seat, params)
        if _legal(s, cmd):
            return cmd
    return None


__all__ = ["create", "decide", "default_command", "pending", "sample_command"]
