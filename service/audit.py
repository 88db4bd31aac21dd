"""The audit view of a game's log: per event who, when, from where, undone or not, as
the viewer may see it. The API's events endpoint serves it; the web page renders `entries`.

While the game is in play each event is redacted for the viewer by the game (`module.redact`) and
described from that redacted form. The commands and the hashes are held back from other seats: a
command may carry a secret choice, and a hash over a redacted event could be matched against every
possible hidden value (a region, a card) to find it. Once the game has ended everything is shown
to everyone: the raw events (the seed included), the commands and the hash chain.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from domain.core.game import GameModule, Viewer
from domain.core.undo import UNDONE
from service import db, progress, records
from service.context import Context
from service.queries import MAX_SEQ, Header, module_of


@dataclass(frozen=True)
class Who:
    kind: str  # player | system
    seat: int | None
    name: str | None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "name": self.name}


def _who(head: Header, row: records.Row, batch_seat: int | None, seat_of: dict[str, int],
         actors: dict[str, str]) -> Who:
    """Who made the event: its seat, and by name the player who held the seat then (its
    `actor`: a seat may have changed hands since, service/seats.py)."""
    seat = batch_seat if batch_seat is not None else seat_of.get(row.actor)
    if row.actor == "system" or seat is None:
        return Who("system" if row.actor == "system" else "player", seat, None)
    name = actors.get(row.actor) or next((s["name"] for s in head.seats if s["seat"] == seat),
                                         None)
    return Who("player", seat, name)


def actor_names(conn: Any, rows: list[records.Row], lang: str = "en") -> dict[str, str]:
    """`player:<id>` → the name of each player who acted in `rows` (a deleted account's is
    neutral)."""
    from service import account

    ids = {int(r.actor.removeprefix("player:")) for r in rows
           if r.actor.startswith("player:") and r.actor[7:].isdigit()}
    return {f"player:{pid}": name for pid, name in account.shown_names(conn, ids, lang).items()}


def entries(ctx: Context, head: Header, *, after: int = 0, limit: int = 1000,
            upto: int | None = None, lang: str = "en") -> list[dict[str, Any]]:
    """The log after event `after` for the caller (`head.seat`; None: a spectator).

    Each entry: seq, type, version, payload and messages (as the viewer may see them), `batch`
    (the first seq of the command it belongs to), `who` (kind, seat, name), `source` (web, api,
    email, worker, system) and `source_ref` (the mail's Message-ID, the worker's reason),
    `created_at`, `undone` and `undone_by` (the seq of the undo), and once the game has ended (or
    for the viewer's own commands) `command`; `hash` once the game has ended.
    """
    if head.status == progress.INVITED:
        return []
    module = module_of(ctx, head)
    over = head.status == progress.OVER
    last = min(after + limit, MAX_SEQ) if upto is None else min(upto, after + limit, MAX_SEQ)
    with db.read(ctx.engine) as conn:
        rows = records.read_rows(conn, head.id, after=after, upto=last)
        firsts = {r.batch for r in rows} - {r.seq for r in rows}
        # The page's batches that began before it, and every undo (a later one may cancel these)
        extra = records.read_rows(conn, head.id, seqs=firsts, undos=True)
        seat_of = {f"player:{pid}": seat
                   for seat, pid in progress.seat_players(conn, head.id).items()}
        actors = actor_names(conn, rows, lang)
    cancelled = records.undone_by(extra + rows, module)
    starts = {r.seq: r for r in extra + rows if r.seq == r.batch}
    batch_seat = {seq: records.Batch(seq, [r]).seat for seq, r in starts.items()}
    out = []
    for row in rows:
        out.append(entry(module, row, head, viewer=head.seat, over=over,
                         who=_who(head, row, batch_seat.get(row.batch), seat_of, actors),
                         undone_by=cancelled.get(row.seq),
                         command=row.command))
    return out


def _aware(value: datetime | str) -> datetime:
    stamp = value if isinstance(value, datetime) else datetime.fromisoformat(value)
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)


class Described:
    """What the log says of each stored event for each viewer, kept: an event never changes once
    stored (the table refuses updates), so redacting and describing it again on every page view and
    every API read made the log cost more with every move. Keyed by game, seq and viewer (whether
    the game is over changes what is shown), checked against the row's hash on the way out, so an
    entry can never outlive the row it describes (an import, a restored backup). Bounded, least
    recently used first out; per process."""

    SIZE = 20_000

    def __init__(self) -> None:
        self._items: OrderedDict[tuple[Any, ...], tuple[str, tuple[Any, ...]]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[Any, ...], hash_: str) -> tuple[Any, ...] | None:
        with self._lock:
            found = self._items.get(key)
            if found is None or found[0] != hash_:
                return None
            self._items.move_to_end(key)
            return found[1]

    def put(self, key: tuple[Any, ...], hash_: str, value: tuple[Any, ...]) -> None:
        with self._lock:
            self._items[key] = (hash_, value)
            self._items.move_to_end(key)
            while len(self._items) > self.SIZE:
                self._items.popitem(last=False)


DESCRIBED = Described()


def _described(module: GameModule, row: records.Row, game_id: str, viewer: Viewer,
               over: bool) -> tuple[Any, ...]:
    """(type, version, payload, messages) of the row as the viewer may see it."""
    key = (game_id, row.seq, viewer, over)
    found = DESCRIBED.get(key, row.hash)
    if found is not None:
        return found
    event = row.event(module)
    seen = event if over else module.redact(event, viewer)
    body = seen.to_json()
    value = (body["type"], body["version"], body["payload"],
             [m.to_json() for m in module.describe(seen, viewer)])
    DESCRIBED.put(key, row.hash, value)
    return value


def entry(module: GameModule, row: records.Row, head: Header, *, viewer: Viewer, over: bool,
          who: Who, undone_by: int | None, command: Any) -> dict[str, Any]:
    type_, version, payload, messages = _described(module, row, head.id, viewer, over)
    out: dict[str, Any] = {
        "seq": row.seq,
        "batch": row.batch,
        "type": type_,
        "version": version,
        "payload": payload,
        "messages": messages,
        "who": who.to_json(),
        "source": row.source,
        "source_ref": row.source_ref,
        "created_at": _aware(row.created_at),
        "undone": undone_by is not None,
        "undone_by": undone_by,
        "undo": type_ == UNDONE,
    }
    if command is not None and (over or (viewer is not None and who.seat == viewer
                                         and who.kind == "player")):
        out["command"] = command
    if over:
        out["hash"] = row.hash
    return out
