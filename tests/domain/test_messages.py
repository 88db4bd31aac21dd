"""Descriptions of events: every event becomes message keys with texts in en, fr and it."""

from __future__ import annotations

import re

import pytest

from domain.elgrande import evolve
from domain.elgrande.describe import described_types
from domain.elgrande.messages import LANGUAGES, TEXTS, place_name, render
from domain.elgrande.module import GAME
from domain.simulate import play_random_game

GAMES = [
    ("messages-2", 2, {"edition": "decennial"}),
    ("messages-3", 3, {"edition": "original"}),
    ("messages-4", 4, {"edition": "decennial", "castillo_visibility": "open"}),
    ("messages-5", 5, {"edition": "original", "take_exact": True}),
    ("messages-5b", 5, {"edition": "decennial", "short_game": True}),
]
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")  # a template field left unfilled
NAMES = ["Ana", "Bruno", "Chiara", "Dieter", "Élodie"]


@pytest.fixture(scope="module")
def games():
    return [play_random_game(seed, players, options, check=False)
            for seed, players, options in GAMES]


def test_every_event_type_of_the_engine_has_a_description():
    assert set(evolve.HANDLERS) <= described_types()


def test_every_message_key_has_a_text_in_every_language():
    for key, texts in TEXTS.items():
        assert len(texts) == len(LANGUAGES), key
        assert all(texts), key


def test_the_games_use_a_wide_range_of_events(games):
    seen = {e.type for record in games for e in record.events}
    assert {"game_created", "setup_drawn", "round_started", "power_played", "caballeros_taken",
            "card_chosen", "caballeros_placed", "special_declared", "special_declined",
            "caballeros_moved", "place_scored", "secret_opened", "secret_submitted",
            "secrets_revealed", "general_scoring_started", "general_scoring_ended",
            "turn_ended", "round_ended", "game_ended", "king_moved"} <= seen


def test_every_event_renders_for_every_viewer_in_every_language(games):
    for record in games:
        viewers = [None, *range(record.players)]
        for event in record.events:
            for viewer in viewers:
                for message in GAME.describe(event, viewer):
                    assert message.key in TEXTS, (event.type, message.key)
                    for lang in LANGUAGES:
                        text = render(message, lang, NAMES[: record.players])
                        assert text and not PLACEHOLDER.search(text), (event.type, lang, text)
                        assert render(message, lang)  # default seat names work too


def test_an_unknown_language_falls_back_to_english(games):
    event = next(e for e in games[0].events if e.type == "setup_drawn")
    message = GAME.describe(event, None)[0]
    assert render(message, "de") == render(message, "en")


def test_places_are_named_in_the_readers_language():
    assert place_name("castilla_la_vieja", "en") == "Castilla la Vieja"
    assert place_name("castilla_la_vieja", "fr") == "Vieille-Castille"
    assert place_name("castilla_la_vieja", "it") == "Castiglia Vecchia"
    assert place_name("castillo", "fr") == "le Castillo"


def test_a_secret_choice_is_never_described_to_another_viewer(games):
    checked = 0
    for record in games:
        for event in record.events:
            if event.type != "secret_submitted":
                continue
            choice = event["choice"]
            for viewer in [None, *range(record.players)]:
                messages = GAME.describe(event, viewer)
                texts = [render(m, lang) for m in messages for lang in LANGUAGES]
                if viewer == event["seat"]:
                    assert any(place_name(choice, "en") in t for t in texts)
                    continue
                assert all("choice" not in m.params for m in messages)
                for lang in LANGUAGES:
                    assert not any(place_name(choice, lang) in t for t in texts), (viewer, texts)
                checked += 1
    assert checked > 20


def test_revealed_secrets_are_described_to_everybody(games):
    event = next(e for record in games for e in record.events if e.type == "secrets_revealed")
    for viewer in (None, 0, 1):
        texts = [render(m) for m in GAME.describe(event, viewer)]
        for choice in event["choices"].values():
            assert any(place_name(choice) in t for t in texts)


def test_a_bonus_is_told_with_its_points_in_every_language():
    # Regression: the bonus sentences crashed the renderer (their points are a number, not a
    # per-seat table), so any scoring with a King's or home bonus could not be mailed.
    from domain.core.events import Event
    from domain.elgrande.scoring import score_place
    from tests.domain.helpers import Table

    t = Table(3)
    t.arrange(castilla_la_nueva=[0, 3, 1])
    event = Event("place_scored", {**score_place(t.state, "castilla_la_nueva"), "reason": "test"})
    messages = GAME.describe(event, None)
    assert [m.key for m in messages] == ["place.scored", "bonus.king"]
    assert render(messages[1], "en", NAMES) == \
        "Bruno gets the King's bonus of 2 points in Castilla la Nueva."
    assert "2" in render(messages[1], "fr", NAMES) and "Nouvelle-Castille" in render(messages[1], "fr")
    assert render(messages[0], "en", NAMES) == "Castilla la Nueva is scored: Bruno +7, Chiara +4."
