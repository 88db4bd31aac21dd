"""The workers in process, for `pbem serve` on embedded defaults (no Redis, no Celery worker).

After a commit that queued task rows, `dispatch` settles the system's own decision (a reveal once
every secret is in: cheap, no bot involved) in the thread that committed, as before, or else
queues the game for the runner thread. The bot seats' moves are played there, never in the
committing thread, which is often an HTTP request's (a game of bots only was played to
its end inside the request that created it). The runner takes the games first in, first out, and
each job plays ONE decision (`jobs.settle_game`): the move's commit dispatches the game again, to
the back of the queue, so a long chain of bot moves takes turns with every other game's.

A daemon thread runs the beat's tick every few seconds; another sends the outbox, woken by every
commit that queued mail (`wake_mail`, hooked to the context's commits: `Context.wake_mail_with`),
so the answer to a reply leaves within a moment, and at least every tick (a mail whose retry comes
due, one queued by another process). The jobs are the very ones the Celery tasks run.
"""

from __future__ import annotations

import logging
import queue
import threading
from datetime import datetime

from service import clock
from service.context import Context
from workers import jobs, mail

log = logging.getLogger(__name__)


class Embedded:
    def __init__(self, ctx: Context, interval: float | None = None) -> None:
        self.ctx = ctx
        self.interval = interval if interval is not None else ctx.settings.tick_seconds
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._jobs: queue.SimpleQueue[tuple[Context, str] | None] = queue.SimpleQueue()
        self._queued: set[str] = set()  # games waiting in `_jobs` (one entry each is enough)
        self._lock = threading.Lock()
        self._runner: threading.Thread | None = None
        self._mail = threading.Event()  # set: the outbox has rows to send now
        self._sender: threading.Thread | None = None
        ctx.wake_mail_with(self.wake_mail)

    def wake_mail(self) -> None:
        """After a commit that queued mail: the sender thread drains the outbox now (never
        raises, never blocks the committing thread)."""
        self._mail.set()

    def _send_mail(self) -> None:
        while not self._stop.is_set():
            self._mail.wait(self.interval)
            self._mail.clear()  # before draining: a commit during the drain wakes it again
            if self._stop.is_set():
                return
            try:
                mail.drain(self.ctx)
            except Exception:
                log.exception("sending the outbox failed; trying again in %ss", self.interval)

    def dispatch(self, ctx: Context, game_id: str) -> None:
        """After a commit that queued task rows: the system's decision now, the bots' later.

        Never raises: the commit is done, and the beat's sweep retries a task left undone."""
        try:
            if jobs.settle_game(ctx, game_id, bots=False):
                return  # its own commit dispatched whatever follows it
        except Exception:
            log.exception("settling %s failed; the runner tries again", game_id)
        self.enqueue(ctx, game_id)

    def enqueue(self, ctx: Context, game_id: str) -> None:
        """Queue one job for the game at the back (nothing if it is queued already: that job
        reads the game as it is when it runs)."""
        with self._lock:
            if game_id in self._queued or self._stop.is_set():
                return
            self._queued.add(game_id)
            if self._runner is None:  # started on first use: in the process that dispatches
                self._runner = threading.Thread(target=self._run_jobs, name="pbem-jobs",
                                                daemon=True)
                self._runner.start()
        self._jobs.put((ctx, game_id))

    def _run_jobs(self) -> None:
        while True:
            item = self._jobs.get()
            if item is None or self._stop.is_set():
                return
            ctx, game_id = item
            with self._lock:
                self._queued.discard(game_id)
            try:
                jobs.settle_game(ctx, game_id)
            except Exception:
                log.exception("the job of game %s failed; the next tick retries", game_id)

    def run_once(self, now: datetime | None = None) -> dict[str, int]:
        now = now or clock.now()
        counts = jobs.tick(self.ctx, now, publish=lambda g: self.enqueue(self.ctx, g))
        counts.update(mail.drain(self.ctx, now))
        return counts

    def _loop(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                jobs.tick(self.ctx, clock.now(), publish=lambda g: self.enqueue(self.ctx, g))
            except Exception:
                log.exception("the in-process tick failed; trying again in %ss", self.interval)

    def start(self) -> Embedded:
        """Start the beat's thread (the runner starts on the first dispatch). Who publishes to
        this runner is the context's `publish` (see `context.bootstrap`)."""
        self._thread = threading.Thread(target=self._loop, name="pbem-beat", daemon=True)
        self._thread.start()
        self._sender = threading.Thread(target=self._send_mail, name="pbem-mail", daemon=True)
        self._sender.start()
        return self

    def stop(self) -> None:
        """Stop the tick and the runner (after the job under way; queued jobs are left to the
        sweep of the next start, their task rows being undone)."""
        self._stop.set()
        self._jobs.put(None)
        self._mail.set()
        for thread in (self._thread, self._runner, self._sender):
            if thread is not None:
                thread.join(timeout=30)
        if self.ctx.publish == self.dispatch:
            self.ctx.publish = None  # nobody runs the jobs any more: settle in process
        if self.ctx.wake_mail == self.wake_mail:
            self.ctx.wake_mail_with(None)
