"""Stack 2: courts, the King's return, returns to the provinces, secret removals, score_chosen.

(The Veto is in test_veto.py; the secret-choice flow in test_secrets.py.) Set-up (helpers.Table): the
King in Castilla la Nueva; homes Galicia, Aragón, Sevilla, Valencia (seats 0-3), 2 Caballeros each;
7 in court, 21 in the provinces.
"""

from __future__ import annotations

import pytest

from tests.domain.helpers import Table, ready, refused

KING = "castilla_la_nueva"






def kinds(t: Table) -> list[tuple]:
    return [(d.seat, d.kind) for d in t.pending()]


# --- decline_all_court / decline_3_court --------------------------------------------------------------

def test_decline_all_court_empties_every_opponents_court_only():
    t = ready(3)
    t.state.court[2], t.state.provinces[2] = 0, t.state.provinces[2] + 7
    t.turn_with("decline_all_court")
    events = t.do(0, "special")
    assert t.state.court == [7, 0, 0]
    assert t.state.provinces == [21, 28, 28]
    declared = next(e for e in events if e.type == "special_declared")
    assert list(declared["params"]["affected"]) == [1]  # seat 2 had nothing in court


def test_decline_3_court_returns_three_or_all_if_fewer():
    t = ready(4)
    t.state.court[2], t.state.provinces[2] = 2, t.state.provinces[2] + 5
    t.state.court[3], t.state.provinces[3] = 0, t.state.provinces[3] + 7
    t.turn_with("decline_3_court")
    t.do(0, "special")
    assert t.state.court == [7, 4, 0, 0]
    assert t.state.provinces == [21, 24, 28, 28]


@pytest.mark.parametrize("card", ["decline_all_court", "decline_3_court", "kings_return",
                                  "secret_remove_2", "secret_remove_all"])
def test_cards_affecting_everybody_take_no_parameters(card):
    t = ready(3)
    t.turn_with(card)
    refused(t, 0, "special", "no parameters", target=1)


# --- kings_return -----------------------------------------------------------------------------------------

def test_kings_return_asks_opponents_clockwise_from_the_active_players_left():
    t = ready(4, first=1)
    t.turn_with("kings_return")
    t.do(1, "special")
    assert kinds(t) == [(2, "return")]
    d = t.pending()[0]
    assert d.constraint == {"count": 3, "court": 7, "regions": {"sevilla": 2}}
    refused(t, 3, "return", "not your move", court=3)
    t.do(2, "return", court=1, regions={"sevilla": 2})
    assert kinds(t) == [(3, "return")]
    t.do(3, "return", court=3)
    assert kinds(t) == [(0, "return")]
    t.do(0, "return", court=2, regions={"galicia": 1})
    assert t.state.turn.special_done and t.state.turn.action is None
    assert t.state.court == [5, 7, 6, 4]
    assert [t.state.places[h][s] for s, h in enumerate(["galicia", "aragon", "sevilla", "valencia"])] \
        == [1, 2, 0, 2]
    assert t.state.provinces == [24, 21, 24, 24]


def test_kings_return_refusals():
    t = ready(3)
    t.arrange(castillo=[0, 4, 0], castilla_la_nueva=[0, 4, 0])
    t.turn_with("kings_return")
    t.do(0, "special")
    err = refused(t, 1, "return", "exactly 3", court=2)
    assert err.allowed == {"count": 3, "court": 7, "regions": {"aragon": 2}}
    refused(t, 1, "return", "exactly 3", court=4)
    refused(t, 1, "return", "region to return from", court=1, regions={"castillo": 2})
    refused(t, 1, "return", "region to return from", court=1, regions={KING: 2})
    refused(t, 1, "return", "only 2", court=0, regions={"aragon": 3})
    refused(t, 1, "return", "number from your court", court=8)


def test_kings_return_all_if_fewer_than_three_is_forced():
    """Ruling: a player with fewer than 3 (court plus regions) returns them all, without asking."""
    t = ready(3)
    t.state.court[1], t.state.provinces[1] = 1, t.state.provinces[1] + 6  # 1 in court + 2 in Aragón
    t.arrange(castillo=[0, 5, 0])  # the Castillo does not count
    t.turn_with("kings_return")
    t.do(0, "special")
    assert t.state.court[1] == 0 and t.state.places["aragon"][1] == 0
    assert t.state.places["castillo"][1] == 5
    assert kinds(t) == [(2, "return")]


def test_kings_return_from_the_court_only_is_forced():
    t = ready(3)
    t.arrange(aragon=[0, 0, 0])  # seat 1: nothing in the regions, 7 in court
    t.turn_with("kings_return")
    t.do(0, "special")
    assert t.state.court[1] == 4
    assert kinds(t) == [(2, "return")]


def test_kings_return_skips_players_with_nothing_to_return():
    t = ready(3)
    t.arrange(aragon=[0, 0, 0], castillo=[0, 3, 0])
    t.state.court[1], t.state.provinces[1] = 0, t.state.provinces[1] + 7
    t.turn_with("kings_return")
    events = t.do(0, "special")
    declared = next(e for e in events if e.type == "special_declared")
    assert list(declared["params"]["affected"]) == [2]
    assert kinds(t) == [(2, "return")]


def test_kings_return_with_one_region_and_an_empty_court_is_forced():
    """With nothing in court and one region, the only possible answer is 3 from that region."""
    t = ready(3)
    t.arrange(aragon=[0, 5, 0])
    t.state.court[1], t.state.provinces[1] = 0, t.state.provinces[1] + 7
    t.turn_with("kings_return")
    t.do(0, "special")
    assert t.state.places["aragon"][1] == 2
    assert kinds(t) == [(2, "return")]


def test_kings_return_decennial_spares_the_active_player_original_does_not():
    t = ready(3)
    t.turn_with("kings_return")
    t.do(0, "special")
    for seat in (1, 2):
        t.do(seat, "return", court=3)
    assert t.state.court == [7, 4, 4]

    t = ready(3, edition="original")
    t.turn_with("kings_return")
    t.do(0, "special")
    assert kinds(t) == [(1, "return")]
    for seat in (1, 2, 0):  # clockwise from the left, the active player last
        assert kinds(t) == [(seat, "return")]
        t.do(seat, "return", court=3)
    assert t.state.court == [4, 4, 4]


# --- one_from_each ------------------------------------------------------------------------------------------

def test_one_from_each_decennial_takes_one_of_every_player_including_own():
    t = ready(3)
    t.arrange(granada=[1, 1, 0])
    t.turn_with("one_from_each")
    err = refused(t, 0, "special", "exactly one", picks={"1": "aragon", "2": "sevilla"})
    assert err.allowed == {"0": ["galicia", "granada"], "1": ["aragon", "granada"], "2": ["sevilla"]}
    t.do(0, "special", picks={"0": "granada", "1": "granada", "2": "sevilla"})
    assert t.state.places["granada"] == [0, 0, 0]
    assert t.state.places["sevilla"] == [0, 0, 1]
    assert t.state.provinces == [21, 21, 22]  # arrange took the granada pieces from the provinces


def test_one_from_each_original_takes_opponents_only():
    t = ready(3, edition="original")
    t.turn_with("one_from_each")
    err = refused(t, 0, "special", "any of seat 1 and seat 2",
                  picks={"0": "galicia", "1": "aragon", "2": "sevilla"})
    assert err.allowed == {"1": ["aragon"], "2": ["sevilla"]}
    t.do(0, "special", picks={"1": "aragon", "2": "sevilla"})
    assert t.state.places["galicia"][0] == 2
    assert t.state.places["aragon"][1] == 1 and t.state.places["sevilla"][2] == 1


def test_one_from_each_original_each_opponent_is_the_players_choice():
    """Ruling: 000 reads « Le joueur peut renvoyer un Caballero de chacun des adversaires » (may):
    the active player may spare any opponent; picking nobody is declining the action."""
    t = ready(4, edition="original")
    t.turn_with("one_from_each")
    (d,) = t.pending()
    assert d.constraint["special"]["each_required"] is False
    refused(t, 0, "special", "at least one", picks={})
    declared = t.do(0, "special", picks={"2": "sevilla"})[0]
    assert list(declared.payload["steps"]) == ["seat:2"]  # a Veto could stop only that one
    s = t.state
    assert (s.places["aragon"][1], s.places["sevilla"][2], s.places["valencia"][3]) == (2, 1, 2)
    assert s.provinces[1:] == [21, 22, 21]


def test_one_from_each_decennial_spares_nobody():
    """Ruling: 004 reads one of every player's, « incluso uno tuo »: all or nothing (declining)."""
    t = ready(3)
    t.turn_with("one_from_each")
    (d,) = t.pending()
    assert d.constraint["special"]["each_required"] is True
    refused(t, 0, "special", "exactly one", picks={"1": "aragon", "2": "sevilla"})
    refused(t, 0, "special", "exactly one", picks={"0": "galicia"})


def test_one_from_each_skips_players_with_nothing_on_the_board():
    """The Castillo and the King's region do not count as on the board."""
    t = ready(3)
    t.arrange(aragon=[0, 0, 0], castillo=[0, 2, 0], castilla_la_nueva=[0, 2, 0])
    t.turn_with("one_from_each")
    refused(t, 0, "special", "exactly one",
            picks={"0": "galicia", "1": "castillo", "2": "sevilla"})
    t.do(0, "special", picks={"0": "galicia", "2": "sevilla"})
    assert t.state.places["castillo"][1] == 2 and t.state.places[KING][1] == 2


def test_one_from_each_cannot_pick_the_castillo_nor_the_kings_region():
    t = ready(3)
    t.arrange(castillo=[0, 1, 0], castilla_la_nueva=[0, 1, 0])
    t.turn_with("one_from_each")
    for bad in ("castillo", KING, "granada"):
        err = refused(t, 0, "special", "region for seat 1",
                      picks={"0": "galicia", "1": bad, "2": "sevilla"})
        assert err.allowed == ["aragon"]


# --- secret_remove_2 / secret_remove_all (effects; the flow is in test_secrets.py) -------------

def submit_all(t: Table, choices: dict[int, str]) -> None:
    for seat, choice in choices.items():
        t.do(seat, "secret", choice=choice)
    t.do(None, "resolve")


def test_secret_remove_2_removes_two_from_the_chosen_region():
    t = ready(4)
    t.arrange(granada=[0, 3, 1, 0], cataluna=[0, 0, 0, 1])
    t.turn_with("secret_remove_2")
    t.do(0, "special")
    submit_all(t, {1: "granada", 2: "sevilla", 3: "valencia"})
    assert t.state.places["granada"] == [0, 1, 1, 0]
    assert t.state.places["sevilla"][2] == 0 and t.state.places["valencia"][3] == 0
    assert t.state.places["galicia"][0] == 2  # the active player is not affected


def test_secret_remove_2_with_only_single_caballeros_removes_one():
    t = ready(3)
    t.arrange(aragon=[0, 1, 0], granada=[0, 1, 0])
    t.turn_with("secret_remove_2")
    t.do(0, "special")
    (d,) = [d for d in t.pending() if d.seat == 1]
    assert [o["choice"] for o in d.options] == ["aragon", "granada"]
    submit_all(t, {1: "granada", 2: "sevilla"})
    assert t.state.places["granada"][1] == 0 and t.state.places["aragon"][1] == 1
    assert t.state.places["sevilla"][2] == 0


def test_secret_remove_all_returns_all_of_the_choosers_caballeros_there():
    t = ready(3)
    t.arrange(granada=[3, 4, 0])
    t.turn_with("secret_remove_all")
    t.do(0, "special")
    submit_all(t, {1: "granada", 2: "sevilla"})
    assert t.state.places["granada"] == [3, 0, 0]
    assert t.state.provinces[1] == 21 - 4 + 4


@pytest.mark.parametrize("card", ["secret_remove_2", "secret_remove_all"])
def test_secret_removals_leave_players_with_nothing_on_the_board_alone(card):
    t = ready(3)
    t.arrange(aragon=[0, 0, 0], castillo=[0, 3, 0])
    t.turn_with(card)
    t.do(0, "special")
    assert sorted(d.seat for d in t.pending()) == [2]
    assert t.state.secret.seats == [2]


@pytest.mark.parametrize("card", ["secret_remove_2", "secret_remove_all"])
def test_secret_removal_with_nobody_affected_just_ends(card):
    t = ready(2)
    t.arrange(aragon=[0, 0])
    t.turn_with(card)
    t.do(0, "special")
    assert t.state.secret is None and t.state.turn.special_done


# --- score_chosen -------------------------------------------------------------------------------------

def test_score_chosen_may_score_the_kings_region_with_the_kings_bonus():
    t = ready(4)
    t.arrange(castilla_la_nueva=[3, 2, 2, 1])
    t.turn_with("score_chosen")
    before = list(t.state.scores)
    t.do(0, "special", place=KING)
    # 7/4/2: seat 0 alone first (7, +2 King's bonus); seats 1 and 2 tie for second and get the
    # third value (2); seat 3 would be fourth (0).
    assert [a - b for a, b in zip(t.state.scores, before, strict=True)] == [9, 2, 2, 0]


def test_score_chosen_may_score_the_castillo_and_its_caballeros_stay():
    t = ready(4)
    t.arrange(castillo=[1, 4, 0, 2])
    t.turn_with("score_chosen")
    t.do(0, "special", place="castillo")
    assert t.state.scores == [1, 5, 0, 3]  # 5/3/1: seat 1, seat 3, seat 0
    assert t.state.places["castillo"] == [1, 4, 0, 2]


def test_score_chosen_home_bonus_needs_a_sole_leader():
    t = ready(3)
    t.arrange(galicia=[3, 1, 0], aragon=[0, 2, 2])
    t.turn_with("score_chosen")
    t.do(0, "special", place="galicia")  # 4/2/0, 3 players use 1st and 2nd: 4 + 2 home, 2
    assert t.state.scores == [6, 2, 0]
    t.do(0, "place", places={})
    t.turn_with("score_chosen")
    t.do(1, "special", place="aragon")  # 5/4/1, a tie for first: both get the 2nd value, no bonus
    assert t.state.scores == [6, 6, 4]


def test_score_chosen_refuses_an_unknown_place():
    t = ready(3)
    t.turn_with("score_chosen")
    err = refused(t, 0, "special", "place to score", place="portugal")
    assert KING in err.allowed and "castillo" in err.allowed
