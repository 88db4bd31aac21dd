"""What every service function needs: the database, the settings, the game modules, the caches.

The web app builds one at start-up and passes it explicitly; command-line tools and, later, the
workers call `configure()` once so that `current()` finds it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sqlalchemy import Engine

from domain.core.game import GameModule
from service.db import make_engine
from service.settings import Settings, load_settings
from service.states import StateCache


@dataclass
class Context:
    engine: Engine
    settings: Settings
    games: Mapping[str, GameModule]
    states: StateCache = field(default_factory=StateCache)
    snapshot_every: int = 100  # write a snapshot once a load folds this many events


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


_current: Context | None = None


def configure(ctx: Context) -> Context:
    global _current
    _current = ctx
    return ctx


def current() -> Context:
    if _current is None:
        return configure(build())
    return _current
