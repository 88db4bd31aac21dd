"""Engines for PostgreSQL and SQLite that behave the same for the event store.

SQLite needs three things to serve several threads safely: WAL (readers never wait for the
writer), a busy timeout (writers queue instead of failing at once), and write transactions that
take the write lock when they begin (`BEGIN IMMEDIATE`), so a transaction never fails half-way when
upgrading from a read lock. pysqlite's own transaction handling is switched off to allow that.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.pool import StaticPool

_readers: weakref.WeakKeyDictionary[Engine, Engine] = weakref.WeakKeyDictionary()


def make_engine(url: str, *, pool_size: int = 20, echo: bool = False) -> Engine:
    """An engine for `url`. On PostgreSQL, reads go through a twin engine in autocommit mode,
    which saves the BEGIN and ROLLBACK round trips of every read (events are append-only, so a
    read needs no transaction to be consistent)."""
    if url.startswith("sqlite"):
        return _sqlite_engine(url, echo=echo)
    engine = create_engine(url, pool_size=pool_size, max_overflow=pool_size, pool_recycle=1800,
                           echo=echo)
    _readers[engine] = create_engine(url, pool_size=pool_size, max_overflow=pool_size,
                                     pool_recycle=1800, isolation_level="AUTOCOMMIT", echo=echo)
    return engine


def dispose(engine: Engine) -> None:
    engine.dispose()
    reader = _readers.pop(engine, None)
    if reader is not None:
        reader.dispose()


def _sqlite_engine(url: str, *, echo: bool) -> Engine:
    memory = url in ("sqlite://", "sqlite:///:memory:")
    kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False, "timeout": 30}}
    if memory:
        kwargs["poolclass"] = StaticPool
    engine = create_engine(url, echo=echo, **kwargs)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves
        cursor = dbapi_connection.cursor()
        if not memory:
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        mode = conn.get_execution_options().get("sqlite_begin", "DEFERRED")
        conn.exec_driver_sql(f"BEGIN {mode}")

    return engine


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"


@contextmanager
def write(engine: Engine) -> Iterator[Connection]:
    """A write transaction: committed when the block ends, rolled back on an exception."""
    with engine.connect() as conn:
        if is_sqlite(engine):
            conn = conn.execution_options(sqlite_begin="IMMEDIATE")
        with conn.begin():
            yield conn


@contextmanager
def read(engine: Engine) -> Iterator[Connection]:
    """A read-only unit of work (statements see committed data; events are append-only)."""
    with _readers.get(engine, engine).connect() as conn:
        yield conn
