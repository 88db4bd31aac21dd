"""The outbox is sent once to a real SMTP server (aiosmtpd on 127.0.0.1), with retries and
backoff, even when a sender dies mid-send or two senders race; without SMTP, .eml files."""

from __future__ import annotations

import email
import threading
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select, update

from service import db, progress
from service.tables import outbox, tracking
from tests.workers.conftest import FakeClock, free_port, wait_for
from workers import jobs, mail
from workers.config import MailSettings, Smtp

T = datetime(2030, 1, 7, 8, 0, tzinfo=UTC)


class Catcher:
    """An aiosmtpd handler that refuses the first `fail` DATA commands with a 451."""

    def __init__(self) -> None:
        self.fail = 0
        self.messages: list[email.message.Message] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.lock:
            if self.fail > 0:
                self.fail -= 1
                return "451 4.3.0 Try again later"
            self.messages.append(email.message_from_bytes(envelope.content))
        return "250 OK"


@pytest.fixture
def smtp() -> Iterator[tuple[Catcher, MailSettings]]:
    from aiosmtpd.controller import Controller

    handler = Catcher()
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    settings = MailSettings(sender="El Grande <pbem@example.org>",
                            smtp=Smtp(host="127.0.0.1", port=port, security="none", timeout=10),
                            backoff=timedelta(seconds=30), attempts=3)
    yield handler, settings
    controller.stop()


def _queue(ctx: Any, player_id: int, kind: str = "your-turn", game_id: str | None = None) -> int:
    with db.write(ctx.engine) as conn:
        progress.notify(conn, game_id, kind, [player_id], {"game_id": game_id, "seat": 0})
        return int(conn.execute(select(outbox.c.id).order_by(outbox.c.id.desc())).scalars().first())


def _row(ctx: Any, outbox_id: int) -> Any:
    with db.read(ctx.engine) as conn:
        return conn.execute(select(outbox).where(outbox.c.id == outbox_id)).one()


def _player(ctx: Any, email_: str) -> int:
    from service.players import add

    return add(ctx, email_, name="Ann")[0].id


def test_sent_once_with_retries_and_backoff(ctx: Any, smtp: Any, frozen: FakeClock) -> None:
    catcher, settings = smtp
    outbox_id = _queue(ctx, _player(ctx, "ann@example.com"))
    catcher.fail = 2
    assert mail.drain(ctx, T, settings)["failed"] == 1
    row = _row(ctx, outbox_id)
    assert row.attempts == 1 and row.sent_at is None and "451" in row.last_error
    assert mail.drain(ctx, T + timedelta(seconds=29), settings)["failed"] == 0  # backing off
    assert mail.drain(ctx, T + timedelta(seconds=30), settings)["failed"] == 1
    assert mail.drain(ctx, T + timedelta(seconds=89), settings) == {"sent": 0, "failed": 0,
                                                                   "skipped": 0}  # 60 s now
    assert mail.drain(ctx, T + timedelta(seconds=90), settings)["sent"] == 1
    assert mail.drain(ctx, T + timedelta(hours=1), settings)["sent"] == 0
    (message,) = catcher.messages
    assert message["Message-ID"] == f"<outbox-{outbox_id}.pbem@example.org>"
    assert message["To"] == "Ann <ann@example.com>"
    row = _row(ctx, outbox_id)
    assert row.sent_at is not None and row.attempts == 3 and row.claimed_by is None
    with db.read(ctx.engine) as conn:
        assert conn.execute(select(tracking.c.key).where(tracking.c.consumer == "mail")
                            ).scalars().all() == [str(outbox_id)]


def test_gives_up_after_the_last_attempt(ctx: Any, smtp: Any, frozen: FakeClock) -> None:
    catcher, settings = smtp
    outbox_id = _queue(ctx, _player(ctx, "ann@example.com"))
    catcher.fail = 10
    for minutes in (0, 1, 2, 3, 10):
        mail.drain(ctx, T + timedelta(minutes=minutes), settings)
    row = _row(ctx, outbox_id)
    assert row.failed_at is not None and row.attempts == 3 and row.sent_at is None
    assert catcher.messages == []


def test_a_sender_that_died_mid_send_is_taken_over_after_its_lease(
        ctx: Any, smtp: Any, frozen: FakeClock) -> None:
    catcher, settings = smtp
    outbox_id = _queue(ctx, _player(ctx, "ann@example.com"))

    class Died(BaseException):
        pass

    def die(_id: int) -> None:
        raise Died()

    jobs.HOOKS.before_send = die  # the first sender dies after claiming, before sending
    with pytest.raises(Died):
        mail.drain(ctx, T, settings, worker="dead")
    jobs.HOOKS.before_send = lambda _id: None
    assert _row(ctx, outbox_id).claimed_by == "dead"
    assert mail.drain(ctx, T + settings.lease / 2, settings)["sent"] == 0  # still leased
    assert mail.drain(ctx, T + settings.lease + timedelta(seconds=1), settings)["sent"] == 1
    assert len(catcher.messages) == 1


def test_racing_senders_send_each_mail_once(ctx: Any, smtp: Any, frozen: FakeClock) -> None:
    catcher, settings = smtp
    player = _player(ctx, "ann@example.com")
    ids = [_queue(ctx, player) for _ in range(6)]
    barrier = threading.Barrier(3)

    def run() -> None:
        barrier.wait()
        mail.drain(ctx, T, settings)

    threads = [threading.Thread(target=run) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    got = sorted(m["Message-ID"] for m in catcher.messages)
    assert got == sorted(f"<outbox-{i}.pbem@example.org>" for i in ids)


def test_a_real_worker_sends_the_outbox(worker: Any, ctx: Any, smtp: Any,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from workers.app import drain_outbox

    catcher, settings = smtp
    monkeypatch.setattr(ctx, "settings", replace(ctx.settings, smtp_host="127.0.0.1",
                                                 smtp_port=settings.smtp.port,
                                                 smtp_security="none"))
    catcher.fail = 1
    # the commit that queues the mail wakes a worker's drain by itself (service/db.on_commit)
    outbox_id = _queue(ctx, _player(ctx, "ann@example.com"))
    wait_for(lambda: _row(ctx, outbox_id).attempts == 1, what="the first, failed, attempt")
    assert not catcher.messages and _row(ctx, outbox_id).sent_at is None
    with db.write(ctx.engine) as conn:  # skip the backoff
        conn.execute(update(outbox).values(next_attempt_at=None))
    drain_outbox.delay()
    drain_outbox.delay()
    wait_for(lambda: _row(ctx, outbox_id).sent_at is not None, what="the mail sent")
    wait_for(lambda: worker.count("pbem.drain_outbox") >= 3, what="every drain asked for")
    assert len(catcher.messages) == 1  # sent once, however many drains ran


def test_without_smtp_mails_are_written_to_the_instance_folder(ctx: Any, frozen: FakeClock
                                                               ) -> None:
    outbox_id = _queue(ctx, _player(ctx, "ann@example.com"), kind="magic-link")
    assert mail.drain(ctx, T, MailSettings())["sent"] == 1
    files = list((Path(ctx.settings.instance) / "mail").glob("*.eml"))
    assert [f.name for f in files] == [f"outbox-{outbox_id}.pbem@localhost.eml"]
    text = files[0].read_text()
    assert "Subject: Your sign-in link" in text and "/login/" in text
