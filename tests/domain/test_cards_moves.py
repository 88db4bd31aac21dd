"""Stack 1, the intrigue cards: moving Caballeros (shared/rules/el-grande.md, "Action cards").

Set-up for every test (helpers.Table, 3 players): the King in Castilla la Nueva; homes Galicia (seat 0),
Aragón (seat 1), Sevilla (seat 2); 2 Caballeros at home, 7 in court, 21 in the provinces. Power cards
13, 12, 11 make seat 0 play first with nothing to take.
"""

from __future__ import annotations

import pytest

from tests.domain.helpers import Table, ready, refused

KING = "castilla_la_nueva"






def mv(seat: int, src: str, dst: str, count: int = 1) -> dict:
    return {"seat": seat, "from": src, "to": dst, "count": count}


def counts(t: Table, place: str) -> list[int]:
    return list(t.state.places[place])


# --- when a special action may be asked for -----------------------------------------------------------

def test_special_before_choosing_a_card_is_refused():
    t = ready()
    refused(t, 0, "special", "choose an action card", moves=[mv(0, "galicia", "castillo")])


def test_special_during_the_power_card_phase_is_refused():
    t = Table(3)
    refused(t, 0, "special", "play a power card", moves=[mv(0, "galicia", "castillo")])


def test_special_by_another_seat_is_refused():
    t = ready()
    t.turn_with("move_3_any")
    refused(t, 1, "special", "not your move", moves=[mv(1, "aragon", "castillo")])


def test_special_cannot_be_done_twice_nor_after_declining():
    t = ready()
    t.turn_with("move_3_any")
    t.do(0, "special", moves=[mv(0, "galicia", "castillo")])
    refused(t, 0, "special", "already", moves=[mv(0, "galicia", "castillo")])
    t2 = ready()
    t2.turn_with("move_3_any")
    t2.do(0, "decline")
    refused(t2, 0, "special", "already", moves=[mv(0, "galicia", "castillo")])


def test_declining_leaves_the_board_unchanged_and_placement_still_allowed():
    t = ready()
    t.turn_with("move_4_any")
    board = {p: list(c) for p, c in t.state.places.items()}
    t.do(0, "decline")
    assert t.state.places == board
    t.do(0, "place", places={"castillo": 1})
    assert counts(t, "castillo") == [1, 0, 0]
    assert t.state.turn.seat == 1  # the turn ended once both parts were done


# --- the common limits of the move cards ---------------------------------------------------------------

MOVE_CARDS = ["move_5_from_region", "move_3_opponents", "move_3_any", "move_2_own_2_opponents",
              "move_4_own", "move_4_any"]


@pytest.mark.parametrize("card", MOVE_CARDS)
def test_nothing_leaves_the_kings_region(card):
    t = ready()
    t.arrange(castilla_la_nueva=[3, 3, 3])
    t.turn_with(card)
    who = 0 if card == "move_4_own" else 1
    refused(t, 0, "special", "King's region is taboo", moves=[mv(who, KING, "granada")])


@pytest.mark.parametrize("card", MOVE_CARDS)
def test_nothing_enters_the_kings_region(card):
    t = ready()
    t.turn_with(card)
    who, src = (0, "galicia") if card == "move_4_own" else (1, "aragon")
    refused(t, 0, "special", "King's region is taboo", moves=[mv(who, src, KING)])


@pytest.mark.parametrize("card", MOVE_CARDS)
def test_the_castillo_is_never_emptied_by_a_move(card):
    t = ready()
    t.arrange(castillo=[3, 3, 3])
    t.turn_with(card)
    who = 0 if card == "move_4_own" else 1
    refused(t, 0, "special", "never leave the Castillo", moves=[mv(who, "castillo", "granada")])


@pytest.mark.parametrize("card", MOVE_CARDS)
def test_cannot_move_more_caballeros_than_are_there(card):
    t = ready()
    t.arrange(galicia=[1, 0, 0], aragon=[0, 1, 0])
    t.turn_with(card)
    who, src = (0, "galicia") if card == "move_4_own" else (1, "aragon")
    refused(t, 0, "special", "only 1", moves=[mv(who, src, "castillo", 2)])


@pytest.mark.parametrize("card", MOVE_CARDS)
def test_cannot_move_more_than_are_there_split_over_moves(card):
    """Two moves from the same region together exceeding what is there are refused too."""
    t = ready()
    t.arrange(galicia=[1, 0, 0], aragon=[0, 1, 0])
    t.turn_with(card)
    who, src = (0, "galicia") if card == "move_4_own" else (1, "aragon")
    refused(t, 0, "special", "only 1",
            moves=[mv(who, src, "castillo", 1), mv(who, src, "granada", 1)])


@pytest.mark.parametrize("card", MOVE_CARDS)
def test_a_move_needs_a_different_destination(card):
    t = ready()
    t.turn_with(card)
    who, src = (0, "galicia") if card == "move_4_own" else (1, "aragon")
    refused(t, 0, "special", "other than its source", moves=[mv(who, src, src)])


def test_moves_must_be_given_as_a_list():
    t = ready()
    t.turn_with("move_3_any")
    err = refused(t, 0, "special", "list", moves={"from": "galicia"})
    assert err.allowed["max_total"] == 3
    refused(t, 0, "special", "at least one Caballero to move", moves=[])  # no row filled in


def test_unknown_region_is_refused_with_the_allowed_list():
    t = ready()
    t.turn_with("move_3_any")
    err = refused(t, 0, "special", "destination", moves=[mv(0, "galicia", "portugal")])
    assert KING not in err.allowed and "castillo" in err.allowed and "galicia" in err.allowed


# --- each move card's effect and cap ---------------------------------------------------------------------

def test_move_3_any_moves_own_and_opponents_to_far_regions_and_the_castillo():
    t = ready()
    t.turn_with("move_3_any")
    t.do(0, "special", moves=[mv(1, "aragon", "castillo", 2), mv(0, "galicia", "cataluna", 1)])
    assert counts(t, "aragon") == [0, 0, 0]
    assert counts(t, "castillo") == [0, 2, 0]
    assert counts(t, "galicia") == [1, 0, 0]
    assert counts(t, "cataluna") == [1, 0, 0]
    assert t.state.turn.special_done


def test_move_3_any_cap():
    t = ready()
    t.arrange(granada=[2, 2, 2])
    t.turn_with("move_3_any")
    refused(t, 0, "special", "at most 3",
            moves=[mv(1, "granada", "cataluna", 2), mv(2, "granada", "cataluna", 2)])


def test_move_4_any_moves_four_of_several_colours_from_several_regions():
    t = ready()
    t.turn_with("move_4_any")
    t.do(0, "special", moves=[mv(1, "aragon", "galicia", 2), mv(2, "sevilla", "galicia", 2)])
    assert counts(t, "galicia") == [2, 2, 2]
    assert counts(t, "aragon") == [0, 0, 0] and counts(t, "sevilla") == [0, 0, 0]


def test_move_4_any_cap():
    t = ready()
    t.arrange(granada=[3, 3, 3])
    t.turn_with("move_4_any")
    refused(t, 0, "special", "at most 4",
            moves=[mv(1, "granada", "cataluna", 3), mv(2, "granada", "cataluna", 2)])


def test_move_4_own_moves_only_own():
    t = ready()
    t.arrange(granada=[2, 0, 0])
    t.turn_with("move_4_own")
    t.do(0, "special", moves=[mv(0, "galicia", "castillo", 2), mv(0, "granada", "valencia", 2)])
    assert counts(t, "castillo") == [2, 0, 0] and counts(t, "valencia") == [2, 0, 0]
    assert counts(t, "galicia") == [0, 0, 0] and counts(t, "granada") == [0, 0, 0]


def test_move_4_own_refuses_opponents_and_a_fifth():
    t = ready()
    t.arrange(granada=[3, 0, 0])
    t.turn_with("move_4_own")
    refused(t, 0, "special", "own Caballeros only", moves=[mv(1, "aragon", "castillo")])
    refused(t, 0, "special", "at most 4",
            moves=[mv(0, "galicia", "castillo", 2), mv(0, "granada", "valencia", 3)])


def test_move_3_opponents_moves_opponents_from_several_regions_into_the_castillo():
    """Ruling: several source regions, destinations including the Castillo."""
    t = ready()
    t.turn_with("move_3_opponents")
    t.do(0, "special", moves=[mv(1, "aragon", "castillo", 2), mv(2, "sevilla", "granada", 1)])
    assert counts(t, "castillo") == [0, 2, 0]
    assert counts(t, "sevilla") == [0, 0, 1] and counts(t, "granada") == [0, 0, 1]


def test_move_3_opponents_refuses_own_and_a_fourth():
    t = ready()
    t.turn_with("move_3_opponents")
    refused(t, 0, "special", "opponents' Caballeros only", moves=[mv(0, "galicia", "castillo")])
    refused(t, 0, "special", "at most 3",
            moves=[mv(1, "aragon", "castillo", 2), mv(2, "sevilla", "granada", 2)])


def test_move_2_own_2_opponents_full_use():
    t = ready()
    t.turn_with("move_2_own_2_opponents")
    t.do(0, "special", moves=[mv(0, "galicia", "castillo", 2), mv(1, "aragon", "cataluna", 1),
                              mv(2, "sevilla", "cataluna", 1)])
    assert counts(t, "castillo") == [2, 0, 0]
    assert counts(t, "cataluna") == [0, 1, 1]


def test_move_2_own_2_opponents_caps_are_independent():
    """Three of your own are refused even with no opponent moved (the total 3 is under 4)."""
    t = ready()
    t.arrange(granada=[2, 2, 2])
    t.turn_with("move_2_own_2_opponents")
    refused(t, 0, "special", "at most 2 of yours and 2",
            moves=[mv(0, "galicia", "castillo", 2), mv(0, "granada", "castillo", 1)])
    refused(t, 0, "special", "at most 2 of yours and 2",
            moves=[mv(1, "granada", "castillo", 2), mv(2, "granada", "castillo", 1)])


def test_move_2_own_2_opponents_may_move_only_opponents():
    t = ready()
    t.turn_with("move_2_own_2_opponents")
    t.do(0, "special", moves=[mv(1, "aragon", "castillo", 2)])
    assert counts(t, "castillo") == [0, 2, 0]


def test_move_5_from_region_moves_several_colours_out_of_one_region_to_several_places():
    t = ready()
    t.arrange(granada=[2, 2, 2])
    t.turn_with("move_5_from_region")
    t.do(0, "special", moves=[mv(1, "granada", "castillo", 2), mv(2, "granada", "cataluna", 2),
                              mv(0, "granada", "galicia", 1)])
    assert counts(t, "granada") == [1, 0, 0]
    assert counts(t, "castillo") == [0, 2, 0]
    assert counts(t, "cataluna") == [0, 0, 2]
    assert counts(t, "galicia") == [3, 0, 0]


def test_move_5_from_region_single_source_and_cap():
    t = ready()
    t.arrange(granada=[2, 2, 2])
    t.turn_with("move_5_from_region")
    refused(t, 0, "special", "one region only",
            moves=[mv(1, "granada", "castillo", 1), mv(1, "aragon", "castillo", 1)])
    refused(t, 0, "special", "at most 5",
            moves=[mv(0, "granada", "castillo", 2), mv(1, "granada", "castillo", 2),
                   mv(2, "granada", "castillo", 2)])


# --- move_all_own ---------------------------------------------------------------------------------------

def test_move_all_own_redistributes_with_some_going_back():
    t = ready()
    t.arrange(granada=[4, 0, 0])
    t.turn_with("move_all_own")
    t.do(0, "special", **{"from": "granada", "to": {"granada": 1, "castillo": 2, "cataluna": 1}})
    assert counts(t, "granada") == [1, 0, 0]
    assert counts(t, "castillo") == [2, 0, 0]
    assert counts(t, "cataluna") == [1, 0, 0]


def test_move_all_own_must_distribute_all():
    t = ready()
    t.arrange(granada=[4, 0, 0])
    t.turn_with("move_all_own")
    refused(t, 0, "special", "all 4", **{"from": "granada", "to": {"castillo": 3}})
    refused(t, 0, "special", "all 4", **{"from": "granada", "to": {"castillo": 5}})


def test_move_all_own_refusals():
    t = ready()
    t.arrange(castilla_la_nueva=[3, 0, 0], castillo=[3, 0, 0])
    t.turn_with("move_all_own")
    refused(t, 0, "special", "King's region is taboo", **{"from": KING, "to": {"granada": 3}})
    refused(t, 0, "special", "never leave the Castillo",
            **{"from": "castillo", "to": {"granada": 3}})
    err = refused(t, 0, "special", "region to empty", **{"from": "aragon", "to": {"granada": 2}})
    assert err.allowed == ["galicia"]  # the only region (not the King's) holding seat 0's
    refused(t, 0, "special", "A destination cannot be", **{"from": "galicia", "to": {KING: 2}})


# --- place_2_anywhere and the choice card ----------------------------------------------------------------

def test_place_2_anywhere_goes_from_court_to_any_region_and_the_castillo():
    t = ready()
    t.turn_with("place_2_anywhere")
    t.do(0, "special", places={"cataluna": 1, "castillo": 1})  # Cataluña is not next to the King
    assert counts(t, "cataluna") == [1, 0, 0] and counts(t, "castillo") == [1, 0, 0]
    assert t.state.court[0] == 5


def test_a_command_decides_alike_whatever_order_its_keys_were_written_in():
    """Issue 12: PostgreSQL's JSONB stores `{"sevilla": 1, "galicia": 1}` as galicia first, an
    export sorts keys; the command read back must decide to the events it was recorded with."""
    from domain.core.commands import Command
    from domain.elgrande import rules

    t = ready()
    t.turn_with("place_2_anywhere")
    written = rules.decide(t.state, Command("special", 0, {"places": {"sevilla": 1,
                                                                      "galicia": 1}}))
    stored = rules.decide(t.state, Command("special", 0, {"places": {"galicia": 1,
                                                                     "sevilla": 1}}))
    assert [e.dumps() for e in written] == [e.dumps() for e in stored]
    assert Command.from_json({"places": {"sevilla": 1, "galicia": 1}, "type": "special"}) \
        .to_json() == {"type": "special", "seat": None, "places": {"galicia": 1, "sevilla": 1}}


def test_place_2_anywhere_refusals():
    t = ready()
    t.turn_with("place_2_anywhere")
    refused(t, 0, "special", "1 to 2", places={"cataluna": 3})
    refused(t, 0, "special", "A place cannot be", places={KING: 1})
    refused(t, 0, "special", "1 to 2", places={})


def test_place_2_anywhere_limited_by_the_court():
    t = ready()
    t.turn_with("place_2_anywhere")
    t.state.court[0], t.state.provinces[0] = 1, t.state.provinces[0] + 6
    refused(t, 0, "special", "Place 1 Caballero from your court", places={"cataluna": 2})
    t.do(0, "special", places={"cataluna": 1})
    assert t.state.court[0] == 0 and counts(t, "cataluna") == [1, 0, 0]


def test_place_2_anywhere_adds_to_the_cards_placement():
    """004: with this card three Caballeros reach the board: 1 by placement, 2 anywhere."""
    t = ready()
    t.turn_with("place_2_anywhere")
    t.do(0, "place", places={"granada": 1})
    t.do(0, "special", places={"cataluna": 2})
    assert t.state.court[0] == 4
    assert counts(t, "granada") == [1, 0, 0] and counts(t, "cataluna") == [2, 0, 0]


def test_place_2_or_move_all_own_either_half():
    t = ready()
    t.turn_with("place_2_or_move_all_own")
    refused(t, 0, "special", "which half of the card", places={"cataluna": 2})
    t.do(0, "special", mode="place", places={"cataluna": 2})
    assert counts(t, "cataluna") == [2, 0, 0] and t.state.court[0] == 5

    t = ready()
    t.turn_with("place_2_or_move_all_own")
    t.do(0, "special", mode="move_all", **{"from": "galicia", "to": {"castillo": 2}})
    assert counts(t, "galicia") == [0, 0, 0] and counts(t, "castillo") == [2, 0, 0]
    assert t.state.court[0] == 7


def test_place_2_or_move_all_own_half_limits_apply():
    t = ready()
    t.turn_with("place_2_or_move_all_own")
    refused(t, 0, "special", "1 to 2", mode="place", places={"cataluna": 3})
    refused(t, 0, "special", "all 2", mode="move_all", **{"from": "galicia", "to": {"castillo": 1}})


# --- placement versus the card (all stacks): the stack number is the placement cap -----------------------

def test_placement_cap_is_the_stack_number_and_goes_next_to_the_king():
    t = ready()
    t.turn_with("move_3_any")  # stack 1
    refused(t, 0, "place", "at most 1", places={"castillo": 2})
    refused(t, 0, "place", "next to the King", places={"galicia": 1})
    refused(t, 0, "place", "King's region is taboo", places={KING: 1})
    t.do(0, "place", places={"granada": 1})
    assert counts(t, "granada") == [1, 0, 0]
    refused(t, 0, "place", "already placed", places={"granada": 1})
