"""Deadlines and queued tasks, written in the transaction of the append that causes them.

`progress.record` calls `follow` after every append: a seat that starts being waited on gets a
deadline row (due after the game's turn time, pushed by the player's vacations); a seat that is no
longer waited on has its row closed; a state that waits on the system (e.g. `resolve` once every
secret is in) gets a `settle` task row, which the committing process publishes to the workers
after the commit (and the beat's sweep republishes if it was lost); a state that waits on a bot
seat (`seats.bot`) gets a `bot` task row the same way, and bot seats get no deadline.
No Celery here: this module is imported by the web process on every command.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, bindparam, select, update

from domain.core.decisions import Decision
from service import clock, db
from service.clock import aware
from service.tables import deadlines, games, seats, tasks, vacations

POLICIES = ("default", "pause", "bot")
DEFAULT_TURN_HOURS = 72
MAX_TURN_HOURS = 24 * 60
SETTLE = "settle"
BOT = "bot"
TASKS = (SETTLE, BOT)


def bot_seats(conn: Connection, game_id: str) -> dict[int, str]:
    """The game's bot seats and their levels (fixed at creation)."""
    rows = conn.execute(select(seats.c.seat, seats.c.bot)
                        .where(seats.c.game_id == game_id, seats.c.bot.is_not(None)))
    return {r.seat: r.bot for r in rows}


MAX_AWAY = timedelta(days=366)
"""Vacations push a deadline back by at most this much. The limits on setting them
(service/preferences.py) never come near it; the bound is for what is stored whatever its age
(a vacation to 9999-12-31 saved before those limits existed), so that no player's data can make
a deadline overflow, and with it somebody else's move fail."""
_LAST = datetime.max.replace(tzinfo=UTC) - timedelta(days=2)  # still shown in any time zone


def _later(stamp: datetime, delta: timedelta) -> datetime:
    """`stamp + delta`, stopping at the last representable time instead of overflowing."""
    return stamp + delta if _LAST - stamp > delta else max(stamp, _LAST)


def due_at(opened: datetime, turn: timedelta,
           windows: Iterable[tuple[datetime, datetime]]) -> datetime:
    """When a decision opened at `opened` with `turn` to make it is due: the clock stops during
    the vacation windows (overlapping windows are fine).

    Total, because it runs in every move that hands a seat a decision: a window that ends before
    it starts counts for nothing, and vacations push the deadline by at most `MAX_AWAY`.
    """
    latest = _later(opened, turn + MAX_AWAY)
    t, remaining = opened, turn
    for start, end in sorted((aware(s), min(aware(e), latest)) for s, e in windows):
        if end <= t or end <= start:
            continue
        if start >= _later(t, remaining):
            break
        if start > t:
            remaining -= start - t
        t = end
    return min(_later(t, remaining), latest)


def vacation_windows(conn: Connection, player_ids: Iterable[int], since: datetime
             ) -> dict[int, list[tuple[datetime, datetime]]]:
    ids = sorted(set(player_ids))
    out: dict[int, list[tuple[datetime, datetime]]] = {p: [] for p in ids}
    if ids:
        rows = conn.execute(select(vacations.c.player_id, vacations.c.starts_at,
                                   vacations.c.ends_at)
                            .where(vacations.c.player_id.in_(ids), vacations.c.ends_at > since))
        for r in rows:
            out[r.player_id].append((r.starts_at, r.ends_at))
    return out


def _asks(pending: Iterable[Decision]) -> dict[int, tuple[str, ...]]:
    """What each waited-on seat is asked now (decision kinds): a change restarts its deadline."""
    out: dict[int, list[str]] = {}
    for d in pending:
        if d.seat is not None:
            out.setdefault(d.seat, []).append(d.kind)
    return {seat: tuple(sorted(kinds)) for seat, kinds in out.items()}


def follow(conn: Connection, game_id: str, *, version: int,
           pending_before: Sequence[Decision] | None, pending_after: Sequence[Decision],
           over: bool, players: Mapping[int, int],
           bots: Mapping[int, str] | None = None, turn_hours: int | None = None,
           away: bool = True, timed_out: int | None = None) -> bool:
    """Open and close deadline rows, and queue a `settle` task if the game waits on the system
    (a `bot` task if it waits on a bot seat). True if a task row was queued.

    `pending_before` and `pending_after`: the game's pending decisions before the move (None: a
    game just started) and after it (empty once over), worked out once by the caller, which needs
    them too: a game's `pending` can be most of the rules' cost in a move (a game may work out
    every place a piece can go).
    What the caller already knows saves a query each: `bots` (the bot seats, fixed at creation),
    `turn_hours` (the game's turn time) and `away` (False: no seated player has a vacation that
    has not ended, so no window can push a deadline).

    A seat's deadline runs while the seat is asked the same thing: it is closed when the seat is
    no longer waited on or is asked something else (then a new one opens with a full turn time),
    and it keeps running while other seats submit their secrets.

    A closed row's `outcome` says how: `moved` (the seat answered, or the game ended), `default`
    (`timed_out`: the worker answered for the seat at its passed deadline, with the game's
    default move or a bot's), `paused` (set by the deadline job: the game waits for the seat).
    """
    stamp = clock.now()  # injectable: tests freeze and advance it
    was = {} if pending_before is None else _asks(pending_before)
    asks = {} if over else _asks(pending_after)
    left = sorted(s for s in was if asks.get(s) != was[s])
    if timed_out is not None and (over or timed_out in left):  # closed before the others
        _close_seats(conn, game_id, stamp, [timed_out], "default")
    if over:
        _CLOSE_ALL.run(conn, {"game": game_id, "stamp": stamp, "outcome": "moved"})
    elif left:
        _close_seats(conn, game_id, stamp, left, "moved")
    if over:
        return False
    if bots is None:
        bots = bot_seats(conn, game_id) if asks else {}
    fresh = sorted(s for s in asks if was.get(s) != asks[s] and s not in bots)
    if fresh:
        turn = turn_hours if turn_hours is not None else conn.execute(
            select(games.c.turn_hours).where(games.c.id == game_id)).scalar_one()
        windows = (vacation_windows(conn, (players[s] for s in fresh), stamp) if away
                   else {players[s]: [] for s in fresh})
        _OPEN.run(conn, [
            {"game_id": game_id, "seat": s, "player_id": players[s], "opened_version": version,
             "opened_at": stamp, "closed_at": None, "expired_at": None, "outcome": None,
             "due_at": due_at(stamp, timedelta(hours=turn), windows[players[s]])}
            for s in fresh])
    wanted = {SETTLE: any(d.seat is None for d in pending_after),
              BOT: any(s in bots for s in asks)}
    queued = [kind for kind in TASKS if wanted[kind]]
    _QUEUE.run(conn, [{"kind": kind, "game_id": game_id, "version": version,
                       "created_at": stamp} for kind in queued])
    return bool(queued)


def _close_seats(conn: Connection, game_id: str, stamp: datetime, seats: Sequence[int],
                 outcome: str) -> None:
    prepared = _CLOSE_SEATS.get(len(seats))
    if prepared is None:  # one statement per number of seats (an IN list of that length)
        prepared = _CLOSE_SEATS[len(seats)] = db.Prepared(_CLOSE_ALL.statement.where(
            deadlines.c.seat.in_([bindparam(f"seat_{i}") for i in range(len(seats))])))
    prepared.run(conn, {"game": game_id, "stamp": stamp, "outcome": outcome,
                        **{f"seat_{i}": seat for i, seat in enumerate(seats)}})


# Built and compiled once (db.Prepared): `follow` runs in every move's transaction.
_CLOSE_ALL = db.Prepared(
    update(deadlines)
    .where(deadlines.c.game_id == bindparam("game"), deadlines.c.closed_at.is_(None))
    .values(closed_at=bindparam("stamp", type_=deadlines.c.closed_at.type),
            outcome=bindparam("outcome")))
_CLOSE_SEATS: dict[int, db.Prepared] = {}
_OPEN = db.PreparedInsert(deadlines)
_QUEUE = db.PreparedInsert(tasks)


def recompute(conn: Connection, *, game_id: str | None = None, player_id: int | None = None
              ) -> int:
    """Recompute the due time of the open deadlines of a game or of a player (after its turn
    time or the player's vacations changed). Returns how many rows were looked at."""
    query = (select(deadlines.c.id, deadlines.c.player_id, deadlines.c.opened_at,
                    games.c.turn_hours)
             .join(games, games.c.id == deadlines.c.game_id)
             .where(deadlines.c.closed_at.is_(None), deadlines.c.expired_at.is_(None)))
    if game_id is not None:
        query = query.where(deadlines.c.game_id == game_id)
    if player_id is not None:
        query = query.where(deadlines.c.player_id == player_id)
    rows = conn.execute(query).all()
    if not rows:
        return 0
    since = min(aware(r.opened_at) for r in rows)
    windows = vacation_windows(conn, (r.player_id for r in rows), since)
    for r in rows:
        due = due_at(aware(r.opened_at), timedelta(hours=r.turn_hours), windows[r.player_id])
        conn.execute(update(deadlines).where(deadlines.c.id == r.id).values(due_at=due))
    return len(rows)


def configure_game(conn: Connection, game_id: str, *, turn_hours: int | None = None,
                   timeout_policy: str | None = None) -> None:
    """Set a game's turn time and timeout policy (at creation); open deadlines follow."""
    values: dict[str, Any] = {}
    if turn_hours is not None:
        if not 1 <= turn_hours <= MAX_TURN_HOURS:
            raise ValueError(f"turn_hours must be 1 to {MAX_TURN_HOURS}")
        values["turn_hours"] = turn_hours
    if timeout_policy is not None:
        if timeout_policy not in POLICIES:
            raise ValueError(f"timeout_policy must be one of {POLICIES}")
        values["timeout_policy"] = timeout_policy
    if values:
        conn.execute(update(games).where(games.c.id == game_id).values(**values))
        if "turn_hours" in values:
            recompute(conn, game_id=game_id)
