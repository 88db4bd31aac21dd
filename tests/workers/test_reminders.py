"""Reminders on a schedule (first after 24 h, then daily, a final warning before the deadline),
never two for one interval, and the daily digest — all with an injected time, never slept."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select

from service import db
from service.tables import outbox, players
from tests.workers.conftest import FakeClock
from tests.workers.helpers import new_game
from workers import jobs
from workers.config import Reminders

T = datetime(2030, 1, 7, 8, 0, tzinfo=UTC)
SCHEDULE = Reminders(first=timedelta(hours=24), every=timedelta(hours=24),
                     final=timedelta(hours=12))


def _mails(ctx: Any, *kinds: str) -> list[tuple[str, str]]:
    with db.read(ctx.engine) as conn:
        rows = conn.execute(select(outbox.c.kind, players.c.email)
                            .join(players, players.c.id == outbox.c.player_id)
                            .where(outbox.c.kind.in_(kinds)).order_by(outbox.c.id)).all()
    return [(r.kind, r.email.split("@")[0]) for r in rows]


def test_reminder_schedule(ctx: Any, make_player: Any, frozen: FakeClock) -> None:
    _game_id, _clients = new_game(make_player, turn_hours=72)
    expected: list[tuple[str, str]] = []
    for hours, new in [(1, []), (23.9, []),
                       (24, [("reminder", "ann"), ("reminder", "bob")]),
                       (30, []), (47.9, []),
                       (48, [("reminder", "ann"), ("reminder", "bob")]),
                       (59.9, []),
                       (60, [("final-warning", "ann"), ("final-warning", "bob")]),
                       (61, []), (71.9, []), (73, [])]:
        when = T + timedelta(hours=hours)
        if hours == 73:
            break  # past the deadline the default move is due, not a reminder
        counts = jobs.send_reminders(ctx, when, SCHEDULE)
        expected += new
        assert counts == len(new), hours
        assert _mails(ctx, "reminder", "final-warning") == expected, hours


def test_a_missed_interval_is_not_made_up_and_racing_ticks_send_one(
        ctx: Any, make_player: Any, frozen: FakeClock) -> None:
    new_game(make_player, turn_hours=200)
    barrier = threading.Barrier(3)
    out: list[int] = []

    def run() -> None:
        barrier.wait()
        out.append(jobs.send_reminders(ctx, T + timedelta(hours=100), SCHEDULE))

    threads = [threading.Thread(target=run) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sum(out) == 2  # one for each seat, for the current interval only
    assert _mails(ctx, "reminder") == [("reminder", "ann"), ("reminder", "bob")]


def test_daily_digest_lists_every_waiting_game(ctx: Any, make_player: Any,
                                               frozen: FakeClock) -> None:
    g1, (ann, _bob) = new_game(make_player, turn_hours=72)
    g2, _ = new_game(make_player, turn_hours=72, tag="2", seats=2)
    r = ann.http.patch("/api/me/preferences", json={"daily_digest": True},
                       headers=ann.headers())
    assert r.get_json() == {"daily_digest": True, "talk_mail": "next", "vacations": []}
    assert jobs.send_digests(ctx, T + timedelta(hours=1)) == 1  # 09:00 UTC: ann's digest
    assert jobs.send_digests(ctx, T + timedelta(hours=5)) == 0  # the same day
    with db.read(ctx.engine) as conn:
        (digest,) = conn.execute(select(outbox).where(outbox.c.kind == "digest")).all()
    assert [g["game_id"] for g in digest.payload["games"]] == [g1]
    # Digest players get no per-game reminders (the final warning still goes).
    jobs.send_reminders(ctx, T + timedelta(hours=24), SCHEDULE)
    assert ("reminder", "ann") not in _mails(ctx, "reminder")
    assert ("reminder", "bob") in _mails(ctx, "reminder")
    assert jobs.send_digests(ctx, T + timedelta(days=1, hours=1)) == 1  # the next day
    assert g2


def test_no_final_warning_when_the_whole_turn_is_shorter_than_its_window(
        ctx: Any, make_player: Any, frozen: FakeClock) -> None:
    """A 6-hour turn with a 12-hour final window: the turn's mail says when the move is due;
    a final warning at the next tick would only repeat it (issue 22, item 4). A 13-hour turn
    still gets its warning, 12 hours before the deadline."""
    new_game(make_player, turn_hours=6)
    for hours in (0, 0.1, 3, 5.9):
        assert jobs.send_reminders(ctx, T + timedelta(hours=hours), SCHEDULE) == 0, hours
    assert _mails(ctx, "reminder", "final-warning") == []
    new_game(make_player, turn_hours=13, tag="-long")
    assert jobs.send_reminders(ctx, T + timedelta(minutes=59), SCHEDULE) == 0
    assert jobs.send_reminders(ctx, T + timedelta(hours=1), SCHEDULE) == 2
    assert _mails(ctx, "final-warning") == [("final-warning", "ann-long"),
                                            ("final-warning", "bob-long")]
