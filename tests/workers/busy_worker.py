"""A Celery worker process for the broker-outage test: `pbem worker`'s own loop
(`workers.app.run_worker`) serving the sealed-bids game, each settle task held for
PBEM_TEST_SETTLE_SECONDS before it writes, so that tasks are in flight when the broker dies.
PBEM_TEST_CRASH_ON_OUTAGE=1: the consumer ends the worker on a lost connection, as kombu's Redis
transport did (the AttributeError of issue 22), which the loop must survive by starting the worker
again. Run as `python -m tests.workers.busy_worker`."""

from __future__ import annotations

import os
import time

from service import context
from service.settings import load_settings
from tests.service.conftest import test_games
from workers import jobs


def main() -> None:
    from workers.app import publisher, run_worker

    context.bootstrap(settings=load_settings(), games=test_games(), pool_size=8,
                      publisher=publisher)
    hold = float(os.environ.get("PBEM_TEST_SETTLE_SECONDS", "0"))
    if hold:
        jobs.HOOKS.before_settle = lambda game_id, version: time.sleep(hold)
    if os.environ.get("PBEM_TEST_CRASH_ON_OUTAGE"):
        from celery.worker.consumer import Consumer

        def crash(self: object, exc: Exception) -> None:
            raise AttributeError("'NoneType' object has no attribute 'hostname'")

        Consumer.on_connection_error_after_connected = crash
    raise SystemExit(run_worker(4, "INFO", pause=0.5))


if __name__ == "__main__":
    main()
