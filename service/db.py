"""Engines for PostgreSQL and SQLite that behave the same for the event store.

SQLite needs three things to serve several threads safely: WAL (readers never wait for the
writer), a busy timeout (writers queue instead of failing at once), and write transactions that
take the write lock when they begin (`BEGIN IMMEDIATE`), so a transaction never fails half-way when
upgrading from a read lock. pysqlite's own transaction handling is switched off to allow that.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.pool import StaticPool

log = logging.getLogger(__name__)

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


_on_commit: weakref.WeakKeyDictionary[Engine, dict[str, Callable[[], None]]] = \
    weakref.WeakKeyDictionary()
_TOUCHED = "pbem.touched"
_held = threading.local()


def on_commit(engine: Engine, topic: str, hook: Callable[[], None] | None) -> None:
    """Call `hook` after every write transaction on `engine` that `touched(conn, topic)`, once it
    has committed (None: no longer). The outbox's sender is woken this way by the commit that
    queued a mail, instead of finding it at its next poll. A hook must not raise (it is logged)."""
    hooks = _on_commit.setdefault(engine, {})
    if hook is None:
        hooks.pop(topic, None)
    else:
        hooks[topic] = hook


def touched(conn: Connection, topic: str) -> None:
    """Say that this transaction wrote something `topic`'s hook wants to hear of once it commits."""
    conn.info.setdefault(_TOUCHED, set()).add(topic)


@contextmanager
def held() -> Iterator[None]:
    """Within the block, this thread's commits call no hook; the topics they touched are called
    once when the block ends. A mail reply's commands each commit on their own, and the sender
    must not send the turn mail one of them queued before the reply's answer, queued last, is
    there to hold it (emails/render.py `outdated`)."""
    outer = getattr(_held, "topics", None)
    if outer is not None:  # nested: the outermost block calls them
        yield
        return
    _held.topics = {}
    try:
        yield
    finally:
        due, _held.topics = _held.topics, None
        for hook in due.values():
            _call(hook)


def _call(hook: Callable[[], None]) -> None:
    try:
        hook()
    except Exception:  # the commit is done: a hook's failure must not undo the caller's work
        log.exception("a commit hook failed")


@contextmanager
def write(engine: Engine) -> Iterator[Connection]:
    """A write transaction: committed when the block ends, rolled back on an exception. Then the
    hooks of the topics it touched (`on_commit`) are called, unless the thread holds them."""
    with engine.connect() as conn:
        if is_sqlite(engine):
            conn = conn.execution_options(sqlite_begin="IMMEDIATE")
        conn.info.pop(_TOUCHED, None)  # the info outlives a connection's checkout
        try:
            with conn.begin():
                yield conn
        finally:
            topics = conn.info.pop(_TOUCHED, None)
    # Reached only once the transaction committed (an exception skips it).
    if topics:
        hooks = _on_commit.get(engine, {})
        held_topics = getattr(_held, "topics", None)
        for topic in topics:
            hook = hooks.get(topic)
            if hook is None:
                continue
            if held_topics is not None:
                held_topics[topic] = hook
            else:
                _call(hook)


@contextmanager
def read(engine: Engine) -> Iterator[Connection]:
    """A read-only unit of work (statements see committed data; events are append-only)."""
    with _readers.get(engine, engine).connect() as conn:
        yield conn
