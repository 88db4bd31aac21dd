"""The mail sender is woken by the commit that queued a mail (issue 24: an answer within two
seconds of the reply), not found at its next poll: with the embedded runner of `pbem serve` and
with Celery workers. The poll here is an hour away and each wait a few seconds at most, so only
the wake can send the mail in time. SQLite and PostgreSQL (the service fixtures)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, insert, select

from service import db, progress
from service.tables import outbox
from tests.workers.conftest import wait_for
from tests.workers.helpers import new_game
from workers.embedded import Embedded


def _unsent(ctx: Any) -> int:
    with db.read(ctx.engine) as conn:
        return int(conn.execute(select(func.count()).select_from(outbox)
                                .where(outbox.c.sent_at.is_(None))).scalar_one())


def _queued(ctx: Any) -> int:
    with db.read(ctx.engine) as conn:
        return int(conn.execute(select(func.count()).select_from(outbox)).scalar_one())


def test_the_embedded_sender_is_woken_by_the_commit(ctx: Any, make_player: Any) -> None:
    runner = Embedded(ctx, interval=3600).start()  # its own poll: an hour away
    ctx.publish = runner.dispatch
    try:
        new_game(make_player)  # invitations, then the game-started mails, each commit waking it
        assert _queued(ctx) >= 2
        wait_for(lambda: _unsent(ctx) == 0, timeout=5, what="the mails sent without a poll")
        mails = list((ctx.settings.instance / "mail").glob("*.eml"))  # the local outbox
        assert len(mails) == _queued(ctx)
    finally:
        runner.stop()
        ctx.publish = None


def test_the_celery_sender_is_woken_by_the_commit(ctx: Any, worker: Any, make_player: Any
                                                  ) -> None:
    """No beat runs here: the drain_outbox tasks the worker runs were published by the commits."""
    new_game(make_player)
    assert _queued(ctx) >= 2
    wait_for(lambda: _unsent(ctx) == 0, timeout=5, what="the mails sent without the beat")
    assert worker.count("pbem.drain_outbox") >= 1


def test_commit_hooks_run_after_the_commit_only_and_once_held_ones_are_released(ctx: Any
                                                                                ) -> None:
    woken: list[int] = []
    db.on_commit(ctx.engine, progress.OUTBOX, lambda: woken.append(_queued(ctx)))
    try:
        row = {"kind": "digest", "payload": {}, "created_at": progress.now(), "attempts": 0}
        with db.write(ctx.engine) as conn:
            progress.notify(conn, None, "digest", [], {})  # no row: nothing to wake for
        assert woken == []
        try:
            with db.write(ctx.engine) as conn:
                progress.notify(conn, None, "digest", [None], {})  # type: ignore[list-item]
                raise RuntimeError("rolled back")
        except RuntimeError:
            pass
        assert woken == []  # a rolled-back mail wakes nobody
        with db.write(ctx.engine) as conn:
            conn.execute(insert(outbox).values(**row))  # not through notify: not said
        with db.write(ctx.engine) as conn:
            progress.notify(conn, None, "digest", [None], {})  # type: ignore[list-item]
        assert woken == [2]  # after the commit: the row is there to be read
        with db.held():
            with db.write(ctx.engine) as conn:
                progress.notify(conn, None, "digest", [None], {})  # type: ignore[list-item]
            with db.write(ctx.engine) as conn:
                progress.notify(conn, None, "digest", [None], {})  # type: ignore[list-item]
            assert woken == [2]  # held: a reply's answer is not queued yet
        assert woken == [2, 4]  # released once, at the end
    finally:
        db.on_commit(ctx.engine, progress.OUTBOX, None)
