"""The Celery app: Redis as broker, tasks acknowledged late and safe to run twice.

    pbem worker     # or: celery -A workers.app worker --pool threads
    pbem beat       # or: celery -A workers.app beat

Tasks are thin: each calls a job of workers/jobs.py or workers/mail.py with the service context of
the process (`service.context.current()`, from PBEM_DATABASE_URL). Acknowledged after they ran
(`acks_late`), a task whose worker died runs again; the jobs make that harmless. Nothing is ever
scheduled far ahead in Redis (no ETA tasks: they run again after the visibility timeout): deadlines
and reminders are database rows that the beat's `tick` polls.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from celery import Celery, signals

from service import context
from service.context import Context, Publisher
from service.settings import load_settings
from workers import broker, config, jobs, mail

log = logging.getLogger(__name__)


SETTINGS = load_settings()
"""This process's settings, for the Celery app's own configuration: the app is made when this
module is imported, before the process's context is (`pbem worker` builds it with the same
environment)."""


def _transport_options() -> dict[str, Any]:
    options: dict[str, Any] = {"visibility_timeout": 900, "socket_connect_timeout": 2,
                               "socket_timeout": 10}
    if SETTINGS.broker_prefix:
        options["global_keyprefix"] = SETTINGS.broker_prefix
    return options


app = Celery("pbem")
app.conf.update(
    broker_url=config.broker_url(SETTINGS),
    broker_transport_options=_transport_options(),
    broker_connection_retry_on_startup=True,
    # Never give up reconnecting to the broker (Celery's default stops after 100 tries, about
    # 100 minutes): the worker has nothing better to do while Redis is away.
    broker_connection_max_retries=None,
    # Redis's transport, made to survive a lost connection (workers/broker.py).
    broker_transport=(broker.NAME if config.broker_url(SETTINGS).startswith(("redis:", "rediss:"))
                      else None),
    task_acks_late=True,
    task_reject_on_worker_lost=True,
    worker_prefetch_multiplier=1,
    task_ignore_result=True,
    task_default_queue=SETTINGS.queue,
    task_serializer="json",
    accept_content=["json"],
    # A dead broker must not hold an HTTP request: publishing gives up quickly (the sweep
    # republishes the task rows later).
    task_publish_retry_policy={"max_retries": 2, "interval_start": 0, "interval_step": 0.1,
                               "interval_max": 0.2},
    worker_hijack_root_logger=False,
    worker_send_task_events=False,
    beat_schedule={
        "tick": {"task": "pbem.tick", "schedule": SETTINGS.tick_seconds},
        "mail": {"task": "pbem.drain_outbox", "schedule": 5.0},
    },
    timezone="UTC",
)


def _when(now: str | None) -> datetime | None:
    return datetime.fromisoformat(now) if now else None


@app.task(name="pbem.settle")
def settle(game_id: str) -> int:
    """Commit ONE decision no human takes: the system's (the reveal of secret choices) or a bot
    seat's (a `settle` or a `bot` task row); its commit publishes the next one as a new task."""
    return jobs.settle_game(context.current(), game_id)


@app.task(name="pbem.tick")
def tick(now: str | None = None) -> dict[str, int]:
    """Lost tasks, passed deadlines, due reminders and digests (`now`: ISO time, for tests)."""
    return jobs.tick(context.current(), _when(now), publish=publish)


@app.task(name="pbem.drain_outbox")
def drain_outbox(now: str | None = None) -> dict[str, int]:
    return mail.drain(context.current(), _when(now))


def publish(game_id: str) -> None:
    settle.apply_async((game_id,))


def dispatch(ctx: Context, game_id: str) -> None:
    """After a commit that queued a `settle` task row: publish it. A failure is logged, not
    raised (the command was committed): the beat's sweep republishes the row."""
    try:
        publish(game_id)
    except Exception as error:
        log.warning("could not publish settle(%s), the sweep will: %s", game_id, error)


def wake_mail() -> None:
    """After a commit that queued mail: a worker drains the outbox now, not at the beat's next
    `drain_outbox` (every 5 s). A failure is logged, not raised: the beat's drain sends it."""
    try:
        drain_outbox.apply_async()
    except Exception as error:
        log.warning("could not publish drain_outbox, the beat's will send the mail: %s", error)


def publisher(ctx: Context) -> Publisher:
    """For `context.bootstrap`: this process publishes its queued tasks to the workers, and wakes
    their mail sender after each commit that queued mail."""
    ctx.wake_mail_with(wake_mail)
    return dispatch


RESTART_PAUSE = 5.0
"""Seconds `run_worker` waits before starting a worker that ended by itself again."""


def run_worker(concurrency: int = 8, loglevel: str = "INFO", *, pool: str = "threads",
               restarts: int | None = None, pause: float = RESTART_PAUSE,
               start: Callable[[list[str]], Any] | None = None) -> int:
    """`pbem worker`: a Celery worker, started again if it ever ends without being asked to.

    Celery reconnects to a lost broker by itself (workers/broker.py makes sure an outage cannot
    end it), so this loop is the last resort for whatever else ends the worker with an
    "Unrecoverable error" while nobody asked it to stop: the error is logged, and after `pause`
    seconds a new worker takes the queue again, instead of every bot move, reveal, mail and
    deadline waiting for someone to notice (a process supervisor's `restart:` policy does the same
    one level up; `pbem worker` on its own must not need one). A worker asked to stop (SIGTERM,
    SIGINT, SIGQUIT: Celery's `worker_shutting_down` signal says so) is not started again.
    `restarts`: at most that many (None: no limit). Returns the last exit code."""
    asked: list[str] = []

    def shutting_down(sig: Any = None, how: Any = None, **_kw: Any) -> None:
        asked.append(f"{how} shutdown on SIG{sig}")

    signals.worker_shutting_down.connect(shutting_down, weak=False)
    argv = ["worker", f"--pool={pool}", f"--concurrency={concurrency}", f"--loglevel={loglevel}",
            "--without-gossip", "--without-mingle"]
    run = start or app.worker_main
    done = 0
    while True:
        code: Any = 0
        try:
            run(argv)
        except SystemExit as ended:
            code = ended.code
        if asked or (restarts is not None and done >= restarts):
            return int(code or 0)
        done += 1
        log.error("the worker ended by itself (exit code %s): starting it again in %.0f s "
                  "(restart %d)", code, pause, done)
        time.sleep(pause)


@signals.celeryd_init.connect
@signals.beat_init.connect
def _starting(**_kwargs: Any) -> None:
    """`celery -A workers.app worker|beat` started directly: bootstrap the process's context
    from the settings, publishing to the workers (a worker's own commands, such as a deadline's
    default move, queue settles too). `pbem worker` and the tests bootstrap before starting."""
    if not context.configured():
        context.bootstrap(publisher=publisher)
