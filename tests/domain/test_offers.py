"""What `pending` offers is what can be done: a special action that no command
can perform is not offered, only declining it is; and every decision comes as typed data (its
`form`) whose pre-filled values are legal commands.

Set-up (helpers.Table): the King in Castilla la Nueva; homes Galicia (seat 0), Aragón (1), Sevilla
(2), two Caballeros each.
"""

from __future__ import annotations

import json
import random

import pytest

from domain.core.commands import Command
from domain.core.constraints import Counts, Moves, Number, OneOf, Parts, Picks
from domain.elgrande import rules
from domain.elgrande.module import GAME
from tests.domain.helpers import Table, empty_board, ready, refused

KING = "castilla_la_nueva"


def act(t: Table):
    (d,) = t.pending()
    assert d.kind == "act"
    return d


def only_decline_is_offered(t: Table) -> None:
    d = act(t)
    assert "special" not in d.constraint
    assert [a.type for a in d.form.answers if a.type in ("special", "decline")] == ["decline"]
    # ... and the player can indeed do nothing else with the action than decline it.
    assert "special_declined" in [e.type for e in t.do(0, "decline")]


def test_place_2_anywhere_with_an_empty_court():
    t = ready()
    t.turn_with("place_2_anywhere")
    t.do(0, "place", places={"castillo": 1})
    t.state.court[0] = 0  # (the court's last Caballeros went elsewhere earlier)
    refused(t, 0, "special", "court is empty", places={"aragon": 1})
    only_decline_is_offered(t)


def test_court_2_with_empty_provinces():
    t = ready()
    t.arrange(castillo=[21, 0, 0])  # every Caballero of the provinces is in the Castillo
    assert t.state.provinces[0] == 0
    t.turn_with("court_2")
    refused(t, 0, "special", "no Caballeros left in the provinces", count=1)
    only_decline_is_offered(t)


def test_grande_in_the_kings_region():
    t = ready()
    t.state.grandes[0] = KING
    t.turn_with("grande")
    refused(t, 0, "special", "King's region", to="granada")
    only_decline_is_offered(t)


def test_move_all_own_with_nothing_to_move():
    t = ready()
    t.arrange(galicia=[0, 2, 2])  # seat 0's only Caballeros on the board leave
    t.turn_with("move_all_own")
    refused(t, 0, "special", "region to empty", **{"from": "galicia", "to": {"castillo": 0}})
    only_decline_is_offered(t)


def test_move_3_opponents_with_no_opponent_to_move():
    t = ready()
    t.arrange(**{**empty_board(3), "galicia": [2, 0, 0]})  # only seat 0 has Caballeros out
    t.turn_with("move_3_opponents")
    refused(t, 0, "special", "opponents", moves=[{"seat": 0, "from": "galicia", "to": "aragon"}])
    only_decline_is_offered(t)


def test_a_special_action_that_can_be_done_is_still_offered():
    t = ready()
    t.turn_with("move_3_opponents")  # the opponents have Caballeros in Aragón and Sevilla
    d = act(t)
    assert "special" in d.constraint
    (special,) = [a for a in d.form.answers if a.type == "special"]
    (moves,) = special.fields
    assert isinstance(moves.constraint, Moves)
    routes = moves.constraint.routes
    assert routes is not None and sorted(routes) == [1, 2] and moves.constraint.max_total == 3
    assert sorted({src for by in routes.values() for src in by}) == ["aragon", "sevilla"]


# --- the typed forms ----------------------------------------------------------------------------

def filled(answer, choose=None) -> Command:
    """The command a client sends when it keeps every pre-filled value (`choose` fills the rest)."""
    params = dict(answer.fixed)
    for field in answer.fields:
        value = field.default if field.default is not None else (choose or {}).get(field.name)
        if value is not None:
            params[field.name] = value
    return Command(answer.type, None, params)


def test_the_court_form_offers_the_provinces_alone_first_then_more_from_the_regions():
    """When the provinces run short, the form's first answer takes from them alone (its default,
    the deadline's move, takes nothing off the board) and the second takes more, the rest from
    the regions (its defaults legal too)."""
    t = Table()
    t.play_powers(3, 2, 1)  # seat 0 plays first and is to take 5
    t.arrange(aragon=[2, 2, 0], sevilla=[3, 0, 2])
    t.state.provinces[0] = 1
    t.state.court[0] += 30 - t.state.total(0)  # the rest waits in the court
    (d,) = t.pending()
    assert d.kind == "take"
    alone, more = d.form.answers
    (count,) = alone.fields
    assert isinstance(count.constraint, Number) and count.default == 1
    assert (count.constraint.min, count.constraint.max) == (0, 1)
    count, regions = more.fields
    assert isinstance(count.constraint, Number) and count.default == 5
    assert (count.constraint.min, count.constraint.max) == (2, 5)
    assert isinstance(regions.constraint, Counts)
    assert dict(regions.constraint.bounds) == {"aragon": 2, "galicia": 2, "sevilla": 3}
    assert sum(regions.default.values()) == 4 == regions.constraint.max_total
    before = t.state.clone()
    command = filled(alone)
    t.do(0, command.type, **command.params)
    assert t.state.provinces[0] == 0 and t.state.places["aragon"][0] == 2
    t.state = before
    command = filled(more)
    t.do(0, command.type, **command.params)
    assert t.state.court[0] > 0 and t.state.provinces[0] == 0


def test_every_form_of_random_games_is_typed_and_its_defaults_are_legal():
    """In random games, every decision of a seat has a form (JSON as the API sends it), its fields
    are of the vocabulary, and a command that keeps the pre-filled values of a form without free
    choices is legal."""
    rng = random.Random(7)
    for game in range(3):
        t = Table(seed=f"forms-{game}")
        while t.state.phase != "over":
            decisions = t.pending()
            for d in decisions:
                if d.seat is None:
                    continue
                assert d.form is not None and d.form.answers, d
                json.dumps(d.to_json())  # what the API sends
                for answer in d.form.answers:
                    for field in answer.fields:
                        assert isinstance(field.constraint,
                                          (OneOf, Number, Counts, Moves, Picks, Parts))
                    if all(f.default is not None for f in answer.fields) and \
                            answer.type not in ("veto", "decline"):
                        command = filled(answer)
                        error = GAME.validate(t.state, Command(command.type, d.seat,
                                                               command.params))
                        assert error is None, (d.kind, command, error)
            d = decisions[0]
            command = rules.sample_command(t.state, d, rng)
            t.do(command.seat, command.type, **command.params)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_every_word_of_the_forms_exists_in_three_languages(lang):
    from domain.elgrande import asks

    for key, texts in asks.TEXTS.items():
        assert len(texts) == 3 and all(texts), key
    assert asks.prompt(rules.pending(ready().state)[0].form.title, lang)
