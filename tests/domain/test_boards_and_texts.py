"""El Grande's boards (domain/elgrande/boards.py) and words (texts.py), drawn from a seat's view in
English, French and Italian; and the generic boards a game without its own gets."""

from __future__ import annotations

import re

import pytest

from domain.core.boards import GenericBoards, Summary
from domain.core.decisions import Decision
from domain.core.game import boards_of, texts_of
from domain.elgrande.boards import hand_of
from domain.elgrande.module import GAME
from domain.elgrande.texts import WORDS
from tests.games.bids import PLAIN as TOY

SETUP = {"king": "castilla_la_nueva", "homes": ["aragon", "galicia", "sevilla"], "first_player": 0}
NAMES = ["Ann", "Bruno", "Chiara"]


def view(seat: int | None = 0, options: dict | None = None) -> dict:
    state = GAME.fold(GAME.create(3, options or {"castillo_visibility": "memory"}, "boards",
                                  SETUP))
    return GAME.view(state, seat)


def test_the_words_are_namespaced_and_in_three_languages() -> None:
    for key, texts in WORDS.items():
        assert key.startswith("el-grande."), key
        assert len(texts) == 3 and all(texts), key
        fields = [set(re.findall(r"{(\w+)(?::[^{}]*)?}", t)) for t in texts]
        assert fields[0] == fields[1] == fields[2], key


@pytest.mark.parametrize(("lang", "title", "court"), [
    ("en", "Round 1 of 9 (power cards), the King in Castilla la Nueva. Next general scoring: "
           "after round 3.", "Court"),
    ("fr", "Manche 1 sur 9 (cartes pouvoir), le Roi en Nouvelle-Castille. Prochain décompte "
           "général : après la manche 3.", "Cour"),
    ("it", "Round 1 di 9 (carte potere), il Re in Castiglia Nuova. Prossima valutazione "
           "generale: dopo il round 3.", "Corte"),
])
def test_the_summary_is_tables_of_plain_strings_in_the_players_language(
        lang: str, title: str, court: str) -> None:
    summary = GAME.boards.summary(view(0), lang, NAMES)
    assert isinstance(summary, Summary) and summary.title == title
    players, order, places, leads, cards = summary.tables
    # At a glance: the order of play so far, who leads where (issue 14 item 12).
    assert sorted(row[0] for row in order.rows) == NAMES and order.rows[0][2] == ""
    assert len(leads.rows) == 10 and leads.header[1] == {"en": "Leads", "fr": "En tête",
                                                         "it": "In testa"}[lang]
    assert court in players.header and players.marked == {0}
    assert players.rows[1][3] == {"en": "hidden", "fr": "caché", "it": "nascosto"}[lang]
    aragon = next(i for i, row in enumerate(places.rows) if row[0] in ("Aragón", "Aragon",
                                                                       "Aragona"))
    assert places.rows[aragon][1:] == ("2", "0", "0", "5/4/1")  # counts per seat, then values
    assert places.notes[aragon] == "G:" + {"en": "red", "fr": "rouge", "it": "rosso"}[lang]
    assert places.repeats_picture and len(places.marked) == 1  # the King's region
    assert places.rows[-1][2:4] == ("?", "?")  # others' Castillo counts, hidden from seat 0
    assert all(isinstance(cell, str) for t in summary.tables for row in t.rows for cell in row)
    assert len(cards.rows) == 5 and summary.lines[0].endswith("1, 2, 3, 4, 5, 6, 7, 8, 9, 10, "
                                                              "11, 12, 13")


def test_the_text_board_shows_only_what_the_seat_may_see() -> None:
    mine = GAME.boards.text(view(0), "en", NAMES)
    assert "Castilla la Nueva K" in mine and "Aragón G:red" in mine
    castillo = next(line for line in mine.splitlines() if line.startswith("Castillo "))
    assert castillo.split()[1:4] == ["0", "?", "?"]
    spectator = GAME.boards.text(view(None), "fr", NAMES)
    assert "Ann (rouge), Bruno (bleu), Chiara (jaune)" in spectator and "vous" not in spectator


def test_the_svg_is_the_map_with_clickable_targets() -> None:
    svg = GAME.boards.svg(view(0), "it", NAMES, targets=["granada"])
    assert svg.startswith("<svg") and 'data-place="granada"' in svg
    assert svg.count('role="button"') == 1 and "Castiglia Nuova" in svg


def test_the_prompt_and_the_colours_are_the_games() -> None:
    texts = texts_of(GAME)
    assert texts.decision(Decision(0, "power_card"), "fr") == "jouer une carte pouvoir"
    assert texts.decision(Decision(0, "secret", info={"kind": "disc"}), "en") == \
        "make a secret choice (the disc for the Castillo)"
    assert texts.seat(1, "it") == "blu"


def test_a_game_without_boards_gets_its_view_as_text() -> None:
    boards = boards_of(TOY)
    assert isinstance(boards, GenericBoards)
    state = TOY.fold(TOY.create(2, {}, "seed", None))
    shown = TOY.view(state, 0)
    assert boards.svg(shown, "en") is None and boards.summary(shown, "en") is None
    assert boards.text(shown, "en").splitlines() == [
        "round: 1", "rounds: 2", "players: 2", "prizes:", "  gold: 4", "  silver: 2",
        "scores: 0, 0", "won: [], []", "bid_in: False, False", "revealed: —", "claimant: —",
        "over: False", "your_bid: —", "ranking: —"]


@pytest.mark.parametrize(("lang", "hidden", "said"), [("en", 1, "1, 2 · 1 taken back unseen"),
                                                      ("fr", 1, "1, 2 · 1 reprise en secret"),
                                                      ("it", 2, "1, 2 · 2 riprese in segreto")])
def test_a_hand_with_cards_taken_back_unseen_says_how_many(lang: str, hidden: int,
                                                           said: str) -> None:
    """Another seat's power cards taken back in secret are counted in the table (a mail's board
    crashed on them: the text's count was never filled in)."""
    assert hand_of({"hand": [1, 2], "hand_hidden": hidden}, lang) == said


def test_the_text_boards_columns_carry_whole_names() -> None:
    """Amélie's mail headed its columns « Amélie » and « Bot 2 (gr »: names were cut at 9
    letters, so « Alessandro » and « Alessandra » would head two identical columns."""
    names = ["Alessandro", "Alessandra", "Bot 3 (greedy)"]
    lines = GAME.boards.text(view(0), "it", names).splitlines()
    header = next(line for line in lines if line.startswith("     ") and "Alessandr" in line)
    assert header.split() == ["Alessandro", "Alessandra", "Bot", "3", "(greedy)"], header
    aragon = next(line for line in lines if line.startswith("Aragona"))
    counts = [m.end() for m in re.finditer(r"(?<= )(\d+|\?)(?= )", aragon)][:3]
    assert counts == [header.index(n) + len(n) for n in names], (header, aragon)


def test_the_pictures_round_is_the_one_the_players_count_in_a_short_game() -> None:
    """The short game plays rounds 2, 3, 5, 6, 8, 9 of the full game: its first round is round
    1 of 6 on the picture too, as the page's line and the text board say (it read « Manche 2 »
    beside « Manche 1 sur 6 », and « Manche 9 » once the game was over)."""
    short = view(0, {"castillo_visibility": "memory", "short_game": True})
    assert short["round"] != 1  # the full game's numbering underneath
    svg = GAME.boards.svg(short, "fr", NAMES)
    assert ">Manche 1 · " in svg and f">Manche {short['round']} · " not in svg
    assert ">Round 1 · " in GAME.boards.svg(view(0), "en", NAMES)  # the full game: unchanged
