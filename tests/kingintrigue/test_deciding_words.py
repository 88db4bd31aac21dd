"""What a player needs to decide, in the mail and on the page, without opening the rules (issue 24,
"Deciding needs information the mail lacks"): King & Intrigue's power cards each with their
Caballeros, action and what it does (the 13 to keep are chosen from them); the others' cards
played by their actions' names; its own rules by mail (not El Grande's action cards); El
Caballero's region leaders in the text part and its 9 that lays two tiles. In en, fr and it."""

from __future__ import annotations

import random

from domain.core.commands import Command
from domain.core.game import boards_of, texts_of
from domain.kingintrigue.modules_data import ALL_CARDS

NAMES = ("Ann", "Bruno", "Chiara", "Dora")
LANGS = ("en", "fr", "it")


def _step(game: object, state: object, rng: random.Random) -> object:
    """One move: a seat's random legal command, or the system's own decision (a reveal)."""
    decision = next(iter(game.pending(state)))  # type: ignore[attr-defined]
    command = (Command(decision.kind, seat=None) if decision.seat is None
               else game.sample_command(state, decision, rng))  # type: ignore[attr-defined]
    return game.fold(game.decide(state, command), state)  # type: ignore[attr-defined]


def _ki(options: dict[str, object]) -> tuple[object, object]:
    from domain.kingintrigue.module import GAME

    return GAME, GAME.fold(GAME.create(4, options, "deciding-words", None))


def test_the_cards_to_keep_are_shown_with_caballeros_action_and_effect() -> None:
    game, state = _ki({"players_edition": True, "special_cards": True})
    pool = game.view(state, 0)["seats"][0]["hand"]
    assert len(pool) > 18  # both modules' cards too
    for lang in LANGS:
        text = boards_of(game).text(game.view(state, 0), lang, NAMES)
        summary = boards_of(game).summary(game.view(state, 0), lang, NAMES)
        [table] = [t for t in summary.tables if len(t.header) == 4 and len(t.rows) == len(pool)]
        for (card, count, title, does), value in zip(table.rows, pool, strict=True):
            assert card == str(value) and count == str(ALL_CARDS[value].caballeros)
            assert title and len(does) > 20, (lang, value, title, does)
            assert does in text and title in text  # the text part says it as the HTML part
    # Each language its own words: no card's effect is left in English in French or Italian.
    effects = {lang: {row[3] for row in next(t for t in boards_of(game).summary(
        game.view(state, 0), lang, NAMES).tables if len(t.header) == 4).rows} for lang in LANGS}
    assert not effects["en"] & effects["fr"] and not effects["en"] & effects["it"]


def test_another_players_cards_are_read_by_their_names() -> None:
    game, state = _ki({"discards": "open"})
    rng = random.Random(4)
    while not any(s.get("discards") for s in game.view(state, 1)["seats"] if s["seat"] != 1):
        state = _step(game, state, rng)
    played = next(s for s in game.view(state, 1)["seats"]
                  if s.get("discards") and s["seat"] != 1)["discards"]
    for lang in LANGS:
        text = boards_of(game).text(game.view(state, 1), lang, NAMES)
        title = texts_of(game).card_name(ALL_CARDS[played[0]].action, lang)
        assert f"{played[0]} ({title})" in text, text


def test_the_rules_by_mail_are_king_and_intrigues_own() -> None:
    from domain.kingintrigue.module import GAME

    words = {"en": ("13", "Intrigue card", "no action cards"),
             "fr": ("13", "carte Intrigue", "pas de cartes action"),
             "it": ("13", "carta Intrigo", "Non ci sono carte azione")}
    for lang, expected in words.items():
        rules = " ".join(texts_of(GAME).rules(lang))
        assert all(w in rules for w in expected), rules
        assert "choose an action card" not in rules and "choisissez une carte action" not in rules


def test_el_caballeros_text_part_says_who_leads_each_region_and_what_the_9_does() -> None:
    from domain.elcaballero.module import GAME

    state = GAME.fold(GAME.create(3, {}, "deciding-words", None))
    rng = random.Random(2)
    for _ in range(60):
        state = _step(GAME, state, rng)
    heading = {"en": "who leads:", "fr": "qui mène :", "it": "chi è in testa:"}
    for lang in LANGS:
        view = GAME.view(state, 0)
        text = boards_of(GAME).text(view, lang, NAMES)
        regions = boards_of(GAME).summary(view, lang, NAMES).tables[1]
        assert regions.rows and heading[lang] in text
        for region, _kind, _value, leader in regions.rows:
            assert region in text and leader in text
    # In the power card phase, while a 9 is in a hand, every mail says what it does.
    start = GAME.fold(GAME.create(3, {}, "deciding-words", None))
    nine = {"en": "9 lays two terrain tiles", "fr": "9 fait poser deux tuiles",
            "it": "9 fa posare due tessere"}
    for lang in LANGS:
        assert nine[lang] in boards_of(GAME).text(GAME.view(start, 0), lang, NAMES)
        two = {"en": "two terrain tiles", "fr": "deux tuiles", "it": "due tessere"}[lang]
        assert two in GAME.label("power_card", 9, lang, NAMES)  # the web form's option too
        assert two not in GAME.label("power_card", 8, lang, NAMES)
