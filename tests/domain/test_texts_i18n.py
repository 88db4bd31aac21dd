"""Refusals and log sentences in English, French and Italian: keys, names, grammar.

A refusal is a message key with parameters, rendered in the reader's language with the players'
names; the log's sentences never glue a preposition to an article (« à les », « da la »), agree in
number (1 Caballero, 2 Caballeros) and show no Python value or raw key.
"""

from __future__ import annotations

import ast
import itertools
import json
import pathlib
import re

import pytest

from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import CORE, RuleError
from domain.core.game import Message
from domain.elgrande import messages, refusals
from domain.elgrande.data import CASTILLO, REGION_IDS
from domain.elgrande.module import GAME
from domain.elgrande.texts import ElGrandeTexts, phase_name
from domain.simulate import play_random_game
from tests.domain.helpers import Table

NAMES = ["Ana", "Bruno", "Chiara", "Dieter", "Élodie"]
LANGS = ("en", "fr", "it")
ROOT = pathlib.Path(__file__).resolve().parents[2]

# Grammar that must never appear: a preposition glued to an article, a hedged plural, raw values.
BAD = {
    "fr": [r"\bà les\b", r"\bà le\b", r"\bde le\b", r"\bde les\b", r"\ben le\b", r"\ben la\b",
           r"\ben les\b", r"\bdans Galice\b"],
    "it": [r"\bda la\b", r"\bda il\b", r"\bda le\b", r"\ba le\b", r"\ba la\b", r"\ba il\b",
           r"\bin il\b", r"\bin la\b", r"\bin i\b", r"\bdi il\b", r"\bdi la\b"],
    "en": [r"\bin court\b", r"\bto court the\b"],
}
NEVER = [r"\(s\)", r"\bNone\b", r"\[", r"\]", r"\bphase\.", r"\{", r"\}", r"ripresa/e",
         r"\bseat \d", r"\bplace \d", r"\bposto \d", r"\b1 Caballeros\b", r"\b1 Caballero .*vanno\b",
         r"\b1 Caballero .*\bvont\b", r"\b1 of \w+'s Caballeros go\b"]


def check_phrase(text: str, lang: str) -> None:
    for pattern in NEVER + BAD[lang]:
        assert not re.search(pattern, text), (lang, pattern, text)


def check_sentence(text: str, lang: str, names: list[str] = NAMES) -> None:
    check_phrase(text, lang)
    if text[:1] in "“«":  # a sentence may open on a quotation of what the player wrote
        return
    first = text[:1]
    assert first.isupper() or first.isdigit() or any(text.startswith(n) for n in names), \
        (lang, text)


# --- every key, every language, every kind of place -------------------------------------------------

PLACES = [*REGION_IDS, CASTILLO, "court", "provinces"]
DECLARED = {
    "move_3_any": {"moves": [{"seat": 1, "from": "aragon", "to": CASTILLO, "count": 2},
                             {"seat": 0, "from": "pais_vasco", "to": "sevilla", "count": 1}]},
    "move_all_own": {"from": "galicia", "to": {"galicia": 1, "pais_vasco": 2},
                     "moves": [{"seat": 0, "from": "galicia", "to": "pais_vasco", "count": 2}]},
    "place_2_anywhere": {"places": {"aragon": 1, CASTILLO: 1}},
    "place_2_or_move_all_own": {"mode": "move_all", "from": "aragon", "to": {CASTILLO: 1}},
    "decline_all_court": {"affected": [1, 2]},
    "one_from_each": {"moves": [{"seat": 1, "from": "granada", "to": "provinces", "count": 1}]},
    "score_4s": {"places": ["galicia", "cataluna"]},
    "score_most": {"places": []},
    "score_chosen": {"place": CASTILLO},
    "king": {"to": "pais_vasco"},
    "scoreboard": {"board": "8-4-0", "to": "valencia"},
    "power_card_back": {"card": 7, "public": True},
    "court_2": {"count": 1},
    "eviction": {"region": "aragon", "affected": [2]},
    "secret_scoring": {},
}


def samples(key: str) -> list[dict]:
    """Parameters for every sentence of the log, varied over places and counts."""
    out = []
    for place, other, count in itertools.product(PLACES, ["valencia", "court", CASTILLO], (0, 1, 2)):
        region = place if place in REGION_IDS else "aragon"
        out.append({
            "players": 4, "seat": 1, "player": 2, "against": 0, "by": 1, "region": region,
            "place": place if place not in ("court", "provinces") else region, "from": place,
            "to": other, "choice": region, "king": region, "count": count,
            "card": 7 if key.startswith("power.") else "move_3_any",
            "cards": ["king", "score_most"], "seats": [0, 2][: count + 1],
            "places": {place: count + 1}, "regions": {region: count + 1},
            "points": count + 1 if key.startswith("bonus.") else {"1": 5, "3": 2} if count else {},
            "ranking": [{"rank": 1, "seat": 2, "score": 40}], "steps": list(range(count + 1)),
            "params": {}, "kind": "disc", "round": 3, "number": 2, "board": "8-4-0",
            "first": 5, "last": 5 + count, "reason": "consent" if count == 2 else "own",
            "stacks": [1, 3][: count + 1],
        })
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_log_sentence_reads_well_in_every_language(lang: str) -> None:
    for key in messages.TEXTS:
        for params in samples(key):
            text = messages.render(Message(key, params), lang, NAMES)
            if key in messages.PHRASES:  # a part of the page's sentence: its grammar, not its case
                check_phrase(text, lang)
            else:
                check_sentence(text, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_declared_action_is_told_with_its_parameters_in_words(lang: str) -> None:
    for card, params in DECLARED.items():
        text = messages.render(Message("special.declared", {"seat": 0, "card": card,
                                                            "params": params}), lang, NAMES)
        check_sentence(text, lang)
        assert "×" not in text and ">" not in text, text
        assert ":" in text or not params, text  # the parameters follow the card's title
    moved = messages.render(Message("special.declared", {"seat": 0, "card": "move_3_any",
                                                         "params": DECLARED["move_3_any"]}),
                            lang, NAMES)
    assert "Bruno" in moved and messages.place_name("aragon", lang) in moved
    assert {"en": "2 of Bruno's Caballeros from Aragón into the Castillo",
            "fr": "2 Caballeros de Bruno d'Aragon dans le Castillo",
            "it": "2 Caballeros di Bruno dall'Aragona nel Castillo"}[lang] in moved
    board = messages.render(Message("special.declared", {"seat": 0, "card": "scoreboard",
                                                         "params": DECLARED["scoreboard"]}),
                            lang, NAMES)
    assert "8/4/0" in board and messages.place_name("valencia", lang) in board


def test_the_grammar_cases_of_the_issue() -> None:
    def say(key: str, lang: str, **params) -> str:
        return messages.render(Message(key, params), lang, NAMES)

    moved = {"seat": 1, "from": "court", "to": "provinces", "count": 1}
    assert say("caballeros.moved", "fr", **moved) == \
        "1 Caballero de Bruno va de la cour dans les provinces."
    assert say("caballeros.moved", "it", **moved) == \
        "1 Caballero di Bruno va dalla corte nelle province."
    assert say("caballeros.moved", "fr", **{**moved, "from": "provinces", "to": "court",
                                             "count": 2}) == \
        "2 Caballeros de Bruno vont des provinces à la cour."
    assert say("caballeros.moved", "it", **{**moved, "from": CASTILLO, "to": "court",
                                             "count": 3}) == \
        "3 Caballeros di Bruno vanno dal Castillo a corte."
    assert say("caballeros.moved", "fr", **{**moved, "from": CASTILLO}) .startswith(
        "1 Caballero de Bruno va du Castillo")
    assert say("court.taken", "en", seat=0, count=3) == "Ana brings 3 Caballeros to court."
    assert say("place.scored", "en", place=CASTILLO, points={}) == \
        "The Castillo is scored: nobody scores."
    assert say("turn.ended", "fr", seat=4) == "Le tour d'Élodie se termine."
    assert say("veto.used", "en", seat=1, against=0, card="king", steps=[1]) == \
        "Bruno vetoes Ana's “The King” (part 2)."
    assert say("scoreboard.moved", "en", board="8-4-0", to="galicia", **{"from": None}) == \
        "The 8/4/0 scoreboard is put in Galicia."


def test_events_of_random_games_read_well_for_every_viewer() -> None:
    for seed, players, options in (("texts-a", 4, {}), ("texts-b", 5, {"edition": "original"})):
        record = play_random_game(seed, players, options, check=False)
        for event in record.events:
            for viewer in (None, 0):
                for message in GAME.describe(event, viewer):
                    for lang in LANGS:
                        check_sentence(messages.render(message, lang, NAMES[:players]), lang)


def test_no_phase_shows_as_a_raw_key() -> None:
    for phase in ("new", "power", "turns", "scoring", "between", "over"):
        for lang in LANGS:
            assert "." not in phase_name(phase, lang) and "_" not in phase_name(phase, lang)
    assert phase_name("scoring", "fr") == "décompte général"


# --- refusals ---------------------------------------------------------------------------------------

REFUSAL_PARAMS = {
    "count": 2, "fields": ["x", "y"], "value": "xyz", "last": 3, "stack": 2, "type": "dance",
    "decisions": ["power_card", "secret"], "waiting": [{"seat": 1, "kind": "take"}], "card": 7,
    "low": 0, "high": 4, "provinces": 1, "extra": 2, "place": "granada", "most": 2, "court": 1,
    "choice": "aragon", "kind": "disc", "what": "region_for", "seat": 2, "choices": ["aragon"],
    "cap": 3, "moved": 4, "own": 2, "opponents": 2, "mover": 1, "have": 1, "region": "aragon",
    "asked": 2, "gave": 3, "need": 3, "seats": [1, 2], "cards": [4, 13], "field": "to",
    "takes": {"en": "“mode”", "fr": "« mode »", "it": "«mode»"},
}


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_has_three_languages_and_reads_well(lang: str) -> None:
    assert set(refusals.TEXTS) and all(k.startswith("el-grande.refuse.") for k in refusals.TEXTS)
    for key, texts in {**refusals.TEXTS, **CORE.texts}.items():
        assert len(texts) == 3 and all(texts), key
        error = RuleError.of(key, **REFUSAL_PARAMS, game={"en": "El Grande", "fr": "El Grande",
                                                          "it": "El Grande"},
                             name="edition", values=['"a"'], text="x=y", level="x", levels=["a"],
                             owner=0, names=["speed"])
        text = error.render(lang, NAMES)
        assert not re.search(r"\{[a-z_]+(:[^{}]*)?\}", text), text  # no unfilled field
        # JSON examples for programs ({"aragon": 2}, {seat, from, to, count}) are meant
        check_sentence(re.sub(r"\{[^{}]*\}", "", text), lang)
        assert text.endswith((".", "?")), text
        json.dumps(error.to_json())  # the API carries key, params and allowed as they are


def test_a_refusal_from_the_rules_is_said_in_the_readers_language_with_names() -> None:
    t = Table(3)
    t.play_powers(3, 8, 11)
    with pytest.raises(RuleError) as info:
        t.do(1, "take", count=2)
    error = info.value
    assert error.key == "el-grande.refuse.not_your_move"
    assert error.params["waiting"] == [{"seat": 2, "kind": "take"}]
    assert error.render("en", NAMES) == \
        "It is not your move: the game is waiting for Chiara (bring Caballeros to court)."
    assert error.render("fr", NAMES) == "Ce n'est pas à vous de jouer : la partie attend " \
        "Chiara (amener des Caballeros à la cour)."
    assert error.render("it", NAMES) == \
        "Non tocca a te: la partita aspetta Chiara (portare Caballeros a corte)."
    assert "seat" not in error.render("en", NAMES)


def test_a_card_refusal_names_places_and_players_in_french_and_italian() -> None:
    error = RuleError.of("el-grande.refuse.has_only", mover=1, have=1, region="pais_vasco",
                         asked=2)
    assert error.message == "Seat 1 has only 1 Caballero in País Vasco, not 2."
    assert error.render("fr", NAMES) == "Bruno n'a que 1 Caballero au Pays basque, pas 2."
    assert error.render("it", NAMES) == "Bruno ha solo 1 Caballero nei Paesi Baschi, non 2."
    cap = RuleError.of("el-grande.refuse.move_cap", cap=5, moved=7)
    assert cap.render("it") == "Questa carta sposta al massimo 5 Caballeros (ne hai spostati 7)."
    king = RuleError.of("el-grande.refuse.place_king", place="sevilla")
    assert king.render("fr") == "Vous ne pouvez pas placer à Séville : la région du Roi est taboue."


def test_the_veto_question_says_what_was_declared() -> None:
    decision = Decision(1, "veto", info={"active": 0, "card": "move_3_any", "steps": [],
                                         "params": DECLARED["move_3_any"]})
    texts = ElGrandeTexts()
    en = texts.decision(decision, "en", NAMES)
    assert en.startswith("allow or veto Ana's “Move 3 Caballeros” (")
    assert "2 of Bruno's Caballeros from Aragón into the Castillo" in en
    fr = texts.decision(decision, "fr", NAMES)
    assert "« Déplacer 3 Caballeros » d'Ana" in fr and "dans le Castillo" in fr


def test_every_rule_error_of_the_domain_is_raised_with_a_key() -> None:
    """No refusal of the core, the bots or El Grande is an English sentence only: each is
    `RuleError.of(key, …)` (another game's package answers for its own)."""
    plain = []
    paths = [p for folder in ("domain/core", "domain/bots", "domain/elgrande")
             for p in (ROOT / folder).rglob("*.py")] + [ROOT / "domain/games.py"]
    for path in sorted(paths):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "RuleError"):
                plain.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert plain == []


def test_a_command_refused_by_the_core_is_said_in_every_language() -> None:
    with pytest.raises(RuleError) as info:
        Command.from_json({"seat": 1})
    assert info.value.key == "core.command.no_type"
    assert info.value.render("it").startswith("Un comando ha bisogno di un «type»")
