"""The Veto (shared/rules/el-grande.md, "Veto", with the rulings on order and on taking a Veto).

Set-up (helpers.Table): the King in Castilla la Nueva; homes Galicia, Aragón, Sevilla, Valencia for
seats 0-3 (2 Caballeros each, 7 in court).
"""

from __future__ import annotations

import pytest

from domain.core.errors import RuleError
from domain.elgrande import rules, views
from tests.domain.helpers import Table


def start(players: int = 4, order: list[int] | None = None, **options) -> Table:
    """Round 1 with turns in `order` (the first gets 13, the next 12, ...)."""
    t = Table(players, options=options or None)
    order = order or list(range(players))
    value = {seat: 13 - i for i, seat in enumerate(order)}
    t.play_powers(*(value[s] for s in range(players)))
    assert t.state.turn_order == order
    return t


def kinds(t: Table) -> list[tuple]:
    return [(d.seat, d.kind) for d in t.pending()]


def finish_turn(t: Table) -> None:
    """The active player declines what is left (special action, placement)."""
    seat = t.state.turn.seat
    while t.state.turn is not None and t.state.turn.seat == seat and t.state.phase == "turns":
        d = t.pending()[0]
        assert d.seat == seat and d.kind == "act", d
        t.do(seat, "decline" if not d.info["special_done"] else "place", places={})


def play_on(t: Table, until) -> None:
    """Play the documented default moves (never a special action) until `until(state)` holds."""
    for _ in range(2000):
        if until(t.state):
            return
        d = t.pending()[0]
        cmd = rules.default_command(t.state, d)
        t.do(cmd.seat, cmd.type, **cmd.params)
    raise AssertionError("did not get there")


def give_veto(t: Table, seat: int, rnd: int = 1) -> None:
    t.state.vetoes.setdefault(seat, []).append(rnd)


# --- taking a Veto --------------------------------------------------------------------------------

def test_taking_a_veto_puts_it_in_front_of_its_owner():
    t = start()
    t.turn_with("veto")
    assert t.state.vetoes == {0: [1]}
    assert views.view(t.state, 2)["seats"][0]["vetoes"] == 1
    with pytest.raises(RuleError, match="no action to perform"):
        t.do(0, "special")
    t.do(0, "place", places={"castillo": 2})  # placement is still allowed
    assert t.state.turn.seat == 1


def test_taking_a_veto_cannot_be_vetoed():
    t = start()
    give_veto(t, 1)
    t.turn_with("veto")
    assert kinds(t) == [(0, "act")]
    assert t.state.vetoes == {1: [1], 0: [1]}


# --- asking the holders ---------------------------------------------------------------------------

def test_holders_are_asked_clockwise_from_the_active_player_and_allow():
    t = start(order=[2, 0, 1, 3])
    give_veto(t, 1)
    give_veto(t, 3)
    t.turn_with("court_2")
    events = t.do(2, "special", count=2)
    assert [e.type for e in events] == ["special_declared"]
    assert list(events[0]["veto_queue"]) == [3, 1]
    assert t.state.court[2] == 7  # declared, not yet done
    (d,) = t.pending()
    assert (d.seat, d.kind) == (3, "veto")
    assert d.info["card"] == "court_2" and d.info["params"] == {"count": 2} and d.info["active"] == 2
    with pytest.raises(RuleError, match="not your move"):
        t.do(1, "veto")
    t.do(3, "allow")
    assert kinds(t) == [(1, "veto")]
    t.do(1, "allow")
    assert t.state.court[2] == 9
    assert t.state.vetoes == {1: [1], 3: [1]}  # allowing does not use the Veto


def test_a_veto_stops_the_action_and_ends_the_question():
    t = start(order=[2, 0, 1, 3])
    give_veto(t, 1)
    give_veto(t, 3)
    t.turn_with("court_2")
    t.do(2, "special", count=2)
    before = {p: list(c) for p, c in t.state.places.items()}
    events = t.do(3, "veto")
    assert "veto_used" in [e.type for e in events]
    assert t.state.court[2] == 7 and t.state.places == before
    assert t.state.vetoes == {1: [1]}  # seat 3's Veto is gone; seat 1 was never asked
    assert kinds(t) == [(2, "act")]  # the active player may still place
    assert t.pending()[0].info["special_done"]


def test_a_used_veto_is_gone():
    t = start()
    give_veto(t, 3)
    t.turn_with("court_2")
    t.do(0, "special", count=2)
    t.do(3, "veto")
    finish_turn(t)
    t.turn_with("court_2")
    t.do(1, "special", count=2)  # nobody is asked any more
    assert t.state.court[1] == 9


def test_two_vetoes_in_one_hand_one_is_used():
    t = start()
    give_veto(t, 3)
    give_veto(t, 3)
    t.turn_with("court_2")
    t.do(0, "special", count=2)
    t.do(3, "veto")
    assert t.state.vetoes == {3: [1]}


def test_never_against_the_holders_own_action():
    t = start()
    give_veto(t, 0)
    t.turn_with("court_2")
    t.do(0, "special", count=2)
    assert t.state.court[0] == 9 and t.state.vetoes == {0: [1]}


def test_never_against_power_cards_placement_or_declining():
    t = Table(4)
    give_veto(t, 3)
    for seat in range(4):
        assert kinds(t) == [(seat, "power_card")]
        t.play_powers(13 - seat)
    t.turn_with("court_2")
    t.do(0, "place", places={"castillo": 4})
    assert kinds(t) == [(0, "act")] and t.state.places["castillo"][0] == 4
    t.do(0, "decline")
    assert kinds(t) == [(1, "choose_card")]  # seat 1's take (0 with a 12) played itself


def test_never_against_a_general_scoring():
    t = Table(3)
    give_veto(t, 1, rnd=3)
    play_on(t, lambda s: s.round == 3 and s.phase == "scoring")
    t.state.vetoes = {1: [3]}
    assert all(d.kind == "secret" for d in t.pending())
    play_on(t, lambda s: s.phase != "scoring")
    assert t.state.scorings_done == 1 and t.state.vetoes == {1: [3]}


def test_default_on_a_deadline_is_allow():
    t = start()
    give_veto(t, 3)
    t.turn_with("court_2")
    t.do(0, "special", count=2)
    (d,) = t.pending()
    assert rules.default_command(t.state, d).type == "allow"


# --- partial vetoes -------------------------------------------------------------------------------

def test_partial_veto_of_a_move_card_stops_only_the_named_moves():
    t = start()
    give_veto(t, 2)
    t.turn_with("move_3_any")
    t.do(0, "special", moves=[{"seat": 1, "from": "aragon", "to": "castillo", "count": 2},
                              {"seat": 3, "from": "valencia", "to": "galicia", "count": 1}])
    (d,) = t.pending()
    assert d.constraint == {"steps": [0, 1]}
    t.do(2, "veto", steps=[0])
    assert t.state.places["aragon"][1] == 2 and t.state.places["castillo"][1] == 0
    assert t.state.places["galicia"][3] == 1 and t.state.places["valencia"][3] == 1
    assert 2 not in t.state.vetoes


def test_partial_veto_of_kings_return_spares_the_named_players():
    t = start()
    give_veto(t, 3)
    t.turn_with("kings_return")
    t.do(0, "special")
    steps = t.pending()[0].info["steps"]
    assert steps == ["seat:1", "seat:2", "seat:3"]
    t.do(3, "veto", steps=[2])  # the holder spares themself
    assert kinds(t) == [(1, "return")]
    t.do(1, "return", court=3)
    t.do(2, "return", court=3)
    assert t.state.turn.special_done and t.state.court == [7, 4, 4, 7]


def test_partial_veto_of_a_scoring_card_stops_the_named_places():
    t = start()
    give_veto(t, 1)
    t.turn_with("score_4s")
    t.do(0, "special")
    assert t.pending()[0].info["steps"] == ["galicia", "cataluna", "sevilla"]
    t.do(1, "veto", steps=[0])  # Galicia (seat 0's 2 Caballeros) is not scored
    assert t.state.scores == [0, 0, 6, 0]  # Sevilla: 4 + 2 home to seat 2


def test_partial_veto_of_a_secret_removal_spares_the_named_players():
    t = start()
    give_veto(t, 1)
    t.turn_with("secret_remove_all")
    t.do(0, "special")
    t.do(1, "veto", steps=[0])
    assert t.state.secret.seats == [2, 3]


def test_bad_veto_steps_are_refused_with_the_allowed_list():
    t = start()
    give_veto(t, 2)
    t.turn_with("move_3_any")
    t.do(0, "special", moves=[{"seat": 1, "from": "aragon", "to": "castillo", "count": 1}])
    before = t.state.clone()
    for bad in ([1], [], "0", [True]):
        with pytest.raises(RuleError, match="steps") as info:
            t.do(2, "veto", steps=bad)
        assert info.value.allowed == [0]
    assert t.state == before


def test_a_whole_veto_of_a_king_move():
    t = start()
    give_veto(t, 1)
    t.turn_with("king")
    t.do(0, "special", to="galicia")
    t.do(1, "veto")
    assert t.state.king == "castilla_la_nueva"


# --- how long a Veto lasts ------------------------------------------------------------------------

def test_a_veto_lasts_until_the_end_of_the_next_round():
    t = start()
    t.turn_with("veto")
    play_on(t, lambda s: s.round == 2 and s.phase == "turns")
    assert t.state.vetoes == {0: [1]}  # kept over the end of round 1
    play_on(t, lambda s: s.round == 2 and s.turn is not None and s.turn_index == 3)
    assert t.state.vetoes == {0: [1]}  # still there in round 2's last turn
    play_on(t, lambda s: s.round == 3)
    assert t.state.vetoes == {}


def test_a_veto_taken_in_round_2_is_usable_in_round_3():
    t = Table(3)
    play_on(t, lambda s: s.round == 2 and s.phase == "turns" and s.turn.step == "choose")
    seat = t.state.turn.seat
    t.turn_with("veto")
    play_on(t, lambda s: s.round == 3 and s.phase == "turns" and s.turn.step == "choose")
    assert t.state.vetoes == {seat: [2]}
    active = t.state.turn.seat
    if active == seat:  # let the holder's turn pass
        play_on(t, lambda s: s.turn is not None and s.turn.seat != seat and s.turn.step == "choose")
        active = t.state.turn.seat
    t.turn_with("court_2")
    t.do(active, "special", count=1)
    assert [d.kind for d in t.pending()] == ["veto"] and t.pending()[0].seat == seat


def test_short_game_veto_expires_at_the_end_of_the_next_played_round():
    """Short game: after round 3 comes round 5, so a Veto taken in round 3 lasts through round 5."""
    t = Table(3, options={"short_game": True})
    play_on(t, lambda s: s.round == 3 and s.phase == "turns" and s.turn.step == "choose")
    seat = t.state.turn.seat
    t.turn_with("veto")
    play_on(t, lambda s: s.round == 5 and s.phase == "turns")
    assert t.state.vetoes == {seat: [3]}
    play_on(t, lambda s: s.round == 6)
    assert 3 not in t.state.vetoes.get(seat, [])  # (a Veto taken in round 5 may remain)
