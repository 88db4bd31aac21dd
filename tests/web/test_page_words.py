"""The words of the pages (issue 25): a sentence joined after a colon starts in lower case in French
and Italian unless it opens on a name; options are named by their specs' words, never by their
raw names or values; one writing for a scoreboard's values; El Caballero's replay jumps."""

from __future__ import annotations

import pytest

from domain.core import surface
from domain.core.game import Message, texts_of
from domain.games import GAMES
from service.web import i18n

NAMES = ["Ann", "Bob", "Cid"]


def said(game: str, key: str, lang: str, **params: object) -> str:
    return texts_of(GAMES[game]).render(Message(key, params), lang, NAMES)


def test_a_sentence_after_a_colon_is_lower_case_in_french_and_italian_but_not_a_name() -> None:
    keep = {lang: said("king-and-intrigue", "ki.keep.own", lang, cards=[10, 20])
            for lang in ("en", "fr", "it")}
    assert i18n.t("decide.played", "fr", what=keep["fr"]) == \
        "C'est fait : vous gardez 10, 20 (en secret)."
    assert i18n.t("decide.played", "it", what=keep["it"]) == "Fatto: tieni 10, 20 (in segreto)."
    assert i18n.t("decide.played", "en", what=keep["en"]) == "Done: You keep 10, 20 (in secret)."
    # A sentence that opens on a player's name keeps its capital.
    took = said("el-grande", "court.taken", "fr", seat=0, count=3)
    assert took.startswith("Ann ")
    assert i18n.t("decide.played", "fr", what=took) == f"C'est fait : {took}"
    # A refusal after « Pas fait : » too (the service's own catalogue).
    assert i18n.t("decide.failed", "fr", what="", detail=keep["fr"]).startswith(
        "Pas fait : vous gardez")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_options_are_described_without_their_raw_values(game: str) -> None:
    for spec in surface.option_specs(GAMES[game]):
        for lang in ("en", "fr", "it"):
            about = spec.description.get(lang, "")
            for value in spec.allowed:
                if isinstance(value, str):
                    assert f"({value})" not in about and f": {value})" not in about, (
                        spec.name, lang, about)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_rules_pages_name_options_in_the_create_pages_words(game: str, lang: str) -> None:
    module = GAMES[game]
    page = surface.rules_page(module, lang)
    text = " ".join(p for s in page["sections"] for p in s["paragraphs"])
    assert "[[" not in text
    for spec in surface.option_specs(module):  # a name of more than a word, as code spells it
        assert "_" not in spec.name or spec.name not in text, (spec.name, lang)
    if game == "king-and-intrigue":
        spec = next(s for s in surface.option_specs(module) if s.name == "round_card_choice")
        assert spec.label("always", lang) in text and spec.caption(lang) in text


def test_a_scoreboard_is_written_as_its_values_are() -> None:
    for lang in ("en", "fr", "it"):
        moved = said("el-grande", "scoreboard.moved", lang, board="8-4-0", to="galicia",
                     **{"from": None})
        assert "8/4/0" in moved and "8-4-0" not in moved


def test_el_caballero_replay_jumps_to_rounds_and_scorings() -> None:
    module = GAMES["el-caballero"]
    assert surface.milestone(module, Message("elcaballero.round.started", {"round": 3}),
                             "fr") == "Tour 3"
    assert surface.milestone(module, Message("elcaballero.scoring.started",
                                             {"number": 2, "round": 7}), "it") == "Valutazione 2"
    assert surface.milestone(module, Message("elcaballero.turn.ended", {"seat": 0}),
                             "en") is None


def test_jour_faste_has_an_english_name() -> None:
    from domain.kingintrigue.texts import name

    assert name("jour_faste", "en") == "Auspicious day"
    assert name("jour_faste", "fr") == "Jour faste"
