"""El Grande's command language (domain/elgrande/language.py on domain/core/language.py), shared by
mail replies and the web's text box."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.core.commands import Command
from domain.core.language import CommandRefused, GameSession, ParseError, normalise
from domain.elgrande import language, vocabulary
from domain.elgrande.module import GAME

SETUP = {"king": "castilla_la_nueva", "homes": ["aragon", "galicia", "sevilla"], "first_player": 0,
         "stacks": {"1": ["move_3_any"] + [c for c in ["move_all_own", "place_2_anywhere",
                                                       "place_2_or_move_all_own",
                                                       "move_5_from_region", "move_5_from_region",
                                                       "move_3_opponents",
                                                       "move_2_own_2_opponents",
                                                       "move_2_own_2_opponents", "move_4_own",
                                                       "move_4_any"]]}}


def game(*moves: tuple[int, str, dict[str, Any]]) -> Any:
    state = GAME.fold(GAME.create(3, {}, "grammar", SETUP))
    for seat, kind, params in moves:
        state = GAME.fold(GAME.decide(state, Command(kind, seat, params)), state)
    return state


POWERS = ((0, "play_power", {"card": 7}), (1, "play_power", {"card": 5}),
          (2, "play_power", {"card": 3}))


def read(text: str, state: Any, seat: int = 0, names: tuple[str, ...] = ("Ann", "Bruno",
                                                                          "Chiara")) -> list:
    return GAME.language.parse(text, GameSession(GAME, state, seat, names=names)).commands


def test_the_issue_example_one_mail_one_turn() -> None:
    state = game(*POWERS)
    assert read("take 3, card king, place 2 aragon 1 castillo, king to granada", state) == [
        {"type": "take", "count": 3},
        {"type": "choose_card", "stack": 5},
        {"type": "place", "places": {"aragon": 2, "castillo": 1}},
        {"type": "special", "to": "granada"},
    ]


@pytest.mark.parametrize("text", [
    "take 3\ncard king\nplace 2 aragon 1 castillo\nking to granada",
    "TAKE 3; CARD THE KING; PLACE 2 ARAGÓN AND 1 CASTILLO; KING TO GRANADA",
    "take 3 card king place 2 aragon 1 castillo special granada",
    "prendre 3, carte le roi, placer 2 Aragon et 1 Castillo, roi à Grenade",
    "prendi 3, carta il re, piazza 2 aragona 1 castello, re a granada",
    "take all, card 5, place aragon 2 castillo 1, action to granada",
    "take 3\n\ncard k\n\nplace 2 ara 1 castle\n\nking granada",
])
def test_the_same_turn_in_many_ways(text: str) -> None:
    state = game(*POWERS)
    commands = read(text, state)
    assert [c["type"] for c in commands] == ["take", "choose_card", "place", "special"]
    assert commands[2]["places"] == {"aragon": 2, "castillo": 1}
    assert commands[3] == {"type": "special", "to": "granada"}


@pytest.mark.parametrize(("text", "expected"), [
    ("7", {"type": "play_power", "card": 7}),
    ("power 7", {"type": "play_power", "card": 7}),
    ("Pouvoir 7", {"type": "play_power", "card": 7}),
    ("gioca sette", {"type": "play_power", "card": 7}),  # number words up to thirteen
    ("play seven", {"type": "play_power", "card": 7}),
    ("power 17", None),  # no such card: refused
])
def test_power_cards(text: str, expected: Any) -> None:
    state = game()
    if expected is None:
        with pytest.raises((ParseError, CommandRefused)):
            read(text, state)
    else:
        assert read(text, state) == [expected]


def test_bare_values_read_by_the_pending_decision() -> None:
    state = game(*POWERS)
    assert read("3", state) == [{"type": "take", "count": 3}]
    state = game(*POWERS, (0, "take", {"count": 3}))
    assert read("king", state) == [{"type": "choose_card", "stack": 5}]
    assert read("le roi", state) == [{"type": "choose_card", "stack": 5}]
    state = game(*POWERS, (0, "take", {"count": 3}), (0, "choose_card", {"stack": 5}))
    assert read("king to granada, place 0", state) == [
        {"type": "special", "to": "granada"}, {"type": "place", "places": {}}]


def test_regions_every_way() -> None:
    words = vocabulary.place_words()
    for name, place in [("Pais Vasco", "pais_vasco"), ("país vasco", "pais_vasco"),
                        ("pays basque", "pais_vasco"), ("Paesi Baschi", "pais_vasco"),
                        ("vieille castille", "castilla_la_vieja"),
                        ("castiglia nuova", "castilla_la_nueva"), ("cataluna", "cataluna"),
                        ("catalogne", "cataluna"), ("séville", "sevilla"), ("Siviglia", "sevilla"),
                        ("grenade", "granada"), ("galizia", "galicia"), ("clv", "castilla_la_vieja")]:
        assert words[normalise(name).strip()] == place, name


def test_moves_with_colours_and_names() -> None:
    state = game(*POWERS, (0, "take", {"count": 3}), (0, "choose_card", {"stack": 1}),
                 (0, "place", {"places": {"aragon": 1}}))
    assert read("move 1 red aragon to castillo, 1 Bruno galicia to granada", state) == [
        {"type": "special", "moves": [
            {"seat": 0, "from": "aragon", "to": "castillo", "count": 1},
            {"seat": 1, "from": "galicia", "to": "granada", "count": 1}]}]
    assert read("déplacer 2 aragon vers valence", state) == [
        {"type": "special", "moves": [{"seat": 0, "from": "aragon", "to": "valencia",
                                       "count": 2}]}]


def test_errors_say_what_was_not_understood_and_what_is_allowed() -> None:
    state = game(*POWERS)
    with pytest.raises(ParseError) as error:
        read("take 3, card kingg", state)
    assert "kingg" in str(error.value)
    assert any("card" in line and "The King" in line for line in error.value.allowed)
    with pytest.raises(ParseError) as error:
        read("take 3, place 2 atlantis", state)
    assert "atlantis" in str(error.value)
    with pytest.raises(CommandRefused) as refused:
        read("take 3, card king, place 6 aragon", state)
    assert "at most" in str(refused.value)


def test_errors_are_in_the_players_language() -> None:
    state = game(*POWERS)
    with pytest.raises(ParseError) as error:
        GAME.language.parse("prendre 3, placer 2 atlantis", GameSession(GAME, state, 0, lang="fr"))
    assert str(error.value) == ("« placer » n'est pas ce que vous devez faire maintenant : vous "
                                "devez choisir une carte action. (vers « placer 2 atlantis »)")
    assert error.value.allowed[0].startswith("carte NOM / carte PILE")  # after the take
    with pytest.raises(ParseError) as error:
        GAME.language.parse("Grazie!", GameSession(GAME, state, 0, lang="it"))
    assert str(error.value) == "Nessun comando trovato nel tuo messaggio."


def test_greetings_and_signatures_are_skipped_but_garbled_commands_are_not() -> None:
    state = game()
    parsed = language.parse("Hi everyone,\npower 7\nCheers, Ann", GameSession(GAME, state, 0))
    assert parsed.commands == [{"type": "play_power", "card": 7}]
    assert not any("7" in line for line in parsed.ignored)  # greeting lines fall away
    assert read("pwer 7", state) == [{"type": "play_power", "card": 7}]  # the 7 says it
    with pytest.raises(ParseError):
        read("power 7 or 9 or 17 with the 3", state)
    with pytest.raises(ParseError):
        read("Thanks!", state)  # nothing at all


def test_help_lines_in_three_languages() -> None:
    state = game(*POWERS, (0, "take", {"count": 3}), (0, "choose_card", {"stack": 5}))
    decision = GAME.pending(state)[0]
    en = language.help_lines(decision, GAME.view(state, 0), "en")
    fr = language.help_lines(decision, GAME.view(state, 0), "fr")
    it = language.help_lines(decision, GAME.view(state, 0), "it")
    assert en[0].startswith("place N PLACE") and "Castilla la Vieja" in en[0]
    assert fr[0].startswith("placer N LIEU") and "Vieille-Castille" in fr[0]
    assert it[0].startswith("piazza N LUOGO") and "Castiglia Vecchia" in it[0]
    assert "rinuncia" in it[2]


def test_every_random_command_round_trips_in_every_language() -> None:
    """format_command(cmd) parses back to a command with the very same effect, in en/fr/it, for
    every kind of decision met in random games (the mails' examples rely on it)."""
    rng = random.Random(11)
    checked = set()
    for g in range(6):
        state = GAME.fold(GAME.create(3, {"edition": "original" if g % 2 else "decennial"},
                                      f"rt{g}"))
        while not GAME.is_over(state):
            decision = GAME.pending(state)[0]
            if decision.seat is None:
                state = GAME.fold(GAME.decide(state, GAME.default_command(state, decision)),
                                  state)
                continue
            command = GAME.sample_command(state, decision, rng)
            body = {"type": command.type, **dict(command.params)}
            effect = GAME.decide(state, command)
            for lang in ("en", "fr", "it"):
                text = GAME.language.format(body, lang, decision=decision)
                [parsed] = read(text, state, decision.seat)
                again = GAME.decide(state, Command.from_json(parsed, seat=decision.seat))
                assert again == effect, (text, body, parsed)
            checked.add(command.type if command.type != "special" else
                        f"special:{decision.constraint['card']}")
            state = GAME.fold(effect, state)
    assert len(checked) >= 25


def test_first_persons_plural_colours_and_ones_own_colour_said_along() -> None:
    """How the play-testers wrote by mail: « je prends », « piazzo », « 2 rossi », « la carte du
    Roi », and their own colour with a placement (« je place 2 rouges dans le Castillo »)."""
    state = game(*POWERS)
    assert read("Je prends 3\nje prends la carte 1\nje place 1 valencia\n"
                "je déplace 2 rouges aragon vers galice", state) == [
        {"type": "take", "count": 3}, {"type": "choose_card", "stack": 1},
        {"type": "place", "places": {"valencia": 1}},
        {"type": "special", "moves": [{"seat": 0, "from": "aragon", "to": "galicia", "count": 2}]}]
    assert read("prendo 3, prendo la carta 1\npiazzo 1 rosso nel castello\n"
                "sposto 2 rossi da aragona a galizia", state)[2] == {
        "type": "place", "places": {"castillo": 1}}
    assert read("je place 1 rouge dans le Castillo", game(*POWERS, (0, "take", {"count": 3}),
                                                          (0, "choose_card", {"stack": 1}))) == [
        {"type": "place", "places": {"castillo": 1}}]


def test_an_italian_echo_says_where_the_king_goes_as_italian_does() -> None:
    """Found by mail: « speciale a Aragona » (Italian says « in Aragona », « a Siviglia », « nei
    Paesi Baschi »); the line is still one a player may write back."""
    from domain.elgrande.language import format_command

    assert format_command({"type": "special", "to": "aragon"}, "it") == "speciale in Aragona"
    assert format_command({"type": "special", "to": "pais_vasco"}, "it") \
        == "speciale nei Paesi Baschi"
    assert format_command({"type": "special", "to": "sevilla"}, "it") == "speciale a Siviglia"
