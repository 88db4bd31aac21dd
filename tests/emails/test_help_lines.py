"""Every help line and example a mail prints, in every language, for every kind of decision (and
every kind of special action), is accepted when a player copies it back: the example as it is, a
help line with its upper-case words filled in (and its explanation after " — " copied along).

A help line is "PATTERN — what it does"; PATTERN uses upper-case words for what the player chooses
(N, PLACE/LIEU/LUOGO, …), "…" for "more of the same" and " / " between alternatives. A line is
right when some legal command, written as the game writes it, has the pattern's shape, and when
that text, with the line's explanation pasted after it, parses back to that command.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.game import language_of
from domain.core.language import CommandRefused, GameSession, ParseError, normalise
from domain.elgrande.data import CARD_NAMES
from domain.games import GAMES
from tests.moves import effects

LANGS = ("en", "fr", "it")
PLACEHOLDERS = {"n", "place", "region", "colour", "name", "stack", "lieu", "couleur", "nom",
                "pile", "luogo", "regione", "colore", "nome", "mazzo"}


def key_of(decision: Decision) -> str:
    con = decision.constraint or {}
    if decision.kind == "act" and "special" in con:
        return f"act:{con['card']}"
    return decision.kind


OPTIONS = {"el-grande": {"edition": "original"}, "king-and-intrigue": {"discards": "open"}}


def positions(GAME: Any) -> Iterator[tuple[Any, Decision]]:
    """Decisions met in random games of 3 to 5 players, with and without the game's first option,
    a few of each kind (every action card's special action among them)."""
    seen: dict[str, int] = {}
    for game in range(40):
        players = 3 + game % 3
        options = OPTIONS.get(GAME.name, {}) if game % 2 else {}
        rng = random.Random(game)
        state = GAME.fold(GAME.create(players, options, f"help-{game}", None))
        while not GAME.is_over(state):
            decision = next((d for d in GAME.pending(state) if d.seat is not None), None) \
                or GAME.pending(state)[0]
            if decision.seat is not None and seen.get(key_of(decision), 0) < 2:
                seen[key_of(decision)] = seen.get(key_of(decision), 0) + 1
                yield state, decision
            command = GAME.sample_command(state, decision, rng) if decision.seat is not None \
                else GAME.default_command(state, decision)
            state = GAME.fold(GAME.decide(state, command), state)


FAMILY = ("el-grande", "king-and-intrigue")
"""The games that speak El Grande's command language (its placeholders, its hints): El
Caballero's lines are copied back in tests/elcaballero/test_channels.py."""
POSITIONS = {name: list(positions(GAMES[name])) for name in FAMILY}


def shape(pattern: str) -> re.Pattern[str]:
    """A help line's pattern as a regular expression over a normalised command text."""
    parts = []
    for word in normalise(pattern).replace(",", " , ").split():
        if word in PLACEHOLDERS:
            parts.append(r"\S+(?: \S+)*?")
        elif word in ("…", "..."):
            parts.append(r".*?")
        elif word == ",":
            parts.append(",?")
        else:
            parts.append(re.escape(word))
    return re.compile(r"\s*".join(parts).replace(r"\s*,?\s*", r"\s*,?\s*") + r"\s*$")


def candidates(GAME: Any, state: Any, decision: Decision, rng: random.Random
               ) -> list[dict[str, Any]]:
    found = {}
    for _ in range(60):
        command = GAME.sample_command(state, decision, rng)
        body = {"type": command.type, **dict(command.params)}
        found[repr(sorted(body.items()))] = body
    default = GAME.default_command(state, decision)
    body = {"type": default.type, **dict(default.params)}
    found[repr(sorted(body.items()))] = body
    if decision.kind == "veto":
        found["allow"], found["veto"] = {"type": "allow"}, {"type": "veto"}
        if (decision.constraint or {}).get("steps"):
            found["part"] = {"type": "veto", "steps": [0]}
    if decision.kind == "act" and "place" in (decision.constraint or {}):
        found["none"] = {"type": "place", "places": {}}
    return list(found.values())


def test_the_positions_cover_every_decision_and_every_special_action() -> None:
    keys = {key_of(d) for _, d in POSITIONS["el-grande"]}
    assert {"power_card", "take", "choose_card", "act", "veto", "return", "secret"} <= {
        k.split(":")[0] for k in keys}
    assert {k.split(":")[1] for k in keys if k.startswith("act:")} == set(CARD_NAMES) - {"veto"}
    expansion = {key_of(d) for _, d in POSITIONS["king-and-intrigue"]}
    assert {"keep", "choose_action", "power_card", "act", "veto", "return", "secret",
            "act:intrigue", "act:castillo_capture", "act:grande_and_caballeros",
            "act:free_placement", "act:double_scoring"} <= expansion


@pytest.mark.parametrize("game", FAMILY)
@pytest.mark.parametrize("lang", LANGS)
def test_every_help_line_copied_back_with_its_words_filled_in_is_accepted(lang: str,
                                                                           game: str) -> None:
    rng = random.Random(1)
    names = ["Ann", "Bruno", "Chiara", "Dora", "Emil"]
    GAME = GAMES[game]
    language = language_of(GAME)
    for state, decision in POSITIONS[game]:
        view = GAME.view(state, decision.seat)
        lines = language.help_lines(decision, view, lang)
        assert lines, decision
        written = [(language.format(c, lang, decision=decision, names=names), c)
                   for c in candidates(GAME, state, decision, rng)]
        for line in lines:
            pattern, _, explanation = line.partition(" — ")
            assert explanation, f"{line!r}: no explanation after ' — '"
            for alternative in pattern.split(" / "):
                words = alternative.split()
                assert not any(w.lower().endswith("ee") and w.lower().startswith("special")
                               for w in words), line
                matching = [(text, c) for text, c in written
                            if shape(alternative).match(normalise(text))]
                assert matching, (f"{lang} {key_of(decision)}: no legal command is written "
                                  f"like {alternative!r} ({[t for t, _ in written][:6]})")
                text, command = matching[0]
                copied = f"{text} — {explanation}"  # the player copies the whole line
                session = GameSession(GAME, state, decision.seat, names=names, lang=lang)
                got = language.parse(copied, session).commands[0]
                assert effects(GAME, state, decision.seat, [got]) == effects(
                    GAME, state, decision.seat, [command]), (copied, got, command)


@pytest.mark.parametrize("game", FAMILY)
@pytest.mark.parametrize("lang", LANGS)
def test_lines_without_words_to_fill_are_accepted_as_they_are(lang: str, game: str) -> None:
    names = ["Ann", "Bruno", "Chiara", "Dora", "Emil"]
    copied = 0
    GAME = GAMES[game]
    language = language_of(GAME)
    for state, decision in POSITIONS[game]:
        for line in language.help_lines(decision, GAME.view(state, decision.seat), lang):
            pattern = line.partition(" — ")[0]
            if any(w in PLACEHOLDERS or w in ("…", "...") for w in normalise(pattern).split()) \
                    or " / " in pattern:
                continue
            session = GameSession(GAME, state, decision.seat, names=names, lang=lang)
            assert language.parse(line, session).commands, line
            copied += 1
    assert copied >= 3  # decline, allow, veto at least


@pytest.mark.parametrize("game", FAMILY)
@pytest.mark.parametrize("lang", LANGS)
def test_every_example_is_accepted_as_it_is(lang: str, game: str) -> None:
    names = ["Ann", "Bruno", "Chiara", "Dora", "Emil"]
    GAME = GAMES[game]
    language = language_of(GAME)
    for state, decision in POSITIONS[game]:
        example = language.example(state, decision, lang, names)
        session = GameSession(GAME, state, decision.seat, names=names, lang=lang)
        assert language.parse(example, session).commands, example


MARKERS = re.compile(r"(?:e\.g\.|p\. ex\.|p\. es\.|Write:|Écrivez :|Scrivi:)\s*")


def hints(game: str, lang: str) -> list[str]:
    """The example commands a parse error suggests ("e.g. take 4", "Écrivez : spécial 8-4-0 vers
    LIEU", "Scrivi «scegli azione re»"), upper-case words filled in with a region."""
    from domain.elgrande import language as eg
    from domain.kingintrigue import language as ki

    tables = [eg.ERRORS] + ([ki.ERRORS] if game == "king-and-intrigue" else [])
    found = []
    for table in tables:
        for texts in table.values():
            text = texts[LANGS.index(lang)]
            pieces = [re.split(r" \(|\.$|\. |[”»]", after)[0] for after in MARKERS.split(text)[1:]]
            pieces += [q for q in re.findall(r"[“«]\s*([^”»]+?)\s*[”»]", text)
                       if len(q.split()) >= 3]
            found += [re.sub(r"\bR[ÉE]GIONE?\b|\bPLACE\b|\bLIEU\b|\bLUOGO\b", "granada",
                             piece).strip() for piece in pieces if "[" not in piece]
    return found


@pytest.mark.parametrize("game", FAMILY)
@pytest.mark.parametrize("lang", LANGS)
def test_every_example_a_refusal_suggests_is_understood_where_it_applies(lang: str,
                                                                        game: str) -> None:
    """A player told "Écrivez : spécial 8-4-0 vers LIEU" who writes it gets past the reader
    somewhere in a game (the rules may still refuse a move that is not legal there): the hints'
    keywords are the language's own."""
    names = ["Ann", "Bruno", "Chiara", "Dora", "Emil"]
    GAME = GAMES[game]
    language = language_of(GAME)
    examples = hints(game, lang)
    assert len(examples) >= 7, examples
    for example in examples:
        errors = []
        for state, decision in POSITIONS[game]:
            session = GameSession(GAME, state, decision.seat, names=names, lang=lang)
            try:
                language.parse(example, session)
            except ParseError as error:
                errors.append(str(error))
                continue
            except (CommandRefused, RuleError):  # understood; the rules refuse it here (a crash fails)
                pass
            break
        else:
            raise AssertionError(f"{lang} {example!r} is understood nowhere: {errors[:3]}")
