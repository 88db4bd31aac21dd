"""A mail sender killed mid-send (issue 22, item 3), with a real sender process, SIGKILLed, and a
real SMTP server (aiosmtpd): its claimed mail goes out at the first drain after a short lease
(a minute at most in production: a 30 s lease, drains every 5 s), while a live sender's claim,
renewed by its heartbeat, is never taken from it however long SMTP takes. The one window left: a
sender killed after the server accepted the mail and before recording it sends it twice, with the
same Message-ID."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from service import db
from service.clock import aware
from service.tables import outbox
from tests.workers.conftest import PYTHON, wait_for
from tests.workers.test_outbox import _player, _queue, _row
from tests.workers.test_outbox import smtp as smtp
from workers import mail
from workers.config import MailSettings

ROOT = Path(__file__).resolve().parents[2]
LEASE, HEARTBEAT = 1.5, 0.3  # seconds: the production values scaled down (30 s, 10 s)


def test_production_lease_sends_a_dead_senders_mail_within_a_minute() -> None:
    from workers.app import app

    settings = MailSettings()
    drains = timedelta(seconds=app.conf.beat_schedule["mail"]["schedule"])
    assert settings.lease + drains <= timedelta(seconds=60)
    assert settings.heartbeat * 2 < settings.lease  # a live sender renews twice per lease


@pytest.fixture
def sender(pg_ctx: Any, smtp: Any, tmp_path: Path) -> Iterator[Any]:
    """Starts the sender process (tests/workers/mail_worker.py) blocking at `where`."""
    procs: list[subprocess.Popen[bytes]] = []
    _catcher, settings = smtp

    def start(where: str) -> subprocess.Popen[bytes]:
        folder = tmp_path / f"block-{where}"
        folder.mkdir()
        env = {**os.environ, "PBEM_DATABASE_URL": pg_ctx.settings.database_url,
               "PBEM_INSTANCE": str(tmp_path), "PBEM_SECRET_KEY": "test-secret",
               "PBEM_TEST_BLOCK_DIR": str(folder), "PBEM_TEST_BLOCK_AT": where,
               "PBEM_TEST_SMTP_PORT": str(settings.smtp.port), "PBEM_TEST_LEASE": str(LEASE),
               "PBEM_TEST_HEARTBEAT": str(HEARTBEAT)}
        proc = subprocess.Popen([PYTHON, "-m", "tests.workers.mail_worker"], cwd=ROOT, env=env,
                                stdout=(tmp_path / f"{where}.log").open("wb"),
                                stderr=subprocess.STDOUT, start_new_session=True)
        procs.append(proc)
        wait_for(lambda: list(folder.glob("reached-*")) or proc.poll() is not None, timeout=60,
                 what="the sender to reach its blocking point")
        assert proc.poll() is None, (tmp_path / f"{where}.log").read_text()
        return proc

    yield start
    for proc in procs:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


def _kill(proc: subprocess.Popen[bytes]) -> float:
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(10)
    return time.monotonic()


def test_a_killed_senders_mail_goes_out_after_the_short_lease_once(
        pg_ctx: Any, smtp: Any, sender: Any) -> None:
    catcher, settings = smtp
    settings = MailSettings(sender=settings.sender, smtp=settings.smtp,
                            lease=timedelta(seconds=LEASE), heartbeat=timedelta(seconds=HEARTBEAT))
    outbox_id = _queue(pg_ctx, _player(pg_ctx, "ann@example.com"))
    proc = sender("before")  # claimed, blocked before sending
    first = aware(_row(pg_ctx, outbox_id).claimed_until)
    # Alive, its heartbeat renews the claim past the first lease: nobody takes its mail.
    wait_for(lambda: aware(_row(pg_ctx, outbox_id).claimed_until) > first + timedelta(
        seconds=2 * HEARTBEAT), timeout=30, what="the heartbeat to renew the claim")
    assert mail.drain(pg_ctx, settings=settings)["sent"] == 0
    assert _row(pg_ctx, outbox_id).claimed_by == f"killed:{proc.pid}"
    killed = _kill(proc)
    wait_for(lambda: mail.drain(pg_ctx, settings=settings)["sent"], timeout=30,
             what="a drain to send the dead sender's mail")
    late = time.monotonic() - killed
    assert late < LEASE + 2 * HEARTBEAT + 3, late  # the lease, not five minutes
    (message,) = catcher.messages
    assert message["Message-ID"] == f"<outbox-{outbox_id}.pbem@example.org>"
    row = _row(pg_ctx, outbox_id)
    assert row.sent_at is not None and row.claimed_by is None


def test_killed_after_the_server_accepted_the_mail_it_goes_twice_with_one_message_id(
        pg_ctx: Any, smtp: Any, sender: Any) -> None:
    """The window SMTP leaves (README, "Mail"): the server has the mail, the sender died before
    recording it; the mail is sent again, as the same message."""
    catcher, settings = smtp
    settings = MailSettings(sender=settings.sender, smtp=settings.smtp,
                            lease=timedelta(seconds=LEASE), heartbeat=timedelta(seconds=HEARTBEAT))
    outbox_id = _queue(pg_ctx, _player(pg_ctx, "ann@example.com"))
    proc = sender("after")
    assert len(catcher.messages) == 1  # accepted by the server
    assert _row(pg_ctx, outbox_id).sent_at is None
    _kill(proc)
    wait_for(lambda: mail.drain(pg_ctx, settings=settings)["sent"], timeout=30,
             what="a drain to send it again")
    ids = [m["Message-ID"] for m in catcher.messages]
    assert ids == [f"<outbox-{outbox_id}.pbem@example.org>"] * 2
    with db.read(pg_ctx.engine) as conn:
        assert conn.execute(select(outbox.c.sent_at).where(outbox.c.id == outbox_id)
                            ).scalar_one() is not None
