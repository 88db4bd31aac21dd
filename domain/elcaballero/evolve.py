"""evolve: apply one event to the state. The only code that changes a state.

Events carry every number they cause (costs, Caballeros gained or lost, refunds, what the court
limit took), computed by `decide`; `evolve` only books them. The board's own geometry (what a tile
counts in a region) is never stored, so `invariants` can check the books against it.
`apply` works in place on a private copy (used by `fold`); `evolve` is the pure form.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.core.events import Event
from domain.core.fold import Evolver
from domain.elcaballero import options as opts
from domain.elcaballero.board import merge_tile
from domain.elcaballero.data import (
    ALCALDES_PER_PLAYER,
    BANK,
    CASTILLOS,
    KNIGHT_TILES,
    POWER_CARDS,
    SHIPS,
    START_COURT,
    TILE_IDS,
)
from domain.elcaballero.state import Knight, State, Turn

EVOLVER = Evolver("El Caballero", State)
"""The handlers of this game's events (`@on`), and the apply/evolve/fold made of them."""
on = EVOLVER.on
apply = EVOLVER.apply
evolve = EVOLVER.evolve
fold = EVOLVER.fold


def cell(raw: Any) -> tuple[int, int]:
    return int(raw[0]), int(raw[1])


def _pay(s: State, seat: int, cost: int) -> None:
    s.court[seat] -= cost
    s.bank[seat] += cost


def _capped(s: State, e: Event) -> None:
    """What the court limit took (8 Caballeros per Caballero tile off the board) goes to the bank."""
    for seat, lost in (e.get("capped") or {}).items():
        s.court[int(seat)] -= lost
        s.bank[int(seat)] += lost


def _returned(s: State, items: Iterable[Any]) -> None:
    """Caballero tiles that go back to their owner's reserve (see `actions.return_entry`)."""
    for r in items:
        at, seat = cell(r["at"]), r["seat"]
        del s.knights[at]
        s.off_board[seat] += 1
        s.court[seat] += r["refund"]
        s.bank[seat] += r["lost"]
        if r["ships_to"] == "court":
            s.court_ships[seat] += r["ships"]
        else:
            s.ship_supply += r["ships"]
        if r["castillo"]:
            s.castillo_supply += 1


def _count(s: State, e: Event) -> None:
    if s.turn is not None:
        s.turn.actions += 1


# --- set-up and rounds -------------------------------------------------------------------------

@on("game_created")
def _game_created(s: State, e: Event) -> None:
    s.players = e["players"]
    s.advanced = opts.parse(e["options"])["advanced"]
    s.rules = int(e.get("rules") or 1)  # no "rules": a record made before rules versions
    s.seed = e.get("seed") or ""
    s.given_stack = list(e.get("given_stack") or [])
    n = s.players
    s.court = [0] * n
    s.bank = [BANK] * n
    s.off_board = [KNIGHT_TILES[s.advanced]] * n
    s.court_ships = [0] * n
    s.alcaldes_left = [ALCALDES_PER_PLAYER if s.advanced else 0] * n
    s.scores = [0] * n
    s.hands = [set(POWER_CARDS) for _ in range(n)]
    s.ship_supply = SHIPS[s.advanced]
    s.castillo_supply = CASTILLOS[s.advanced]
    s.stack = sorted(TILE_IDS)
    s.phase = "new"


def _draw(s: State, tiles: Iterable[str]) -> None:
    for t in tiles:
        s.stack.remove(t)
        if t in s.given_stack:
            s.given_stack.remove(t)


@on("setup_drawn")
def _setup_drawn(s: State, e: Event) -> None:
    start = e["start"]
    _draw(s, [start])
    s.terrain[(0, 0)] = (start, 0)
    merge_tile(s.region_of, s.terrain, (0, 0))
    _draw(s, e["face_up"])
    s.face_up = list(e["face_up"])
    for seat in s.seats():
        s.court[seat] = START_COURT
        s.bank[seat] -= START_COURT
    s.draws += e.get("draws", 0)


@on("round_started")
def _round_started(s: State, e: Event) -> None:
    s.round = e["round"]
    s.power_order = list(e["power_order"])
    s.power_played = {}
    s.turn_order = []
    s.turn_index = 0
    s.turn = None
    s.phase = "power"


@on("power_played")
def _power_played(s: State, e: Event) -> None:
    seat, card = e["seat"], e["card"]
    s.hands[seat].discard(card)
    s.power_played[seat] = card
    if len(s.power_played) == s.players:
        s.turn_order = sorted(s.power_played, key=lambda x: -s.power_played[x])
        s.turn_index = 0
        s.phase = "turns"
        first = s.turn_order[0]
        s.turn = Turn(first, s.power_played[first])


@on("turn_ended")
def _turn_ended(s: State, e: Event) -> None:
    s.turn_index += 1
    if s.turn_index < len(s.turn_order):
        seat = s.turn_order[s.turn_index]
        s.turn = Turn(seat, s.power_played[seat])
    else:
        s.turn = None


@on("round_ended")
def _round_ended(s: State, e: Event) -> None:
    s.phase = "between"


@on("scored")
def _scored(s: State, e: Event) -> None:
    for seat, p in enumerate(e["points"]):
        s.scores[seat] += p
    s.scorings.append({"number": e["number"], "round": e["round"], "points": list(e["points"])})


@on("tiles_refilled")
def _refilled(s: State, e: Event) -> None:
    _draw(s, e["tiles"])
    s.face_up.extend(e["tiles"])
    s.draws += e.get("draws", 0)


@on("game_ended")
def _game_ended(s: State, e: Event) -> None:
    s.ranking = [dict(r) for r in e["ranking"]]
    s.phase = "over"
    s.turn = None


# --- a turn --------------------------------------------------------------------------------------

@on("reinforced")
def _reinforced(s: State, e: Event) -> None:
    seat = e["seat"]
    s.court[seat] += e["count"]
    s.bank[seat] -= e["count"]
    _capped(s, e)
    assert s.turn is not None
    s.turn.reinforced = True
    _count(s, e)


@on("tile_laid")
def _tile_laid(s: State, e: Event) -> None:
    at = cell(e["at"])
    s.face_up.remove(e["tile"])
    s.terrain[at] = (e["tile"], e["turn"])
    for r in e.get("alcaldes_back") or ():  # rules 2: joined to a region with an earlier one
        label = (r["region"][0], r["region"][1], r["region"][2])
        del s.alcaldes[label]
        s.alcalde_since.pop(label, None)
        s.alcaldes_left[r["seat"]] += 1
    renamed = merge_tile(s.region_of, s.terrain, at)
    for old, new in renamed.items():
        if old in s.alcaldes:  # (version 1 records may overwrite one here: kept as they were)
            s.alcaldes[new] = s.alcaldes.pop(old)
        if old in s.alcalde_since:
            s.alcalde_since[new] = s.alcalde_since.pop(old)
    for g in e["gained"]:
        s.bank[g["seat"]] -= g["count"]
    _returned(s, e["returned"])
    if s.turn is not None:
        s.turn.tiles += 1
    _count(s, e)


@on("knight_laid")
def _knight_laid(s: State, e: Event) -> None:
    seat, at = e["seat"], cell(e["at"])
    grande = e.get("grande")
    if grande == "moved":
        old = cell(e["grande_from"])
        s.knights[old].grande = False
    _returned(s, e.get("returned") or [])
    s.knights[at] = Knight(seat, e["side"], e["turn"], grande=bool(grande))
    s.off_board[seat] -= 1
    _pay(s, seat, e["cost"])
    s.bank[seat] -= e["count"]
    _capped(s, e)
    assert s.turn is not None
    s.turn.knights += 1
    if grande == "moved":
        s.turn.grande_moves += 1
    _count(s, e)


@on("knight_raised")
def _knight_raised(s: State, e: Event) -> None:
    seat, at = e["seat"], cell(e["at"])
    k = s.knights[at]
    k.side, k.turn = e["side"], e["turn"]
    _pay(s, seat, e["cost"])
    s.bank[seat] -= e["count"] - e["was"]
    assert s.turn is not None
    s.turn.knights += 1
    s.turn.raises += 1
    _count(s, e)


@on("knight_taken_back")
def _knight_taken_back(s: State, e: Event) -> None:
    _returned(s, [e.payload])
    _count(s, e)


@on("ship_placed")
def _ship_placed(s: State, e: Event) -> None:
    seat, at = e["seat"], cell(e["at"])
    k = s.knights[at]
    k.ships = tuple(sorted((*k.ships, e["edge"])))
    _pay(s, seat, e["cost"])
    assert s.turn is not None
    if e["source"] == "court":
        s.court_ships[seat] -= 1
    else:
        s.ship_supply -= 1
        s.turn.ships += 1
    _count(s, e)


@on("ship_taken_back")
def _ship_taken_back(s: State, e: Event) -> None:
    k = s.knights[cell(e["at"])]
    k.ships = tuple(d for d in k.ships if d != e["edge"])
    s.court_ships[e["seat"]] += 1
    _count(s, e)


@on("ship_moved")
def _ship_moved(s: State, e: Event) -> None:
    a, b = s.knights[cell(e["from"])], s.knights[cell(e["to"])]
    a.ships = tuple(d for d in a.ships if d != e["from_edge"])
    b.ships = tuple(sorted((*b.ships, e["to_edge"])))
    _pay(s, e["seat"], e["cost"])
    _count(s, e)


@on("castillo_built")
def _castillo_built(s: State, e: Event) -> None:
    s.knights[cell(e["at"])].castillo = True
    s.castillo_supply -= 1
    _pay(s, e["seat"], e["cost"])
    assert s.turn is not None
    s.turn.castillos += 1
    _count(s, e)


@on("castillo_moved")
def _castillo_moved(s: State, e: Event) -> None:
    s.knights[cell(e["from"])].castillo = False
    s.knights[cell(e["to"])].castillo = True
    _pay(s, e["seat"], e["cost"])
    _count(s, e)


@on("grande_placed")
def _grande_placed(s: State, e: Event) -> None:
    seat = e["seat"]
    if e.get("from") is not None:
        s.knights[cell(e["from"])].grande = False
        assert s.turn is not None
        s.turn.grande_moves += 1
    _returned(s, e.get("returned") or [])
    s.knights[cell(e["at"])].grande = True
    _pay(s, seat, e["cost"])
    _count(s, e)


@on("alcalde_placed")
def _alcalde_placed(s: State, e: Event) -> None:
    seat = e["seat"]
    region = tuple(e["region"])
    s.alcaldes[(region[0], region[1], region[2])] = seat
    s.alcalde_since[(region[0], region[1], region[2])] = s.events
    s.alcaldes_left[seat] -= 1
    _pay(s, seat, e["cost"])
    _count(s, e)
