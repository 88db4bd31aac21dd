"""`pbem serve --processes N`: gunicorn with N gthread workers, so that every core serves.

One Python process is bound by its GIL to about one core; N processes are not. Each worker builds
its own context (engine, state cache) after the fork. The caches stay correct across processes:
a write is guarded by the events' primary key and `games.version` (see service/commands.py), and
a read uses a cached state only at the version `games` gives just then (states.load `current`).

Background work, with the embedded workers: each process settles the system's decisions its own
commits queue (eagerly, as `pbem serve` does in one process) and plays its games' bot moves on its
own runner thread, and ONE extra process, started here, runs the beat's tick and drains the
outbox.
"""

from __future__ import annotations

import logging
import multiprocessing
import socket
from typing import Any

from service.settings import Settings

log = logging.getLogger(__name__)


def _worker_app(threads: int, workers_mode: str) -> Any:
    """The WSGI app of one gunicorn worker (called in the worker, after the fork)."""
    from pbem import startup
    from service import context
    from service.api import create_app, freeze_startup_heap
    from service.settings import load_settings

    # Embedded: bot moves on this process's own runner thread (the beat is a process of its own).
    settings = load_settings()
    ctx = context.bootstrap(settings=settings, pool_size=threads, publisher=startup.publisher(
        startup.workers_mode(workers_mode, settings)))
    app = create_app(ctx)
    freeze_startup_heap()
    return app


def _beat() -> None:
    """The embedded beat (ticks and the outbox), alone in its own process."""
    import threading

    from pbem import startup
    from service import context
    from workers.embedded import Embedded

    runners: list[Embedded] = []
    context.bootstrap(pool_size=4, publisher=startup.publisher("embedded", runners))
    runners[0].start()
    threading.Event().wait()  # until the server stops and ends this process


def taken(host: str, port: int) -> bool:
    """Whether another server listens on host:port already. Each process binds its own socket
    with SO_REUSEPORT, which a second `pbem serve` on the same port would also do, silently
    sharing the clients with it; a bind without that option finds out first."""
    family, kind, proto, _name, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM)[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past TIME_WAIT only
        try:
            probe.bind(address)
        except OSError:
            return True
    return False


def serve_processes(host: str, port: int, processes: int, threads: int, workers_mode: str,
                    settings: Settings) -> None:
    from gunicorn.app.base import BaseApplication

    class Server(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            for key, value in {
                "bind": f"{host}:{port}", "workers": processes, "threads": threads,
                "worker_class": "gthread", "preload_app": False, "accesslog": None,
                "keepalive": 75, "timeout": 120, "graceful_timeout": 10,
                # Each process listens on a socket of its own (SO_REUSEPORT), and the kernel
                # spreads new connections over them by address. One shared socket let whichever
                # process woke first take a burst of connections: clients keep theirs alive, so
                # one process served 12 to 16 of 16 clients while the other idled, half the
                # cores unused (benchmarks/load.py prints the spread).
                "reuse_port": True,
            }.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return _worker_app(threads, workers_mode)

    beat = None
    from pbem.startup import workers_mode as mode_of

    if mode_of(workers_mode, settings) == "embedded":
        beat = multiprocessing.get_context("spawn").Process(target=_beat, name="pbem-beat",
                                                            daemon=True)
        beat.start()
    try:
        Server().run()
    finally:
        if beat is not None and beat.is_alive():
            beat.terminate()
