"""Advanced rules: the Grande (on a tile touching several land tiles, protection, moves) and the
Alcaldes (closed regions only, one per region, a governed sea takes one ship)."""

from __future__ import annotations

from domain.elcaballero import board as b
from domain.elcaballero.data import TILES
from domain.elcaballero.scoring import score
from tests.elcaballero.helpers import SEA_START, Table, tile

ALL_LAND = tile("LLLL")
PLAIN_LAND = tile("LLLL", skip=tuple(x.id for x in TILES if x.gold))


def _two_regions() -> Table:
    """Start LSSS at (0,0), all-land at (0,1) and three-land at (1,0): (1,1) faces both."""
    t = Table(3, advanced=True)
    t.terrain(0, 1, ALL_LAND)
    t.terrain(1, 0, tile("LLLS"))
    t.start_turns()
    t.court(0, 20)
    return t


def test_basic_games_have_no_grande_nor_alcalde():
    t = Table(3)
    t.start_turns()
    t.knight(1, 0, seat=0)
    assert "advanced" in t.refused(0, "grande", at=[1, 0]).message
    assert "advanced" in t.refused(0, "alcalde", at=[0, 0], edge="n").message
    assert "advanced" in t.refused(0, "lay_knight", at=[-1, 0], grande=True).message


def test_a_tile_laid_with_the_grande_touches_several_lands_and_pays_the_highest():
    t = _two_regions()
    t.refused(0, "lay_knight", at=[1, 1], side="a", turn=0)  # two land tiles, no Grande
    t.do(0, "lay_knight", at=[1, 1], side="a", turn=0, grande=True)  # 4 west, 3 south
    assert t.state.court[0] == 20 - 4  # seed: « Il paie 4 Caballeros » (test_rules_versions)
    assert b.knight_total(t.state, (1, 1)) == 7  # one region holds both: 4 + 3
    t.refused(0, "raise", at=[1, 1], side="b", turn=0)  # a Grande's tile cannot be turned


def test_the_grande_moves_once_a_turn_for_1_and_an_unprotected_tile_goes_back():
    t = _two_regions()
    t.knight(1, 1, seat=0, grande=True, castillo=True)
    t.knight(-1, 1, seat=0)
    t.knight(0, -1, seat=0)
    events = t.do(0, "grande", at=[-1, 1])
    (r,) = events[0]["returned"]
    assert r["at"] == (1, 1) and r["refund"] == 4  # the Castillo saves the highest number
    assert t.state.court[0] == 20 - 1 + 4
    assert "already moved" in t.refused(0, "grande", at=[0, -1]).message


def _closed_island(start: str, owners: tuple[int, int, int] = (0, 1, 2)) -> Table:
    """The start tile with Caballero tiles (side A, turn 0) east, west and north of it."""
    t = Table(3, advanced=True, start=start)
    t.start_turns()
    for seat, (x, y) in zip(owners, [(1, 0), (-1, 0), (0, 1)], strict=True):
        t.knight(x, y, seat=seat)
    return t


def test_an_alcalde_needs_a_closed_region_and_doubles_it_for_its_owner():
    t = _closed_island(PLAIN_LAND)
    err = t.refused(0, "alcalde", at=[0, 0], edge="n")
    assert "closed" in err.message
    t.knight(0, -1, seat=0, turn=180)  # side A turned 180: 3 to the north
    t.do(0, "alcalde", at=[0, 0], edge="n")
    assert t.state.alcaldes_left[0] == 4
    t.refused(1, "alcalde", at=[0, 0], edge="e")  # not seat 1's turn; and the region is taken
    assert "already has its Alcalde" in t.refused(0, "alcalde", at=[0, 0], edge="e").message
    # seat 0: 4 (east tile) + 3 (south tile), seat 1: 2, seat 2: 3; the region is worth 1
    assert b.land_totals(t.state)[t.state.region_of[(0, 0, 0)]] == [7, 2, 3]
    assert score(t.state, 1)["points"] == [2, 0, 1]  # the Alcalde's 2, the best other's 1


def test_a_governed_sea_takes_one_ship():
    t = _closed_island(SEA_START, owners=(0, 1, 2))
    t.knight(0, -1, seat=0, ships=(0,))
    t.do(0, "alcalde", at=[0, 0], edge="s")
    assert "one ship" in t.refused(0, "ship", at=[1, 0], edge="w").message
    t.do(0, "take_back", at=[0, -1], edge="n")  # the sea has no ship now: one may come
    t.do(0, "ship", at=[1, 0], edge="w", **{"from": "court"})
