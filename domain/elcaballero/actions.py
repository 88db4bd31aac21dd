"""The actions of a turn, in any order (seed, "Le tour d'un joueur"): each command is checked
against the board and the turn's limits and becomes one event carrying every number it causes.

Consequences that follow at once are in the same event: a terrain tile that makes a Caballero tile
touch two land tiles sends it back (with what it loses, or what its Castillo saves), and the
Caballeros a tile counts for free when land arrives at a side that faced nothing. Rulings, each
tested (see also `board`, `scoring`):

- **Distinct totals** are checked after the change, in every land region the command adds
  Caballeros to; other changes (a new terrain tile joining regions, land arriving at a tile) may
  create ties.
- **A raise** turns or flips an own tile (never one carrying the Grande) so that the number facing
  land grows; it pays the difference and takes one of the turn's two Caballero-tile slots, at most
  one raise a turn (seed: "au lieu de placer une tuile").
- **The court limit** (8 Caballeros per Caballero tile not on the board) is kept at all times: a
  tile laid, or Caballeros brought in beyond it, make the excess go (`capped` in the event); the
  last tile may still be laid, leaving the court at 0.
- **What a Castillo saves** is the highest number facing land before the tile had to go (for a
  tile pushed out by a terrain tile, the number facing its first land tile); its ships go to the
  court; the Castillo itself is lost. Without one, Caballeros and ships are lost.
- **A Grande** taken back with its tile returns to the court; moving it away from a tile that
  touches several land tiles sends that tile back at once.
- **A tile laid with the Grande** touching two land tiles or more costs its highest land-facing
  number, the Grande included, whether it comes from court or moves from another tile (then the
  turn's one Grande move): seed, « Dans ce cas, le coût à payer est celui de la plus grande valeur
  de la tuile Caballeros adjacente à une terre » and its example « Il paie 4 Caballeros » (rules 2;
  version 1 added the Grande's 2, or 1 for a move). A tile touching one land tile or none, laid
  with the Grande, is a tile laid and a Grande placed: its number plus the Grande's price.
- **A tile taken back** sends its ships to its owner's court (rules 2; `return_entry`).
- **A sea Alcalde** allows one bordering ship: it may be placed on a closed sea with at most one
  ship, and no second ship may come to it afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.commands import Command
from domain.core.events import Event
from domain.elcaballero import board as b
from domain.elcaballero.data import (
    ALCALDE_PRICE,
    CASTILLO_PRICE,
    DOUBLE_TILE_CARD,
    GRANDE_MOVE_PRICE,
    GRANDE_PRICE,
    MOVE_PRICE,
    PER_TURN,
    POWER_CABALLEROS,
    SEA,
    SEA_KNIGHT_PRICE,
    SHIP_FROM_COURT_PRICE,
    SHIP_PRICE,
    TILE,
    TILE_CAPACITY,
)
from domain.elcaballero.evolve import apply
from domain.elcaballero.geometry import (
    SIDES,
    Cell,
    cell_and_turn,
    cell_json,
    knight_numbers,
    neighbour,
    opposite,
    parse_cell,
    parse_knight_side,
    parse_side,
    parse_turn,
    rotated_areas,
    rotated_edges,
)
from domain.elcaballero.refusals import refuse
from domain.elcaballero.state import Knight, State


class Log:
    """Events being decided, applied to a scratch copy so that later steps see their effect."""

    def __init__(self, state: State) -> None:
        self.state = state.clone()
        self.events: list[Event] = []

    def add(self, *events: Event) -> None:
        for event in events:
            apply(self.state, event)
            self.events.append(event)


Action = Callable[[Log, Command], None]
ACTIONS: dict[str, Action] = {}


def action(name: str) -> Callable[[Action], Action]:
    def deco(fn: Action) -> Action:
        ACTIONS[name] = fn
        return fn

    return deco


# --- shared checks ---------------------------------------------------------------------------------

def capped(s: State, seat: int, court: int, off_board: int) -> dict[str, int]:
    """What the court limit takes when the seat's court would be `court` with `off_board` tiles."""
    over = court - TILE_CAPACITY * off_board
    return {str(seat): over} if over > 0 else {}


def tiles_required(s: State) -> int:
    assert s.turn is not None
    return 2 if s.turn.card == DOUBLE_TILE_CARD else 1


def tiles_to_lay(s: State) -> int:
    """Terrain tiles the player must still lay (0 when done, or when no face-up tile can go anywhere:
    the reference makes the tile mandatory only while one can be laid)."""
    assert s.turn is not None
    left = tiles_required(s) - s.turn.tiles
    if left <= 0 or not s.face_up:
        return 0
    return left if any(b.lay_options(s, s.turn.seat).values()) else 0


def own_knight(s: State, seat: int, at: Cell, what: str = "at") -> Knight:
    k = s.knights.get(at)
    if k is None or k.seat != seat:
        raise refuse("not_own", at=cell_json(at), allowed={"own_tiles": own_tiles(s, seat)})
    return k


def own_tiles(s: State, seat: int) -> list[list[int]]:
    return [cell_json(c) for c, k in sorted(s.knights.items()) if k.seat == seat]


def cell_of(cmd: Command, key: str = "at", s: State | None = None) -> Cell:
    """The command's cell `key`; a command without it (the bare word of a move, "castle") is
    refused with what to write, never with the parameter's name and None — or, when the turn
    offers no such move at all (`s` given), with that."""
    if cmd.get(key) is None:
        if s is not None and not _offered(s, str(cmd.type)):
            raise refuse("not_now", command=cmd.type)
        raise refuse("cell_needed", command=cmd.type, pattern=cmd.type)
    return parse_cell(cmd.get(key), key)


def _offered(s: State, kind: str) -> bool:
    """Whether the turn's form offers a move of `kind` (asked only of a command without its
    cell: the reader asks the game why a move the form does not offer cannot be made)."""
    from domain.elcaballero import rules  # (the rules use these actions)

    decision = next(iter(rules.pending(s)), None)
    form = decision.form if decision is not None else None
    return form is not None and any(a.type == kind for a in form.answers)


def bare(cmd: Command, key: str = "at") -> bool:
    """Whether the command comes without its cell: the bare word of a move the form does not
    offer now (the reader asks the game why: "castle m14" when no Castillo can be built). The
    action then says why it cannot be done now (the court too short, nothing to do it with)
    before saying that a cell is needed."""
    return cmd.get(key) is None


def side_of(cmd: Command, key: str = "edge") -> int:
    """The command's side `key`, or the refusal that says to write one (as `cell_of`)."""
    if cmd.get(key) is None:
        raise refuse("side_needed", command=cmd.type, pattern=cmd.type)
    return parse_side(cmd.get(key), key)


def some_own_tile(s: State, seat: int) -> list[tuple[Cell, Knight]]:
    """The seat's Caballero tiles on the board; none: refused before any cell is asked for."""
    own = [(c, k) for c, k in sorted(s.knights.items()) if k.seat == seat]
    if not own:
        raise refuse("no_own_tile")
    return own


def pay(s: State, seat: int, cost: int, what: str) -> None:
    if s.court[seat] < cost:
        raise refuse("pay", cost=cost, court=s.court[seat], allowed={"court": s.court[seat]})


def check_distinct(s: State, seat: int, labels: list[Any], at: Cell) -> None:
    """After adding Caballeros, the seat's total in each region differs from every other's."""
    totals = b.land_totals(s)
    for label in labels:
        counts = totals.get(label, [])
        mine = counts[seat] if counts else 0
        same = [o for o, c in enumerate(counts) if o != seat and c == mine]
        if same:
            raise refuse(
                "distinct", mine=mine, at=cell_json(at),
                allowed={"taken_totals": sorted({c for o, c in enumerate(counts) if o != seat})})


def return_entry(s: State, at: Cell, ignore: tuple[int, ...] = (),
                 taken_back: bool = False) -> dict[str, Any]:
    """A Caballero tile going back to its owner's reserve, judged on the board before the cause
    (`ignore`: sides whose land is the cause and must not count for the Castillo's refund).

    Its ships go to the court when a Castillo protects it, and (rules 2) whenever its owner takes
    it back (`taken_back`): seed §6, « les bateaux vont à la Cour du joueur ». A tile pushed out
    loses them without a Castillo (« Les Caballeros et les bateaux présents sur la tuile sont
    perdus »). Version 1 sent a taken-back tile's ships to the supply."""
    k = s.knights[at]
    count = b.knight_total(s, at, k)
    refund = b.highest_land_number(s, at, k, ignore) if k.castillo else 0
    to_court = k.castillo or (taken_back and s.rules >= 2)
    return {"at": cell_json(at), "seat": k.seat, "count": count, "refund": refund,
            "lost": count - refund, "ships": len(k.ships),
            "ships_to": "court" if to_court else "supply", "castillo": k.castillo,
            "grande": k.grande}


def sea_region_blocked(s: State, at: Cell, d: int, moving: tuple[Cell, int] | None = None) -> bool:
    """A sea with an Alcalde that already has a ship takes no other ship."""
    label = s.region_of[b.area_at(s, neighbour(at, d), opposite(d))]
    if label not in s.alcaldes:
        return False
    return any(where == label and (c, side) != moving for c, side, _, where in b.ships(s))


def _seat(log: Log, cmd: Command) -> tuple[State, int]:
    s = log.state
    assert s.turn is not None
    return s, s.turn.seat


# --- reinforcements ------------------------------------------------------------------------------

@action("reinforce")
def _reinforce(log: Log, cmd: Command) -> None:
    s, seat = _seat(log, cmd)
    assert s.turn is not None
    if s.turn.reinforced:
        raise refuse("reinforced")
    count = POWER_CABALLEROS[s.turn.card]
    log.add(Event("reinforced", {
        "seat": seat, "count": count,
        "capped": capped(s, seat, s.court[seat] + count, s.off_board[seat])}))


# --- terrain tiles -------------------------------------------------------------------------------

def face_up_tile(s: State, raw: Any) -> str:
    if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < len(s.face_up):
        return s.face_up[raw]
    if isinstance(raw, str) and raw in s.face_up:
        return raw
    if isinstance(raw, str) and raw in TILE:  # a tile the player saw face up, now gone
        raise refuse("tile_not_face_up", tile=raw, allowed={"face_up": list(s.face_up)})
    raise refuse("not_face_up", value=str(raw), allowed={"face_up": list(s.face_up)})


def placements_json(options: list[tuple[Cell, int]]) -> list[dict[str, Any]]:
    by_cell: dict[Cell, list[int]] = {}
    for cell, turn in options:
        by_cell.setdefault(cell, []).append(turn)
    return [{"at": cell_json(c), "turns": t} for c, t in sorted(by_cell.items())]


def lay_tile_event(s: State, seat: int, tile: str, at: Cell, turn: int, fallback: bool) -> Event:
    """The tile goes down; Caballero tiles around it count the land that arrives, or go back
    when they now touch two land tiles (a Grande's tile stays)."""
    edges = rotated_edges(TILE[tile], turn)
    gained, returned = [], []
    for d in range(4):
        nb = neighbour(at, d)
        k = s.knights.get(nb)
        if k is None:
            continue
        back = opposite(d)  # the knight's side facing the new tile
        if edges[d] != "L":
            continue
        lands = len(b.land_sides(s, nb)) + 1
        if lands >= 2 and not k.grande:
            returned.append(return_entry(s, nb, ignore=(back,)))
        else:
            gained.append({"at": cell_json(nb), "seat": k.seat,
                           "count": knight_numbers(k.side, k.turn)[back]})
    payload: dict[str, Any] = {"seat": seat, "tile": tile, "at": cell_json(at), "turn": turn,
                               "fallback": fallback, "gained": gained, "returned": returned}
    back = alcaldes_joined(s, tile, at, turn)
    if back:
        payload["alcaldes_back"] = back
    return Event("tile_laid", payload)


def alcaldes_joined(s: State, tile: str, at: Cell, turn: int) -> list[dict[str, Any]]:
    """Alcaldes that go back to their owners because the tile joins their region to another that
    holds an Alcalde placed before theirs (rules 2): « Il ne peut y avoir qu'un seul Alcalde par
    région », so the first one placed keeps the joined region and the others return to their
    owners' supply, to be placed again (the Caballero each cost is not given back).

    This happens because closed is judged when an Alcalde is placed: a Caballero tile standing
    next to a region takes the cell, and when it leaves the region may open again and grow.
    Version 1 kept one of the two at random (the one whose label the merge dropped was lost)."""
    if s.rules < 2 or len(s.alcaldes) < 2:
        return []
    terrain = dict(s.terrain)
    terrain[at] = (tile, turn)
    region_of = dict(s.region_of)
    renamed = b.merge_tile(region_of, terrain, at)
    groups: dict[Any, list[Any]] = {}
    for label in s.alcaldes:
        groups.setdefault(renamed.get(label, label), []).append(label)
    out = []
    for labels in groups.values():
        labels.sort(key=lambda x: (s.alcalde_since.get(x, -1), x))
        out += [{"seat": s.alcaldes[x], "region": list(x), "at": cell_json((x[0], x[1]))}
                for x in labels[1:]]
    return out


@action("lay_tile")
def _lay_tile(log: Log, cmd: Command) -> None:
    s, seat = _seat(log, cmd)
    assert s.turn is not None
    if s.turn.tiles >= tiles_required(s):
        raise refuse("tiles_done", count=tiles_required(s))
    if not s.face_up:
        raise refuse("no_face_up")
    if cmd.get("tile") is None:
        raise refuse("tile_needed", command="lay_tile", pattern="lay_tile")
    tile = face_up_tile(s, cmd.get("tile"))
    cell_of(cmd)
    at, turn = cell_and_turn(cmd.get("at"), cmd.get("turn"))
    legal = b.lay_options(s, seat)
    if at in s.terrain or at in s.knights:  # no rotation mends that: say so, not "matching"
        raise refuse("cell_taken", at=cell_json(at),
                     allowed={"tile": tile, "placements": placements_json(legal.get(tile, []))})
    normal = any(b.normal_placements(s, t) for t in dict.fromkeys(s.face_up))
    same = [t for c, t in legal.get(tile, []) if c == at
            and rotated_edges(TILE[tile], t) == rotated_edges(TILE[tile], turn)]
    if (at, turn) not in legal.get(tile, []) and same:
        turn = same[0]  # a turn that shows the same sides (an all-land tile turned 90) is that one
    if (at, turn) not in legal.get(tile, []):
        raise refuse("tile_matching" if normal else "tile_fallback",
                     number=s.face_up.index(tile) + 1, at=cell_json(at), turn=turn,
                     allowed={"tile": tile, "placements": placements_json(legal.get(tile, []))})
    log.add(lay_tile_event(s, seat, tile, at, turn, fallback=not normal))


# --- Caballero tiles -----------------------------------------------------------------------------

def knight_slot(s: State) -> None:
    assert s.turn is not None
    if s.turn.knights >= PER_TURN["knights"]:
        raise refuse("knights_done")


@action("lay_knight")
def _lay_knight(log: Log, cmd: Command) -> None:
    s, seat = _seat(log, cmd)
    assert s.turn is not None
    knight_slot(s)
    if s.off_board[seat] <= 0:
        raise refuse("no_knight_left")
    if bare(cmd):
        pay(s, seat, SEA_KNIGHT_PRICE, "A Caballero tile")  # the least a tile costs
    cell_of(cmd, s=s)
    at, turn = cell_and_turn(cmd.get("at"), cmd.get("turn"))
    side = parse_knight_side(cmd.get("side"))
    with_grande = cmd.get("grande", False)
    if not isinstance(with_grande, bool):
        raise refuse("flag", name="grande", allowed=[False, True])
    if not b.is_knight_cell(s, at):
        raise refuse("knight_cell", at=cell_json(at),
                     allowed={"cells": [cell_json(c) for c in b.knight_cells(s)]})
    lands = b.land_sides(s, at)
    grande_from = s.grande_at(seat)
    extra = 0
    if with_grande:
        if not s.advanced:
            raise refuse("advanced_grande")
        if grande_from is not None:
            if s.turn.grande_moves >= PER_TURN["grande_moves"]:
                raise refuse("grande_moved")
            extra = GRANDE_MOVE_PRICE
        else:
            extra = GRANDE_PRICE
    elif len(lands) >= 2:
        raise refuse("two_lands", at=cell_json(at), count=len(lands))
    if with_grande and len(lands) >= 2 and s.rules >= 2:
        extra = 0  # seed: « Dans ce cas, le coût à payer est celui de la plus grande valeur »
    if not lands and side != "a":
        raise refuse("sea_side_a", allowed={"side": ["a"]})
    k = Knight(seat, side, turn, grande=with_grande)
    base = b.highest_land_number(s, at, k) if lands else SEA_KNIGHT_PRICE
    cost = base + extra
    pay(s, seat, cost, "This Caballero tile")
    returned = []
    court, off = s.court[seat] - cost, s.off_board[seat] - 1
    if with_grande and grande_from is not None and len(b.land_sides(s, grande_from)) >= 2:
        entry = {**return_entry(s, grande_from), "grande": False}  # the Grande comes along
        returned.append(entry)
        court, off = court + entry["refund"], off + 1
    payload: dict[str, Any] = {
        "seat": seat, "at": cell_json(at), "side": side, "turn": turn, "cost": cost,
        "count": b.knight_total(s, at, k), "numbers": list(knight_numbers(side, turn)),
        "grande": ("moved" if grande_from is not None else "court") if with_grande else None,
        "grande_from": cell_json(grande_from) if with_grande and grande_from else None,
        "returned": returned, "capped": capped(s, seat, court, off)}
    log.add(Event("knight_laid", payload))
    check_distinct(log.state, seat, list(b.knight_counts(log.state, at)), at)


@action("raise")
def _raise(log: Log, cmd: Command) -> None:
    s, seat = _seat(log, cmd)
    assert s.turn is not None
    knight_slot(s)
    if s.turn.raises >= PER_TURN["raises"]:
        raise refuse("raised")
    if bare(cmd):
        if not any(not k.grande and b.land_sides(s, c) for c, k in some_own_tile(s, seat)):
            raise refuse("nothing_to_raise")
        pay(s, seat, 1, "This raise")
    at = cell_of(cmd, s=s)
    k = own_knight(s, seat, at)
    if k.grande:
        raise refuse("raise_grande")
    lands = b.land_sides(s, at)
    if not lands:
        raise refuse("raise_sea")
    side, turn = parse_knight_side(cmd.get("side")), parse_turn(cmd.get("turn"))
    was = b.knight_total(s, at, k)
    new = Knight(seat, side, turn)
    count = b.knight_total(s, at, new)
    d = lands[0][0]
    if count <= was:
        higher = [n for n in range(was + 1, TILE_CAPACITY + 1)]
        raise refuse("raise_higher", was=was, edge=d, count=count, allowed={"numbers": higher})
    cost = count - was
    pay(s, seat, cost, "This raise")
    log.add(Event("knight_raised", {"seat": seat, "at": cell_json(at), "side": side, "turn": turn,
                                    "was": was, "count": count, "cost": cost}))
    check_distinct(log.state, seat, list(b.knight_counts(log.state, at)), at)


@action("take_back")
def _take_back(log: Log, cmd: Command) -> None:
    s, seat = _seat(log, cmd)
    if bare(cmd):
        some_own_tile(s, seat)
    at = cell_of(cmd, s=s)
    k = own_knight(s, seat, at)
    if cmd.get("edge") is not None:
        d = parse_side(cmd.get("edge"))
        if d not in k.ships:
            raise refuse("no_ship_there", edge=d, at=cell_json(at),
                         allowed={"ships": [SIDES[x] for x in k.ships]})
        log.add(Event("ship_taken_back", {"seat": seat, "at": cell_json(at), "edge": d}))
        return
    log.add(Event("knight_taken_back", return_entry(s, at, taken_back=True)))


# --- ships and Castillos -------------------------------------------------------------------------

def check_ship_side(s: State, at: Cell, d: int, k: Knight,
                    moving: tuple[Cell, int] | None = None) -> None:
    facing = b.edge(s, neighbour(at, d), opposite(d))
    if facing != SEA:
        raise refuse("ship_sea", edge=d, at=cell_json(at),
                     allowed={"edges": [SIDES[x] for x, _ in b.sea_sides(s, at)
                                        if x not in k.ships]})
    if d in k.ships:
        raise refuse("ship_taken", edge=d, at=cell_json(at))
    if sea_region_blocked(s, at, d, moving):
        raise refuse("ship_alcalde")


@action("ship")
def _ship(log: Log, cmd: Command) -> None:
    s, seat = _seat(log, cmd)
    assert s.turn is not None
    if bare(cmd):
        own = some_own_tile(s, seat)
        if s.court_ships[seat] <= 0:  # only the supply: its limits first, then where
            if s.turn.ships >= PER_TURN["ships"]:
                raise refuse("ships_done")
            if s.ship_supply <= 0:
                raise refuse("no_ship_left")
        if not any(d not in k.ships for c, k in own for d, _ in b.sea_sides(s, c)):
            raise refuse("no_sea_side")
        pay(s, seat, SHIP_FROM_COURT_PRICE if s.court_ships[seat] > 0 else SHIP_PRICE,
            "This ship")
    at = cell_of(cmd, s=s)
    k = own_knight(s, seat, at)
    d = side_of(cmd)
    source = cmd.get("from", "supply")
    if source not in ("supply", "court"):
        raise refuse("ship_from", allowed=["supply", "court"])
    check_ship_side(s, at, d, k)
    if source == "court":
        if s.court_ships[seat] <= 0:
            raise refuse("no_court_ship", allowed=["supply"])
        cost = SHIP_FROM_COURT_PRICE
    else:
        if s.turn.ships >= PER_TURN["ships"]:
            raise refuse("ships_done")
        if s.ship_supply <= 0:
            raise refuse("no_ship_left")
        cost = SHIP_PRICE
    pay(s, seat, cost, "This ship")
    log.add(Event("ship_placed", {"seat": seat, "at": cell_json(at), "edge": d, "cost": cost,
                                  "source": source}))


@action("move_ship")
def _move_ship(log: Log, cmd: Command) -> None:
    s, seat = _seat(log, cmd)
    if bare(cmd, "from"):
        own = some_own_tile(s, seat)
        if not any(k.ships for _, k in own):
            raise refuse("no_ship_to_move")
        if len(own) < 2:
            raise refuse("ship_same")
        pay(s, seat, MOVE_PRICE, "Moving a ship")
    src = cell_of(cmd, "from", s)
    a = own_knight(s, seat, src, "from")
    d = side_of(cmd, "from_edge")
    if d not in a.ships:
        raise refuse("no_ship_there", edge=d, at=cell_json(src),
                     allowed={"ships": [SIDES[x] for x in a.ships]})
    dst = cell_of(cmd, "to")
    k = own_knight(s, seat, dst, "to")
    to_d = side_of(cmd, "to_edge")
    if dst == src:
        raise refuse("ship_same")
    check_ship_side(s, dst, to_d, k, moving=(src, d))
    pay(s, seat, MOVE_PRICE, "Moving a ship")
    log.add(Event("ship_moved", {"seat": seat, "from": cell_json(src), "from_edge": d,
                                 "to": cell_json(dst), "to_edge": to_d, "cost": MOVE_PRICE}))


@action("castle")
def _castle(log: Log, cmd: Command) -> None:
    s, seat = _seat(log, cmd)
    assert s.turn is not None
    if bare(cmd):
        own = some_own_tile(s, seat)
        if s.turn.castillos >= PER_TURN["castillos"]:
            raise refuse("castles_done")
        if s.castillo_supply <= 0:
            raise refuse("no_castle_left")
        if all(k.castillo for _, k in own):
            raise refuse("no_bare_tile")
        pay(s, seat, CASTILLO_PRICE, "A Castillo")
    at = cell_of(cmd, s=s)
    k = own_knight(s, seat, at)
    if s.turn.castillos >= PER_TURN["castillos"]:
        raise refuse("castles_done")
    if k.castillo:
        raise refuse("has_castle", at=cell_json(at))
    if s.castillo_supply <= 0:
        raise refuse("no_castle_left")
    pay(s, seat, CASTILLO_PRICE, "A Castillo")
    log.add(Event("castillo_built", {"seat": seat, "at": cell_json(at), "cost": CASTILLO_PRICE}))


@action("move_castle")
def _move_castle(log: Log, cmd: Command) -> None:
    s, seat = _seat(log, cmd)
    if bare(cmd, "from"):
        own = some_own_tile(s, seat)
        if not any(k.castillo for _, k in own):
            raise refuse("no_castle_to_move")
        if all(k.castillo for _, k in own):
            raise refuse("no_bare_tile")
        pay(s, seat, MOVE_PRICE, "Moving a Castillo")
    src, dst = cell_of(cmd, "from", s), cell_of(cmd, "to")
    if not own_knight(s, seat, src, "from").castillo:
        raise refuse("no_castle", at=cell_json(src))
    if own_knight(s, seat, dst, "to").castillo:
        raise refuse("has_castle", at=cell_json(dst))
    pay(s, seat, MOVE_PRICE, "Moving a Castillo")
    log.add(Event("castillo_moved", {"seat": seat, "from": cell_json(src), "to": cell_json(dst),
                                     "cost": MOVE_PRICE}))


# --- advanced: the Grande and the Alcaldes -------------------------------------------------------

@action("grande")
def _grande(log: Log, cmd: Command) -> None:
    s, seat = _seat(log, cmd)
    assert s.turn is not None
    if not s.advanced:
        raise refuse("advanced_grande")
    if bare(cmd):
        some_own_tile(s, seat)
        if s.grande_at(seat) is None:
            pay(s, seat, GRANDE_PRICE, "The Grande")
        elif s.turn.grande_moves >= PER_TURN["grande_moves"]:
            raise refuse("grande_moved")
        else:
            pay(s, seat, GRANDE_MOVE_PRICE, "The Grande")
    at = cell_of(cmd, s=s)
    own_knight(s, seat, at)
    old = s.grande_at(seat)
    if old == at:
        raise refuse("grande_there")
    returned = []
    if old is None:
        cost = GRANDE_PRICE
    else:
        if s.turn.grande_moves >= PER_TURN["grande_moves"]:
            raise refuse("grande_moved")
        cost = GRANDE_MOVE_PRICE
        if len(b.land_sides(s, old)) >= 2:
            returned.append({**return_entry(s, old), "grande": False})
    pay(s, seat, cost, "The Grande")
    log.add(Event("grande_placed", {"seat": seat, "at": cell_json(at), "cost": cost,
                                    "from": cell_json(old) if old else None,
                                    "returned": returned}))


def alcalde_targets(s: State, seat: int) -> list[dict[str, Any]]:
    """Closed regions without an Alcalde where the seat may put one now (advanced): each by the
    cell and side the region list names it by (`at`, `edge`), and by every terrain tile of it
    with the tile's sides in it (`sides`: any of them names the region, « placer un Alcalde sur
    une région fermée »: the region is what is governed, not a side)."""
    if not s.advanced or s.alcaldes_left[seat] <= 0 or s.court[seat] < ALCALDE_PRICE:
        return []
    out = []
    for label, areas in sorted(b.regions(s).items()):
        if label in s.alcaldes or not b.is_closed(s, label):
            continue
        if b.area_kind(s, label) == SEA and sum(1 for *_, r in b.ships(s) if r == label) > 1:
            continue
        cell, d = _area_reference(s, label)
        sides = [{"at": cell_json(c), "edges": [SIDES[x] for x in sorted(dirs)]}
                 for c, dirs in sorted(_sides_in(s, areas).items())]
        out.append({"at": cell_json(cell), "edge": SIDES[d], "kind": b.area_kind(s, label),
                    "sides": sides})
    return out


def _area_reference(s: State, area: Any) -> tuple[Cell, int]:
    cell = (area[0], area[1])
    tile, turn = s.terrain[cell]
    return cell, min(rotated_areas(TILE[tile], turn)[area[2]][1])


def _sides_in(s: State, areas: Any) -> dict[Cell, set[int]]:
    """The terrain tiles of a region's areas, each with its sides that lie in the region."""
    out: dict[Cell, set[int]] = {}
    for area in areas:
        cell = (area[0], area[1])
        tile, turn = s.terrain[cell]
        out.setdefault(cell, set()).update(rotated_areas(TILE[tile], turn)[area[2]][1])
    return out


def _alcalde_side(s: State, seat: int, at: Cell) -> int:
    """The side that names the one region at `at` an Alcalde may go on now, when the command names
    the tile alone (as the region list names a region: by its first tile). Two such regions there
    (a land and a sea both closed): refused, a side says which. None: the tile's north side, for
    the usual refusal of that region (not closed, governed already, the court too short)."""
    found = [x["edges"] for region in alcalde_targets(s, seat)
             for x in region["sides"] if tuple(x["at"]) == at]
    if len(found) > 1:
        raise refuse("alcalde_side", at=cell_json(at),
                     allowed={"regions": alcalde_targets(s, seat)})
    return SIDES.index(found[0][0]) if found else 0


@action("alcalde")
def _alcalde(log: Log, cmd: Command) -> None:
    s, seat = _seat(log, cmd)
    if not s.advanced:
        raise refuse("advanced_alcalde")
    if s.alcaldes_left[seat] <= 0:
        raise refuse("no_alcalde")
    if bare(cmd):  # the bare word: why none may go anywhere now, else what to write
        pay(s, seat, ALCALDE_PRICE, "An Alcalde")
        if not alcalde_targets(s, seat):
            raise refuse("no_closed_region")
    at = cell_of(cmd, s=s)
    if at not in s.terrain:
        raise refuse("no_terrain", at=cell_json(at),
                     allowed={"regions": alcalde_targets(s, seat)})
    # The region named by a side of the tile, or by the tile alone (`by`: how the command
    # names it, "tile" or "side"; a command without it names it by its side, if it has one).
    alone = cmd.get("by") == "tile" or (cmd.get("by") is None and cmd.get("edge") is None)
    d = _alcalde_side(s, seat, at) if alone else side_of(cmd)
    label = s.region_of[b.area_at(s, at, d)]
    if label in s.alcaldes:
        raise refuse("has_alcalde", allowed={"regions": alcalde_targets(s, seat)})
    if not b.is_closed(s, label):
        raise refuse("not_closed", allowed={"regions": alcalde_targets(s, seat)})
    if b.area_kind(s, label) == SEA and sum(1 for *_, r in b.ships(s) if r == label) > 1:
        raise refuse("sea_ships")
    pay(s, seat, ALCALDE_PRICE, "An Alcalde")
    log.add(Event("alcalde_placed", {"seat": seat, "at": cell_json(at), "edge": d,
                                     "region": list(label), "kind": b.area_kind(s, label),
                                     "cost": ALCALDE_PRICE}))


# --- the end of the turn -------------------------------------------------------------------------

@action("end_turn")
def _end_turn(log: Log, cmd: Command) -> None:
    """`lay: true` (a passed deadline's move) lays the mandatory tile(s) first, as
    `rules.default_lay` chooses, so that one command ends the turn."""
    s, seat = _seat(log, cmd)
    lay = cmd.get("lay", False)
    if not isinstance(lay, bool):
        raise refuse("flag", name="lay", allowed=[False, True])
    if lay:
        from domain.elcaballero.rules import default_lay

        while tiles_to_lay(log.state):
            ACTIONS["lay_tile"](log, default_lay(log.state, seat))
        s = log.state
    left = tiles_to_lay(s)
    if left:
        raise refuse("tile_first", count=left, allowed=["lay_tile"])
    log.add(Event("turn_ended", {"seat": seat}))
