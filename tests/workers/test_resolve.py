"""Secret choices: once every seat has submitted, a real worker appends the reveal; a duplicate
task appends nothing; a worker killed mid-task is recovered by the sweep, with nothing duplicated."""

from __future__ import annotations

import os
import signal
import subprocess
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from service import clock, db
from service.tables import tasks
from tests.workers.conftest import PYTHON, event_rows, of_type, wait_for
from tests.workers.helpers import bid, new_game
from workers import jobs

ROOT = Path(__file__).resolve().parents[2]


def _task_rows(ctx: Any, game_id: str) -> list[Any]:
    with db.read(ctx.engine) as conn:
        return conn.execute(select(tasks).where(tasks.c.game_id == game_id)).all()


def test_all_submitted_then_the_worker_reveals(worker: Any, ctx: Any, make_player: Any) -> None:
    game_id, (ann, bob) = new_game(make_player)
    bid(ann, game_id, 4)
    r = bid(bob, game_id, 2)
    # The HTTP response does not wait for the reveal: the worker appends it.
    assert [e["type"] for e in r.get_json()["events"]] == ["bid_submitted"]
    revealed = wait_for(lambda: of_type(ctx, game_id, "bids_revealed"), what="the reveal")
    assert len(revealed) == 1
    assert revealed[0].source == "worker"
    assert revealed[0].payload["winner"] == 0
    wait_for(lambda: all(t.done_at for t in _task_rows(ctx, game_id)), what="task done")
    # The winner claims; the next round's secrets are revealed by the worker again.
    assert ann.post(f"/api/games/{game_id}/commands",
                    {"type": "claim", "prize": "gold"}).status_code == 200
    bid(ann, game_id, 1)
    bid(bob, game_id, 5)
    wait_for(lambda: len(of_type(ctx, game_id, "bids_revealed")) == 2, what="second reveal")
    assert of_type(ctx, game_id, "bids_revealed")[1].payload["winner"] == 1


def test_a_duplicate_task_appends_nothing(worker: Any, ctx: Any, make_player: Any,
                                          celery_app: Any) -> None:
    from workers.app import settle

    game_id, (ann, bob) = new_game(make_player)
    bid(ann, game_id, 3)
    bid(bob, game_id, 3)
    wait_for(lambda: of_type(ctx, game_id, "bids_revealed"), what="the reveal")
    before = len(event_rows(ctx, game_id))
    for _ in range(3):
        settle.delay(game_id)
    wait_for(lambda: worker.count("pbem.settle") >= 4, what="the duplicates to run")
    assert len(event_rows(ctx, game_id)) == before
    assert jobs.settle_game(ctx, game_id) == 0  # and in process too


def test_racing_duplicates_reveal_once(ctx: Any, make_player: Any) -> None:
    """Many settle jobs at once (no worker): exactly one reveal, the others see a Stale version."""
    import threading


    ctx.publish = lambda c, g: None  # leave the task row for the racers
    game_id, (ann, bob) = new_game(make_player)
    bid(ann, game_id, 1)
    bid(bob, game_id, 2)
    barrier = threading.Barrier(4)
    results: list[int] = []

    def run() -> None:
        barrier.wait()
        results.append(jobs.settle_game(ctx, game_id))

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(results) == [0, 0, 0, 1]
    assert len(of_type(ctx, game_id, "bids_revealed")) == 1


def test_a_lost_publication_is_recovered_by_the_sweep(worker: Any, ctx: Any, make_player: Any
                                                      ) -> None:
    from workers.app import publish

    ctx.publish = lambda c, g: None  # the process died between commit and publish
    game_id, (ann, bob) = new_game(make_player)
    bid(ann, game_id, 1)
    bid(bob, game_id, 2)
    assert not of_type(ctx, game_id, "bids_revealed")
    now = clock.now()
    assert jobs.sweep_tasks(ctx, now, publish) == 0  # too fresh: its publisher may still be on it
    assert jobs.sweep_tasks(ctx, now + timedelta(seconds=10), publish) == 1
    assert jobs.sweep_tasks(ctx, now + timedelta(seconds=11), publish) == 0  # not twice at once
    wait_for(lambda: of_type(ctx, game_id, "bids_revealed"), what="the reveal")


def _spawn(env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([PYTHON, "-m", "tests.workers.blocking_worker"], cwd=ROOT,
                            env={**os.environ, **env}, stdout=log.open("wb"),
                            stderr=subprocess.STDOUT, start_new_session=True)


def test_worker_killed_mid_task_is_recovered(pg_ctx: Any, broker_env: dict[str, str],
                                             celery_app: Any, tmp_path: Path) -> None:
    """A spawned worker blocks inside the settle task, before its write, and is SIGKILLed; the
    sweep republishes the task row and a second worker reveals, once."""
    from service import context
    from service.api import create_app
    from service.players import add
    from tests.service.conftest import Client
    from workers.app import settle

    ctx = pg_ctx
    context.configure(ctx)
    queue = f"{broker_env['PBEM_QUEUE']}-kill-{os.getpid()}"
    env = {**broker_env, "PBEM_QUEUE": queue, "PBEM_DATABASE_URL": ctx.settings.database_url,
           "PBEM_INSTANCE": str(tmp_path), "PBEM_SECRET_KEY": "test-secret"}

    def publish(game_id: str) -> None:
        settle.apply_async((game_id,), queue=queue)


    ctx.publish = lambda c, g: publish(g)
    http = create_app(ctx, TESTING=True).test_client()

    def make_player(email: str, name: str | None = None) -> Any:
        return Client(http, add(ctx, email, name=name)[1])

    blocked = tmp_path / "blocked"
    blocked.mkdir()
    first = _spawn({**env, "PBEM_TEST_BLOCK_DIR": str(blocked)}, tmp_path / "first.log")
    second = None
    try:
        game_id, (ann, bob) = new_game(make_player)
        bid(ann, game_id, 5)
        bid(bob, game_id, 1)
        wait_for(lambda: list(blocked.glob("reached-*")), timeout=60,
                 what="the first worker to block inside the task")
        os.killpg(first.pid, signal.SIGKILL)
        first.wait(10)
        assert not of_type(ctx, game_id, "bids_revealed")
        second = _spawn(env, tmp_path / "second.log")
        later = clock.now() + timedelta(seconds=10)
        assert jobs.sweep_tasks(ctx, later, publish) == 1
        wait_for(lambda: of_type(ctx, game_id, "bids_revealed"), timeout=60,
                 what="the second worker to reveal")
        (blocked / "release").write_text("go")
        wait_for(lambda: all(t.done_at for t in _task_rows(ctx, game_id)), what="task done")
        types = [r.type for r in event_rows(ctx, game_id)]
        assert types.count("bids_revealed") == 1
        assert types.count("bid_submitted") == 2
    finally:
        for proc in (first, second):
            if proc is not None and proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(10)


pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
