"""General scoring: secret discs, the Castillo scored and emptied, then the nine regions.

Short game, 3 players (only the 1st and 2nd values count): rounds 2 and 3 are played quietly, then
the first general scoring opens. King in castilla_la_nueva; Grandes: galicia (0), aragon (1),
sevilla (2).
"""

from __future__ import annotations

import pytest

from domain.core.errors import RuleError
from domain.elgrande.data import REGION_IDS
from tests.domain.helpers import Table, quiet_step


def _quiet_round(t: Table, *powers: int) -> None:
    t.play_powers(*powers)
    while t.state.phase == "turns":
        quiet_step(t)


def _at_first_scoring(**counts) -> Table:
    t = Table(3, options={"short_game": True})
    _quiet_round(t, 13, 12, 11)
    _quiet_round(t, 10, 9, 8)
    assert t.state.phase == "scoring"
    if counts:
        t.arrange(**counts)
    return t


POSITION = {
    "galicia": [2, 0, 1],
    "pais_vasco": [0, 0, 0],
    "aragon": [3, 2, 0],
    "cataluna": [0, 0, 1],
    "castilla_la_vieja": [1, 1, 1],
    "castilla_la_nueva": [2, 4, 0],  # the King's region
    "valencia": [0, 0, 3],
    "sevilla": [0, 0, 3],
    "granada": [1, 0, 0],
    "castillo": [3, 3, 1],
}
DISCS = {0: "castilla_la_nueva", 1: "valencia", 2: "galicia"}


def _scored_position() -> tuple[Table, list, list[int]]:
    t = _at_first_scoring(**POSITION)
    before = list(t.state.scores)
    for seat in (2, 0, 1):
        t.do(seat, "secret", choice=DISCS[seat])
    new = t.do(None, "resolve")
    return t, new, [a - b for a, b in zip(t.state.scores, before, strict=True)]


# --- the discs -----------------------------------------------------------------------------------

def test_after_round_3_every_player_sets_a_disc_secretly():
    t = _at_first_scoring()
    decisions = t.pending()
    assert sorted(d.seat for d in decisions) == [0, 1, 2]
    assert all(d.kind == "secret" and d.secret for d in decisions)
    assert all(sorted(o["choice"] for o in d.options) == sorted(REGION_IDS) for d in decisions)


def test_discs_may_be_set_in_any_order():
    t = _at_first_scoring()
    t.do(2, "secret", choice="granada")
    t.do(0, "secret", choice="aragon")
    assert [d.seat for d in t.pending()] == [1]
    t.do(1, "secret", choice="sevilla")
    (d,) = t.pending()
    assert (d.seat, d.kind) == (None, "resolve")


def test_the_disc_warns_about_the_kings_region_before_the_choice():
    t = _at_first_scoring()
    warning = t.pending()[0].info["warning"]
    assert warning["king"] == "castilla_la_nueva"


def test_resolve_is_refused_until_every_disc_is_in():
    t = _at_first_scoring()
    t.do(0, "secret", choice="aragon")
    t.do(2, "secret", choice="aragon")
    before = t.state.clone()
    with pytest.raises(RuleError) as info:
        t.do(None, "resolve")
    assert "seat 1 (make a secret choice)" in info.value.message
    assert t.state == before


def test_the_castillo_is_not_a_disc_choice():
    t = _at_first_scoring()
    with pytest.raises(RuleError) as info:
        t.do(0, "secret", choice="castillo")
    assert "castillo" not in info.value.allowed


def test_a_disc_once_set_cannot_be_changed():
    t = _at_first_scoring()
    t.do(0, "secret", choice="aragon")
    with pytest.raises(RuleError):
        t.do(0, "secret", choice="granada")
    assert t.state.secret.choices[0] == "aragon"


# --- the scoring ---------------------------------------------------------------------------------

def test_the_castillo_is_scored_first_then_emptied_then_the_regions_in_table_order():
    _, new, _ = _scored_position()
    kinds = [(e.type, e.get("place") or e.get("reason")) for e in new
             if e.type in ("place_scored", "caballeros_moved")]
    assert kinds == [("place_scored", "castillo"), ("caballeros_moved", "castillo_emptied"),
                     *(("place_scored", r) for r in REGION_IDS)]
    ended = [e.type for e in new].index("general_scoring_ended")
    assert [e.type for e in new][ended - 1] == "place_scored"
    assert new[ended - 1]["place"] == REGION_IDS[-1]


def test_the_castillo_is_scored_with_its_caballeros_still_inside():
    _, new, _ = _scored_position()
    castillo = next(e for e in new if e.type == "place_scored" and e["place"] == "castillo")
    assert list(castillo["counts"]) == [3, 3, 1]
    # 5/3/1, two tied for first take the 2nd value; the 3rd value does not count with 3 players.
    assert list(castillo["points"]) == [3, 3, 0]


def test_castillo_caballeros_go_to_the_region_on_their_disc():
    t, new, _ = _scored_position()
    s = t.state
    assert s.places["castillo"] == [0, 0, 0]
    assert s.places["valencia"] == [0, 3, 3]
    assert s.places["galicia"] == [2, 0, 2]
    galicia = next(e for e in new if e.type == "place_scored" and e["place"] == "galicia")
    assert list(galicia["counts"]) == [2, 0, 2]  # regions are scored after the emptying


def test_a_disc_on_the_kings_region_sends_them_back_to_court():
    t, _, _ = _scored_position()
    s = t.state
    assert s.places["castilla_la_nueva"] == [2, 4, 0]  # taboo: nothing entered it
    assert s.court[0] == 7 + 3


def test_general_scoring_totals_on_a_constructed_position():
    _, _, gained = _scored_position()
    # Worked by hand from the rules (3 players: 1st and 2nd values only, ties take the next value):
    # castillo 5/3/1 [3,3,1]:           3, 3, 0
    # galicia 4/2/0 [2,0,2] (tie):      2, 0, 2   (seat 0's home, but no bonus on a tie)
    # aragon 5/4/1 [3,2,0]:             5, 4, 0   (seat 1's home, not the leader)
    # cataluna 4/2/1 [0,0,1]:           0, 0, 4
    # castilla_la_vieja 6/4/2 [1,1,1]:  4, 4, 4   (three tied take the 2nd value)
    # castilla_la_nueva 7/4/2 [2,4,0]:  4, 7+2, 0 (King's bonus)
    # valencia 5/3/2 [0,3,3]:           0, 3, 3
    # sevilla 4/3/1 [0,0,3]:            0, 0, 4+2 (home bonus)
    # granada 6/3/1 [1,0,0]:            6, 0, 0
    assert gained == [24, 23, 19]


def test_the_game_goes_on_after_the_first_general_scoring():
    t, new, _ = _scored_position()
    assert t.state.scorings_done == 1
    assert [e["round"] for e in new if e.type == "round_started"] == [5]
    assert t.state.phase == "power"


def test_an_empty_castillo_moves_nobody():
    t = _at_first_scoring(castillo=[0, 0, 0])
    for seat in range(3):
        t.do(seat, "secret", choice="granada")
    new = t.do(None, "resolve")
    assert "caballeros_moved" not in [e.type for e in new]
    assert t.state.places["granada"] == [0, 0, 0]
