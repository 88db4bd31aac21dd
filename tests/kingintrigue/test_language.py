"""King & Intrigue by mail: El Grande's words with the expansion's commands, in en/fr/it."""

from __future__ import annotations

import random

import pytest

from domain.core.commands import Command
from domain.core.events import thaw
from domain.core.language import GameSession
from domain.kingintrigue.module import GAME
from domain.kingintrigue.rules import DEFAULT_KEEP

NAMES = ["Ann", "Bruno", "Chiara", "Dirk", "Eva"]
LANGUAGE = GAME.language


def _session(state, seat, lang="en"):
    return GameSession(GAME, state, seat, NAMES[:state.players], lang)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_sampled_move_is_written_and_read_back_in_three_languages(players):
    state = GAME.fold(GAME.create(players, {}, f"mail-{players}", None))
    rng = random.Random(players)
    while not GAME.is_over(state):
        d = GAME.pending(state)[0]
        command = GAME.default_command(state, d) if d.seat is None \
            else GAME.sample_command(state, d, rng)
        if d.seat is not None:
            expected = thaw(GAME.decide(state, command))
            for lang in ("en", "fr", "it"):
                line = LANGUAGE.format(command.to_json(), lang, decision=d, names=NAMES)
                read = LANGUAGE.parse(line, _session(state, d.seat, lang)).commands
                assert len(read) == 1, line
                again = GAME.decide(state, Command.from_json(read[0], seat=d.seat))
                assert thaw(again) == expected, (lang, line)
                assert LANGUAGE.help_lines(d, None, lang)
        state = GAME.fold(GAME.decide(state, command), state)


def test_keep_disc_play_and_king_read_as_the_issue_writes_them():
    state = GAME.fold(GAME.create(2, {}, "words", {"king": "castilla_la_nueva",
                                                   "homes": ["galicia", "aragon"],
                                                   "first_player": 0}))
    keep = "keep " + " ".join(str(v) for v in DEFAULT_KEEP)
    assert LANGUAGE.parse(keep, _session(state, 0)).commands == [
        {"type": "keep", "cards": list(DEFAULT_KEEP)}]
    garder = "garder " + " ".join(str(v) for v in DEFAULT_KEEP)
    assert LANGUAGE.parse(garder, _session(state, 1, "fr")).commands[0]["type"] == "keep"
    for seat in (0, 1):
        state = GAME.fold(GAME.decide(state, Command("keep", seat, {"cards": list(DEFAULT_KEEP)})),
                          state)
    state = GAME.fold(GAME.decide(state, Command("resolve", None)), state)
    assert LANGUAGE.parse("disc aragon", _session(state, 0)).commands == [
        {"type": "secret", "choice": "aragon"}]
    for seat in (0, 1):
        state = GAME.fold(GAME.decide(state, Command("secret", seat, {"choice": "granada"})), state)
    state = GAME.fold(GAME.decide(state, Command("resolve", None)), state)
    assert LANGUAGE.parse("play 180", _session(state, 0)).commands == [
        {"type": "play_power", "card": 180}]
    state = GAME.fold(GAME.decide(state, Command("play_power", 0, {"card": 180})), state)
    state = GAME.fold(GAME.decide(state, Command("play_power", 1, {"card": 10})), state)
    assert LANGUAGE.parse("king castilla la vieja", _session(state, 0)).commands == [
        {"type": "special", "to": "castilla_la_vieja"}]


def test_the_help_lines_name_the_expansions_actions_as_el_grande_names_its_own():
    """The act help lines are El Grande's (one code path, its hooks for the expansion): the place
    line, the action's command named by the expansion's card, then declining."""
    from domain.core.decisions import Decision

    d = Decision(0, "act", constraint={"card": "intrigue", "place": {"places": ["aragon"],
                                                                     "max": 2},
                                       "special": {"mode": ["one", "all"]},
                                       "commands": ["place", "special", "decline"]})
    lines = LANGUAGE.help_lines(d, None, "fr")
    assert lines[0].startswith("placer N LIEU")
    assert lines[1].startswith("intrigue déplacer") and "« Intrigue »" in lines[1]
    assert lines[2].startswith("refuser")
    seventy = Decision(0, "act", constraint={"card": "one_from_each_opponent",
                                             "special": {"picks": {"1": ["aragon"]}},
                                             "commands": ["special", "decline"]})
    assert "Un Caballero di ogni avversario" in LANGUAGE.help_lines(seventy, None, "it")[0]
    impossible = Decision(0, "act", constraint={"card": "grande_and_caballeros",
                                                "commands": ["decline"]})
    assert LANGUAGE.help_lines(impossible, None, "it") == [
        "rinuncia — non usare l'azione speciale"]


def test_a_mail_says_what_each_power_card_does_when_one_is_kept_played_or_chosen():
    """By mail there is no form to label the cards: keeping 13, playing one and choosing the
    action read « 10 (6 Caballeros) » or « scegli azione re o scegli azione 70 » without a word of
    what the cards do. Each card is now given with its Caballeros and its action."""
    from domain.core.decisions import Decision

    keep = Decision(0, "keep", constraint={"commands": ["keep"], "cards": 13})
    line = " ".join(LANGUAGE.help_lines(keep, None, "fr"))
    assert "10 (6 Caballeros, Intrigue)" in line and "180 (0 Caballero, Le Roi)" in line, line
    play = Decision(0, "power_card", options=[{"type": "play_power", "card": c}
                                              for c in (70, 140)])
    line = " ".join(LANGUAGE.help_lines(play, None, "it"))
    assert "70 (3 Caballeros, Un Caballero di ogni avversario)" in line, line
    assert "140 (1 Caballero, Nel Castillo)" in line, line
    choose = Decision(0, "choose_action", options=[{"type": "choose_action", "card": c}
                                                   for c in ("king", "one_from_each_opponent")])
    line = " ".join(LANGUAGE.help_lines(choose, None, "it"))
    assert line.startswith("scegli azione re / scegli azione 70 — "), line
    assert "carta del round (Il Re)" in line, line
    assert "carta potere (Un Caballero di ogni avversario)" in line, line


def test_the_issues_replies_read_in_french_and_italian():
    """« garder … », « disque aragon », « jouer 120 », « roi vieille-castille » and their Italian
    twins; a card put aside is refused in the reader's language."""
    from domain.core.language import CommandRefused

    state = GAME.fold(GAME.create(2, {}, "words", {"king": "castilla_la_nueva",
                                                   "homes": ["galicia", "aragon"],
                                                   "first_player": 0}))
    kept = " ".join(str(v) for v in DEFAULT_KEEP)
    for lang, word in (("fr", "garder"), ("it", "tieni")):
        assert LANGUAGE.parse(f"{word} {kept}", _session(state, 0, lang)).commands == [
            {"type": "keep", "cards": list(DEFAULT_KEEP)}]
    for seat in (0, 1):
        state = GAME.fold(GAME.decide(state, Command("keep", seat, {"cards": list(DEFAULT_KEEP)})),
                          state)
    state = GAME.fold(GAME.decide(state, Command("resolve", None)), state)
    for lang, text in (("fr", "disque aragon"), ("it", "disco Aragona")):
        assert LANGUAGE.parse(text, _session(state, 0, lang)).commands == [
            {"type": "secret", "choice": "aragon"}]
    for seat in (0, 1):
        state = GAME.fold(GAME.decide(state, Command("secret", seat, {"choice": "granada"})), state)
    state = GAME.fold(GAME.decide(state, Command("resolve", None)), state)
    for lang, text, says in (("fr", "jouer 120", "La carte pouvoir 120 n'est pas dans votre main."),
                             ("it", "gioca 120", "La carta potere 120 non è nella tua mano.")):
        with pytest.raises(CommandRefused) as refused:
            LANGUAGE.parse(text, _session(state, 0, lang))
        assert refused.value.error.render(lang) == says
    assert LANGUAGE.parse("gioca 180", _session(state, 0, "it")).commands == [
        {"type": "play_power", "card": 180}]
    state = GAME.fold(GAME.decide(state, Command("play_power", 0, {"card": 180})), state)
    state = GAME.fold(GAME.decide(state, Command("play_power", 1, {"card": 10})), state)
    for lang, text in (("fr", "roi vieille-castille"), ("it", "re Castiglia Vecchia")):
        assert LANGUAGE.parse(text, _session(state, 0, lang)).commands == [
            {"type": "special", "to": "castilla_la_vieja"}]


@pytest.mark.parametrize("card, text", [(10, "bonjour"), (10, "intrigue"), (80, "buongiorno"),
                                        (140, "salut")])
def test_an_unreadable_reply_to_the_expansions_actions_lists_what_to_write(card, text):
    """A reply the parser could not read, while an action of the expansion's own was pending
    (the Intrigue, 80, 140), crashed with KeyError: 'intrigue' while listing what may be written
    (El Grande's help lines were asked for the expansion's card): a 500 on the web page."""
    from domain.core.language import ParseError
    from tests.kingintrigue.test_rules import act, play_round, started

    keep = [10, 20, 40, 50, 60, 70, 80, 90, 100, 140, 160, 170, 180]
    s = play_round(started(2, discs={0: "granada", 1: "granada"}, keep=keep),
                   {0: card, 1: 20 if card == 10 else 10})
    while GAME.pending(s)[0].seat != 0 or GAME.pending(s)[0].kind != "act":
        d = GAME.pending(s)[0]
        if d.kind == "choose_action":
            s = act(s, Command("choose_action", d.seat, {"card": d.options[-1]["card"]}))
        else:
            s = act(s, GAME.default_command(s, d))
    lang = "it" if text == "buongiorno" else "fr"
    with pytest.raises(ParseError) as error:
        LANGUAGE.parse(text, _session(s, 0, lang))
    assert error.value.allowed and any("—" in line for line in error.value.allowed)
