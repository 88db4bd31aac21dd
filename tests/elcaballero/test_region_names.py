"""The regions as the mails list them (El Caballero, advanced): each region has a name a player
can tell apart from every other and write back ("alcalde m13 east"), and a region with an
Alcalde is led by its owner, as the rules score it. In English, French and Italian."""

from __future__ import annotations

import pytest

from domain.core.commands import Command
from domain.core.language import GameSession
from domain.elcaballero.boards import region_name
from domain.elcaballero.module import GAME
from domain.elcaballero.scoring import score
from tests.elcaballero.helpers import Table, tile

NAMES = ["Ann", "Bruno", "Chiara"]
BRIDGE = tile("LSLS", bridge=True)  # land north and south, joined; a sea east, another west
REGIONS = {"en": ("Regions (each named by", ("m13 north", "m13 east", "m13 west")),
           "fr": ("Régions (chacune nommée par", ("m13 nord", "m13 est", "m13 ouest")),
           "it": ("Regioni (ognuna indicata da", ("m13 nord", "m13 est", "m13 ovest"))}


def _closed_bridge() -> Table:
    """The land bridge as the start tile, a Caballero tile (side A, turn 0) on each side: all
    three regions are closed. Chiara has 3 in the land (north), Bruno 1 (south)."""
    t = Table(3, advanced=True, start=BRIDGE)
    t.start_turns()
    t.knight(1, 0, seat=1)  # its west side, 4, faces the east sea
    t.knight(-1, 0, seat=2)  # its east side, 2, faces the west sea
    t.knight(0, 1, seat=2)  # its south side, 3, faces the land
    t.knight(0, -1, seat=1)  # its north side, 1, faces the land
    t.court(0, 20)
    return t


def _lines(t: Table, lang: str) -> list[str]:
    text = GAME.boards.text(GAME.view(t.state, 0), lang, NAMES).replace("\u00a0", " ")
    heading, _names = REGIONS[lang]
    return [line.strip() for line in
            text.split(heading, 1)[1].split("\n\n", 1)[0].splitlines()[1:]]


@pytest.mark.parametrize("lang", REGIONS)
def test_the_two_seas_of_a_land_bridge_have_names_a_player_tells_apart_and_writes_back(
        lang: str) -> None:
    """A mail listed "k8, sea, open, value 7" and "k8, sea, open, value 1": the two seas on
    either side of a land bridge had one name. Each is named by its cell and a side, as an
    Alcalde is placed, and "alcalde NAME" places it on that very region."""
    t = _closed_bridge()
    lines = _lines(t, lang)
    _heading, expected = REGIONS[lang]
    named = [line.split(",")[0] for line in lines]
    assert sorted(named) == sorted(expected), lines
    summary = GAME.boards.summary(GAME.view(t.state, 0), lang, NAMES)
    assert sorted(row[0] for row in summary.tables[1].rows) == sorted(expected)  # HTML part
    view = GAME.view(t.state, 0)
    for region in view["regions"]:
        name = region_name(view, region, lang)
        assert name in named
        read = GAME.language.parse(f"alcalde {name}", GameSession(GAME, t.state, 0, lang=lang))
        [command] = read.commands
        [placed] = GAME.decide(t.state, Command.from_json(command, seat=0))
        assert placed.type == "alcalde_placed", (name, command)
        assert list(placed["region"]) == list(region["id"]), (name, command)


@pytest.mark.parametrize("lang,leads", [("en", "Ann (Alcalde), then Chiara (3)"),
                                        ("fr", "Ann (Alcalde), puis Chiara (3)"),
                                        ("it", "Ann (Alcalde), poi Chiara (3)")])
def test_a_region_with_an_alcalde_is_led_by_its_owner(lang: str, leads: str) -> None:
    """After Ann placed an Alcalde, the line read "m12, land, closed, Alcalde of Ann, value 4:
    Bruno (5)" (and "Alcalde of Chiara, value 2: nobody"). Rules (seed 003, advanced): the
    Alcalde's owner « prend le 1er rang dans cette région »; the scoring already gave her the
    doubled value and the best of the others the single one: the line now says so."""
    t = _closed_bridge()
    t.do(0, "alcalde", at=[0, 0], edge="n")
    [land] = [line for line in _lines(t, lang) if line.startswith(REGIONS[lang][1][0])]
    assert land.endswith(f": {leads}"), land
    value = next(r["value"] for r in GAME.view(t.state, 0)["regions"] if r["kind"] == "land")
    assert score(t.state, 1)["points"] == [2 * value, 0, value]
    # An Alcalde alone in a region: its owner leads it, never "nobody".
    t.state.knights.clear()
    [land] = [line for line in _lines(t, lang) if line.startswith(REGIONS[lang][1][0])]
    assert land.endswith(": Ann (Alcalde)"), land


@pytest.mark.parametrize("lang,leads", [("en", "Chiara (3), then Bruno (1)"),
                                        ("fr", "Chiara (3), puis Bruno (1)"),
                                        ("it", "Chiara (3), poi Bruno (1)")])
def test_a_region_without_an_alcalde_names_its_second_too(lang: str, leads: str) -> None:
    """The mails named only the leader of a region without an Alcalde ("o12 north, land, open,
    value 3: Gil (8)"), though the second scores the region's value too (Ivo +3 at o12 in the
    first scoring of a game by mail); with an Alcalde the second was named. Both parts of the
    mail (text and the HTML's table) now name the second, as the scoring pays them."""
    t = _closed_bridge()
    [land] = [line for line in _lines(t, lang) if line.startswith(REGIONS[lang][1][0])]
    assert land.endswith(f": {leads}"), land
    summary = GAME.boards.summary(GAME.view(t.state, 0), lang, NAMES)
    [row] = [row for row in summary.tables[1].rows if row[0] == REGIONS[lang][1][0]]
    assert row[-1] == leads, row
    value = next(r["value"] for r in GAME.view(t.state, 0)["regions"] if r["kind"] == "land")
    assert score(t.state, 1)["points"] == [0, value, 2 * value]
