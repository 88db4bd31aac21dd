"""Naming the closed region an Alcalde goes on, as players write it by mail (advanced game).

The rulebook puts the Alcalde on a region (« Un joueur peut placer un Alcalde sur une région
fermée »), not on a tile or a side: any terrain tile of the region, with a side of that tile in
the region, names it, and so does the tile alone where it lies in one closed region only (as the
mail's region list names a region: by its first tile). Testers wrote "alcalde m13 north",
"alcalde g12 sud", "alcalde d10 east" and were answered "not understood": the form offered one
cell and side per region. And "The d10 region is closed now, so: alcalde d10 east." was answered
as a take-back of d10: the sentence's cell alone was read as a move of its own.

The position: seed a1, 3 players, advanced, after the commands below (`sample_command`'s, as
recorded): Ann (seat 0) to play, with card 2; the closed land region of l14, m13 (its north
side) and m14 (east, south and west) has no Alcalde; m13's south land region has Ann's.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.core.commands import Command
from domain.core.language import CommandRefused, GameSession, ParseError
from domain.elcaballero.module import GAME

MOVES: list[dict[str, Any]] = [
    {"type": "power", "seat": 1, "card": 3}, {"type": "power", "seat": 2, "card": 11},
    {"type": "power", "seat": 0, "card": 2},
    {"type": "lay_tile", "seat": 2, "at": {"rotation": 90, "x": 0, "y": 1}, "tile": "T36"},
    {"type": "reinforce", "seat": 2},
    {"type": "lay_knight", "seat": 2, "at": {"rotation": 270, "x": -1, "y": 0},
     "grande": False, "side": "a"},
    {"type": "take_back", "seat": 2, "at": "-1,0"}, {"type": "end_turn", "seat": 2},
    {"type": "lay_knight", "seat": 1, "at": {"rotation": 90, "x": 0, "y": -1},
     "grande": False, "side": "a"},
    {"type": "lay_tile", "seat": 1, "at": {"rotation": 90, "x": -1, "y": 1}, "tile": "T15"},
    {"type": "end_turn", "seat": 1}, {"type": "reinforce", "seat": 0},
    {"type": "alcalde", "seat": 0, "at": "0,0", "edge": "s"},
    {"type": "lay_knight", "seat": 0, "at": {"rotation": 270, "x": 1, "y": 1},
     "grande": False, "side": "b"}]
REGION = [-1, 1, 0]  # l14 + m13 + m14


def position() -> Any:
    state = GAME.fold(GAME.create(3, {"advanced": True}, "a1", None))
    for move in MOVES:
        state = GAME.fold(GAME.decide(state, Command.from_json(
            {k: v for k, v in move.items() if k != "seat"}, seat=move["seat"])), state)
    return state


STATE = position()


def read(text: str, lang: str = "en") -> list[dict[str, Any]]:
    return GAME.language.parse(text, GameSession(GAME, STATE, 0, lang=lang)).commands


def governed(commands: list[dict[str, Any]]) -> list[Any]:
    """The regions the commands put an Alcalde on, as the engine decides them."""
    (command,) = commands
    events = GAME.decide(STATE, Command.from_json(command, seat=0))
    return [list(e["region"]) for e in events if e.type == "alcalde_placed"]


@pytest.mark.parametrize(("text", "lang"), [
    ("alcalde l14 east", "en"), ("alcalde m13 north", "en"), ("alcalde m14 south", "en"),
    ("alcalde m14 east", "en"), ("alcalde m14 west", "en"), ("alcalde m14 sud", "fr"),
    ("alcalde m13 nord", "fr"), ("alcalde m14 ovest", "it"), ("alcalde m14 s", "en"),
    ("alcalde on m14, south side", "en")])
def test_any_tile_of_the_region_with_a_side_in_it_names_it(text: str, lang: str) -> None:
    assert governed(read(text, lang)) == [REGION]


@pytest.mark.parametrize("text", ["alcalde l14", "alcalde m13", "alcalde m14"])
def test_a_tile_alone_names_the_one_closed_region_it_lies_in(text: str) -> None:
    """m13 lies in two land regions, but the other (its south side) has Ann's Alcalde already:
    the tile alone names the one an Alcalde may go on."""
    assert governed(read(text)) == [REGION]


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_name_the_region_list_gives_the_region_names_it(lang: str) -> None:
    rows = GAME.boards.summary(GAME.view(STATE, 0), lang, ["Ann", "Bruno", "Chiara"]).tables[1]
    (name,) = [row[0] for row in rows.rows if row[1].count(",") == 1
               and row[1].split(",")[0] in ("land", "terre", "terra")
               and "Alcalde" not in row[1]]
    assert governed(read(f"alcalde {name}", lang)) == [REGION]


def test_the_form_offers_every_name_of_the_region_and_only_legal_ones() -> None:
    (d,) = GAME.pending(STATE)
    answers = [a for a in d.form.answers if a.type == "alcalde"]
    tile_alone, with_side = answers
    assert dict(tile_alone.fixed) == {"by": "tile"} and dict(with_side.fixed) == {"by": "side"}
    assert set(tile_alone.fields[0].constraint.options) == {"-1,1", "0,0", "0,1"}
    assert {row[:2] for row in with_side.combos.rows} == {
        ("-1,1", "e"), ("0,0", "n"), ("0,1", "e"), ("0,1", "s"), ("0,1", "w")}
    for answer in answers:
        for row in answer.combos.values():
            assert governed([{"type": "alcalde", **dict(answer.fixed), **row}]) == [REGION]


@pytest.mark.parametrize(("text", "lang"), [
    ("The m13 region is closed now, so: alcalde m14 south.", "en"),
    ("The l14 region is closed now, so: alcalde l14 east.", "en"),
    ("La région m13 est fermée maintenant, donc : alcalde m14 sud.", "fr"),
    ("La regione m13 ora è chiusa, quindi: alcalde m14 sud.", "it")])
def test_a_sentence_naming_the_region_is_read_past_and_the_alcalde_played(text: str,
                                                                          lang: str) -> None:
    """The cell of a sentence that names nothing else the player may choose now is a remark, as
    a place's name is in El Grande: the reply plays the Alcalde, and nothing else."""
    assert [c["type"] for c in read(text, lang)] == ["alcalde"]
    assert governed(read(text, lang)) == [REGION]


@pytest.mark.parametrize("text", ["l14", "m14", "the m14 region is closed", "m14 south",
                                  "knight m14 south", "ship m14 south", "power m13 north",
                                  "take back l14 east"])
def test_a_cell_and_a_side_without_the_alcaldes_word_are_never_an_alcalde(text: str) -> None:
    """The Alcalde is read only on its word: a cell (and a side) said alone, in a sentence, or
    after the word of a move the turn does not offer, places no Alcalde."""
    try:
        commands = read(text)
    except (ParseError, CommandRefused):
        return
    assert not any(c["type"] == "alcalde" for c in commands), commands


def test_the_governed_region_and_a_side_outside_any_closed_region_are_refused_in_words() -> None:
    with pytest.raises(CommandRefused, match="already has its Alcalde"):
        read("alcalde m13 south")
    with pytest.raises(CommandRefused, match="closed region"):
        read("alcalde m13 west")


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_every_alcalde_the_form_offers_reads_back_as_the_mails_write_it(lang: str) -> None:
    (d,) = GAME.pending(STATE)
    for answer in (a for a in d.form.answers if a.type == "alcalde"):
        for row in answer.combos.values():
            command = {"type": "alcalde", **dict(answer.fixed), **row}
            text = GAME.language.format(command, lang, decision=d)
            assert governed(read(text, lang)) == [REGION], text
            assert read(text, lang) == [command] or GAME.decide(
                STATE, Command.from_json(read(text, lang)[0], seat=0)) == GAME.decide(
                STATE, Command.from_json(command, seat=0)), text
