"""Replies to El Caballero's turn mail as mail clients send them (tests/elcaballero/corpus/*.eml:
Gmail, Outlook HTML-only, iPhone base64, Thunderbird bottom-posted, K-9 in capitals without
accents, Apple Mail; French, Italian, English; quotes, signatures, greetings): the reply's own text
is found and read into the commands `X-Corpus-Expect` lists, against a known position, and each is
legal there (the whole reply is decided on a copy of the game)."""

from __future__ import annotations

import email
import json
from email import policy
from pathlib import Path
from typing import Any

import pytest

from domain.core.commands import Command
from domain.core.language import GameSession
from domain.elcaballero.module import GAME
from emails import inbound

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.eml"))
SETUP = {"start": "T46", "stack": ["T43", "T44", "T45", "T03", "T12"], "first_player": 0}
"""An all-land start tile at m13; face up: 1-3 all land, 4 all sea, 5 land north."""


def position() -> Any:
    state = GAME.fold(GAME.create(2, {}, "corpus", SETUP))
    for seat, card in ((0, 13), (1, 12)):
        state = GAME.fold(GAME.decide(state, Command("power", seat, {"card": card})), state)
    return state


def test_the_corpus_is_varied() -> None:
    mails = [email.message_from_bytes(p.read_bytes(), policy=policy.default) for p in CORPUS]
    assert len(mails) >= 6
    assert {str(m["X-Corpus-Lang"]) for m in mails} == {"en", "fr", "it"}
    encodings = {str(part.get("Content-Transfer-Encoding", "")).lower() for m in mails
                 for part in m.walk()}
    assert {"quoted-printable", "base64"} <= encodings
    assert any(m.get_body(("plain",)) is None for m in mails)  # HTML only


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_reply_is_read_right(path: Path) -> None:
    msg = email.message_from_bytes(path.read_bytes(), policy=policy.default)
    state = position()
    assert GAME.pending(state)[0].seat == 0 and GAME.pending(state)[0].kind == "turn"
    text = inbound.reply_text(inbound.body_text(msg))
    low = text.lower()
    assert not any(q in low for q in ("power 13", "potere 13", "exemple")), text  # quote cut
    session = GameSession(GAME, state, 0, lang=str(msg["X-Corpus-Lang"]))
    parsed = GAME.language.parse(text, session)
    assert _effects(state, parsed.commands) == _effects(
        state, json.loads(str(msg["X-Corpus-Expect"]))), text


def _effects(state: Any, commands: list[dict[str, Any]]) -> list[Any]:
    """The events the commands make, one after the other: a cell written {x, y, rotation} (the
    form's shape, the reader's) and [x, y] with a turn (the older shape) are the same move."""
    out = []
    for command in commands:
        events = GAME.decide(state, Command.from_json(command, seat=0))
        out.append(events)
        state = GAME.fold(events, state)
    return out
