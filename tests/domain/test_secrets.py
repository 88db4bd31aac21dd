"""Secret decisions: submitted one by one in any order, final, revealed together by `resolve`.

Covers the general-scoring disc, secret_remove_2, secret_remove_all, eviction, secret_scoring and the
original edition's grande. Set-up (helpers.Table): the King in Castilla la Nueva; homes Galicia,
Aragón, Sevilla, Valencia for seats 0-3.
"""

from __future__ import annotations

from domain.elgrande import rules
from domain.elgrande.data import REGION_IDS
from tests.domain.helpers import Table, ready, refused

KING = "castilla_la_nueva"


def play_on(t: Table, until) -> None:
    for _ in range(2000):
        if until(t.state):
            return
        d = t.pending()[0]
        cmd = rules.default_command(t.state, d)
        t.do(cmd.seat, cmd.type, **cmd.params)
    raise AssertionError("did not get there")


def at_general_scoring(players: int = 3) -> Table:
    t = Table(players)
    play_on(t, lambda s: s.phase == "scoring")
    assert t.state.round == 3 and t.state.secret.kind == "disc"
    return t






def waiting(t: Table) -> list:
    return sorted((d.seat for d in t.pending()), key=lambda s: -1 if s is None else s)


# --- the general-scoring disc ---------------------------------------------------------------------

def test_disc_every_player_chooses_in_any_order_and_resolve_reveals_together():
    t = at_general_scoring(3)
    for seat in range(3):
        t.state.court[seat] += t.state.places["castillo"][seat]
        t.state.places["castillo"][seat] = 0
    t.arrange(castillo=[3, 0, 2])
    board = {p: list(c) for p, c in t.state.places.items()}
    assert waiting(t) == [0, 1, 2]  # all of them, even seat 1 with nobody inside
    assert all(d.kind == "secret" and d.secret for d in t.pending())

    t.do(2, "secret", choice=KING)
    assert waiting(t) == [0, 1]
    # Final once submitted, and said so (not "not your move", which reads as if it were lost).
    err = refused(t, 2, "secret", "^Your secret choice is already made and final",
                  choice="granada")
    assert err.allowed == []
    refused(t, 2, "secret", "already made and final", choice=KING)  # even the same choice
    refused(t, None, "resolve", "waiting for seat 0")
    t.do(0, "secret", choice="granada")
    t.do(1, "secret", choice="galicia")
    assert t.state.places == board  # nothing applied before the reveal
    assert [(d.seat, d.kind) for d in t.pending()] == [(None, "resolve")]
    refused(t, 0, "resolve", "not your move")

    court = list(t.state.court)
    events = t.do(None, "resolve")
    revealed = [e for e in events if e.type == "secrets_revealed"]
    assert len(revealed) == 1 and events[0] is revealed[0]
    assert dict(revealed[0]["choices"]) == {"0": "granada", "1": "galicia", "2": KING}
    castillo = next(e for e in events if e.type == "place_scored" and e["place"] == "castillo")
    assert list(castillo["points"]) == [5, 0, 3]  # 5/3/1: seat 0 first, seat 2 second
    assert t.state.places["castillo"] == [0, 0, 0]
    assert t.state.places["granada"][0] == board["granada"][0] + 3
    assert t.state.places[KING][2] == board[KING][2]  # the King's region: back to court instead
    assert t.state.court[2] == court[2] + 2
    assert t.state.secret is None


def test_disc_refuses_the_castillo_with_the_allowed_regions():
    t = at_general_scoring(3)
    err = refused(t, 1, "secret", "not a choice", choice="castillo")
    assert err.allowed == list(REGION_IDS)
    refused(t, 1, "secret", "not a choice")


def test_disc_warns_about_the_kings_region_before_the_choice():
    t = at_general_scoring(3)
    d = t.pending()[0]
    assert {"type": "secret", "choice": KING} in d.options
    assert d.info["warning"]["king"] == KING


def test_nothing_else_can_happen_while_secrets_are_pending():
    t = ready(3)
    t.turn_with("secret_scoring")
    t.do(0, "special")
    t.do(0, "secret", choice="galicia")
    refused(t, 0, "secret", "already made and final", choice="aragon")
    refused(t, 0, "place", "you must decide|not your move|not what", places={"castillo": 1})
    refused(t, 0, "decline", "not your move|not what")


# --- the action cards' secrets --------------------------------------------------------------------

def test_secret_remove_2_must_pick_a_region_with_two_when_one_exists():
    t = ready(3)
    t.arrange(granada=[0, 1, 0], castillo=[0, 5, 0], castilla_la_nueva=[0, 4, 0])
    t.turn_with("secret_remove_2")
    t.do(0, "special")
    assert waiting(t) == [1, 2]  # the active player is not asked
    err = refused(t, 1, "secret", "not a choice", choice="granada")
    assert err.allowed == ["aragon"]  # 2 there; not the Castillo, not the King's region
    refused(t, 1, "secret", "not a choice", choice="castillo")
    refused(t, 1, "secret", "not a choice", choice=KING)
    refused(t, 0, "secret", "not your move", choice="galicia")


def test_secret_remove_all_offers_only_regions_holding_the_choosers_caballeros():
    t = ready(3)
    t.arrange(granada=[0, 1, 0], castillo=[0, 5, 0])
    t.turn_with("secret_remove_all")
    t.do(0, "special")
    err = refused(t, 1, "secret", "not a choice", choice="galicia")
    assert err.allowed == ["aragon", "granada"]


def test_secret_submissions_are_revealed_only_at_resolve():
    t = ready(3)
    t.arrange(granada=[0, 3, 0])
    t.turn_with("secret_remove_all")
    t.do(0, "special")
    t.do(1, "secret", choice="granada")
    assert t.state.places["granada"][1] == 3
    assert t.state.secret.choices == {1: "granada"}
    t.do(2, "secret", choice="sevilla")
    assert t.state.places["granada"][1] == 3  # still: resolve is a separate (system) command
    t.do(None, "resolve")
    assert t.state.places["granada"][1] == 0 and t.state.places["sevilla"][2] == 0


def test_eviction_secret_asks_only_the_evicted_players():
    t = ready(4)
    t.arrange(granada=[1, 0, 2, 1])
    t.turn_with("eviction")
    t.do(0, "special", region="granada")
    assert waiting(t) == [2, 3]
    assert all(d.info["region"] == "granada" for d in t.pending())
    t.do(3, "secret", choice="cataluna")
    assert waiting(t) == [2]
    t.do(2, "secret", choice="castilla_la_vieja")
    t.do(None, "resolve")
    assert t.state.places["granada"] == [1, 0, 0, 0]
    assert t.state.places["cataluna"][3] == 1 and t.state.places["castilla_la_vieja"][2] == 2


def test_secret_scoring_every_player_including_the_active_one():
    t = ready(3)
    t.turn_with("secret_scoring")
    t.do(0, "special")
    assert waiting(t) == [0, 1, 2]
    for seat, choice in ((1, "aragon"), (0, "aragon"), (2, "sevilla")):
        t.do(seat, "secret", choice=choice)
    t.do(None, "resolve")
    assert t.state.scores == [0, 0, 6]  # Aragón chosen twice; Sevilla: 4 + 2 home to seat 2


def test_original_grande_secret_choices():
    t = ready(3, edition="original")
    t.turn_with("grande")
    t.do(0, "special")
    assert waiting(t) == [0, 1, 2]
    refused(t, 1, "secret", "not a choice", choice=KING)
    t.do(2, "secret", choice="sevilla")  # stays
    t.do(1, "secret", choice="granada")
    t.do(0, "secret", choice="granada")
    t.do(None, "resolve")
    assert t.state.grandes == ["granada", "granada", "sevilla"]


def test_after_resolve_the_turn_goes_on():
    t = ready(3)
    t.turn_with("secret_scoring")
    t.do(0, "special")
    for seat in range(3):
        t.do(seat, "secret", choice="galicia")
    t.do(None, "resolve")
    assert [(d.seat, d.kind) for d in t.pending()] == [(0, "act")]
    assert t.state.scores == [0, 0, 0]  # Galicia chosen three times: not scored
