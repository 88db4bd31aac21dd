"""El Caballero's material: the one data file (terrain tiles, Caballero-tile numbers, power cards,
piece counts).

The rulebook (shared/seeds/003_82f8e449bfc9ffba.txt) shows the tiles as pictures only, so three
things here are RECONSTRUCTED from the project's reference (shared/rules/el-caballero.md, "Data
(reconstruction)"): the terrain tile set, the numbering of the Caballero tiles and the power cards'
Caballeros. Each is marked below with its basis, so that a printed list can replace it in one edit;
nothing else in the engine knows these numbers (tests read them from here).

Edges are written clockwise from north: "LSSS" is land to the north, sea to the east, south and
west. A tile's areas are the groups of edges that belong to one land or sea area of that tile.
"""

from __future__ import annotations

from dataclasses import dataclass

LAND, SEA = "L", "S"

TILE_COUNT = 48
FACE_UP = 5
"""Face-up terrain tiles to choose from, refilled at the end of every round."""


@dataclass(frozen=True)
class TileKind:
    """One terrain tile as printed (before rotation)."""

    id: str
    edges: str  # four of "L"/"S", clockwise from north
    gold: bool = False  # a gold on its (only) land area: +1 to that land region's value
    fish: bool = False  # a fish on its (only) sea area: +1 to that sea region's value
    bridge: bool = False  # "LSLS"-shaped: True = land bridge (one land, two seas), False = strait

    @property
    def areas(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """(kind, directions 0=N 1=E 2=S 3=W) per area, land areas first.

        All land edges are one land area and all sea edges one sea area, except on a tile whose two
        land edges are opposite: a land bridge joins them and splits the two seas, a strait joins
        the seas and splits the two lands (reference, "Data")."""
        land = tuple(d for d in range(4) if self.edges[d] == LAND)
        sea = tuple(d for d in range(4) if self.edges[d] == SEA)
        opposite = len(land) == 2 and (land[1] - land[0]) == 2
        out: list[tuple[str, tuple[int, ...]]] = []
        if opposite and not self.bridge:
            out += [(LAND, (d,)) for d in land]
        elif land:
            out.append((LAND, land))
        if opposite and self.bridge:
            out += [(SEA, (d,)) for d in sea]
        elif sea:
            out.append((SEA, sea))
        return tuple(out)

    @property
    def plain(self) -> bool:
        return not self.gold and not self.fish


def _tiles() -> tuple[TileKind, ...]:
    """RECONSTRUCTED (basis: the reference's tile counts). 48 tiles: 6 all-sea, 10 with one land
    edge, 10 with two adjacent land edges, 4 with two opposite land edges (2 land bridges, 2
    straits), 10 with three land edges, 8 all-land; 10 golds on tiles with one land area and 10
    fish on tiles with one sea area, never both on one tile; the other 28 tiles are plain (the start
    tile is drawn among them)."""
    rows: list[tuple[str, int, int, int, bool]] = [
        # edges, how many, of which gold, of which fish, bridge
        ("SSSS", 6, 0, 2, False),
        ("LSSS", 10, 2, 3, False),
        ("LLSS", 10, 2, 2, False),
        ("LSLS", 2, 1, 0, True),  # land bridges: the fish would have two seas to choose from
        ("LSLS", 2, 0, 1, False),  # straits: the gold would have two lands to choose from
        ("LLLS", 10, 3, 2, False),
        ("LLLL", 8, 2, 0, False),
    ]
    out: list[TileKind] = []
    for edges, count, gold, fish, bridge in rows:
        for i in range(count):
            out.append(TileKind(f"T{len(out) + 1:02d}", edges, gold=i < gold,
                                fish=gold <= i < gold + fish, bridge=bridge))
    return tuple(out)


TILES: tuple[TileKind, ...] = _tiles()
TILE = {t.id: t for t in TILES}
TILE_IDS = tuple(t.id for t in TILES)

KNIGHT_SIDES: dict[str, tuple[int, int, int, int]] = {
    "a": (1, 2, 3, 4),
    "b": (5, 6, 7, 8),
}
"""RECONSTRUCTED (basis: the reference, "Caballero tiles"): the numbers on a Caballero tile, clockwise
from north before rotation; side A shows 1-4, side B 5-8. A tile holds at most 8 Caballeros."""

KNIGHT_TILES = {False: 8, True: 10}
"""Caballero tiles per colour: 8 in the basic game, 10 in the advanced one (seed, Préparation)."""
TILE_CAPACITY = 8
"""The court is shown with the player's own Caballero tiles: at most 8 per tile off the board."""

POWER_CARDS = tuple(range(1, 14))
POWER_CABALLEROS: dict[int, int] = dict(zip(POWER_CARDS, (7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 0),
                                            strict=True))
"""RECONSTRUCTED (basis: the reference, "inferred: one more than El Grande's except the 13"): the
Caballeros each power card brings to court (the heads printed on it)."""
DOUBLE_TILE_CARD = 9
"""The power card whose player lays two terrain tiles."""

START_COURT = 5
SHIPS = {False: 12, True: 16}
CASTILLOS = {False: 12, True: 16}
ALCALDES_PER_PLAYER = 5
ROUNDS = {False: 7, True: 10}
SCORING_ROUNDS = {False: (4, 7), True: (4, 7, 10)}

SHIP_PRICE = 2
SHIP_FROM_COURT_PRICE = 1
CASTILLO_PRICE = 1
MOVE_PRICE = 1
SEA_KNIGHT_PRICE = 1
GRANDE_PRICE = 2
GRANDE_MOVE_PRICE = 1
ALCALDE_PRICE = 1
PER_TURN = {"knights": 2, "raises": 1, "ships": 2, "castillos": 2, "grande_moves": 1}
"""How many of each a player may do in one turn (raises count among the two Caballero tiles)."""

BANK = 500
"""Caballeros are counted, not pieces: every player's Caballeros are in their court, on their tiles
or in this notional bank (spent, lost, not yet brought in), so a conservation check can add them
up (`invariants`). No game comes near it: it only has to stay positive."""

COLOURS = ("yellow", "red", "blue", "green")
