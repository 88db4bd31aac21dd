"""Deadlines: each waited-on seat has a deadline row from the game's turn time, pushed by the
player's vacations, polled by the beat's tick with an injected time; on expiry the game's policy
applies once, even with ticks racing."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import insert, select

from service import db
from service.clock import aware
from service.schedule import MAX_AWAY, due_at
from service.tables import deadlines, games, outbox, players, vacations
from tests.workers.conftest import FakeClock, event_rows, of_type, wait_for
from tests.workers.helpers import bid, new_game
from workers import jobs

T = datetime(2030, 1, 7, 8, 0, tzinfo=UTC)


def _open(ctx: Any, game_id: str) -> list[Any]:
    with db.read(ctx.engine) as conn:
        return conn.execute(select(deadlines).where(deadlines.c.game_id == game_id,
                                                    deadlines.c.closed_at.is_(None))
                            .order_by(deadlines.c.seat)).all()


def _race(fn: Any, n: int = 2) -> list[Any]:
    barrier = threading.Barrier(n)
    out: list[Any] = []

    def run() -> None:
        barrier.wait()
        out.append(fn())

    threads = [threading.Thread(target=run) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return out


def test_due_at_stops_the_clock_during_vacations() -> None:
    h = timedelta(hours=1)
    assert due_at(T, 3 * h, []) == T + 3 * h
    assert due_at(T, 3 * h, [(T + h, T + 5 * h)]) == T + 7 * h  # 1 h, away 4 h, 2 h
    assert due_at(T, 3 * h, [(T - h, T + h)]) == T + 4 * h  # away when it opened
    assert due_at(T, 3 * h, [(T + 4 * h, T + 9 * h)]) == T + 3 * h  # after the deadline
    overlapping = [(T + h, T + 3 * h), (T + 2 * h, T + 4 * h), (T + 6 * h, T + 7 * h)]
    assert due_at(T, 3 * h, overlapping) == T + 6 * h  # 1 h, away to 4 h, 2 h → 6 h


def test_due_at_is_total_whatever_vacations_are_stored() -> None:
    h = timedelta(hours=1)
    forever = datetime(9999, 12, 31, 23, 59, 59, 999999)  # naive, as SQLite returns it
    assert due_at(T, 3 * h, [(T + h, forever)]) == T + 3 * h + MAX_AWAY
    assert due_at(T, 3 * h, [(datetime.min.replace(tzinfo=UTC), forever)]) == T + 3 * h + MAX_AWAY
    assert due_at(T, 3 * h, [(T + 2 * h, T + h)]) == T + 3 * h  # a reversed row counts for nothing
    end_of_time = datetime.max.replace(tzinfo=UTC)
    assert due_at(end_of_time - h, 3 * h, [(end_of_time - h, end_of_time)]) <= end_of_time
    # Within the bound nothing changes: the clock stops during each vacation.
    assert due_at(T, 3 * h, [(T + h, T + timedelta(days=30))]) == T + timedelta(days=30, hours=2)


def test_a_players_stored_vacation_never_makes_another_players_move_fail(
        ctx: Any, make_player: Any, frozen: FakeClock) -> None:
    game_id, (ann, bob) = new_game(make_player, turn_hours=4)
    bid(ann, game_id, 5)
    # A vacation to the end of time, as the web page stored it before it checked anything.
    with db.write(ctx.engine) as conn:
        ann_id = conn.execute(select(players.c.id).where(players.c.email == "ann@example.com")
                              ).scalar_one()
        conn.execute(insert(vacations).values(
            player_id=ann_id, starts_at=datetime(2026, 1, 1, tzinfo=UTC),
            ends_at=datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)))
    # Bob's bid completes the round: the resolution hands Ann the claim, and her deadline is
    # computed in that move's transaction.
    bid(bob, game_id, 1)
    assert of_type(ctx, game_id, "bids_revealed")
    (row,) = _open(ctx, game_id)
    assert row.seat == 0 and aware(row.due_at) == T + timedelta(hours=4) + MAX_AWAY
    # A game in which she decides first can still be created.
    r = bob.post("/api/games", {"game": "bids", "turn_hours": 4,
                                "seats": ["bob@example.com", "ann@example.com"]})
    assert r.status_code == 201, r.get_json()
    assert ann.post(f"/api/games/{r.get_json()['id']}/accept").status_code == 200
    assert [aware(d.due_at) for d in _open(ctx, r.get_json()["id"])] == [
        T + timedelta(hours=4), T + timedelta(hours=4) + MAX_AWAY]
    # Her own page, and the beat's tick, work too.
    assert ann.get("/api/me/preferences").status_code == 200
    assert jobs.tick(ctx, T + timedelta(hours=1))["deadlines"] == 0


def test_each_waited_on_seat_gets_a_deadline_from_the_turn_time(ctx: Any, make_player: Any,
                                                                frozen: FakeClock) -> None:
    game_id, (ann, _bob) = new_game(make_player, turn_hours=5)
    rows = _open(ctx, game_id)
    assert [(r.seat, aware(r.due_at)) for r in rows] == [(0, T + timedelta(hours=5))] * 1 + [
        (1, T + timedelta(hours=5))]
    frozen.advance(hours=1)
    bid(ann, game_id, 2)
    assert [r.seat for r in _open(ctx, game_id)] == [1]  # ann's closed, bob's keeps running
    assert aware(_open(ctx, game_id)[0].due_at) == T + timedelta(hours=5)


def test_deadline_passed_default_move_applied_once_with_racing_ticks(
        ctx: Any, make_player: Any, frozen: FakeClock) -> None:
    game_id, (ann, _bob) = new_game(make_player, turn_hours=2)
    bid(ann, game_id, 2)  # bob never bids
    assert jobs.tick(ctx, T + timedelta(hours=1))["deadlines"] == 0  # not yet
    later = frozen.set(T + timedelta(hours=2, minutes=1))
    results = _race(lambda: jobs.enforce_deadlines(ctx, later), n=3)
    assert sorted(results) == [0, 0, 1]
    bids = [r for r in of_type(ctx, game_id, "bid_submitted") if r.payload["seat"] == 1]
    assert len(bids) == 1
    assert bids[0].source == "worker"
    assert bids[0].source_ref == "deadline passed for seat 1 decision bid"
    assert bids[0].payload["bid"] == 1  # the module's documented default: the first option
    assert len(of_type(ctx, game_id, "bids_revealed")) == 1  # settled in process (no publisher)
    # The claim that follows opened now, with a full turn time: a tick now applies nothing.
    assert jobs.tick(ctx, later)["deadlines"] == 0


def test_deadline_default_through_a_real_worker(worker: Any, ctx: Any, make_player: Any,
                                                frozen: FakeClock) -> None:
    from workers.app import tick

    game_id, (_ann, bob) = new_game(make_player, turn_hours=1)
    bid(bob, game_id, 5)
    later = frozen.set(T + timedelta(hours=3))
    tick.delay(later.isoformat())
    tick.delay(later.isoformat())
    wait_for(lambda: worker.count("pbem.tick") >= 2, what="both ticks")
    wait_for(lambda: of_type(ctx, game_id, "bids_revealed"), what="the reveal")
    ann_bids = [r for r in of_type(ctx, game_id, "bid_submitted") if r.payload["seat"] == 0]
    assert len(ann_bids) == 1 and ann_bids[0].source == "worker"
    assert len(of_type(ctx, game_id, "bids_revealed")) == 1


def test_pause_policy_pauses_once_and_tells_the_creator(ctx: Any, make_player: Any,
                                                        frozen: FakeClock) -> None:
    game_id, (ann, bob) = new_game(make_player, turn_hours=1, policy="pause")
    bid(ann, game_id, 3)
    before = len(event_rows(ctx, game_id))
    later = frozen.set(T + timedelta(hours=2))
    assert sorted(_race(lambda: jobs.enforce_deadlines(ctx, later))) == [0, 1]
    assert len(event_rows(ctx, game_id)) == before  # no move made for bob
    with db.read(ctx.engine) as conn:
        game = conn.execute(select(games).where(games.c.id == game_id)).one()
        notes = conn.execute(select(outbox).where(outbox.c.kind == "game-paused")).all()
    assert aware(game.paused_at) == later
    assert len(notes) == 1 and notes[0].player_id == game.created_by
    assert notes[0].payload["seat"] == 1 and notes[0].payload["decision"] == "bid"
    assert jobs.tick(ctx, later + timedelta(hours=5))["deadlines"] == 0  # stays paused
    bid(bob, game_id, 4)  # bob comes back: the game runs again
    with db.read(ctx.engine) as conn:
        assert conn.execute(select(games.c.paused_at).where(games.c.id == game_id)
                            ).scalar_one() is None


def test_vacation_pushes_the_deadline(ctx: Any, make_player: Any, frozen: FakeClock) -> None:
    ann_probe = make_player("ann@example.com", "Ann")
    r = ann_probe.http.patch("/api/me/preferences", json={"vacations": [
        {"starts_at": (T + timedelta(hours=1)).isoformat(),
         "ends_at": (T + timedelta(days=3)).isoformat()}]}, headers=ann_probe.headers())
    assert r.status_code == 200, r.get_json()
    game_id, (_ann, bob) = new_game(make_player, turn_hours=4)
    bid(bob, game_id, 2)
    (row,) = _open(ctx, game_id)
    assert row.seat == 0 and aware(row.due_at) == T + timedelta(days=3, hours=3)
    assert jobs.enforce_deadlines(ctx, T + timedelta(hours=5)) == 0  # she is away
    assert jobs.enforce_deadlines(ctx, T + timedelta(days=3, hours=3, minutes=1)) == 1
    # A vacation set while a deadline runs pushes it too; removing it brings it back.
    game2, (ann2, bob2) = new_game(make_player, turn_hours=4, tag="2")
    bid(ann2, game2, 2)
    r = bob2.http.patch("/api/me/preferences", json={"vacations": [
        {"starts_at": (T + timedelta(hours=2)).isoformat(),
         "ends_at": (T + timedelta(hours=12)).isoformat()}]}, headers=bob2.headers())
    assert r.get_json()["vacations"][0]["ends_at"].startswith("2030-01-07T20:00")
    assert aware(_open(ctx, game2)[0].due_at) == T + timedelta(hours=14)
    bob2.http.patch("/api/me/preferences", json={"vacations": []}, headers=bob2.headers())
    assert aware(_open(ctx, game2)[0].due_at) == T + timedelta(hours=4)


def test_game_options_are_validated(make_player: Any) -> None:
    ann = make_player("ann@example.com")
    for bad in ({"turn_hours": 0}, {"turn_hours": 10**6}, {"timeout_policy": "skip"}):
        r = ann.post("/api/games", {"game": "bids", "seats": ["ann@example.com",
                                                             "x@example.com"], **bad})
        assert r.status_code == 422, bad
    r = ann.http.patch("/api/me/preferences", json={"vacations": [
        {"starts_at": "2030-01-02T00:00:00Z", "ends_at": "2030-01-01T00:00:00Z"}]},
        headers=ann.headers())
    assert r.status_code == 422


def _closed(ctx: Any, game_id: str) -> list[tuple[int, str | None]]:
    with db.read(ctx.engine) as conn:
        return [(r.seat, r.outcome) for r in conn.execute(
            select(deadlines).where(deadlines.c.game_id == game_id,
                                    deadlines.c.closed_at.is_not(None))
            .order_by(deadlines.c.id)).all()]


def test_a_deadline_answered_by_the_worker_is_recorded_default(
        ctx: Any, make_player: Any, frozen: FakeClock) -> None:
    """`deadlines.outcome` says how each closed: `moved` by the player, `default` when the
    worker played for them at the passed deadline (issue 22, item 4: it said `moved`)."""
    game_id, (ann, _bob) = new_game(make_player, turn_hours=2)
    bid(ann, game_id, 2)
    assert _closed(ctx, game_id) == [(0, "moved")]
    later = frozen.set(T + timedelta(hours=2, minutes=1))
    assert jobs.enforce_deadlines(ctx, later) == 1  # bob's default bid
    closed = _closed(ctx, game_id)
    assert closed[:2] == [(0, "moved"), (1, "default")]
    # A player who moves after the deadline passed but before the tick moved themselves.
    game_id, (ann, bob) = new_game(make_player, turn_hours=2, tag="-late")
    frozen.set(later + timedelta(hours=3))
    bid(ann, game_id, 1)
    bid(bob, game_id, 3)
    assert _closed(ctx, game_id)[:2] == [(0, "moved"), (1, "moved")]
