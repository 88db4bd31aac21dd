"""The board: the tile set, regions (bridges and straits), where terrain tiles go, Caballero tiles
pushed out by a second land tile (and the Castillo and Grande exceptions), closed regions.

Table(3) unless told: the start tile LSSS (land to the north) at (0, 0); x grows east, y north.
"""

from __future__ import annotations

from collections import Counter

from domain.core.events import thaw
from domain.elcaballero import board as b
from domain.elcaballero import rules
from domain.elcaballero.data import TILE, TILES
from tests.elcaballero.helpers import LAND1, SEA_START, Table, tile

ALL_LAND = tile("LLLL")
SEA = tile("SSSS")
SEA2 = tile("SSSS", skip=(SEA,))
SEA3 = tile("SSSS", skip=(SEA, SEA2))
BRIDGE = tile("LSLS", bridge=True)
STRAIT = tile("LSLS", bridge=False)


def test_the_tile_set_has_the_references_counts():
    shapes = Counter(t.edges for t in TILES)
    assert shapes == {"SSSS": 6, "LSSS": 10, "LLSS": 10, "LSLS": 4, "LLLS": 10, "LLLL": 8}
    assert sum(t.gold for t in TILES) == 10 and sum(t.fish for t in TILES) == 10
    assert not any(t.gold and t.fish for t in TILES)
    assert sum(t.plain for t in TILES) == 28


def test_a_tile_with_two_opposite_land_sides_is_a_bridge_or_a_strait():
    assert TILE[BRIDGE].areas == (("L", (0, 2)), ("S", (1,)), ("S", (3,)))
    assert TILE[STRAIT].areas == (("L", (0,)), ("L", (2,)), ("S", (1, 3)))


def _region_sizes(t: Table) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {"L": [], "S": []}
    for areas in b.regions(t.state).values():
        stats = b.region_stats(t.state, areas)
        out[str(stats["kind"])].append(int(stats["tiles"]))
    return {k: sorted(v) for k, v in out.items()}


def test_matching_land_sides_join_one_region():
    t = Table()
    t.terrain(0, 1, ALL_LAND)
    assert _region_sizes(t) == {"L": [2], "S": [1]}
    t.check()


def test_a_land_bridge_keeps_the_seas_on_its_sides_apart():
    t = Table()
    t.terrain(0, 1, BRIDGE)
    t.terrain(1, 1, SEA)
    t.terrain(-1, 1, SEA2)
    # land: start + bridge; seas: the start's, the east one (2 tiles), the west one (2 tiles)
    assert _region_sizes(t) == {"L": [2], "S": [1, 2, 2]}
    t.check()


def test_a_strait_joins_the_seas_and_splits_the_land():
    t = Table()
    t.terrain(0, 1, STRAIT)
    t.terrain(1, 1, SEA)
    t.terrain(-1, 1, SEA2)
    assert _region_sizes(t) == {"L": [1, 2], "S": [1, 3]}
    t.check()


def test_a_bridge_whose_two_seas_meet_again_counts_once():
    t = Table()
    t.terrain(0, 1, BRIDGE)
    t.terrain(1, 1, SEA)
    t.terrain(-1, 1, SEA2)
    t.terrain(1, 2, SEA3)
    t.terrain(-1, 2, tile("SSSS", skip=(SEA, SEA2, SEA3)))
    t.terrain(0, 2, tile("LSSS", skip=(LAND1,)), 180)  # land to the south, sea elsewhere
    sea = [b.region_stats(t.state, a) for a in b.regions(t.state).values()]
    big = max((x for x in sea if x["kind"] == "S"), key=lambda x: x["tiles"])
    assert big["tiles"] == 6  # the bridge once, though both its seas are in the region
    t.check()


def test_a_terrain_tile_must_touch_terrain_with_every_side_matching():
    t = Table()
    t.start_turns()
    t.face_up(SEA, ALL_LAND, SEA2, SEA3, BRIDGE)
    err = t.refused(0, "lay_tile", tile=SEA, at=[0, 1], turn=0)  # sea against the start's land
    assert "matching" in err.message
    assert {"at": [1, 0], "turns": [0]} in err.allowed["placements"]
    t.refused(0, "lay_tile", tile=SEA, at=[5, 5], turn=0)
    t.refused(0, "lay_tile", tile="T99", at=[1, 0], turn=0)
    t.do(0, "lay_tile", tile=1, at=[0, 1], turn=0)  # the all-land tile, by its face-up index
    assert t.state.terrain[(0, 1)] == (ALL_LAND, 0)


def test_when_no_tile_fits_it_goes_next_to_own_caballero_tile_first():
    t = Table(start=SEA_START)
    t.start_turns()
    lands = [x.id for x in TILES if x.edges == "LLLL"][:5]
    t.face_up(*lands)
    t.knight(1, 0, seat=1)  # sea-only tiles of seats 1 and 0
    t.knight(-1, 0, seat=0)
    err = t.refused(0, "lay_tile", tile=lands[0], at=[2, 0], turn=0)
    assert "one of yours" in err.message
    events = t.do(0, "lay_tile", tile=lands[0], at=[-2, 0], turn=0)
    assert events[0]["fallback"] is True
    # the sea-only tile of seat 0 now touches land on its west side: 4 Caballeros there, free
    assert thaw(events[0]["gained"]) == [{"at": [-1, 0], "seat": 0, "count": 4}]


def test_with_nothing_that_can_be_laid_anywhere_the_tile_is_waived():
    t = Table(start=SEA_START)
    t.start_turns()
    t.face_up(*[x.id for x in TILES if x.edges == "LLLL"][:5])
    (d,) = rules.pending(t.state)
    assert d.constraint["tiles_to_lay"] == 0 and d.constraint["end_turn"] is True
    t.do(0, "end_turn")
    assert t.seat() == 1


def _two_lands() -> Table:
    """Start (0,0) LSSS, all-land (0,1); seat 1's tile at (1,1) shows 4 to the west (the land)."""
    t = Table()
    t.terrain(0, 1, ALL_LAND)
    t.start_turns()
    t.face_up(tile("LLLS"), SEA, SEA2, SEA3, BRIDGE)
    return t


def test_a_caballero_tile_that_comes_to_touch_two_land_tiles_goes_back_and_loses_all():
    t = _two_lands()
    t.knight(1, 1, seat=1)
    assert b.land_totals(t.state)[t.state.region_of[(0, 1, 0)]][1] == 4
    events = t.do(0, "lay_tile", tile=tile("LLLS"), at=[1, 0], turn=0)
    (r,) = events[0]["returned"]
    assert r["seat"] == 1 and r["lost"] == 4 and r["refund"] == 0
    assert (1, 1) not in t.state.knights
    assert t.state.off_board[1] == 8 and t.state.court[1] == 5


def test_a_castillo_saves_the_caballeros_facing_the_first_land_tile_and_is_lost():
    t = _two_lands()
    t.knight(1, 1, seat=1, castillo=True)
    castillos = t.state.castillo_supply
    events = t.do(0, "lay_tile", tile=tile("LLLS"), at=[1, 0], turn=0)
    (r,) = events[0]["returned"]
    # 4 faced the first land tile, 3 faces the new one: the Castillo saves the 4
    assert r["refund"] == 4 and r["lost"] == 0 and r["castillo"]
    assert t.state.court[1] == 9 and t.state.castillo_supply == castillos + 1


def test_a_grandes_tile_stays_and_counts_the_new_land_too():
    t = Table(advanced=True)
    t.terrain(0, 1, ALL_LAND)
    t.start_turns()
    t.face_up(tile("LLLS"), SEA, SEA2, SEA3, BRIDGE)
    t.knight(1, 1, seat=1, grande=True)
    events = t.do(0, "lay_tile", tile=tile("LLLS"), at=[1, 0], turn=0)
    assert thaw(events[0]["returned"]) == []
    assert thaw(events[0]["gained"]) == [{"at": [1, 1], "seat": 1, "count": 3}]
    assert b.knight_total(t.state, (1, 1)) == 7


def test_a_region_with_no_open_cell_around_it_is_closed():
    t = Table(start=tile("LLLL", skip=tuple(x.id for x in TILES if x.gold)))
    label = t.state.region_of[(0, 0, 0)]
    assert not b.is_closed(t.state, label)
    for seat, (x, y) in enumerate([(1, 0), (-1, 0), (0, 1)]):
        t.knight(x, y, seat=seat)
    assert not b.is_closed(t.state, label)
    t.knight(0, -1, seat=0)
    assert b.is_closed(t.state, label)


def test_a_cell_between_two_land_sides_where_no_tile_left_fits_is_dead():
    t = Table()
    t.terrain(0, 1, ALL_LAND)
    t.terrain(2, 1, tile("LLLL", skip=(ALL_LAND,)))
    # (1, 1) faces land to the west and east: no Caballero tile may go there
    left = [x for x in b.remaining_tiles(t.state) if TILE[x].edges.count("L") < 2]
    assert b.cell_dead(t.state, (1, 1), left)
    assert not b.cell_dead(t.state, (1, 1), b.remaining_tiles(t.state))


def test_a_cell_is_a_caballero_tiles_cell_exactly_when_the_frontier_lists_it():
    """`is_knight_cell` (asked of a cell's neighbours, so that trying every Caballero tile
    placement stays cheap) says what `knight_cells` lists, at every cell around the board, along
    random games with Caballero tiles, Castillos and ships laid."""
    import random

    from domain.elcaballero.module import GAME

    rng = random.Random("knight-cells")
    checked = 0
    for game in range(3):
        s = GAME.fold(GAME.create(3, {"advanced": game != 1}, f"cells-{game}", None))
        for step in range(400):
            if GAME.is_over(s):
                break
            if step % 7 == 0:
                listed = set(b.knight_cells(s))
                xs = [x for x, _ in s.terrain]
                ys = [y for _, y in s.terrain]
                for x in range(min(xs) - 2, max(xs) + 3):
                    for y in range(min(ys) - 2, max(ys) + 3):
                        assert b.is_knight_cell(s, (x, y)) == ((x, y) in listed), (x, y)
                        checked += 1
            d = GAME.pending(s)[0]
            s = GAME.fold(GAME.decide(s, GAME.sample_command(s, d, rng)), s)
    assert checked > 1000
