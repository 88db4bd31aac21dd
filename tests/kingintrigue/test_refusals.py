"""King & Intrigue's refusals reach a player in their language, with names and places in words
(the house rule: `RuleError.of(key, …)`), and a wrong value is a refusal, never a crash."""

from __future__ import annotations

import random

import pytest

from domain.core.commands import Command
from domain.core.errors import RuleError
from domain.kingintrigue.module import GAME
from tests.kingintrigue.test_rules import act, play_round, started

NAMES = ["Ann", "Bruno", "Chiara", "Dirk", "Eva"]


WITH_130 = [10, 20, 40, 50, 60, 70, 80, 90, 130, 140, 160, 170, 180]


def my_turn_with(card):
    """2 players: seat 0 plays `card` (the King card) and chooses its action; seat 1 plays 10."""
    s = play_round(started(2, discs={0: "granada", 1: "granada"}, keep=WITH_130),
                   {0: card, 1: 10})
    if GAME.pending(s)[0].kind == "take":
        s = act(s, Command("take", 0, {"count": 0}))
    return act(s, Command("choose_action", 0, {"card": s.choice[-1]}))


def refusal(state, command):
    with pytest.raises(RuleError) as caught:
        GAME.decide(state, command)
    return caught.value


@pytest.mark.parametrize("card, params", [
    (130, {"region": "atlantis"}),
    (80, {"grande": "atlantis"}),
    (140, {"moves": [{"seat": 1, "from": "atlantis", "count": 1}]}),
    (140, {"moves": [{"seat": 1, "from": "aragon", "count": "two"}]}),
])
def test_a_wrong_place_or_number_for_a_card_is_refused_in_words(card, params):
    """Card 130 with an unknown region, 80 with an unknown Grande's region, 140 with an unknown
    source or count crashed (KeyError: 'The region to mark') instead of refusing."""
    err = refusal(my_turn_with(card), Command("special", 0, params))
    for lang in ("en", "fr", "it"):  # a sentence of a catalogue, not the key shown as itself
        text = err.render(lang, NAMES)
        assert str(err.key) not in text and "{" not in text and text[0].isupper(), text


def test_the_expansions_refusals_read_in_french_and_italian():
    s = GAME.fold(GAME.create(2, {}, "t", {"king": "castilla_la_nueva",
                                           "homes": ["galicia", "aragon"], "first_player": 0}))
    keep = refusal(s, Command("keep", 0, {"cards": [10, 20, 30]}))
    assert "13" in keep.render("fr") and "Gardez" in keep.render("fr")
    assert "Tieni" in keep.render("it")
    s = started(2)
    play = refusal(s, Command("play_power", 0, {"card": 120}))  # put aside
    assert play.render("fr") == "La carte pouvoir 120 n'est pas dans votre main."
    s = play_round(s, {0: 10, 1: 180})
    s = act(s, Command("decline", 1))
    taboo = refusal(s, Command("place", 1, {"places": {"castilla_la_nueva": 1}}))
    assert "taboue" in taboo.render("fr") and "tabù" in taboo.render("it")
    s = act(s, Command("place", 1, {"places": {}}))
    s = act(s, Command("take", 0, {"count": 6}))
    into = refusal(s, Command("special", 0, {"mode": "one", "moves": [
        {"seat": 1, "from": "aragon", "to": "castillo", "count": 1}]}))
    assert "Castillo" in into.render("it") and "Intrigo" in into.render("it")


def test_the_selection_disc_refusal_names_the_kings_region_in_french():
    s = GAME.fold(GAME.create(2, {}, "t", {"king": "castilla_la_nueva",
                                           "homes": ["galicia", "aragon"], "first_player": 0}))
    for seat in (0, 1):
        s = act(s, Command("keep", seat, {"cards": [10, 20, 40, 50, 60, 80, 90, 100, 110, 130,
                                                    140, 160, 180]}))
    s = act(s, Command("resolve", None))
    err = refusal(s, Command("secret", 0, {"choice": "castilla_la_nueva"}))
    assert "Nouvelle-Castille" in err.render("fr") and "Roi" in err.render("fr")


BAD = [
    Command("play_power", 0, {"card": 999}), Command("play_power", 0, {"card": "x"}),
    Command("keep", 0, {"cards": [10, 10]}), Command("secret", 0, {"choice": "atlantis"}),
    Command("choose_action", 0, {"card": "eviction"}),
    Command("place", 0, {"places": {"atlantis": 1}}), Command("place", 0, {"places": [1]}),
    Command("place", 0, {"places": {"castillo": 99}}),
    Command("place", 0, {"places": {"castillo": -1}}),
    Command("special", 0, {}), Command("special", 0, {"mode": "x"}),
    Command("special", 0, {"mode": "all", "from": "castillo", "to": "castillo"}),
    Command("special", 0, {"mode": "all", "from": "galicia", "to": "galicia"}),
    Command("special", 0, {"mode": "all", "from": "galicia", "to": ["x"]}),
    Command("special", 0, {"mode": "one", "moves": "x"}),
    Command("special", 0, {"moves": [{"seat": 9, "from": "aragon"}]}),
    Command("special", 0, {"moves": [{"seat": 1, "from": "aragon", "to": "galicia"}]}),
    Command("special", 0, {"moves": [{"seat": 1, "from": "castillo"}]}),
    Command("special", 0, {"moves": [{"seat": 1, "from": "aragon", "count": 9}]}),
    Command("special", 0, {"moves": ["x"]}), Command("special", 0, {"region": "castillo"}),
    Command("special", 0, {"grande": "castillo"}), Command("special", 0, {"caballeros": 3}),
    Command("special", 0, {"caballeros": {"galicia": 99}}), Command("special", 0, {"x": 1}),
    Command("special", 0, {"picks": {"0": "galicia"}}), Command("take", 0, {"count": 99}),
    Command("decline", 0), Command("return", 0, {"court": 99}),
]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_refusal_anywhere_in_a_game_is_plain_english(players):
    """Every decision of random games, met with wrong commands from the one whose move it is:
    each is refused with a message key (so it reads in the player's language), none crashes."""
    state = GAME.fold(GAME.create(players, {}, f"refusals-{players}", None))
    rng = random.Random(players)
    seen = 0
    while not GAME.is_over(state):
        d = GAME.pending(state)[0]
        if d.seat is not None:
            for bad in BAD:
                command = Command(bad.type, d.seat, bad.params)
                try:
                    GAME.decide(state, command)
                except RuleError as err:
                    seen += 1
                    assert err.key is not None, (d.kind, bad, err.message)
                    for lang in ("fr", "it"):
                        assert err.render(lang, NAMES[:players])
            command = GAME.sample_command(state, d, rng)
        else:
            command = GAME.default_command(state, d)
        state = GAME.fold(GAME.decide(state, command), state)
    assert seen > 100


def test_a_move_out_of_turn_names_the_expansions_decisions_in_words():
    """« vous devez keep » / « devi keep »: what the player must do now, in their language."""
    s = GAME.fold(GAME.create(3, {}, "t", None))
    err = refusal(s, Command("play_power", 0, {"card": 10}))
    assert "garder 13 de vos 18 cartes pouvoir" in err.render("fr")
    assert "tenere 13 delle tue 18 carte potere" in err.render("it")
    assert "keep" not in err.render("fr")


def test_a_move_out_of_turn_counts_a_modules_larger_deck():
    """With both modules the deck is 39 cards: the refusal said « garder 13 de vos 18 cartes »."""
    s = GAME.fold(GAME.create(3, {"players_edition": True, "special_cards": True}, "t", None))
    err = refusal(s, Command("play_power", 0, {"card": 10}))
    assert "garder 13 de vos 39 cartes pouvoir" in err.render("fr")
    assert "keep 13 of your 39 power cards" in err.render("en")


def test_a_moves_form_sent_empty_asks_for_a_move_not_for_json():
    """The Intrigue's form sent with no row filled read « Donnez les déplacements comme une liste
    de {seat, from, to, count} »: a web player is asked to choose a move, in words."""
    s = play_round(started(2), {0: 10, 1: 180})
    s = act(s, Command("decline", 1))
    s = act(s, Command("place", 1, {"places": {}}))
    s = act(s, Command("take", 0, {"count": 6}))
    err = refusal(s, Command("special", 0, {"mode": "one", "moves": []}))
    assert err.render("fr") == ("Choisissez au moins un Caballero à déplacer (à qui, d'où, vers "
                                "où), ou refusez l'action.")
    assert "{" not in err.render("it")
    capture = refusal(my_turn_with(140), Command("special", 0, {"moves": []}))
    assert capture.render("it") == ("Scegli almeno un Caballero da spostare (di chi, da dove, "
                                    "verso dove), o rinuncia all'azione.")
