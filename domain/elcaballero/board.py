"""What the board says: regions, who touches what, where a tile may go, whether a region is closed.

Pure functions of the state (no events). Rulings from shared/rules/el-caballero.md, each tested:

- **Touching land.** A Caballero tile touches a land tile when that terrain tile's side facing it is
  land; sea sides facing it are sea contacts (ships go there). A tile touching land on two or more
  sides touches two land tiles (one terrain tile shows only one side to a cell).
- **Regions.** A region is the union of tile areas joined across matching sides; its tile count is
  the number of distinct tiles with an area in it (a land bridge whose two seas meet again counts
  once), its value that count plus the golds (land) or fish (sea) on those tiles.
- **Closed region** (reference, "Rulings the seed leaves open"): no empty cell next to the region
  where a terrain tile still left (face up or in the stack) would fit in some rotation, or where a
  Caballero tile could be laid without a Grande (it would touch at most one land tile).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from domain.elcaballero.data import LAND, SEA, TILE
from domain.elcaballero.geometry import (
    TURNS,
    Cell,
    knight_numbers,
    neighbour,
    opposite,
    rotated_areas,
    rotated_edges,
)
from domain.elcaballero.state import Area, Knight, State

# --- tiles and areas -----------------------------------------------------------------------------


@cache
def tile_edges(tile: str, turn: int) -> str:
    """A tile's sides once turned, by tile id (the placement search asks this very often: keyed by
    the id string, it skips hashing the tile's dataclass)."""
    return rotated_edges(TILE[tile], turn)


def edge(s: State, cell: Cell, d: int) -> str | None:
    """The type (L/S) of the terrain tile's side `d` at `cell`, or None if no terrain there."""
    placed = s.terrain.get(cell)
    if placed is None:
        return None
    return tile_edges(placed[0], placed[1])[d]


def area_at(s: State, cell: Cell, d: int) -> Area:
    tile, turn = s.terrain[cell]
    for i, (_, dirs) in enumerate(rotated_areas(TILE[tile], turn)):
        if d in dirs:
            return cell[0], cell[1], i
    raise ValueError(f"no area on side {d} of {cell}")


def area_kind(s: State, area: Area) -> str:
    tile, turn = s.terrain[(area[0], area[1])]
    return rotated_areas(TILE[tile], turn)[area[2]][0]


def contacts(s: State, cell: Cell) -> list[tuple[int, str, Area]]:
    """The terrain sides facing `cell`: (direction from the cell, L/S, the area on that side)."""
    out = []
    for d in range(4):
        nb = neighbour(cell, d)
        if nb in s.terrain:
            back = opposite(d)
            out.append((d, edge(s, nb, back) or SEA, area_at(s, nb, back)))
    return out


def land_sides(s: State, cell: Cell) -> list[tuple[int, Area]]:
    return [(d, a) for d, t, a in contacts(s, cell) if t == LAND]


def sea_sides(s: State, cell: Cell) -> list[tuple[int, Area]]:
    return [(d, a) for d, t, a in contacts(s, cell) if t == SEA]


def is_empty(s: State, cell: Cell) -> bool:
    return cell not in s.terrain and cell not in s.knights


# --- regions -----------------------------------------------------------------------------------


def region(s: State, area: Area) -> Area:
    return s.region_of[area]


def knight_counts(s: State, cell: Cell, knight: Knight | None = None) -> dict[Area, int]:
    """Caballeros a Caballero tile puts in each land region: the numbers facing land, summed by
    region (only a Grande's tile can face land on more than one side)."""
    k = knight or s.knights[cell]
    numbers = knight_numbers(k.side, k.turn)
    out: dict[Area, int] = {}
    for d, area in land_sides(s, cell):
        label = s.region_of[area]
        out[label] = out.get(label, 0) + numbers[d]
    return out


def knight_total(s: State, cell: Cell, knight: Knight | None = None) -> int:
    return sum(knight_counts(s, cell, knight).values())


def highest_land_number(s: State, cell: Cell, knight: Knight | None = None,
                        ignore: Iterable[int] = ()) -> int:
    """The highest number facing land (what a tile costs; what a Castillo saves)."""
    k = knight or s.knights[cell]
    numbers = knight_numbers(k.side, k.turn)
    skip = set(ignore)
    return max((numbers[d] for d, _ in land_sides(s, cell) if d not in skip), default=0)


def land_totals(s: State) -> dict[Area, list[int]]:
    """Caballeros per seat in every land region that has any."""
    out: dict[Area, list[int]] = {}
    for cell, k in s.knights.items():
        for label, n in knight_counts(s, cell, k).items():
            out.setdefault(label, [0] * s.players)[k.seat] += n
    return out


def on_tiles(s: State, seat: int) -> int:
    return sum(knight_total(s, c, k) for c, k in s.knights.items() if k.seat == seat)


def regions(s: State) -> dict[Area, list[Area]]:
    """Region label → its areas."""
    out: dict[Area, list[Area]] = {}
    for area, label in s.region_of.items():
        out.setdefault(label, []).append(area)
    return out


def region_stats(s: State, areas: Iterable[Area]) -> dict[str, int | str]:
    areas = list(areas)
    kind = area_kind(s, areas[0])
    cells = {(a[0], a[1]) for a in areas}
    bonus = 0
    for cell in cells:
        t = TILE[s.terrain[cell][0]]
        bonus += (t.gold if kind == LAND else t.fish)
    return {"kind": kind, "tiles": len(cells), "bonus": bonus, "value": len(cells) + bonus}


def ships(s: State) -> list[tuple[Cell, int, int, Area]]:
    """Every ship: (Caballero tile, side, owner, the sea region it borders)."""
    out = []
    for cell, k in s.knights.items():
        for d in k.ships:
            area = area_at(s, neighbour(cell, d), opposite(d))
            out.append((cell, d, k.seat, s.region_of[area]))
    return out


def merge_tile(region_of: dict[Area, Area], terrain: dict[Cell, tuple[str, int]], cell: Cell
               ) -> dict[Area, Area]:
    """Relabels caused by the tile just put at `cell` (already in `terrain`): its areas start as
    their own regions, then join the areas across each matching side; a merged region takes the
    smallest label. Returns old label → new label for regions that disappeared."""
    tile, turn = terrain[cell]
    areas = rotated_areas(TILE[tile], turn)
    for i in range(len(areas)):
        region_of[(cell[0], cell[1], i)] = (cell[0], cell[1], i)
    renamed: dict[Area, Area] = {}
    for i, (_, dirs) in enumerate(areas):
        for d in dirs:
            nb = neighbour(cell, d)
            if nb not in terrain:
                continue
            ntile, nturn = terrain[nb]
            back = opposite(d)
            j = next(j for j, (_, nd) in enumerate(rotated_areas(TILE[ntile], nturn)) if back in nd)
            a, b = region_of[(cell[0], cell[1], i)], region_of[(nb[0], nb[1], j)]
            if a == b:
                continue
            keep, gone = min(a, b), max(a, b)
            for key, label in region_of.items():
                if label == gone:
                    region_of[key] = keep
            for old, new in renamed.items():
                if new == gone:
                    renamed[old] = keep
            renamed[gone] = keep
    return renamed


def regions_from_scratch(s: State) -> dict[Area, Area]:
    """The regions found again by a search over the board, labelled by their smallest area (the
    invariant compares this with the incremental `region_of`)."""
    parent: dict[Area, Area] = {}
    for cell, (tile, _) in s.terrain.items():
        for i in range(len(TILE[tile].areas)):
            parent[(cell[0], cell[1], i)] = (cell[0], cell[1], i)
    adjacency: dict[Area, list[Area]] = {a: [] for a in parent}
    for cell in s.terrain:
        for d in range(4):
            nb = neighbour(cell, d)
            if nb in s.terrain:
                adjacency[area_at(s, cell, d)].append(area_at(s, nb, opposite(d)))
    out: dict[Area, Area] = {}
    for start in sorted(parent):
        if start in out:
            continue
        seen, todo = {start}, [start]
        while todo:
            a = todo.pop()
            for b in adjacency[a]:
                if b not in seen:
                    seen.add(b)
                    todo.append(b)
        label = min(seen)
        for a in seen:
            out[a] = label
    return out


# --- where tiles may go --------------------------------------------------------------------------


def fits(s: State, tile: str, turn: int, cell: Cell) -> bool:
    """The tile, turned, matches every terrain side around the empty `cell`."""
    if not is_empty(s, cell):
        return False
    edges = tile_edges(tile, turn)
    for d in range(4):
        other = edge(s, neighbour(cell, d), opposite(d))
        if other is not None and other != edges[d]:
            return False
    return True


def frontier(s: State) -> list[Cell]:
    """Empty cells next to a terrain tile, in a fixed order."""
    cells = {neighbour(c, d) for c in s.terrain for d in range(4)}
    return sorted(c for c in cells if is_empty(s, c))


Pattern = tuple[str | None, str | None, str | None, str | None]
"""The terrain sides facing an empty cell, N E S W (None: no terrain there)."""


def pattern(s: State, cell: Cell) -> Pattern:
    e = [edge(s, neighbour(cell, d), opposite(d)) for d in range(4)]
    return e[0], e[1], e[2], e[3]


@cache
def _matches(edges: str, facing: Pattern) -> bool:
    return all(f is None or f == x for x, f in zip(edges, facing, strict=True))


def _fitting(tile: str, patterns: list[tuple[Cell, Pattern]]) -> list[tuple[Cell, int]]:
    """(cell, turn) among the empty cells' patterns where the tile fits, cells in the given order
    and turns in `_distinct_turns` order (what `fits` says, without asking the board again for
    every tile and turn: the placement search is the engine's hot spot)."""
    turns = _distinct_turns(tile)
    return [(cell, turn) for cell, facing in patterns for turn in turns
            if _matches(tile_edges(tile, turn), facing)]


def normal_placements(s: State, tile: str) -> list[tuple[Cell, int]]:
    """(cell, turn) where the tile goes next to a terrain tile with every side matching."""
    return _fitting(tile, [(c, pattern(s, c)) for c in frontier(s)])


@cache
def _distinct_turns(tile: str) -> tuple[int, ...]:
    """Turns giving different tiles (an all-land tile has one; a bridge two). Cached: it depends
    on the tile alone, and the bots' searches ask it thousands of times a move."""
    seen, out = set(), []
    for turn in TURNS:
        key = rotated_areas(TILE[tile], turn), rotated_edges(TILE[tile], turn)
        if key not in seen:
            seen.add(key)
            out.append(turn)
    return tuple(out)


def cells_around_knights(s: State, owners: Iterable[int]) -> list[Cell]:
    """Empty cells next to a Caballero tile of one of `owners`, in a fixed order."""
    who = set(owners)
    cells = {neighbour(c, d) for c, k in s.knights.items() if k.seat in who for d in range(4)}
    return sorted(c for c in cells if is_empty(s, c))


def fallback_cells(s: State, seat: int) -> list[Cell]:
    """Rules version 1: empty cells next to one of the seat's Caballero tiles, else next to
    anybody's, where a tile goes when no face-up tile fits next to terrain. (Version 1 stopped at
    the seat's own cells even where no face-up tile fits there: see `lay_options`.)"""
    return cells_around_knights(s, {seat}) or cells_around_knights(s, s.seats())


def _placements_at(s: State, cells: list[Cell]) -> dict[str, list[tuple[Cell, int]]]:
    """Every face-up tile's (cell, turn) among these empty cells."""
    patterns = [(c, pattern(s, c)) for c in cells if is_empty(s, c)]
    return {t: _fitting(t, patterns) for t in dict.fromkeys(s.face_up)}


def lay_options(s: State, seat: int) -> dict[str, list[tuple[Cell, int]]]:
    """Every face-up tile's legal (cell, turn) now: next to terrain if any face-up tile fits there,
    otherwise next to a Caballero tile: one of the seat's own where a face-up tile fits there, and
    only where none does, next to an opponent's (seed: « en priorité à une des siennes, à défaut à
    une adverse », the tile being compulsory). Empty when nothing can be laid at all.

    Rules version 1 kept the seat's own Caballero tiles as the only fallback as soon as one had an
    empty cell beside it, even where no face-up tile fits there (the turn then ended with no
    tile)."""
    normal = _placements_at(s, frontier(s))
    if any(normal.values()):
        return normal
    if s.rules < 2:
        return _placements_at(s, fallback_cells(s, seat))
    own = _placements_at(s, cells_around_knights(s, {seat}))
    if any(own.values()):
        return own
    return _placements_at(s, cells_around_knights(s, set(s.seats()) - {seat}))


def knight_cells(s: State) -> list[Cell]:
    """Empty cells next to a terrain tile (where a Caballero tile may be laid)."""
    return frontier(s)


def is_knight_cell(s: State, cell: Cell) -> bool:
    """`cell in knight_cells(s)`, asked of the cell's four neighbours rather than by listing the
    whole board's frontier: a turn's form tries every Caballero tile placement through `decide`,
    and listing the frontier for each try was a quarter of El Caballero's turn form."""
    return is_empty(s, cell) and any(neighbour(cell, d) in s.terrain for d in range(4))


# --- closed regions ------------------------------------------------------------------------------


def remaining_tiles(s: State) -> list[str]:
    return sorted(set(s.stack) | set(s.face_up))


def cell_dead(s: State, cell: Cell, left: Iterable[str]) -> bool:
    """Nothing can ever be laid in this empty cell: no tile left fits, and a Caballero tile would
    touch two land tiles."""
    return _dead(s, cell, _shapes(left))


def _shapes(left: Iterable[str]) -> set[str]:
    """Every side pattern the tiles left show in some turn (at most 16, whatever is left)."""
    return {tile_edges(t, turn) for t in set(left) for turn in TURNS}


def _dead(s: State, cell: Cell, shapes: set[str]) -> bool:
    if len(land_sides(s, cell)) < 2:
        return False
    facing = pattern(s, cell)
    return not any(_matches(edges, facing) for edges in shapes)


def is_closed(s: State, label: Area) -> bool:
    shapes = _shapes(remaining_tiles(s))
    for area in regions(s)[label]:
        cell = (area[0], area[1])
        tile, turn = s.terrain[cell]
        for d in rotated_areas(TILE[tile], turn)[area[2]][1]:
            nb = neighbour(cell, d)
            if is_empty(s, nb) and not _dead(s, nb, shapes):
                return False
    return True


__all__ = ["LAND", "SEA"]
