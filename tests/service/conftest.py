"""Fixtures for the service tests: the same tests run on SQLite and on PostgreSQL.

PostgreSQL: each pytest-xdist worker creates its own database (`pbem_test_<worker>_<run>`) on the
local server, migrates it once, and empties its tables before each test. When the server cannot be
reached the PostgreSQL half is skipped, except under CI=true where that is a failure.
SQLite: the schema is migrated once into a template file that each test copies.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from domain.games import GAMES
from service import migrations
from service.api import create_app
from service.context import Context
from service.db import dispose, make_engine
from service.settings import Settings
from service.tables import metadata
from tests.games.bids import GAME as TOY
from tests.games.bids import PLAIN

CANDIDATES = [
    "postgresql+psycopg://postgres@127.0.0.1:5432/test",
    "postgresql+psycopg://root@127.0.0.1:5432/test",
]
IN_CI = os.environ.get("CI", "").lower() == "true"


def _admin_url() -> str | None:
    explicit = os.environ.get("PBEM_TEST_POSTGRES_URL")
    for url in [explicit] if explicit else CANDIDATES:
        engine = create_engine(url, isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as conn:
                conn.execute(text("select 1"))
            return url
        except Exception:
            continue
        finally:
            engine.dispose()
    return None


@pytest.fixture(scope="session")
def postgres_url(worker_id: str) -> Iterator[str]:
    admin = _admin_url()
    if admin is None:
        message = "PostgreSQL is not reachable on 127.0.0.1:5432 (set PBEM_TEST_POSTGRES_URL)"
        if IN_CI:
            pytest.fail(message + " — it is mandatory under CI")
        pytest.skip(message)
    name = f"pbem_test_{worker_id}_{uuid.uuid4().hex[:8]}"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(admin).set(database=name).render_as_string(hide_password=False)
    migrated = make_engine(url)
    migrations.upgrade(migrated)
    dispose(migrated)
    yield url
    with engine.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    engine.dispose()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "pbem.sqlite3"
    engine = make_engine(f"sqlite:///{path}")
    migrations.upgrade(engine)
    with engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    engine.dispose()
    return path


_cleaners: dict[str, Any] = {}


def _truncate(url: str) -> None:
    """Empty every table. DELETE is much faster than TRUNCATE on tiny tables; replica mode skips
    the triggers that make `events` append-only (the test user is a superuser)."""
    engine = _cleaners.get(url) or _cleaners.setdefault(url, create_engine(url, poolclass=NullPool))
    with engine.begin() as conn:
        conn.execute(text("SET LOCAL session_replication_role = replica"))
        for table in reversed(metadata.sorted_tables):
            conn.execute(table.delete())


def test_games() -> dict[str, Any]:
    return {**GAMES, TOY.name: TOY, PLAIN.name: PLAIN}


test_games.__test__ = False  # type: ignore[attr-defined]


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "postgres":
        url: str = request.getfixturevalue("postgres_url")
        _truncate(url)
        return url
    target = tmp_path / "pbem.sqlite3"
    shutil.copy(request.getfixturevalue("sqlite_template"), target)
    return f"sqlite:///{target}"


@pytest.fixture
def ctx(database_url: str, tmp_path: Path) -> Iterator[Context]:
    settings = Settings(database_url=database_url, secret_key="test-secret", instance=tmp_path)
    service = Context(engine=make_engine(database_url, pool_size=8), settings=settings,
                      games=test_games())
    yield service
    dispose(service.engine)


@pytest.fixture
def pg_ctx(postgres_url: str, tmp_path: Path) -> Iterator[Context]:
    """PostgreSQL only (real concurrency)."""
    _truncate(postgres_url)
    settings = Settings(database_url=postgres_url, secret_key="test-secret", instance=tmp_path)
    service = Context(engine=make_engine(postgres_url, pool_size=24), settings=settings,
                      games=test_games())
    yield service
    dispose(service.engine)


@dataclass
class Client:
    """A thin HTTP client for one player (or a spectator when token is None)."""

    http: Any
    token: str | None = None

    def headers(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        out = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        return {**out, **(extra or {})}

    def get(self, path: str, **kw: Any) -> Any:
        return self.http.get(path, headers=self.headers(kw.pop("headers", None)), **kw)

    def post(self, path: str, json: Any = None, **kw: Any) -> Any:
        return self.http.post(path, json=json, headers=self.headers(kw.pop("headers", None)),
                              **kw)


@pytest.fixture
def app(ctx: Context) -> Any:
    return create_app(ctx, TESTING=True)


@pytest.fixture
def make_player(ctx: Context, app: Any) -> Any:
    from service import players

    def make(email: str, name: str | None = None, **kw: Any) -> Client:
        _player, token = players.add(ctx, email, name=name, **kw)
        return Client(app.test_client(), token)

    return make


def redis_url() -> str:
    """The local Redis (PBEM_TEST_REDIS_URL), checked: skipped when unreachable, failed under CI."""
    import redis

    url = os.environ.get("PBEM_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except Exception as error:
        if IN_CI:
            pytest.fail(f"Redis is not reachable at {url}: {error} — mandatory under CI")
        pytest.skip(f"Redis is not reachable at {url}: {error}")
    return url
