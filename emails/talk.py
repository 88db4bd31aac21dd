"""Table talk by mail: the lines of a reply marked as words to the table, and their delivery.

A reply's line that starts with the marker of any of the three languages is words to the table,
never a move — "say …" / « dire … » / "dire …" (the mails teach the player's own), optionally with
a colon; "say to Ann: …" / « dire à Ann : … » / "dire a Ann: …" says it to Ann only. A marker
alone on its line ("say:", « dire à Ann : ») makes the lines after it, up to a blank line, one
message (a block). Everything else is left to the reader of moves.

    marked(text) → (list[Marked], the text without the marked lines)
    deliver(ctx, game_id, seat, owner, marked, mid) → notes for the answer

`deliver` says each through `service.talk.say` (the one function every channel calls) with the
mail's Message-ID as its source: a mail processed twice (a crash, `inbound.resume`) says nothing
twice. A message refused (too long, an unknown name, a limit) is named in the answer with why, in
the player's language; the rest of the reply is played all the same.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from sqlalchemy import exists, select

from service import db, talk
from service.context import Context
from service.errors import ServiceError
from service.store import Source
from service.tables import messages

_TO = r"(?:\s+(?:to|à|a)\s+(?P<to>[^:\n]{1,60}?)\s*:)"
MARKER = re.compile(rf"^\s*(?P<word>say|dire)(?:{_TO}|\s*:|(?=\s))\s*(?P<text>.*)$", re.I)
"""A marked line: the marker word, a private reader ("to Ann:"), the words (empty: a block)."""

EVERYONE = frozenset({"all", "everyone", "everybody", "the table", "table", "tous", "tout le monde",
                      "la table", "tutti", "tutte", "tutti voi", "il tavolo", "tavolo"})
"""Readers that mean the whole table: "say to everyone: …" is a table message."""

WORD = {"en": "say", "fr": "dire", "it": "dire"}
TO = {"en": "say to {name}: …", "fr": "dire à {name} : …", "it": "dire a {name}: …"}


@dataclass(frozen=True)
class Marked:
    text: str
    to: str | None = None  # a player's name as written; None: the whole table


def marked(text: str) -> tuple[list[Marked], str]:
    """The marked messages of a reply and the text left for the moves."""
    found: list[Marked] = []
    rest: list[str] = []
    lines = text.replace("\r\n", "\n").split("\n")
    i = 0
    while i < len(lines):
        m = MARKER.match(lines[i])
        if m is None:
            rest.append(lines[i])
            i += 1
            continue
        to = (m.group("to") or "").strip() or None
        if to is not None and to.casefold() in EVERYONE:
            to = None
        words = [m.group("text").strip()] if m.group("text").strip() else []
        i += 1
        if not words:  # a block: the lines after the marker, up to a blank line
            while i < len(lines) and not lines[i].strip():
                i += 1
            while i < len(lines) and lines[i].strip():
                words.append(lines[i].strip())
                i += 1
        if words:
            found.append(Marked("\n".join(words), to))
    return found, "\n".join(rest)


def deliver(ctx: Context, game_id: str, seat: int, owner: Any, said: list[Marked],
            mid: str) -> list[dict[str, Any]]:
    """Say each marked message (once per mail) and say, for the answer, what became of it:
    {"text", "to": a name or None, "why": the refusal in the player's words, if refused}."""
    from emails.play import seat_names

    with db.read(ctx.engine) as conn:
        done = conn.execute(select(exists().where(messages.c.game_id == game_id,
                                                  messages.c.source == "email",
                                                  messages.c.source_ref == mid))).scalar()
    names = seat_names(ctx, game_id)
    notes: list[dict[str, Any]] = []
    for one in said:
        note: dict[str, Any] = {"text": one.text[:200], "to": one.to}
        if not done:
            try:
                sent = talk.say(ctx, game_id, seat, one.text, one.to,
                                source=Source("email", ref=mid))
            except ServiceError as error:
                note["why"] = error.render(owner.language, names)
            else:
                note["to"] = names[sent.to] if sent.to is not None else None
        notes.append(note)
    return notes
