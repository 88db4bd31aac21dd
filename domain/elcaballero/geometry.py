"""The grid: cells, directions, rotations, and what a rotated tile shows on each side.

Coordinates are integer cells (x, y): x grows to the east, y grows to the north; the start tile is
at (0, 0). A later layer may show them as letters and numbers (e.g. column "c", row "4"). Every
command and view writes a cell as the JSON list [x, y] and a side as "n", "e", "s" or "w".

Rotations are clockwise quarter turns, written in degrees (0, 90, 180, 270): turning a tile by 90
brings what was printed on its north side to its east side.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from domain.elcaballero.data import KNIGHT_SIDES, TileKind
from domain.elcaballero.refusals import refuse

Cell = tuple[int, int]
N, E, S, W = 0, 1, 2, 3
SIDES = ("n", "e", "s", "w")
STEP: tuple[Cell, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
TURNS = (0, 90, 180, 270)


def neighbour(cell: Cell, d: int) -> Cell:
    return cell[0] + STEP[d][0], cell[1] + STEP[d][1]


def opposite(d: int) -> int:
    return (d + 2) % 4


def neighbours(cell: Cell) -> list[tuple[int, Cell]]:
    return [(d, neighbour(cell, d)) for d in range(4)]


@cache
def rotated_edges(kind: TileKind, turn: int) -> str:
    """The tile's edge types clockwise from north once turned."""
    k = turn // 90
    return "".join(kind.edges[(d - k) % 4] for d in range(4))


@cache
def rotated_areas(kind: TileKind, turn: int) -> tuple[tuple[str, frozenset[int]], ...]:
    k = turn // 90
    return tuple((t, frozenset((d + k) % 4 for d in dirs)) for t, dirs in kind.areas)


@cache
def knight_numbers(side: str, turn: int) -> tuple[int, int, int, int]:
    """The numbers a Caballero tile shows towards north, east, south and west once turned."""
    base = KNIGHT_SIDES[side]
    k = turn // 90
    return tuple(base[(d - k) % 4] for d in range(4))  # type: ignore[return-value]


def knight_orientation(side: str, number: int, d: int) -> int:
    """The turn that puts `number` (printed on `side`) towards direction `d`."""
    base = KNIGHT_SIDES[side]
    return ((d - base.index(number)) % 4) * 90


# --- reading command parameters -----------------------------------------------------------------

def parse_cell(raw: Any, what: str = "at") -> Cell:
    if isinstance(raw, Mapping) and set(raw) <= {"x", "y", "rotation"}:
        raw = [raw.get("x"), raw.get("y")]  # a `grid_cell` form field: {"x", "y", "rotation"}
    if isinstance(raw, str) and re.fullmatch(r"-?\d{1,4},-?\d{1,4}", raw):
        raw = [int(v) for v in raw.split(",")]  # a web form's choice of a cell: "x,y"
    if (not isinstance(raw, list | tuple) or len(raw) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in raw)):
        raise refuse("bad_cell", what=what, value=repr(raw), allowed={"format": "[x, y]"})
    return int(raw[0]), int(raw[1])


def cell_and_turn(at: Any, turn: Any) -> tuple[Cell, int]:
    """A command's cell and rotation: `at` [x, y] with `turn`, or a web form's grid cell
    `{"x", "y", "rotation"}` that carries both (then `turn` is left out)."""
    if isinstance(at, Mapping) and turn is None:
        turn = at.get("rotation")
    return parse_cell(at), parse_turn(turn)


def parse_turn(raw: Any) -> int:
    if raw is None:
        return 0
    if isinstance(raw, bool) or raw not in TURNS:
        raise refuse("bad_turn", value=repr(raw), allowed=list(TURNS))
    return int(raw)


def parse_side(raw: Any, what: str = "edge") -> int:
    if not isinstance(raw, str) or raw.lower() not in SIDES:
        raise refuse("bad_side", what=what, value=repr(raw), allowed=list(SIDES))
    return SIDES.index(raw.lower())


def parse_knight_side(raw: Any) -> str:
    if raw is None:
        return "a"
    if not isinstance(raw, str) or raw.lower() not in KNIGHT_SIDES:
        raise refuse("bad_knight_side", value=repr(raw), allowed=sorted(KNIGHT_SIDES))
    return raw.lower()


def cell_json(cell: Cell) -> list[int]:
    return [cell[0], cell[1]]
