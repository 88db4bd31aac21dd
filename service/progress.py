"""What follows an append, in the same transaction: the `games` read model and the outbox.

`games.version` and `games.waiting_on` let the lobby list a player's games and whose turn it is
without folding any game. The outbox records notifications (invitation, game-started, your-turn,
game-over) for the mail worker to send later: it is written in the transaction that appends the
events, so a notification exists exactly when its cause was committed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import Connection, insert, select, update

from domain.core.game import GameModule
from service.store import ConcurrencyError, now
from service.tables import games, outbox, seats
from workers import schedule

ACTIVE, INVITED, OVER = "active", "invited", "over"


def waiting_on(module: GameModule, state: Any) -> list[int]:
    """The seats that must decide something now (system decisions excluded)."""
    return sorted({d.seat for d in module.pending(state) if d.seat is not None})


def seat_players(conn: Connection, game_id: str) -> dict[int, int]:
    rows = conn.execute(select(seats.c.seat, seats.c.player_id).where(seats.c.game_id == game_id))
    return {r.seat: r.player_id for r in rows}


def notify(conn: Connection, game_id: str | None, kind: str, player_ids: Iterable[int],
           payload: Mapping[str, Any]) -> None:
    rows = [{"game_id": game_id, "player_id": p, "kind": kind, "payload": dict(payload),
             "created_at": now(), "attempts": 0} for p in player_ids]
    if rows:
        conn.execute(insert(outbox), rows)


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
) -> bool:
    """Move the game's row from `expected` to `version` and queue the notifications. True if
    work was queued for the workers (a `settle` or `bot` task row): run it after the commit.

    The row update is conditional on the version read, a second guard (after the events' primary
    key) against a lost update.
    """
    over = module.is_over(after)
    now_waiting = [] if over else waiting_on(module, after)
    result = conn.execute(
        update(games)
        .where(games.c.id == game_id, games.c.version == expected)
        .values(version=version, waiting_on=now_waiting, status=OVER if over else ACTIVE,
                updated_at=now(), paused_at=None)
    )
    if result.rowcount != 1:
        raise ConcurrencyError(game_id, expected)
    # Deadlines opened and closed, and the system's own work queued (workers/schedule.py).
    queued = schedule.follow(conn, game_id, module, version=version, before=before, after=after,
                             over=over, players=players)
    if over:
        notify(conn, game_id, "game-over", players.values(),
               {"game_id": game_id, "version": version, "ranking": module.ranking(after)})
        return queued
    was_waiting = set() if before is None else set(waiting_on(module, before))
    fresh = [s for s in now_waiting if s not in was_waiting]
    for seat in fresh:
        notify(conn, game_id, "your-turn", [players[seat]],
               {"game_id": game_id, "seat": seat, "version": version})
    return queued
