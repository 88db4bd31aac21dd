"""What every service function needs: the database, the settings, the game modules, the caches.

Every process builds its own once, with `bootstrap()`: `pbem serve` (and each of its gunicorn
processes), the Celery worker and beat, the command-line tools and the tests. The web app is given
it explicitly; jobs and command-line tools find it with `current()`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine

from domain.core.game import GameModule
from service.db import make_engine
from service.settings import Settings, load_settings
from service.states import StateCache

Publisher = Callable[["Context", str], None]
"""Called after a commit that queued task rows for a game (`settle`, `bot`): hands them to
whoever runs them, and never raises (the commit is done; the beat's sweep republishes)."""


@dataclass
class Context:
    engine: Engine
    settings: Settings
    games: Mapping[str, GameModule]
    states: StateCache = field(default_factory=StateCache)
    seatings: dict[str, Any] = field(default_factory=dict)
    """game id → its `service.commands.Seating`, as this process last read it. Trusted only as
    far as a move's guarded update lets it (`games.seating` must still be its version): a seat
    that changed hands in another process makes the move read the seats again."""
    snapshot_every: int = 100  # write a snapshot once a load folds this many events
    publish: Publisher | None = None
    """Who runs the task rows a commit queued: the Celery publisher (workers/app.py) or the
    in-process runner of `pbem serve` (workers/embedded.py). None: the system's decisions are
    settled in the committing thread and bot moves wait for the beat's sweep (or a test's jobs)."""
    wake_mail: Callable[[], None] | None = None
    """Who is woken once a transaction that queued mail committed (`wake_mail_with`): the
    in-process sender thread, or a `drain_outbox` task published to the workers. None: the mail
    waits for the next drain (a poll, or a test's own)."""

    def wake_mail_with(self, waker: Callable[[], None] | None) -> None:
        """Wake `waker` after every commit that queued outbox rows (service/db.py `on_commit`),
        so an answer leaves at once instead of at the sender's next poll."""
        from service.db import on_commit
        from service.progress import OUTBOX

        self.wake_mail = waker
        on_commit(self.engine, OUTBOX, waker)


def default_games() -> dict[str, GameModule]:
    """The registered game modules (domain/games.py)."""
    try:
        from domain.games import GAMES
    except ImportError:  # the registry is not there yet: no game can be created
        return {}
    return dict(GAMES)


def build(
    database_url: str | None = None,
    games: Mapping[str, GameModule] | None = None,
    settings: Settings | None = None,
    pool_size: int = 20,
) -> Context:
    settings = settings or load_settings(database_url)
    return Context(
        engine=make_engine(settings.database_url, pool_size=pool_size),
        settings=settings,
        games=games if games is not None else default_games(),
    )


def bootstrap(
    database_url: str | None = None,
    *,
    games: Mapping[str, GameModule] | None = None,
    settings: Settings | None = None,
    pool_size: int = 20,
    publisher: Callable[[Context], Publisher | None] | None = None,
) -> Context:
    """Build this process's context, with who runs its queued tasks, and make it current.

    `publisher(ctx)` gives the publisher (it may need the context, as the in-process runner
    does). The one place where a process is wired: nothing patches a module afterwards."""
    ctx = build(database_url, games, settings, pool_size)
    if publisher is not None:
        ctx.publish = publisher(ctx)
    return configure(ctx)


_current: Context | None = None


def configure(ctx: Context) -> Context:
    global _current
    _current = ctx
    return ctx


def configured() -> bool:
    """Whether this process has its context already (bootstrapped by whoever started it)."""
    return _current is not None


def current() -> Context:
    if _current is None:
        return configure(build())
    return _current
