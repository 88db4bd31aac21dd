"""The event store: append-only streams of events, one per game.

An append names the version the writer read (`expected`); its events take the next sequence
numbers. Two writers that read the same version collide on the primary key (game_id, seq): the
database lets exactly one commit, the other gets a `ConcurrencyError` and nothing of it is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, insert, select
from sqlalchemy.exc import IntegrityError

from domain.core.events import Event
from service.tables import events as events_t

SOURCES = ("web", "api", "email", "worker", "system")


class ConcurrencyError(Exception):
    """Another writer appended to the game after `expected`: reload and decide again."""

    def __init__(self, game_id: str, expected: int) -> None:
        super().__init__(f"game {game_id} moved past version {expected}")
        self.game_id = game_id
        self.expected = expected


@dataclass(frozen=True)
class Source:
    """Where a command came from: web, api, email (ref = the mail's Message-ID), worker, system."""

    kind: str
    ref: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in SOURCES:
            raise ValueError(f"unknown source {self.kind!r}; one of {', '.join(SOURCES)}")


SYSTEM_SOURCE = Source("system")


@dataclass(frozen=True)
class Recorded:
    """An event as stored: its place in the game's stream and who caused it."""

    seq: int
    event: Event
    actor: str
    source: str
    created_at: datetime


def now() -> datetime:
    return datetime.now(UTC)


def append(
    conn: Connection,
    game_id: str,
    expected: int,
    new: Sequence[Event],
    *,
    actor: str,
    source: Source,
    stamp: datetime | None = None,
) -> int:
    """Insert `new` after version `expected` in the caller's transaction; return the new version.

    Raises ConcurrencyError if any of those sequence numbers is taken. On PostgreSQL the failed
    statement aborts the transaction, so the caller must roll back (leaving its `with` block does).
    """
    if not new:
        return expected
    stamp = stamp or now()
    rows = [
        {
            "game_id": game_id,
            "seq": expected + i,
            "type": e.type,
            "version": e.version,
            "payload": e.to_json()["payload"],
            "actor": actor,
            "source": source.kind,
            "source_ref": source.ref,
            "created_at": stamp,
        }
        for i, e in enumerate(new, start=1)
    ]
    try:
        conn.execute(insert(events_t), rows)
    except IntegrityError as exc:
        raise ConcurrencyError(game_id, expected) from exc
    return expected + len(new)


def read(
    conn: Connection, game_id: str, upcasters: Any, *, after: int = 0, upto: int | None = None
) -> list[Recorded]:
    """The game's events with after < seq <= upto, in order, upcast to their current versions."""
    query = (
        select(events_t.c.seq, events_t.c.type, events_t.c.version, events_t.c.payload,
               events_t.c.actor, events_t.c.source, events_t.c.created_at)
        .where(events_t.c.game_id == game_id, events_t.c.seq > after)
        .order_by(events_t.c.seq)
    )
    if upto is not None:
        query = query.where(events_t.c.seq <= upto)
    out = []
    for row in conn.execute(query):
        event = upcasters.load({"type": row.type, "version": row.version, "payload": row.payload})
        stamp = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=UTC)
        out.append(Recorded(row.seq, event, row.actor, row.source, stamp))
    return out
