"""Findings of the play-tests, each as a player reads it in English, French and Italian: a short
game counts its rounds as played ("Round 6 of 6", never "Round 9 of 6"); the turn mail's command
lines say how many Castillo Caballeros a disc puts at stake, as the form does; the text board's
Castillo row is labelled "Castillo"; a help line's noun agrees with its upper bound ("from 0 to 1
Caballero")."""

from __future__ import annotations

from typing import Any

import pytest

from domain.core.decisions import Decision
from domain.core.game import language_of
from domain.elgrande import rules
from domain.elgrande.module import GAME
from tests.domain.helpers import Table

NAMES = ["Ann", "Bob", "Cid"]
LANGS = ("en", "fr", "it")


def _advance(t: Table, until: Any) -> Table:
    for _ in range(5000):
        if until(t.state):
            return t
        d = t.pending()[0]
        cmd = rules.default_command(t.state, d)
        t.do(cmd.seat, cmd.type, **cmd.params)
    raise AssertionError("the game never got there")


def _board(t: Table, lang: str) -> str:
    return GAME.boards.text(GAME.view(t.state, 0), lang, NAMES)


SHORT_LAST = {"en": ("Round 6 of 6 ", "Rounds: 1 2★ 3 4★ 5 [6★]", "Round 6/6"),
              "fr": ("Manche 6 sur 6 ", "Manches : 1 2★ 3 4★ 5 [6★]", "6/6"),
              "it": ("Round 6 di 6 ", "Round: 1 2★ 3 4★ 5 [6★]", "6/6")}


@pytest.mark.parametrize("lang", LANGS)
def test_a_short_games_rounds_are_counted_as_played(lang: str) -> None:
    t = Table(3, options={"short_game": True})
    first = _board(t, lang).splitlines()[0]
    assert {"en": "Round 1 of 6", "fr": "Manche 1 sur 6", "it": "Round 1 di 6"}[lang] in first
    assert {"en": "after round 2.", "fr": "après la manche 2.", "it": "dopo il round 2."}[lang] \
        in first
    _advance(t, lambda s: s.round == 9)
    title, track, headline = SHORT_LAST[lang]
    board = _board(t, lang)
    assert board.splitlines()[0].startswith(title), board
    assert track in board and "9" not in board.splitlines()[1]
    assert headline in GAME.boards.headline(GAME.view(t.state, 0), lang, NAMES)
    assert " 9 " not in board.splitlines()[0]
    # The full game is unchanged: round 4 is "Round 4 of 9".
    full = _advance(Table(3), lambda s: s.round == 4)
    assert {"en": "Round 4 of 9", "fr": "Manche 4 sur 9", "it": "Round 4 di 9"}[lang] in \
        _board(full, lang).splitlines()[0]


def test_the_castillo_row_of_the_text_board_is_a_label() -> None:
    t = Table(3)
    for lang in LANGS:
        rows = _board(t, lang).splitlines()
        assert any(row.startswith("Castillo ") for row in rows), (lang, rows)
        assert not any(row.startswith(("le Castillo", "il Castillo", "the Castillo"))
                       for row in rows), rows


DISC = {"en": "Your 3 Caballeros in the Castillo go to the region you choose",
        "fr": "Vos 3 Caballeros du Castillo vont dans la région que vous choisissez",
        "it": "I tuoi 3 Caballeros nel Castillo vanno nella regione che scegli"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_mails_disc_lines_say_how_many_castillo_caballeros_are_at_stake(lang: str) -> None:
    t = _advance(Table(3, options={"short_game": True}), lambda s: s.phase == "scoring")
    t.arrange(castillo=[3, 1, 0])
    (d,) = [d for d in t.pending() if d.seat == 0]
    lines = language_of(GAME).help_lines(d, None, lang)
    assert any(f". {DISC[lang]}" in line for line in lines), lines


HELP_ONE = {"en": "from 0 to 1 Caballero from your provinces",
            "fr": "de 0 à 1 Caballero de vos provinces",
            "it": "da 0 a 1 Caballero dalle tue province"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_help_lines_noun_agrees_with_its_upper_bound(lang: str) -> None:
    def take(most: int) -> str:
        d = Decision(0, "take", constraint={"commands": ["take"],
                                            "count": {"min": 0, "max": most}})
        return language_of(GAME).help_lines(d, None, lang)[0]

    assert HELP_ONE[lang] in take(1)
    assert HELP_ONE[lang].replace("1 Caballero", "4 Caballeros") in take(4)
