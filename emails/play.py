"""Text → moves: the one function behind a mail reply and a text box on the web.

    play_text(ctx, game_id, seat, text, source) reads the whole text against the seat's pending
    decisions (its module's `language` facet: the shared form-driven reader with the game's words,
    or the generic `<type> key=value` language) on a scratch copy of the game (nothing counts
    unless all of it is legal now), then submits each command through `service.commands.handle`
    — the one path for any change.

Raises `ParseError` (not understood: what, and what is allowed), `CommandRefused` (understood, but
the game refuses it; nothing was applied) — both from `domain.core.language` — or `PartlyPlayed`
(the game moved while the commands were submitted and refused one after the first `done` went in).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from domain.core import reader
from domain.core.commands import Command
from domain.core.game import language_of
from domain.core.language import CommandRefused, GameSession, ParseError
from service import db, states
from service.context import Context
from service.errors import ServiceError
from service.store import Source
from service.tables import players, seats

log = logging.getLogger(__name__)

__all__ = ["CommandRefused", "ParseError", "PartlyPlayed", "Played", "play_text", "read_text",
           "shown"]


@dataclass
class Played:
    """What a text did: its commands (all applied), the lines skipped as chatter, `rest` — the
    lines left once the turn passed to someone else (not applied: see `Parsed.rest`) — and
    `asks`, whether the seat still had a decision right after its own commands (else the next
    one is asked by its own your-turn mail when it comes)."""

    commands: list[dict[str, Any]]
    ignored: list[str] = field(default_factory=list)
    rest: list[str] = field(default_factory=list)
    asks: bool = False
    answered: list[Any] = field(default_factory=list)
    """The decision each command answered (see `Parsed.answered`), when known."""
    said: list[str] = field(default_factory=list)
    """Lines marked as words to the table ("say: …", « dire : … », "dire: …"): never read as
    moves. The channels say them before reading the rest (emails/talk.py: the mail reply's
    `_play`, the web's text box), so what reaches the reader has none left; should one remain,
    it is set aside here rather than read as a move."""


def table_talk(text: str) -> tuple[str, list[str]]:
    """The text without its table-talk lines, and those lines' words (emails/talk.py's
    markers: one way to mark words for the table, for every channel)."""
    from emails.talk import marked

    said, rest = marked(text)
    return rest, [m.text for m in said]


class PartlyPlayed(Exception):
    def __init__(self, done: list[dict[str, Any]], command: dict[str, Any],
                 error: ServiceError) -> None:
        super().__init__(error.detail)
        self.done = done
        self.command = command
        self.error = error


def seat_names(ctx: Context, game_id: str) -> list[str]:
    with db.read(ctx.engine) as conn:
        rows = conn.execute(select(players.c.name).join(seats, seats.c.player_id == players.c.id)
                            .where(seats.c.game_id == game_id).order_by(seats.c.seat)).all()
    return [r.name for r in rows]


def read_text(ctx: Context, game_id: str, seat: int, text: str, *, lang: str = "en",
              names: Sequence[str] | None = None) -> Played:
    """The commands of `text` for `seat`, checked on a copy of the game (nothing is applied)."""
    from service.commands import active_game

    module, _players = active_game(ctx, game_id)
    _version, state, _ = states.load(ctx.engine, ctx.states, game_id, module)
    names = list(names) if names is not None else seat_names(ctx, game_id)
    text, said = table_talk(text)
    language = language_of(module)
    session = GameSession(module, state, seat, names=names, lang=lang)
    try:  # the shared reader, against the decisions pending (`domain/core/reader.py`)
        parsed = language.parse(text, session)
    except reader.Ambiguous as asked:  # each reading as the line to write for it
        asked.allowed = ["; ".join(shown(module, c, lang) for c in reading)
                         for reading in asked.readings]
        raise
    return Played(parsed.commands, parsed.ignored, parsed.rest, parsed.asks, parsed.answered,
                  said)


def shown(module: Any, command: dict[str, Any], lang: str, decision: Any = None) -> str:
    """A command as the game's language writes it, for a confirmation or a refusal; its JSON if
    the language cannot write it (this never fails: the move may already be recorded).
    `decision` is the one the reply answered, so the echo can say what the player read and typed
    (a piece by its number in the list the mail showed, not the engine's id). An undo is the
    word the player writes for it (« annuler », "annulla"), never the engine's "undo"."""
    if command.get("type") == "undo":
        from emails.requests import WRITTEN

        return WRITTEN["undo"][{"fr": 1, "it": 2}.get(lang, 0)]
    try:
        return language_of(module).format(command, lang, decision=decision)
    except Exception:
        log.exception("could not format %r", command)
        return json.dumps(command, ensure_ascii=False)


def play_text(ctx: Context, game_id: str, seat: int, text: str, source: Source, *,
              lang: str = "en", actor: str | None = None) -> Played:
    from service.commands import handle

    played = read_text(ctx, game_id, seat, text, lang=lang)
    done: list[dict[str, Any]] = []
    for command in played.commands:
        try:
            handle(game_id, seat, Command.from_json(command, seat=seat), source, ctx=ctx,
                   actor=actor)
        except ServiceError as error:
            if not done:
                raise
            raise PartlyPlayed(done, command, error) from None
        done.append(command)
    return played
