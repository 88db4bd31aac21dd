"""Concurrent writers with real threads: no lost update, exactly one winner, secrets never collide.

Every test releases its threads together from a barrier, so they really race for the same version.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import func, select

from domain.core.commands import Command
from domain.core.events import Event
from service import commands, db, lobby, players, store
from service.errors import MovedOn, Rejected, ServiceError
from service.store import ConcurrencyError, Source
from service.tables import events, outbox
from tests.service.seating import started_game

SEATS = 4  # sealed bids' most


def _race(n: int, fn: Callable[[int], Any]) -> list[Any]:
    """Run fn(0..n-1) on n threads released at once; return results or raised exceptions."""
    barrier = threading.Barrier(n)

    def run(i: int) -> Any:
        barrier.wait()
        try:
            return fn(i)
        except Exception as error:
            return error

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(run, range(n)))


def _bids_game(ctx: Any, seats: int = SEATS) -> tuple[str, list[int]]:
    emails = [f"seat{i}@example.com" for i in range(seats)]
    made = [players.add(ctx, e)[0] for e in emails]
    return started_game(ctx, made[0], game="bids", emails=emails), [p.id for p in made]


def _count(ctx: Any, gid: str, type_: str | None = None) -> int:
    query = select(func.count()).select_from(events).where(events.c.game_id == gid)
    if type_:
        query = query.where(events.c.type == type_)
    with db.read(ctx.engine) as conn:
        return int(conn.execute(query).scalar_one())


def test_raw_appends_at_one_version_have_exactly_one_winner(pg_ctx: Any) -> None:
    gid, _ = _bids_game(pg_ctx)
    n = 16

    def append(i: int) -> int:
        with db.write(pg_ctx.engine) as conn:
            return store.append(conn, gid, 2, [Event("bid_submitted", {"seat": 0, "bid": i})],
                                actor=f"t{i}", source=Source("worker"))

    results = _race(n, append)
    assert sum(r == 3 for r in results) == 1
    assert sum(isinstance(r, ConcurrencyError) for r in results) == n - 1
    assert _count(pg_ctx, gid) == 3


def test_secret_choices_of_different_seats_never_fail_because_of_each_other(ctx: Any) -> None:
    gid, _ = _bids_game(ctx)

    def bid(seat: int) -> Any:
        return commands.handle(gid, seat, Command("bid", seat, {"amount": seat % 5 + 1}),
                               Source("api"), ctx=ctx)

    results = _race(SEATS, bid)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert _count(ctx, gid, "bid_submitted") == SEATS
    # The service resolved the complete set once, whoever completed it.
    assert _count(ctx, gid, "bids_revealed") == 1


def test_racing_moves_of_one_seat_have_exactly_one_winner(ctx: Any) -> None:
    gid, _ = _bids_game(ctx, seats=2)
    for seat, amount in ((0, 5), (1, 1)):
        commands.handle(gid, seat, Command("bid", seat, {"amount": amount}), Source("api"),
                        ctx=ctx)
    prizes = ["gold", "silver"] * 4

    def claim(i: int) -> Any:
        return commands.handle(gid, 0, Command("claim", 0, {"prize": prizes[i]}),
                               Source("api"), ctx=ctx)

    results = _race(len(prizes), claim)
    won = [r for r in results if isinstance(r, commands.Outcome)]
    lost = [r for r in results if isinstance(r, ServiceError)]
    assert len(won) == 1 and len(lost) == len(prizes) - 1, results
    # The losers were told the game moved on (raced) or that it is not legal any more.
    assert all(isinstance(r, MovedOn | Rejected) for r in lost)
    assert _count(ctx, gid, "prize_claimed") == 1


def test_one_idempotency_key_sent_many_times_at_once_appends_once(ctx: Any) -> None:
    gid, ids = _bids_game(ctx, seats=2)
    key = commands.Idempotency(ids[0], "k-1", commands.Idempotency.digest(gid, {"bid": 3}))

    def send(_: int) -> Any:
        return commands.handle(gid, 0, Command("bid", 0, {"amount": 3}), Source("api"),
                               ctx=ctx, idempotency=key)

    results = _race(8, send)
    assert all(isinstance(r, commands.Outcome) for r in results), results
    assert {(r.first, r.version) for r in results} == {(3, 3)}
    assert sum(not r.replayed for r in results) == 1
    assert _count(ctx, gid, "bid_submitted") == 1


def test_the_last_two_acceptances_at_once_start_the_game_once(ctx: Any) -> None:
    emails = [f"acc{i}@example.com" for i in range(3)]
    made = [players.add(ctx, e)[0] for e in emails]
    gid = lobby.create(ctx, made[0], game="bids", emails=emails).game_id
    started = _race(2, lambda i: lobby.accept(ctx, gid, made[i + 1]))
    assert sorted(started) == [False, True]
    assert _count(ctx, gid) == 2
    with db.read(ctx.engine) as conn:
        kinds = conn.execute(select(outbox.c.kind, func.count()).where(outbox.c.game_id == gid)
                             .group_by(outbox.c.kind)).all()
    # Started once: one game-started mail each, which asks each seat's first decision itself.
    assert dict(kinds) == {"invitation": 2, "game-started": 3}
