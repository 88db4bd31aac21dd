"""A Celery worker process for the kill test: serves the sealed-bids game, and (with
PBEM_TEST_BLOCK_DIR) blocks inside the settle task, before it writes, until released — so the test
can SIGKILL it mid-task. Run as `python -m tests.workers.blocking_worker`."""

from __future__ import annotations

import os
import time
from pathlib import Path

from service import context
from service.settings import load_settings
from tests.service.conftest import test_games
from workers import jobs


def main() -> None:
    from workers.app import app, publisher

    context.bootstrap(settings=load_settings(), games=test_games(), pool_size=4,
                      publisher=publisher)
    block = os.environ.get("PBEM_TEST_BLOCK_DIR")
    if block:
        folder = Path(block)

        def hold(game_id: str, version: int) -> None:
            (folder / f"reached-{os.getpid()}").write_text(f"{game_id} {version}")
            deadline = time.monotonic() + 60
            while not (folder / "release").exists() and time.monotonic() < deadline:
                time.sleep(0.02)

        jobs.HOOKS.before_settle = hold
    app.worker_main(["worker", "--pool=solo", "--loglevel=WARNING", "--without-gossip",
                     "--without-mingle", "--without-heartbeat"])


if __name__ == "__main__":
    main()
