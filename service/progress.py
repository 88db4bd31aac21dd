"""What follows an append, in the same transaction: the `games` read model and the outbox.

`games.version` and `games.waiting_on` let the lobby list a player's games and whose turn it is
without folding any game. The outbox records notifications (invitation, game-started, your-turn,
game-over) for the mail worker to send later: it is written in the transaction that appends the
events, so a notification exists exactly when its cause was committed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, exists, select, update

from domain.core.events import Event
from domain.core.game import GameModule, texts_of
from domain.core.undo import UNDONE
from service import clock, db, ratings, schedule
from service.store import ConcurrencyError, now
from service.tables import games, outbox, seats, vacations

ACTIVE, INVITED, OVER = "active", "invited", "over"


def _advance() -> Any:
    """The game row's move to a new version: `UPDATE games … RETURNING` what the deadlines need
    (the turn time, and whether a seated player has a vacation not yet over: only then does
    opening a deadline need the vacation windows), all in one round trip. Guarded: the row must
    still be at the version decided on, and the game not over."""
    guard = [games.c.id == bindparam("b_game"), games.c.version == bindparam("b_expected"),
             games.c.status != OVER]
    away = exists().where(
        vacations.c.player_id.in_(select(seats.c.player_id).where(seats.c.game_id == games.c.id)),
        vacations.c.ends_at > bindparam("since", type_=vacations.c.ends_at.type))
    return (update(games).where(*guard)
            .values(version=bindparam("to"),
                    waiting_on=bindparam("waiting", type_=games.c.waiting_on.type),
                    status=bindparam("status_to"),
                    updated_at=bindparam("stamp", type_=games.c.updated_at.type),
                    paused_at=None)
            .returning(games.c.turn_hours, away.label("away")))


# Built and compiled once, run on the driver's cursor (db.Prepared): every move runs it ...
_ADVANCE = db.Prepared(_advance())
# ... or the same, also guarded by the seating the move was decided on (`games.seating`):
_ADVANCE_SEATED = db.Prepared(_ADVANCE.statement.where(games.c.seating == bindparam("b_seating")))


def waiting_on(module: GameModule, state: Any) -> list[int]:
    """The seats that must decide something now (system decisions excluded)."""
    return sorted({d.seat for d in module.pending(state) if d.seat is not None})


def seat_players(conn: Connection, game_id: str) -> dict[int, int]:
    rows = conn.execute(select(seats.c.seat, seats.c.player_id).where(seats.c.game_id == game_id))
    return {r.seat: r.player_id for r in rows}


@dataclass(frozen=True)
class Notice:
    """An outbox row that a writer wants committed with its move, not after it (a process that
    dies between two transactions would lose it): e.g. the auto-move notice of a deadline."""

    kind: str
    player_ids: tuple[int, ...]
    payload: Mapping[str, Any]


def notify(conn: Connection, game_id: str | None, kind: str, player_ids: Iterable[int],
           payload: Mapping[str, Any]) -> None:
    rows = [{"game_id": game_id, "player_id": p, "kind": kind, "payload": dict(payload),
             "created_at": now(), "attempts": 0} for p in player_ids]
    if rows:
        _NOTIFY.run(conn, rows)
        db.touched(conn, OUTBOX)  # the sender is woken once this commits (service/context.py)


_NOTIFY = db.PreparedInsert(outbox)  # one statement for all the rows, compiled once
OUTBOX = "outbox"
"""The commit-hook topic of a transaction that queued mail (`db.on_commit`)."""


def record(
    conn: Connection,
    game_id: str,
    module: GameModule,
    *,
    expected: int,
    version: int,
    before: Any,
    after: Any,
    players: Mapping[int, int],
    bots: Mapping[int, str] | None = None,
    notices: Iterable[Notice] = (),
    announce: bool = True,
    events: Sequence[Event] = (),
    mover: int | None = None,
    timed_out: int | None = None,
    seating: int | None = None,
) -> bool:
    """Move the game's row from `expected` to `version` and queue the notifications (the
    caller's `notices` first). True if work was queued for the workers (a `settle` or `bot`
    task row): run it after the commit.

    The row update is conditional on the version read and on the game not being over, the guard
    against a lost update besides the events' primary key; run first in the transaction, it also
    takes the game's row lock, so that writers of one game queue there instead of colliding later.
    `bots`: the game's bot seats, when the caller knows them (they are fixed at creation); None reads them.
    `announce`: False when the caller's own mail asks the seats' first decisions (the game-started
    mail does, at the start): a decision is asked once, not by two mails at the same moment.
    `timed_out`: the seat the move was made for at its passed deadline (`schedule.follow`).
    `seating`: the seating's version the move was decided on (`games.seating`): the update also
    fails when a seat changed hands since. A seat a bot plays gets no your-turn mail (its holder
    handed it to the bot).
    """
    over = module.is_over(after)
    # Each state's pending decisions worked out once, here, for the deadlines, the tasks and the
    # mails alike (they were worked out five times a move).
    pending_after = () if over else tuple(module.pending(after))
    pending_before = None if before is None else tuple(module.pending(before))
    now_waiting = sorted({d.seat for d in pending_after if d.seat is not None})
    params = {"b_game": game_id, "b_expected": expected, "to": version, "waiting": now_waiting,
              "status_to": OVER if over else ACTIVE, "stamp": now(), "since": clock.now()}
    if seating is not None:
        params["b_seating"] = seating
    found = (_ADVANCE if seating is None else _ADVANCE_SEATED).run(conn, params)
    if not found:
        raise ConcurrencyError(game_id, expected)
    turn_hours, away = found[0]
    # Deadlines opened and closed, and the system's own work queued (service/schedule.py).
    queued = schedule.follow(conn, game_id, version=version, pending_before=pending_before,
                             pending_after=pending_after, over=over, players=players, bots=bots,
                             turn_hours=turn_hours, away=bool(away), timed_out=timed_out)
    for notice in notices:
        notify(conn, game_id, notice.kind, notice.player_ids, notice.payload)
    if over:
        ranking = module.ranking(after)
        ratings.game_over(conn, game_id, module.name, ranking)  # with the game-over, once
        notify(conn, game_id, "game-over", players.values(),
               {"game_id": game_id, "version": version, "ranking": ranking})
        return queued
    was_waiting = set() if pending_before is None else {
        d.seat for d in pending_before if d.seat is not None}
    fresh = [s for s in now_waiting if s not in was_waiting and s not in (bots or {})] \
        if announce else []
    for seat in fresh:
        notify(conn, game_id, "your-turn", [players[seat]],
               {"game_id": game_id, "seat": seat, "version": version})
    if (said := announced(module, events)) is not None:
        # A general scoring caused by another's move: every other player hears of it now, not
        # at their next turn (one whose turn mail goes now reads it there; one whose reply's
        # moves led to it, in the answer to that reply: emails/render.py `outdated`).
        told = [players[seat] for seat in sorted(players) if seat != mover and seat not in fresh]
        notify(conn, game_id, "scoring", told,
               {"game_id": game_id, "version": version, "message": said})
    if any(e.type == UNDONE for e in events):
        # An undo withdrew the decision another player was asked (their turn mail is now void):
        # they are told, rather than left to answer a question that no longer stands.
        for seat in sorted(was_waiting - set(now_waiting)):
            if seat in players and seat != mover:
                notify(conn, game_id, "notice", [players[seat]],
                       {"game_id": game_id, "seat": seat, "version": version,
                        "withdrawn_by": mover})
    for seat, message in concerned(module, events):
        if seat in players and seat != mover and seat not in fresh:
            notify(conn, game_id, "notice", [players[seat]],
                   {"game_id": game_id, "seat": seat, "version": version, "message": message})
    return queued


def concerned(module: GameModule, events: Sequence[Event]) -> list[tuple[int, dict[str, Any]]]:
    """(seat, {key, params}) for each of the events' sentences that a seat it names must hear of
    at once (its texts' `told`: e.g. the player whose action was vetoed), described for a
    spectator."""
    told: Mapping[str, str] = getattr(texts_of(module), "told", {})
    out = []
    for event in events if told else ():
        for message in module.describe(module.redact(event, None), None):
            seat = message.params.get(told[message.key]) if message.key in told else None
            if isinstance(seat, int) and not isinstance(seat, bool):
                out.append((seat, {"key": message.key, "params": dict(message.params)}))
    return out


def announced(module: GameModule, events: Sequence[Event]) -> dict[str, Any] | None:
    """The first of the events' sentences that the game wants every player to hear of at once
    (its texts' `announced` keys: a general scoring), as {key, params}; None when there is none.
    Described for a spectator: nothing hidden goes into a notice."""
    keys: frozenset[str] = getattr(texts_of(module), "announced", frozenset())
    if not keys:
        return None
    for event in events:
        for message in module.describe(module.redact(event, None), None):
            if message.key in keys:
                return {"key": message.key, "params": dict(message.params)}
    return None
