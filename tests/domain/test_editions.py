"""The `edition` option, side by side: the reference's table "Edition differences" with 4 players.

Table(4): King in castilla_la_nueva; Grandes in galicia (0), aragon (1), sevilla (2), valencia (3);
seat 0 acts first with the card under test.
"""

from __future__ import annotations

import pytest

from domain.core.errors import RuleError
from domain.elgrande.data import REGION_IDS, stack_contents
from domain.elgrande.options import Options
from tests.domain.helpers import Table

KING = "castilla_la_nueva"
EDITIONS = ["decennial", "original"]


def _acting(card: str, edition: str, **counts) -> Table:
    stack = next(k for k in (1, 2, 3, 4) if card in stack_contents(k))
    rest = stack_contents(stack)
    rest.remove(card)
    t = Table(4, options={"edition": edition}, setup={"stacks": {str(stack): [card, *rest]}})
    if counts:
        t.arrange(**counts)
    t.play_powers(13, 12, 11, 10)
    t.do(0, "choose_card", card=card)
    return t


def test_the_default_edition_is_the_decennial():
    assert Options.parse(None).edition == "decennial"
    t = Table(3)
    assert t.state.options.edition == "decennial"


@pytest.mark.parametrize(("edition", "asked"), [("decennial", [1, 2, 3]), ("original", [1, 2, 3, 0])])
def test_kings_return_who_returns(edition, asked):
    # decennial: opponents only; original: every player, the active one too (last, clockwise).
    t = _acting("kings_return", edition)
    t.do(0, "special")
    order = []
    while t.pending()[0].kind == "return":
        (d,) = t.pending()
        order.append(d.seat)
        t.do(d.seat, "return", court=3)
    assert order == asked
    assert t.state.court[0] == (7 if edition == "decennial" else 4)
    assert t.state.court[1:] == [4, 4, 4]


@pytest.mark.parametrize(("edition", "picked"), [("decennial", [0, 1, 2, 3]), ("original", [1, 2, 3])])
def test_one_from_each_whose_caballeros(edition, picked):
    # decennial: one of every player's, the active player's own too; original: opponents only.
    t = _acting("one_from_each", edition)
    (d,) = t.pending()
    assert sorted(int(k) for k in d.constraint["special"]["picks"]) == picked
    homes = ["galicia", "aragon", "sevilla", "valencia"]
    t.do(0, "special", picks={str(w): homes[w] for w in picked})
    assert [t.state.places[h][w] for w, h in enumerate(homes)] == \
        [1 if w in picked else 2 for w in range(4)]


def test_grande_decennial_only_the_active_player_moves_it():
    t = _acting("grande", "decennial")
    t.do(0, "special", to="cataluna")
    assert t.state.secret is None
    assert t.state.grandes == ["cataluna", "aragon", "sevilla", "valencia"]


def test_grande_original_every_player_chooses_secretly():
    t = _acting("grande", "original")
    with pytest.raises(RuleError):
        t.do(0, "special", to="cataluna")
    t.do(0, "special")
    decisions = t.pending()
    assert sorted(d.seat for d in decisions) == [0, 1, 2, 3]
    assert all(d.secret for d in decisions)
    for seat, to in [(3, "granada"), (0, "cataluna"), (1, "aragon"), (2, "galicia")]:
        t.do(seat, "secret", choice=to)
    t.do(None, "resolve")
    assert t.state.grandes == ["cataluna", "aragon", "galicia", "granada"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_eviction_destinations(edition):
    t = _acting("eviction", edition, granada=[0, 3, 2, 1])
    t.do(0, "special", region="granada")
    options = {d.seat: [o["choice"] for o in d.options] for d in t.pending()}
    assert sorted(options) == [1, 2, 3]
    assert KING in options[1]  # allowed in both: back to court
    assert "castillo" not in options[1]
    if edition == "decennial":
        assert options[1] == list(REGION_IDS)
        choices = {1: "granada", 2: KING, 3: "galicia"}
    else:
        assert options[1] == [r for r in REGION_IDS if r != "granada"]
        with pytest.raises(RuleError):
            t.do(1, "secret", choice="granada")
        choices = {1: "aragon", 2: KING, 3: "galicia"}
    for seat, choice in choices.items():
        t.do(seat, "secret", choice=choice)
    t.do(None, "resolve")
    s = t.state
    assert s.places["granada"] == [0, 0, 0, 0]
    assert s.places[KING] == [0, 0, 0, 0]
    assert s.court[2] == 7 + 2  # the King's region sends them to court in both editions
    assert s.places["galicia"][3] == 1
    if edition == "decennial":
        assert s.court[1] == 7 + 3  # the evicted region itself: back to court
    else:
        assert s.places["aragon"][1] == 2 + 3


@pytest.mark.parametrize("edition", EDITIONS)
def test_take_exact_forces_the_full_number_in_either_edition(edition):
    t = Table(3, options={"edition": edition, "take_exact": True})
    t.play_powers(8, 5, 4)  # power card 8 brings 2
    assert t.state.court[0] == 9
    (d,) = t.pending()
    assert d.kind == "choose_card"


def test_without_take_exact_the_player_takes_up_to_the_number():
    t = Table(3)
    t.play_powers(8, 5, 4)
    (d,) = t.pending()
    assert d.constraint["count"] == {"min": 0, "max": 2}


def test_the_edition_changes_nothing_but_the_cards_that_differ():
    games = {}
    for edition in EDITIONS:
        t = Table(3, options={"edition": edition})
        t.play_powers(13, 12, 11)
        while t.state.phase == "turns":
            (d,) = t.pending()
            if d.kind == "choose_card":
                t.do(d.seat, "choose_card", stack=d.options[0]["stack"])
            elif d.kind == "take":
                t.do(d.seat, "take", count=d.constraint["count"]["max"])
            elif "place" in d.constraint:
                t.do(d.seat, "place", places={"castillo": d.constraint["place"]["max"]})
            else:
                t.do(d.seat, "decline")
        games[edition] = [e.dumps() for e in t.events[1:]]
    assert games["decennial"] == games["original"]
