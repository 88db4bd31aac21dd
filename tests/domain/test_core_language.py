"""The game-independent machinery of command languages (domain/core/language.py) and the generic
language a game without one gets: `<type> key=value`, formatted back the same way."""

from __future__ import annotations

import random

import pytest

from domain.core.commands import Command
from domain.core.game import GenericTexts, Message, language_of, texts_of
from domain.core.language import (
    CommandRefused,
    GameSession,
    GenericLanguage,
    ParseError,
    normalise,
    phrases,
    tokens,
)
from tests.games.bids import PLAIN as TOY


def toy(*moves: tuple[int, str, dict]) -> object:
    state = TOY.fold(TOY.create(2, {}, "seed", None))
    for seat, kind, params in moves:
        state = TOY.fold(TOY.decide(state, Command(kind, seat, params)), state)
    return state


def test_words_fold_case_accents_and_punctuation() -> None:
    assert normalise("Aragón l’Été") == "aragon l ete"
    assert tokens("Take 3; CARD the King.\nplace 2") == [
        "take", "3", ",", "card", "the", "king", ",", "\n", "place", "2"]
    table = phrases({"Castilla la Vieja": "clv", "Place 2, or move all": "card"})
    assert ("castilla", "la", "vieja") in table and ("place", "2", "or", "move", "all") in table


def test_a_game_without_a_language_gets_the_generic_one_and_it_round_trips() -> None:
    language = language_of(TOY)
    assert isinstance(language, GenericLanguage)
    state = toy()
    session = GameSession(TOY, state, 0, names=("Ann", "Bob"))
    parsed = language.parse("Hello,\nbid amount=3\nAnn", session)
    assert parsed.commands == [{"type": "bid", "amount": 3}]
    assert parsed.ignored == ["Hello,", "Ann"]
    # The bare value will do when the move has one parameter; any case.
    assert language.parse("BID 4", GameSession(TOY, state, 1)).commands == [
        {"type": "bid", "amount": 4}]
    # Formatted back exactly as a player would type it, and read back the same.
    rng = random.Random(3)
    state = toy()
    while not TOY.is_over(state):
        decision = next(d for d in TOY.pending(state) if d.seat is not None) \
            if any(d.seat is not None for d in TOY.pending(state)) else TOY.pending(state)[0]
        command = TOY.sample_command(state, decision, rng)
        if decision.seat is not None:
            body = {"type": command.type, **dict(command.params)}
            text = language.format(body, "fr")
            assert language.parse(text, GameSession(TOY, state, decision.seat)).commands == [body]
        state = TOY.fold(TOY.decide(state, command), state)
    assert language.format({"type": "claim", "prize": "gold"}, "en") == "claim prize=gold"
    # Any game can be written this way, El Grande too (types and keys keep their underscores).
    from domain.elgrande.module import GAME as EL_GRANDE

    opening = EL_GRANDE.fold(EL_GRANDE.create(3, {}, "generic", None))
    first = EL_GRANDE.pending(opening)[0].seat
    assert GenericLanguage(EL_GRANDE).parse("Play_Power card=7", GameSession(
        EL_GRANDE, opening, first)).commands == [{"type": "play_power", "card": 7}]
    assert language.format({"type": "x", "n": "3", "m": {"a": 1}}, "en") == 'x n="3" m={"a":1}'


def test_generic_help_lines_list_the_options_in_three_languages() -> None:
    state = toy()
    decision = next(d for d in TOY.pending(state) if d.seat == 0)
    language = language_of(TOY)
    assert language.help_lines(decision, None, "en") == ["bid amount=… — one of: 1, 2, 3, 4, 5"]
    assert language.help_lines(decision, None, "fr") == ["bid amount=… — parmi : 1, 2, 3, 4, 5"]
    assert language.help_lines(decision, None, "it") == ["bid amount=… — tra: 1, 2, 3, 4, 5"]
    assert language.example(state, decision, "en") == "bid amount=1"


def test_generic_errors_say_what_is_wrong_and_what_is_allowed() -> None:
    state = toy()
    language = language_of(TOY)
    with pytest.raises(ParseError) as error:
        language.parse("claim prize=gold", GameSession(TOY, state, 0, lang="fr"))
    assert "« claim » n'est pas un coup possible maintenant" in str(error.value)
    assert error.value.allowed == ["bid amount=… — parmi : 1, 2, 3, 4, 5"]
    with pytest.raises(ParseError) as error:
        language.parse("Thanks!", GameSession(TOY, state, 0))
    assert str(error.value) == "No command was found in your message."
    with pytest.raises(CommandRefused) as refused:
        language.parse("bid 9", GameSession(TOY, state, 0))
    assert "1 to 5" in str(refused.value)


def test_generic_texts_show_message_keys_with_names() -> None:
    texts = texts_of(TOY)
    assert isinstance(texts, GenericTexts)
    assert texts.render(Message("bids.prize_claimed", {"seat": 1, "prize": "gold"}), "en",
                        ["Ann", "Bob"]) == "bids.prize_claimed (seat Bob, prize gold)"
    assert texts.seat(0, "en") is None
