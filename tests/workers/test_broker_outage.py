"""A broker outage under a busy worker: the Redis the worker uses is killed while settle tasks are
in flight and queued, comes back, and every game gets its reveal without anyone restarting the
worker (issue 22, item 1: kombu's `_connparams` AttributeError used to end the process).

The test starts a Redis of its own on a free port (never the shared one) and kills that one.
The heavy variant (a longer outage, more games) is `bin/check`'s `broker-outage` section
(PBEM_OUTAGE_SECONDS, PBEM_OUTAGE_GAMES)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service import clock, context
from tests.workers.conftest import PYTHON, free_port, of_type, wait_for
from tests.workers.helpers import bid, new_game
from workers import jobs

ROOT = Path(__file__).resolve().parents[2]
OUTAGE = float(os.environ.get("PBEM_OUTAGE_SECONDS", "3"))
GAMES = int(os.environ.get("PBEM_OUTAGE_GAMES", "6"))

pytestmark = pytest.mark.skipif(shutil.which("redis-server") is None,
                                reason="no redis-server to start and kill")


class OwnRedis:
    """A redis-server of this test's own, on a free port, that the test may kill. With an
    append-only file, as a broker that keeps its queue across a restart would run."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "yes", "--appendfsync", "always", "--dir", str(self.folder)],
            stdout=(self.folder / "redis.log").open("ab"), stderr=subprocess.STDOUT)
        wait_for(self.ping, timeout=20, what="the test's redis-server to answer")

    def ping(self) -> bool:
        import redis

        try:
            return bool(redis.Redis.from_url(self.url, socket_connect_timeout=0.2).ping())
        except Exception:
            return False

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(10)


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[OwnRedis]:
    folder = tmp_path / "redis"
    folder.mkdir()
    server = OwnRedis(folder)
    server.start()
    yield server
    if server.proc is not None and server.proc.poll() is None:
        server.kill()


@pytest.mark.parametrize("transport", ["ours", "crashing"])
def test_a_busy_worker_rides_out_a_broker_outage(pg_ctx: Any, own_redis: OwnRedis,
                                                 tmp_path: Path, transport: str) -> None:
    """`ours` (workers/broker.py): the worker reconnects by itself. `crashing`: the worker ends on
    the lost connection as it did with kombu's own transport; `pbem worker`'s loop starts it
    again."""
    from service.api import create_app
    from service.players import add
    from tests.service.conftest import Client
    from workers.app import app as celery
    from workers.app import settle

    ctx = pg_ctx
    context.configure(ctx)
    queue = f"outage-{os.getpid()}"
    env = {"PBEM_BROKER_URL": own_redis.url, "PBEM_QUEUE": queue,
           "PBEM_DATABASE_URL": ctx.settings.database_url, "PBEM_INSTANCE": str(tmp_path),
           "PBEM_SECRET_KEY": "test-secret",
           "PBEM_TEST_SETTLE_SECONDS": os.environ.get("PBEM_OUTAGE_HOLD", "1.5")}
    prefix = celery.conf.broker_transport_options.get("global_keyprefix")
    if prefix:  # this process publishes with the prefix other tests configured: so must it read
        env["PBEM_BROKER_PREFIX"] = prefix
    if transport != "ours":
        env["PBEM_TEST_CRASH_ON_OUTAGE"] = "1"

    def publish(game_id: str) -> None:  # to the test's own Redis
        with celery.connection_for_write(own_redis.url,
                                         transport_options={"socket_connect_timeout": 2}) as conn:
            settle.apply_async((game_id,), queue=queue, connection=conn)

    ctx.publish = lambda c, g: publish(g)
    http = create_app(ctx, TESTING=True).test_client()

    def make_player(email: str, name: str | None = None) -> Any:
        return Client(http, add(ctx, email, name=name)[1])

    log = tmp_path / "worker.log"
    worker = subprocess.Popen([PYTHON, "-m", "tests.workers.busy_worker"], cwd=ROOT,
                              env={**os.environ, **env}, stdout=log.open("wb"),
                              stderr=subprocess.STDOUT, start_new_session=True)
    try:
        games = []
        for n in range(GAMES):
            game_id, (ann, bob) = new_game(make_player, tag=f"-{n}")
            bid(ann, game_id, 2)
            bid(bob, game_id, 1)  # commits the settle task row and publishes it
            games.append(game_id)
        wait_for(lambda: log.read_text().count("] received") >= 4, timeout=60,
                 what="the worker to be busy with settle tasks (held inside the task)")
        own_redis.kill()
        time.sleep(OUTAGE)  # the outage itself (what is waited for below is a condition)
        assert worker.poll() is None, log.read_text()[-3000:]
        own_redis.start()

        def swept_and_done() -> bool:
            # The beat's sweep, as `pbem beat` runs it: republishes what the outage lost.
            jobs.sweep_tasks(ctx, clock.now() + jobs.REPUBLISH_EVERY + jobs.TASK_GRACE, publish)
            return all(of_type(ctx, g, "bids_revealed") for g in games)

        wait_for(swept_and_done, timeout=60 + OUTAGE, what="every game's reveal after the outage")
        assert worker.poll() is None, log.read_text()[-3000:]
        text = log.read_text()
        if transport == "ours":
            assert "Unrecoverable error" not in text and "starting it again" not in text, text
        else:  # the original crash, and the last resort
            assert "Unrecoverable error" in text and "starting it again" in text, text[-3000:]
        for g in games:
            assert len(of_type(ctx, g, "bids_revealed")) == 1  # once, whatever ran twice
    finally:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(10)


def test_a_worker_asked_to_stop_stops_even_in_an_outage(pg_ctx: Any, own_redis: OwnRedis,
                                                        tmp_path: Path) -> None:
    """`pbem worker`'s loop starts again a worker that ended by itself, never one that was asked
    to stop (SIGTERM while it was reconnecting to a dead broker used to start it again, since
    Celery's warm shutdown ends with the same exit code 0)."""
    env = {"PBEM_BROKER_URL": own_redis.url, "PBEM_QUEUE": f"stop-{os.getpid()}",
           "PBEM_DATABASE_URL": pg_ctx.settings.database_url, "PBEM_INSTANCE": str(tmp_path),
           "PBEM_SECRET_KEY": "test-secret"}
    log = tmp_path / "worker.log"
    worker = subprocess.Popen([PYTHON, "-m", "tests.workers.busy_worker"], cwd=ROOT,
                              env={**os.environ, **env}, stdout=log.open("wb"),
                              stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_for(lambda: " ready." in log.read_text(), timeout=60, what="the worker to start")
        own_redis.kill()
        wait_for(lambda: "Cannot connect" in log.read_text(), timeout=30,
                 what="the worker to try to reconnect")
        worker.send_signal(signal.SIGTERM)
        wait_for(lambda: worker.poll() is not None, timeout=60, what="the worker to stop")
        assert "starting it again" not in log.read_text()
    finally:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(10)


def test_a_channel_whose_connection_was_collected_raises_a_connection_error(
        own_redis: OwnRedis) -> None:
    """The exact frame of the crash: Celery's consumer `collect()`s a broken connection (which
    detaches its transport) before closing it; the channel's next way to Redis (the restore of
    unacknowledged messages, a late ack) builds its parameters from the detached transport.
    kombu's channel raised AttributeError there, which ended the worker; ours raises a connection
    error, which Celery recovers from."""
    from kombu import Connection
    from kombu.transport import redis as kombu_redis

    from workers import broker

    for transport, expected in ((broker.NAME, None), (kombu_redis.Transport, AttributeError)):
        connection = Connection(own_redis.url, transport=transport)
        channel = connection.default_channel
        channel._pool = None  # as on a consumer's channel that read with its asynchronous pool
        connection.collect()
        if expected is None:
            with pytest.raises(connection.connection_errors):
                channel._connparams()
            connection.close()  # restores nothing, and says so with a connection error
        else:
            with pytest.raises(expected):
                channel._connparams()


pytestmark = [pytestmark,
              pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")]
