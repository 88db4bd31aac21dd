"""Power cards and a turn's actions, in any order: reinforcements, the mandatory terrain tile (two
with the 9), Caballero tiles and raises with the distinct-totals rule, ships, Castillos, taking
back, moving, the court limit. A refused command changes nothing (`Table.refused`).

Table(3): start tile LSSS (land to the north) at (0, 0), all-land tile arranged at (0, 1) where
told; seat 0 acts first (power cards 13, 12, 11).
"""

from __future__ import annotations

from domain.core.events import thaw
from domain.elcaballero import board as b
from domain.elcaballero import rules
from domain.elcaballero.data import POWER_CABALLEROS, TILES
from tests.elcaballero.helpers import Table, tile

ALL_LAND = tile("LLLL")
SEA = tile("SSSS")


def _turn(players: int = 3, advanced: bool = False) -> Table:
    t = Table(players, advanced=advanced)
    t.terrain(0, 1, ALL_LAND)
    t.start_turns()
    return t


def _laid(t: Table) -> None:
    """Seat on turn lays its mandatory tile somewhere harmless (east of the start, sea)."""
    t.face_up(SEA, *[x for x in t.state.face_up if x != SEA][:4])
    t.do(t.seat(), "lay_tile", tile=SEA, at=[1, 0], turn=0)


# --- power cards -------------------------------------------------------------------------------

def test_power_cards_are_distinct_in_a_round_and_the_highest_acts_first():
    t = Table(3)
    t.powers(5)
    err = t.refused(1, "power", card=5)
    assert "already played" in err.message and 5 not in err.allowed
    t.refused(0, "power", card=6)  # not seat 0's turn to play a card
    t.powers(9, 2)
    assert t.state.turn_order == [1, 0, 2]


def test_the_next_round_plays_cards_lowest_first_and_a_lone_card_plays_itself():
    t = Table(2)
    t.powers(13, 12)
    for _ in range(2):
        _laid_any(t)
        t.do(t.seat(), "end_turn")
    assert t.state.round == 2 and t.state.power_order == [1, 0]
    assert t.state.hands[0] == set(range(1, 13))


def _laid_any(t: Table) -> None:
    (d,) = rules.pending(t.state)
    tile_id, spots = next(iter(d.constraint["lay_tile"].items()))
    t.do(d.seat, "lay_tile", tile=tile_id, at=spots[0]["at"], turn=spots[0]["turns"][0])


def test_the_turn_ends_only_once_the_terrain_tile_is_laid():
    t = _turn()
    err = t.refused(0, "end_turn")
    assert err.allowed == ["lay_tile"]
    _laid(t)
    t.refused(0, "lay_tile", tile=0, at=[2, 0], turn=0)  # one tile only
    t.do(0, "end_turn")
    assert t.seat() == 1


def test_the_9_lays_two_terrain_tiles():
    t = Table(2)
    t.terrain(0, 1, ALL_LAND)
    t.powers(9, 3)
    t.face_up(SEA, tile("SSSS", skip=(SEA,)), *[x for x in t.state.face_up][:3])
    t.do(0, "lay_tile", tile=SEA, at=[1, 0], turn=0)
    t.refused(0, "end_turn")
    t.do(0, "lay_tile", tile=0, at=[2, 0], turn=0)
    t.do(0, "end_turn")


def test_reinforcements_bring_the_cards_caballeros_once():
    t = _turn()
    t.do(0, "reinforce")
    assert t.state.court[0] == 5 + POWER_CABALLEROS[13] == 5
    t.refused(0, "reinforce")
    _laid(t)
    t.do(0, "end_turn")
    t.do(1, "reinforce")
    assert t.state.court[1] == 5 + POWER_CABALLEROS[12]


# --- Caballero tiles ---------------------------------------------------------------------------

def test_a_caballero_tile_pays_the_number_facing_land():
    t = _turn()
    # at (1, 1) the all-land tile is to the west; side A turned 0 shows 4 to the west
    t.do(0, "lay_knight", at=[1, 1], side="a", turn=0)
    assert t.state.court[0] == 1
    label = t.state.region_of[(0, 1, 0)]
    assert b.land_totals(t.state)[label][0] == 4


def test_a_caballero_tile_may_not_touch_two_land_tiles_nor_lie_away_from_terrain():
    t = _turn()
    t.terrain(1, 0, tile("LLLS"))  # land to the north of (1, 0): (1, 1) now faces two lands
    err = t.refused(0, "lay_knight", at=[1, 1], side="a", turn=0)
    assert "only one" in err.message
    t.refused(0, "lay_knight", at=[5, 5], side="a", turn=0)


def test_a_sea_only_tile_shows_side_a_costs_1_and_counts_land_later_for_free():
    t = _turn()
    t.refused(0, "lay_knight", at=[0, -1], side="b", turn=0)
    t.do(0, "lay_knight", at=[0, -1], side="a", turn=0)  # touches the start's south (sea)
    assert t.state.court[0] == 4
    assert b.knight_total(t.state, (0, -1)) == 0


def test_distinct_totals_when_adding_caballeros():
    t = _turn()
    t.knight(-1, 1, seat=1, turn=0)  # side A turned 0 shows 2 to the east: 2 for seat 1
    err = t.refused(0, "lay_knight", at=[1, 1], side="a", turn=180)  # 2 to the west: a tie
    assert "as many as another player" in err.message and err.allowed == {"taken_totals": [0, 2]}
    t.do(0, "lay_knight", at=[1, 1], side="a", turn=90)  # 3 to the west
    label = t.state.region_of[(0, 1, 0)]
    assert b.land_totals(t.state)[label] == [3, 2, 0]


def test_land_arriving_at_a_tile_may_create_a_tie():
    """Seed: "ce qui est autorisé car l'égalité n'est pas provoquée par une tuile de Caballeros"."""
    t = _turn()
    t.knight(-1, 1, seat=1, turn=0)  # 2 for seat 1 in the land region
    t.knight(1, 0, seat=0, turn=270)  # sea only; shows 2 to the north, where (1, 1) is empty
    t.face_up(tile("LLLL", skip=(ALL_LAND,)), *t.state.face_up[:4])
    events = t.do(0, "lay_tile", tile=0, at=[1, 1], turn=0)
    assert thaw(events[0]["gained"]) == [{"at": [1, 0], "seat": 0, "count": 2}]
    label = t.state.region_of[(0, 1, 0)]
    assert b.land_totals(t.state)[label][:2] == [2, 2]


def test_a_raise_pays_the_difference_and_keeps_distinct_totals():
    t = _turn()
    t.knight(1, 1, seat=0, turn=180)  # 2 to the west
    t.knight(-1, 1, seat=1, turn=180)  # 4 to the east
    t.refused(0, "raise", at=[1, 1], side="a", turn=0)  # 4: a tie with seat 1
    err = t.refused(0, "raise", at=[1, 1], side="a", turn=270)  # 1: not higher
    assert "higher number" in err.message
    t.do(0, "raise", at=[1, 1], side="b", turn=180)  # side B turned 180: 6 to the west
    assert t.state.court[0] == 5 - 4
    assert b.knight_total(t.state, (1, 1)) == 6
    t.refused(0, "raise", at=[1, 1], side="b", turn=90)  # one raise a turn


def test_two_caballero_tiles_a_turn_a_raise_counting_as_one():
    t = _turn()
    t.court(0, 20)
    t.knight(1, 1, seat=0, turn=270)  # 1 to the west
    t.do(0, "raise", at=[1, 1], side="a", turn=180)
    t.do(0, "lay_knight", at=[0, -1], side="a", turn=0)
    err = t.refused(0, "lay_knight", at=[-1, 0], side="a", turn=0)
    assert "two Caballero tiles" in err.message


# --- ships and Castillos -----------------------------------------------------------------------

def _sea_tile(t: Table) -> None:
    """Seat 0's sea-only tile at (0, -1), its north side on the start's sea."""
    t.knight(0, -1, seat=0)


def test_ships_cost_2_go_on_a_side_facing_sea_two_a_turn():
    t = _turn()
    t.court(0, 20)
    t.terrain(1, -1, SEA)
    t.terrain(-1, -1, tile("SSSS", skip=(SEA,)))
    t.terrain(0, -2, tile("SSSS", skip=(SEA, tile("SSSS", skip=(SEA,)))))
    _sea_tile(t)
    t.refused(0, "ship", at=[0, -1], edge="s", **{"from": "court"})  # no ship in court
    t.do(0, "ship", at=[0, -1], edge="n")
    assert t.state.court[0] == 18
    t.refused(0, "ship", at=[0, -1], edge="n")  # one ship a side
    t.do(0, "ship", at=[0, -1], edge="e")
    err = t.refused(0, "ship", at=[0, -1], edge="w")
    assert "two ships" in err.message
    t.do(0, "take_back", at=[0, -1], edge="e")
    assert t.state.court_ships[0] == 1
    t.do(0, "ship", at=[0, -1], edge="w", **{"from": "court"})
    assert t.state.court[0] == 15


def test_a_ship_needs_a_side_facing_sea():
    t = _turn()
    t.knight(1, 1, seat=0)
    err = t.refused(0, "ship", at=[1, 1], edge="w")  # faces the all-land tile
    assert "faces sea" in err.message


def test_castillos_cost_1_one_per_tile_two_a_turn_and_moves_cost_1():
    t = _turn()
    t.court(0, 20)
    for x in (0, 1, 2):
        t.terrain(x + 1, 0, tile("SSSS", skip=tuple(f for f, _ in t.state.terrain.values())))
    for x in (0, 1, 2):
        t.knight(x, -1, seat=0)
    t.do(0, "castle", at=[0, -1])
    t.refused(0, "castle", at=[0, -1])
    t.do(0, "castle", at=[1, -1])
    t.refused(0, "castle", at=[2, -1])
    t.do(0, "move_castle", **{"from": [1, -1], "to": [2, -1]})
    assert t.state.court[0] == 20 - 3
    assert t.state.knights[(2, -1)].castillo and not t.state.knights[(1, -1)].castillo


def test_taking_back_loses_the_caballeros_but_a_castillo_saves_them():
    t = _turn()
    t.knight(1, 1, seat=0, castillo=True)  # 4 to the west
    t.do(0, "take_back", at=[1, 1])
    assert t.state.court[0] == 9 and t.state.off_board[0] == 8
    t.knight(1, 1, seat=0)
    t.do(0, "take_back", at=[1, 1])
    assert t.state.court[0] == 9


def test_the_court_never_exceeds_8_per_tile_off_the_board():
    t = _turn()
    seas = iter(x.id for x in TILES if x.edges == "SSSS")
    for x in range(-3, 4):
        if (x, 0) not in t.state.terrain:
            t.terrain(x, 0, next(seas))
    for x in range(-3, 4):
        t.knight(x, -1, seat=0)
    assert t.state.off_board[0] == 1
    t.court(0, 8)
    events = t.do(0, "lay_knight", at=[4, 0], side="a", turn=0)  # the last tile, sea only
    assert thaw(events[0]["capped"]) == {"0": 7}
    assert t.state.court[0] == 0 and t.state.off_board[0] == 0
    t.do(0, "reinforce")
    assert t.state.court[0] == 0


def test_every_refusal_says_what_is_allowed():
    t = _turn()
    err = t.refused(0, "teleport")
    assert "end_turn" in err.allowed
    err = t.refused(0, "lay_knight", at="b4")
    assert err.allowed == {"format": "[x, y]"}
    err = t.refused(1, "end_turn")
    assert "not your move" in err.message


def test_a_tile_on_a_taken_cell_is_refused_for_that_reason():
    """Cid's « tessera 1 in m14 » on Ann's tile was told it must touch a tile with every side
    matching: the cell is taken, which no rotation mends; the refusal says so, in every
    language."""
    t = _turn()
    t.face_up(SEA, *[x for x in t.state.face_up if x != SEA][:4])
    err = t.refused(0, "lay_tile", tile=SEA, at=[0, 1], turn=0)  # m14 holds a land tile
    assert err.key == "elcaballero.refuse.cell_taken"
    assert "m14" in err.message and "free" in err.message and "matching" not in err.message
    for lang, words in (("fr", "m14 porte déjà une tuile"), ("it", "m14 ha già una tessera")):
        assert words in err.render(lang), err.render(lang)
