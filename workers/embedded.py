"""The workers in process, for `pbem serve` on embedded defaults (no Redis, no Celery worker).

The system's decisions are settled eagerly, right after the commit that queued them (in the thread
that committed); a daemon thread runs the beat's tick and drains the outbox every few seconds. The
jobs are the very ones the Celery tasks run.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime

from service import commands
from service.context import Context
from workers import clock, config, jobs, mail

log = logging.getLogger(__name__)


class Embedded:
    def __init__(self, ctx: Context, interval: float | None = None) -> None:
        self.ctx = ctx
        self.interval = interval if interval is not None else config.tick_seconds()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def dispatch(self, ctx: Context, game_id: str) -> None:
        try:
            jobs.settle_game(ctx, game_id)
        except Exception:
            log.exception("settling %s failed; the next tick retries", game_id)

    def run_once(self, now: datetime | None = None) -> dict[str, int]:
        now = now or clock.now()
        counts = jobs.tick(self.ctx, now, publish=lambda g: self.dispatch(self.ctx, g))
        counts.update(mail.drain(self.ctx, now))
        return counts

    def _loop(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.run_once()
            except Exception:
                log.exception("the in-process tick failed; trying again in %ss", self.interval)

    def start(self) -> Embedded:
        commands.dispatcher = self.dispatch
        self._thread = threading.Thread(target=self._loop, name="pbem-beat", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)
        if commands.dispatcher == self.dispatch:
            commands.dispatcher = None
