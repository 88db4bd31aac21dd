"""Scoring a place: the rulebooks' rank examples, player-count limits, bonuses, mobile scoreboards.

Expectations come from shared/rules/el-grande.md ("Scoring a place") and the examples of seed 004
(tie examples 1 and 2, and the stack-3 explanations of the mobile scoreboards).
"""

from __future__ import annotations

import pytest

from domain.elgrande.data import stack_contents
from domain.elgrande.scoring import rank_points, score_place
from tests.domain.helpers import Table

R, B, Y, G = 0, 1, 2, 3


# --- ranks with ties -------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("values", "counts", "points"),
    [
        # 004 example 1: red, blue and yellow 4 each, green 3 → the three tied take the 2nd value,
        # green the 3rd.
        ((5, 3, 1), [4, 4, 4, 3], [3, 3, 3, 1]),
        # 004 example 2: red 4, blue 3, yellow and green 2 each → 6 and 4, the tied pair slips to
        # the (non-existent) 4th place and gets nothing.
        ((6, 4, 2), [4, 3, 2, 2], [6, 4, 0, 0]),
        # reference table row 3: two tied for first take the 2nd value; the next pair would be 4th.
        ((5, 3, 1), [4, 4, 3, 3], [3, 3, 0, 0]),
    ],
    ids=["004-example-1", "004-example-2", "two-pairs"],
)
def test_rank_examples_of_the_rulebooks_four_players(values, counts, points):
    assert rank_points(values, counts, players=4) == points


def test_reference_example_three_players_with_an_absent_player():
    # R2 B1 (Y0) on 5/3/1: Y has no Caballero there and scores nothing.
    assert rank_points((5, 3, 1), [2, 1, 0], players=3) == [5, 3, 0]


def test_player_without_caballeros_scores_nothing_even_if_a_rank_is_free():
    assert rank_points((5, 3, 1), [0, 3, 0, 0, 0], players=5) == [0, 5, 0, 0, 0]


def test_two_players_score_only_the_first_value():
    assert rank_points((5, 3, 1), [4, 2], players=2) == [5, 0]


def test_two_players_tied_get_nothing_because_the_second_value_does_not_count():
    assert rank_points((6, 4, 2), [3, 3], players=2) == [0, 0]


def test_three_players_score_only_the_first_two_values():
    assert rank_points((5, 3, 1), [4, 2, 1], players=3) == [5, 3, 0]


def test_three_players_two_tied_for_first_take_the_second_value():
    assert rank_points((7, 4, 2), [3, 3, 1], players=3) == [4, 4, 0]


def test_five_players_third_place_counts():
    assert rank_points((6, 3, 1), [5, 4, 3, 2, 1], players=5) == [6, 3, 1, 0, 0]


def test_a_tie_for_second_takes_the_third_value():
    assert rank_points((5, 4, 1), [6, 2, 2, 0], players=4) == [5, 1, 1, 0]


# --- bonuses ---------------------------------------------------------------------------------------
# Table(3): King in castilla_la_nueva, Grandes in galicia (seat 0), aragon (1), sevilla (2).

def _gain(payload, seat):
    return payload["points"][seat] + sum(payload["bonuses"].get(str(seat), {}).values())


def test_kings_bonus_goes_to_the_sole_leader_of_the_kings_region():
    t = Table(3)
    t.arrange(castilla_la_nueva=[1, 3, 0])
    payload = score_place(t.state, "castilla_la_nueva")
    # 7/4/2 printed: seat 1 first (7) plus the King's bonus (2); seat 0 second (4).
    assert _gain(payload, 1) == 9
    assert _gain(payload, 0) == 4
    assert payload["bonuses"] == {"1": {"king": 2}}


def test_no_kings_bonus_on_a_tie_for_first():
    t = Table(3)
    t.arrange(castilla_la_nueva=[3, 3, 1])
    payload = score_place(t.state, "castilla_la_nueva")
    assert payload["bonuses"] == {}
    assert [_gain(payload, s) for s in range(3)] == [4, 4, 0]


def test_home_bonus_goes_to_a_sole_leader_whose_grande_stands_there():
    t = Table(3)
    t.arrange(galicia=[3, 1, 0])  # seat 0's Grande is in galicia (4/2/0)
    payload = score_place(t.state, "galicia")
    assert payload["bonuses"] == {"0": {"home": 2}}
    assert _gain(payload, 0) == 4 + 2
    assert _gain(payload, 1) == 2


def test_no_home_bonus_on_a_tie_for_first():
    t = Table(3)
    t.arrange(galicia=[2, 2, 0])
    payload = score_place(t.state, "galicia")
    assert payload["bonuses"] == {}
    assert [_gain(payload, s) for s in range(3)] == [2, 2, 0]


def test_no_home_bonus_for_a_grande_whose_owner_does_not_lead():
    t = Table(3)
    t.arrange(aragon=[3, 2, 0])  # seat 1's home, but seat 0 leads
    payload = score_place(t.state, "aragon")
    assert payload["bonuses"] == {}
    assert [_gain(payload, s) for s in range(3)] == [5, 4, 0]


def test_home_and_kings_bonus_add_up_when_home_is_the_kings_region():
    t = Table(3, setup={"king": "granada"})
    t.state.grandes[2] = "granada"  # a Grande standing where the King went
    t.arrange(granada=[1, 0, 4])
    payload = score_place(t.state, "granada")
    assert payload["bonuses"] == {"2": {"king": 2, "home": 2}}
    assert _gain(payload, 2) == 6 + 2 + 2


def test_grandes_do_not_count_as_caballeros():
    t = Table(3)
    t.arrange(galicia=[0, 1, 0])  # seat 0's Grande alone stays in galicia
    payload = score_place(t.state, "galicia")
    assert payload["points"] == [0, 4, 0]
    assert payload["bonuses"] == {}


# --- mobile scoreboards, as in 004's stack-3 explanations --------------------------------------------

def _stacks(**tops: str) -> dict[str, list[str]]:
    """Full stack orders with the given card on top (e.g. s3="score_4s")."""
    out = {}
    for key, card in tops.items():
        stack = int(key[1:])
        rest = stack_contents(stack)
        rest.remove(card)
        out[str(stack)] = [card, *rest]
    return out


def _scoreboard_then_scoring(board: str, region: str, scoring: str) -> tuple[Table, list[str]]:
    """Round 1: seat 0 puts `board` on `region`, then seat 1 takes the `scoring` card."""
    t = Table(3, setup={"stacks": _stacks(s3=scoring, s4="scoreboard")})
    t.arrange(galicia=[3, 0, 0], cataluna=[0, 2, 0], granada=[0, 1, 2],
              castilla_la_vieja=[1, 0, 0])
    t.play_powers(13, 12, 11)
    t.do(0, "choose_card", card="scoreboard")
    t.do(0, "special", board=board, to=region)
    t.do(0, "place", places={})
    t.do(1, "choose_card", card=scoring)
    new = t.do(1, "special")
    scored = [e["place"] for e in new if e.type == "place_scored"]
    return t, scored


def test_8_4_0_on_galicia_makes_it_no_longer_a_4_region():
    t, scored = _scoreboard_then_scoring("8-4-0", "galicia", "score_4s")
    # Printed 4-regions: galicia, cataluna, sevilla (004). Galicia now reads 8/4/0.
    assert scored == ["cataluna", "sevilla"]
    assert t.state.scores == [0, 4, 4 + 2]  # seat 2 leads its home sevilla: 4 + home bonus


def test_4_0_0_on_granada_makes_it_a_4_region():
    t, scored = _scoreboard_then_scoring("4-0-0", "granada", "score_4s")
    assert scored == ["galicia", "cataluna", "sevilla", "granada"]
    events = [e for e in t.events if e.type == "place_scored" and e["place"] == "granada"]
    assert list(events[0]["values"]) == [4, 0, 0]
    # galicia: seat 0 sole leader at home 4+2; cataluna: seat 1 4; sevilla: seat 2 home 4+2;
    # granada on 4/0/0: seat 2 first 4, seat 1 second 0.
    assert t.state.scores == [6, 4, 6 + 4]


def test_4_0_0_on_granada_takes_it_out_of_the_6_and_7_regions():
    t, scored = _scoreboard_then_scoring("4-0-0", "granada", "score_6s_7s")
    assert scored == ["castilla_la_vieja", "castilla_la_nueva"]
    # castilla_la_vieja: seat 0 alone, 6; castilla_la_nueva (King's region) is empty.
    assert t.state.scores == [6, 0, 0]


def test_8_4_0_on_galicia_is_scored_with_its_values_by_a_chosen_scoring():
    t = Table(3, setup={"stacks": _stacks(s2="score_chosen", s4="scoreboard")})
    t.arrange(galicia=[3, 1, 0])
    t.play_powers(13, 12, 11)
    t.do(0, "choose_card", card="scoreboard")
    t.do(0, "special", board="8-4-0", to="galicia")
    t.do(0, "place", places={})
    t.do(1, "choose_card", card="score_chosen")
    t.do(1, "special", place="galicia")
    # 3 players: 8 for the sole leader (plus home bonus), 4 for the second.
    assert t.state.scores == [8 + 2, 4, 0]
