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
from datetime import datetime
from typing import Any

from celery import Celery, signals

from service import context
from service.context import Context, Publisher
from service.settings import load_settings
from workers import config, jobs, mail

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


def publisher(ctx: Context) -> Publisher:
    """For `context.bootstrap`: this process publishes its queued tasks to the workers."""
    return dispatch


@signals.celeryd_init.connect
@signals.beat_init.connect
def _starting(**_kwargs: Any) -> None:
    """`celery -A workers.app worker|beat` started directly: bootstrap the process's context
    from the settings, publishing to the workers (a worker's own commands, such as a deadline's
    default move, queue settles too). `pbem worker` and the tests bootstrap before starting."""
    if not context.configured():
        context.bootstrap(publisher=publisher)
