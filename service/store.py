"""The event store: append-only streams of events, one per game.

An append names the version the writer read (`expected`); its events take the next sequence
numbers. Two writers that read the same version collide on the primary key (game_id, seq): the
database lets exactly one commit, the other gets a `ConcurrencyError` and nothing of it is stored.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, bindparam, select
from sqlalchemy.exc import IntegrityError

from domain.core.events import Event
from service.db import PreparedInsert
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


# --- the hash chain ------------------------------------------------------------------
# Each row's `hash` is SHA-256 over a canonical JSON form of the row and the previous row's hash.
# The game id is left out so that a record imported under another id still verifies. NEVER change
# the canonical form: every stored hash depends on it (service/records.py verifies it).

GENESIS = ""
CHAINED = ("seq", "batch", "type", "version", "payload", "actor", "source", "source_ref",
           "command", "created_at")


def stamp_text(stamp: datetime) -> str:
    """A timestamp as the chain sees it: UTC, ISO 8601, microseconds (what both databases keep)."""
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=UTC)
    return stamp.astimezone(UTC).isoformat(timespec="microseconds")


def canonical(row: Mapping[str, Any], prev: str) -> str:
    body = {k: row.get(k) for k in CHAINED}
    body["created_at"] = stamp_text(row["created_at"]) if isinstance(row["created_at"], datetime) \
        else row["created_at"]
    body["prev"] = prev
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def row_hash(row: Mapping[str, Any], prev: str) -> str:
    return hashlib.sha256(canonical(row, prev).encode()).hexdigest()


def head_hash(conn: Connection, game_id: str, seq: int) -> str:
    """The hash of event `seq` (GENESIS before the first); ConcurrencyError if it is missing."""
    if seq == 0:
        return GENESIS
    found = conn.execute(select(events_t.c.hash).where(events_t.c.game_id == game_id,
                                                       events_t.c.seq == seq)).scalar()
    if found is None:
        raise ConcurrencyError(game_id, seq)
    return str(found)


def append(
    conn: Connection,
    game_id: str,
    expected: int,
    new: Sequence[Event],
    *,
    actor: str,
    source: Source,
    stamp: datetime | None = None,
    command: Mapping[str, Any] | None = None,
) -> int:
    """Insert `new` after version `expected` in the caller's transaction; return the new version.

    See `append_chained`, which this is with the hash of event `expected` read from the table.
    """
    return append_chained(conn, game_id, expected, new, actor=actor, source=source, stamp=stamp,
                          command=command)[0]


def append_chained(
    conn: Connection,
    game_id: str,
    expected: int,
    new: Sequence[Event],
    *,
    actor: str,
    source: Source,
    stamp: datetime | None = None,
    command: Mapping[str, Any] | None = None,
    prev: str | None = None,
) -> tuple[int, str | None]:
    """Insert `new` after version `expected` in the caller's transaction; return the new version
    and the hash of its last event (None when `new` is empty).

    `prev`: the hash of event `expected` when the caller knows it (a committed event's hash never
    changes); None reads it.

    The events form one batch (`batch` = the seq of its first event: what one command caused);
    `command`, the command that caused them, is kept on the batch's first row. Each row's `hash`
    chains it to the previous one.

    Raises ConcurrencyError if any of those sequence numbers is taken. On PostgreSQL the failed
    statement aborts the transaction, so the caller must roll back (leaving its `with` block does).
    """
    if not new:
        return expected, None
    stamp = stamp or now()
    rows = [
        {
            "game_id": game_id,
            "seq": expected + i,
            "batch": expected + 1,
            "type": e.type,
            "version": e.version,
            "payload": e.to_json()["payload"],
            "actor": actor,
            "source": source.kind,
            "source_ref": source.ref,
            "command": dict(command) if command is not None and i == 1 else None,
            "created_at": stamp,
        }
        for i, e in enumerate(new, start=1)
    ]
    if prev is None:
        prev = head_hash(conn, game_id, expected)
    for row in rows:
        row["hash"] = prev = row_hash(row, prev)
    try:
        _INSERT_EVENTS.run(conn, rows)
    except IntegrityError as exc:
        raise ConcurrencyError(game_id, expected) from exc
    return expected + len(new), prev


_INSERT_EVENTS = PreparedInsert(events_t)  # the batch's rows in one statement, compiled once


def read(
    conn: Connection, game_id: str, upcasters: Any, *, after: int = 0, upto: int | None = None
) -> list[Recorded]:
    """The game's events with after < seq <= upto, in order, upcast to their current versions."""
    if upto is None:
        rows = conn.execute(_READ_AFTER, {"game": game_id, "after": after})
    else:
        rows = conn.execute(_READ_BETWEEN, {"game": game_id, "after": after, "upto": upto})
    load = upcasters.load
    out = []
    for row in rows:
        event = load({"type": row.type, "version": row.version, "payload": row.payload})
        stamp = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=UTC)
        out.append(Recorded(row.seq, event, row.actor, row.source, stamp))
    return out


# Built once: reading a game's events is the most frequent query there is.
_READ_AFTER = (
    select(events_t.c.seq, events_t.c.type, events_t.c.version, events_t.c.payload,
           events_t.c.actor, events_t.c.source, events_t.c.created_at)
    .where(events_t.c.game_id == bindparam("game"), events_t.c.seq > bindparam("after"))
    .order_by(events_t.c.seq)
)
_READ_BETWEEN = _READ_AFTER.where(events_t.c.seq <= bindparam("upto"))
