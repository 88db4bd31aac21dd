"""Words found in the answers and notices around replies (issue 24): a count agrees with its noun,
a sentence never depends on the gender of the regions it lists, and the log never shows the
record's internal event numbers or an undo's internal reason word."""

from __future__ import annotations

import re

import pytest

from domain.core.game import Message
from domain.elcaballero import messages as ec
from domain.elgrande import messages as eg
from domain.kingintrigue.modules import words as kim

LANGS = ("en", "fr", "it")


@pytest.mark.parametrize("key", ["elcaballero.scoring.land", "elcaballero.scoring.sea"])
def test_one_tile_is_one_tile(key: str) -> None:
    one = [ec.render(Message(key, {"at": [0, 0], "tiles": 1, "value": 2, "points": {0: 4}}),
                     lang, ["Ann"]) for lang in LANGS]
    assert ["(1 tile," in one[0], "(1 tuile," in one[1], "(1 tessera," in one[2]] == [True] * 3
    three = [ec.render(Message(key, {"at": [0, 0], "tiles": 3, "value": 5, "points": {0: 4}}),
                       lang, ["Ann"]) for lang in LANGS]
    assert ["(3 tiles," in three[0], "(3 tuiles," in three[1], "(3 tessere," in three[2]] \
        == [True] * 3


def test_an_alliance_of_masculine_regions_reads_right() -> None:
    """« le Pays basque et l'Aragon sont décomptées » / « i Paesi Baschi … valutate »."""
    said = {lang: kim.render("kim.alliance.scored", {"regions": ["pais_vasco", "aragon"]}, lang)
            for lang in LANGS}
    assert "décomptées" not in said["fr"] and "valutate" not in said["it"]
    assert "Pays basque" in said["fr"] and "Paesi Baschi" in said["it"]
    allied = {lang: kim.render("kim.alliance", {"seat": 0, "regions": ["pais_vasco", "aragon"]},
                               lang, ["Ann"]) for lang in LANGS}
    assert " elles " not in allied["fr"] and "una sola" not in allied["it"]


@pytest.mark.parametrize("reason", ["own", "consent"])
def test_an_undo_says_moves_not_event_numbers(reason: str) -> None:
    for first, last in ((162, 162), (160, 170)):
        for lang in LANGS:
            said = eg.render(Message("undo.done", {"first": first, "last": last, "by": 1,
                                                   "reason": reason}), lang, ["Ann", "Bruno"])
            assert not re.search(r"\d", said), said
            assert reason == "consent" or said.startswith("Bruno"), said
            caballero = ec.render(Message("elcaballero.undo.done", {
                "first": first, "last": last, "reason": reason}), lang, ["Ann"])
            assert not re.search(r"\d", caballero) and reason not in caballero, caballero
