"""Players read terrain tiles in words ("land to the north, with gold") or by the number they type
among the face-up tiles, never by the engine's id ("T45"): a whole game's log, the text board, the
SVG's titles, the forms' labels, the help lines and the echo of a move, in en/fr/it."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from domain.core.commands import Command
from domain.core.constraints import OneOf
from domain.core.decisions import Decision
from domain.core.game import Message
from domain.elcaballero import evolve, messages, refusals, rules
from domain.elcaballero.data import TILE
from domain.elcaballero.geometry import rotated_edges
from domain.elcaballero.module import GAME
from domain.elcaballero.texts import tile_words
from tests.elcaballero.helpers import Table

TILE_ID = re.compile(r"\bT\d+\b")
NAMES = ["Ann", "Bob", "Cid"]
LANGS = ("en", "fr", "it")


def _visible(text: str) -> str:
    """What a reader sees of a board: the SVG's text and titles, not its attributes."""
    return re.sub(r"<[^>]*>", " ", text)


def _screens(state: Any, decision: Decision, command: dict[str, Any], lang: str) -> list[str]:
    view = GAME.view(state, decision.seat)
    out = [GAME.boards.text(view, lang, NAMES), _visible(GAME.boards.svg(view, lang, NAMES)),
           *GAME.language.help_lines(decision, view, lang),
           GAME.language.format(command, lang, decision=decision, names=NAMES),
           GAME.language.format(command, lang)]  # the echo once played: no face-up list left
    for answer in decision.form.answers if decision.form else ():
        for field in answer.fields:
            if isinstance(field.constraint, OneOf):
                out += [GAME.label(field.constraint.of, v, lang, NAMES, view)
                        for v in field.constraint.options]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_game_never_shows_a_tile_id(lang: str) -> None:
    state = evolve.fold(rules.create(3, {"advanced": True}, f"words-{lang}"))
    rng = random.Random(lang)
    sentences: list[str] = []
    screens: list[str] = []
    while state.phase != "over":
        (decision,) = GAME.pending(state)
        command = GAME.sample_command(state, decision, rng)
        if command.type == "lay_tile" or len(screens) < 200:
            screens += _screens(state, decision, command.to_json(), lang)
        new = GAME.decide(state, command)
        for event in new:
            for viewer in (None, 0):
                sentences += [messages.render(m, lang, NAMES) for m in GAME.describe(event, viewer)]
        state = evolve.fold(new, state)
    laid = {"en": " lays a tile at ", "fr": " pose une tuile en ", "it": " posa una tessera in "}
    assert [s for s in sentences if TILE_ID.search(s)] == []
    assert [s for s in screens if TILE_ID.search(s)] == []
    assert sum(laid[lang] in s for s in sentences) >= 10 * 3  # every round, every player


def test_the_log_says_the_tile_as_it_lies_once_turned() -> None:
    t = Table()
    t.start_turns()
    (decision,) = GAME.pending(t.state)
    tile, place, turn = next((x, p, turn) for x, places in decision.constraint["lay_tile"].items()
                             for p in places for turn in p["turns"]
                             if rotated_edges(TILE[x], turn) != TILE[x].edges)
    (event, *_) = t.do(t.seat(), "lay_tile", tile=tile, at=place["at"], turn=turn)
    (laid, *_) = GAME.describe(event, None)
    for lang in LANGS:
        text = messages.render(laid, lang, NAMES)
        assert text.endswith(f"{tile_words(tile, lang, rotated_edges(TILE[tile], turn))}.")
        assert f"{turn}°" in text and tile not in text


def test_tile_words_read_as_sentences_in_each_language() -> None:
    # T31: land on three sides with gold; T28: a land bridge (see domain/elcaballero/data.py)
    assert [tile_words("T31", lang) for lang in LANGS] == [
        "land to the north, east and south, with gold",
        "terre au nord, à l'est et au sud, avec de l'or",
        "terra a nord, a est e a sud, con oro"]
    assert tile_words("T28", "fr") == "terre au nord et au sud, un pont de terre"
    assert messages.render(Message("elcaballero.setup.face_up", {"tiles": ["T01", "T46"]}),
                           "it") == "Tessere scoperte: tutta di mare, con pesce; tutta di terra."
    assert messages.render(Message("elcaballero.tiles.refilled", {"tiles": ["T07", "T13"]}),
                           "fr") == ("Nouvelles tuiles face visible : terre au nord, avec de l'or "
                                     "; terre au nord.")


def test_a_tile_no_longer_face_up_is_refused_in_words() -> None:
    t = Table()
    t.start_turns()
    gone = next(x for x in ("T01", "T02", "T03", "T04") if x not in t.state.face_up)
    err = t.refused(t.seat(), "lay_tile", tile=gone, at=[1, 0], turn=0)
    for lang in LANGS:
        text = refusals.render(err.key, err.params, lang)
        assert not TILE_ID.search(text) and tile_words(gone, lang) in text


def test_the_echo_of_a_move_names_the_typed_number_or_the_tile_in_words() -> None:
    t = Table()
    t.start_turns()
    (decision,) = GAME.pending(t.state)
    tile = t.state.face_up[1]
    command = Command("lay_tile", decision.seat, {"tile": tile, "at": [1, 0], "turn": 0}).to_json()
    assert GAME.language.format(command, "fr", decision=decision) == "tuile 2 en n13 tourne 0"
    assert GAME.language.format(command, "it") == \
        f"tessera ({tile_words(tile, 'it')}) in n13 ruota 0"


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_every_counted_word_agrees_with_its_number_through_the_shared_count(lang: str) -> None:
    """El Caballero's words and refusals say "{count:# tile|# tiles}" as every other catalogue
    does (the shared `Count`): a text reads « 1 tuile », « 2 tuiles », French « 0 tuile », never
    a stray bracket or bar of a second plural syntax."""
    from domain.elcaballero import refusals, texts

    noun = {"en": "tile", "fr": "tuile", "it": "tessera"}[lang]
    plural = {"en": "tiles", "fr": "tuiles", "it": "tessere"}[lang]
    for count, singular in ((0, lang == "fr"), (1, True), (2, False)):
        for key, template in texts.WORDS.items():
            if "{count" not in template[0]:
                continue
            text = texts.word(key, lang, count=count, names="Ann", seat="Ann", card=9,
                              caballeros="2 Caballeros")
            assert "|" not in text and "[" not in text and "#" not in text, (key, text)
            assert not any(w in text for w in ("1 tiles", "1 tuiles", "1 tessere")), text
        for key in ("tiles_done", "option_unknown"):
            text = refusals.render(refusals.R + key, {"count": count, "names": ["x"] * count},
                                   lang)
            assert "|" not in text and "[" not in text and "#" not in text, (key, text)
        stack = texts.word("board.stack", lang, count=count)
        assert stack.startswith(f"{count} {noun if singular else plural} "), stack
        text = texts.word("ask.tiles_left", lang, count=count)
        assert f"{count} {'terrain ' if lang == 'en' else ''}{noun if singular else plural} " \
            in text, text
