"""Fixtures for the workers' tests: the service's database fixtures, a real Celery worker on the
local Redis (a thread in this process, or spawned processes), an injectable clock, an SMTP server.

Each pytest-xdist worker uses its own Redis database number and every run its own key prefix and
queue, so parallel runs (and other engineers' runs) never take each other's tasks. Without Redis
the tests that need it are skipped, except under CI=true where that is a failure.
"""

from __future__ import annotations

import os
import socket
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select

from service import clock, context, db
from service.context import Context
from service.tables import events
from tests.service.conftest import (  # noqa: F401 (fixtures, shared with the service's tests)
    IN_CI,
    Client,
    app,
    ctx,
    database_url,
    make_player,
    pg_ctx,
    postgres_url,
    sqlite_template,
)
from workers import jobs

RUN = uuid.uuid4().hex[:10]


def wait_for(condition: Callable[[], Any], timeout: float = 20.0, what: str = "condition") -> Any:
    """Poll `condition` until it is truthy (never a sleep in place of a condition)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(0.01)


class FakeClock:
    def __init__(self, start: datetime) -> None:
        self.now = start
        self._lock = threading.Lock()

    def __call__(self) -> datetime:
        with self._lock:
            return self.now

    def set(self, when: datetime) -> datetime:
        with self._lock:
            self.now = when
        return when

    def advance(self, **delta: float) -> datetime:
        return self.set(self.now + timedelta(**delta))


@pytest.fixture
def frozen() -> Iterator[FakeClock]:
    fake = FakeClock(datetime(2030, 1, 7, 8, 0, tzinfo=UTC))
    clock.set_clock(fake)
    yield fake
    clock.set_clock(None)


@pytest.fixture(autouse=True)
def _reset_globals(request: pytest.FixtureRequest) -> Iterator[None]:
    if "ctx" in request.fixturenames:  # what a worker process would have: its context current
        context.configure(request.getfixturevalue("ctx"))
    yield
    jobs.HOOKS.before_settle = lambda game_id, version: None
    jobs.HOOKS.before_send = lambda outbox_id: None
    jobs.HOOKS.after_send = lambda outbox_id: None
    clock.set_clock(None)
    context._current = None


@pytest.fixture(scope="session")
def redis_url(worker_id: str) -> str:
    import redis

    number = 1 if worker_id == "master" else 1 + int(worker_id.removeprefix("gw")) % 15
    url = os.environ.get("PBEM_TEST_REDIS_URL", f"redis://127.0.0.1:6379/{number}")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except Exception as error:
        message = f"Redis is not reachable at {url}: {error}"
        if IN_CI:
            pytest.fail(message + " — it is mandatory under CI")
        pytest.skip(message)
    return url


@pytest.fixture(scope="session")
def broker_env(redis_url: str) -> dict[str, str]:
    """The environment a spawned worker needs to share this run's broker, prefix and queue."""
    return {"PBEM_BROKER_URL": redis_url, "PBEM_BROKER_PREFIX": f"pbem-test-{RUN}:",
            "PBEM_QUEUE": f"pbem-test-{RUN}"}


@pytest.fixture(scope="session")
def celery_app(broker_env: dict[str, str]) -> Any:
    from workers.app import app as celery

    celery.conf.update(
        broker_url=broker_env["PBEM_BROKER_URL"],
        broker_transport_options={**celery.conf.broker_transport_options,
                                  "global_keyprefix": broker_env["PBEM_BROKER_PREFIX"]},
        task_default_queue=broker_env["PBEM_QUEUE"],
    )
    return celery


class Ran:
    """Tasks the in-thread worker finished, by name."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self._lock = threading.Lock()

    def add(self, name: str) -> None:
        with self._lock:
            self.names.append(name)

    def count(self, name: str) -> int:
        with self._lock:
            return self.names.count(name)


@pytest.fixture(scope="session")
def _thread_worker(celery_app: Any) -> Iterator[Ran]:
    from celery import signals
    from celery.contrib.testing.worker import start_worker

    ran = Ran()

    def done(sender: Any = None, **_kw: Any) -> None:
        ran.add(sender.name)

    signals.task_postrun.connect(done, weak=False)
    with start_worker(celery_app, pool="threads", concurrency=4, perform_ping_check=False,
                      loglevel="WARNING", shutdown_timeout=10):
        yield ran
    signals.task_postrun.disconnect(done)


@pytest.fixture
def worker(_thread_worker: Ran, ctx: Context) -> Ran:  # noqa: F811 (the fixture)
    """A real Celery worker (threads, in this process) on Redis, serving this test's database;
    this process publishes the system's decisions to it."""
    from workers.app import publisher

    ctx.publish = publisher(ctx)
    context.configure(ctx)
    _thread_worker.names.clear()
    return _thread_worker


@pytest.fixture
def embedded(ctx: Context) -> Iterator[Any]:  # noqa: F811 (the fixture)
    """The in-process runner of `pbem serve`, publishing this test's commits (its tick not started:
    a test drives `run_once`); stopped after the test, the job under way finished."""
    from workers.embedded import Embedded

    runner = Embedded(ctx, interval=3600)
    ctx.publish = runner.dispatch
    yield runner
    runner.stop()


def event_rows(service: Context, game_id: str) -> list[Any]:
    with db.read(service.engine) as conn:
        return conn.execute(select(events.c.seq, events.c.type, events.c.payload,
                                   events.c.source, events.c.source_ref)
                            .where(events.c.game_id == game_id).order_by(events.c.seq)).all()


def of_type(service: Context, game_id: str, kind: str) -> list[Any]:
    return [r for r in event_rows(service, game_id) if r.type == kind]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


PYTHON = sys.executable
