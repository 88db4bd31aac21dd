"""What an operator scrapes: Prometheus metrics (the text format, through `prometheus_client`).

Two kinds of figure, each measured where it is true:
- Things that HAPPEN (a command, a refused reply, a deadline's move, a task's latency, a mail sent
  or failed) are counted where they happen, in whichever process it is: the web, a gunicorn
  process, the Celery worker, the reply intake. Several processes each count their own, so a
  process that answers a scrape alone would show its own share. Long-running `pbem` processes
  therefore run prometheus_client's multiprocess mode (`PROMETHEUS_MULTIPROC_DIR`, one folder
  per process group under `metrics_root`, set by `pbem.startup.metrics_folder` before the
  library is imported), and `/metrics` adds up every process's files. Counters are kept in
  those files across restarts (a total never goes down; deleting the folder resets them, which
  Prometheus' `rate()` takes in its stride). Without the folder (the tests, a tool) a process
  counts in memory.
- Things that ARE (the outbox's backlog and the age of its oldest mail, mails that failed or
  bounced, addresses that bounce, tasks waiting) are facts of the database: they are read from
  it at scrape time, so whichever process answers, and however many there are, says the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector
from sqlalchemy import func, select

from service import clock, db
from service.context import Context
from service.tables import inbound_mail, outbox, players, tasks

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
OWN = CollectorRegistry(auto_describe=True)
"""This process's own counters (not prometheus_client's global registry: in multiprocess mode
the exposition reads the files instead, and the global one would count twice)."""

COMMANDS = Counter("pbem_commands", "Commands committed, by game and channel.",
                   ["game", "source"], registry=OWN)
REFUSALS = Counter("pbem_command_refusals", "Commands the rules refused (422), by game and "
                   "channel.", ["game", "source"], registry=OWN)
REPLIES = Counter("pbem_mail_replies", "Mails received by the reply intake, by what became of "
                  "them (accepted, refused, stale, auth, duplicate, ignored, bounce).",
                  ["status"], registry=OWN)
DEADLINE_MOVES = Counter("pbem_deadline_moves", "Passed deadlines acted on, by game and what "
                         "was done (default, bot, paused).", ["game", "outcome"], registry=OWN)
TASK_LATENCY = Histogram("pbem_task_latency_seconds", "From the commit that queued a task "
                         "(settle, bot) to the commit of its work.", ["kind"], registry=OWN,
                         buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300,
                                  900))
MAILS = Counter("pbem_mail_attempts", "Attempts to send an outbox row, by outcome (sent, "
                "skipped: not sent on purpose, error).", ["outcome"], registry=OWN)
BOUNCES = Counter("pbem_mail_bounces_received", "Delivery-status reports read, by kind "
                  "(hard: 5.x.x, soft: 4.x.x or delayed).", ["kind"], registry=OWN)


def counts_in_files() -> bool:
    """Whether this process counts in files (prometheus_client's multiprocess mode, chosen when
    the library was imported), rather than in memory."""
    from prometheus_client import values

    return bool(getattr(values.ValueClass, "_multiprocess", False))


def game_label(module: Any) -> str:
    return str(getattr(module, "name", "") or "?")


# --- the exposition ------------------------------------------------------------------------------


class _Folders:
    """Every process's counter files under the metrics root (one folder per process group: the
    web's gunicorn processes, a worker, the intake…), added up as prometheus_client's own
    MultiProcessCollector adds up one folder's."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def collect(self) -> Iterable[Metric]:
        files = sorted(str(p) for p in self.root.glob("*/*.db"))
        if not files:
            return []
        merged: Iterable[Metric] = MultiProcessCollector.merge(  # type: ignore[no-untyped-call]
            files, accumulate=True)
        return merged


class _Own:
    def collect(self) -> Iterator[Metric]:
        yield from OWN.collect()


class _Database:
    """The facts: read from the database at each scrape (a few indexed counts)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def collect(self) -> Iterator[Metric]:
        now = clock.now()
        with db.read(self.ctx.engine) as conn:
            waiting = (outbox.c.sent_at.is_(None), outbox.c.failed_at.is_(None))
            backlog, oldest = conn.execute(select(func.count(), func.min(outbox.c.created_at))
                                           .where(*waiting)).one()
            failed = conn.execute(select(func.count()).where(outbox.c.failed_at.is_not(None))
                                  ).scalar_one()
            pending, first = conn.execute(select(func.count(), func.min(tasks.c.created_at))
                                          .where(tasks.c.done_at.is_(None))).one()
            failing = conn.execute(select(func.count()).where(
                players.c.mail_failing_at.is_not(None))).scalar_one()
            bounced: dict[str, int] = dict(conn.execute(select(outbox.c.bounce, func.count()).where(
                outbox.c.bounce.is_not(None)).group_by(outbox.c.bounce)).all())
            replies: dict[str, int] = dict(conn.execute(select(inbound_mail.c.status, func.count())
                                        .group_by(inbound_mail.c.status)).all())
        yield _gauge("pbem_outbox_backlog", "Outbox rows neither sent nor given up.", backlog)
        yield _gauge("pbem_outbox_oldest_age_seconds", "Age of the oldest outbox row neither sent "
                     "nor given up (0: none).", _age(now, oldest))
        yield _counter("pbem_mails_failed", "Outbox rows given up after their last attempt.",
                       failed)
        family = CounterMetricFamily("pbem_mails_bounced", "Mails a delivery-status report "
                                     "said were not delivered, by kind (hard, soft).",
                                     labels=["kind"])
        for kind in ("hard", "soft"):
            family.add_metric([kind], float(bounced.get(kind, 0)))
        yield family
        yield _gauge("pbem_players_mail_failing", "Players whose address bounces (hard).",
                     failing)
        yield _gauge("pbem_tasks_pending", "Task rows (settle, bot) not done yet.", pending)
        yield _gauge("pbem_tasks_oldest_age_seconds", "Age of the oldest task row not done "
                     "(0: none): grows when no worker consumes.", _age(now, first))
        family = CounterMetricFamily("pbem_mails_received", "Mails kept by the reply intake, by "
                                     "status (accepted, refused, ignored, received: not "
                                     "processed yet).", labels=["status"])
        for status in ("accepted", "refused", "ignored", "received"):
            family.add_metric([status], float(replies.get(status, 0)))
        yield family


def _age(now: datetime, then: datetime | None) -> float:
    if then is None:
        return 0.0
    if then.tzinfo is None:  # SQLite gives naive UTC
        from datetime import UTC

        then = then.replace(tzinfo=UTC)
    return max(0.0, (now - then).total_seconds())


def _gauge(name: str, text: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, text, value=float(value))


def _counter(name: str, text: str, value: float) -> CounterMetricFamily:
    return CounterMetricFamily(name, text, value=float(value))


def exposition(ctx: Context, root: Path | None = None) -> bytes:
    """The text a scrape gets: every process's counters (this process's alone when it counts in
    memory) and the database's facts."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(_Folders(root) if root is not None and counts_in_files() else _Own())
    registry.register(_Database(ctx))
    return generate_latest(registry)


def metrics_root(settings: Any) -> Path:
    """Where every process's counter folders live (`PBEM_METRICS_DIR`, else `<instance>/metrics`):
    shared by the processes of one machine, or one compose volume."""
    return Path(settings.metrics_dir) if settings.metrics_dir else Path(settings.instance) / \
        "metrics"
