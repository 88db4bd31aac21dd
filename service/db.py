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
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Engine, Table, bindparam, create_engine, event, exc, insert
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


class Prepared:
    """A Core statement compiled once per dialect and run straight on the driver's cursor, inside
    the caller's SQLAlchemy transaction: for the few statements every move runs.

    Why: SQLAlchemy's execution machinery (execution context, compiled-cache lookup, result
    set-up; an INSERT's implicit RETURNING of its key) cost more CPU than the driver itself, about
    0.4 ms a statement on a small virtual machine, and a move runs four to six of them
    (benchmarks/command.py). The statement is still built by SQLAlchemy, its parameters still go
    through the dialect's bind processors (JSON, SQLite's timestamps) and a driver error is raised
    as SQLAlchemy's (an `IntegrityError` stays one). Rows come back as the driver's tuples, their
    values unprocessed: use it for statements that return integers, strings or nothing.
    """

    def __init__(self, statement: Any) -> None:
        self.statement = statement
        self._compiled: weakref.WeakKeyDictionary[Any, tuple[Any, str, Any, dict[str, Any]]] = (
            weakref.WeakKeyDictionary())

    def _for(self, dialect: Any) -> tuple[Any, str, Any, dict[str, Any]]:
        found = self._compiled.get(dialect)
        if found is None:
            compiled = self.statement.compile(dialect=dialect)
            found = (compiled, compiled.string, compiled.positiontup,
                     dict(compiled._bind_processors))  # what SQLAlchemy's own execute applies
            self._compiled[dialect] = found
        return found

    def run(self, conn: Connection, params: Mapping[str, Any]) -> list[Any]:
        """Execute with `params` (bind names → values); the rows it returns, if any."""
        dialect = conn.dialect
        compiled, sql, order, processors = self._for(dialect)
        values = compiled.construct_params(params, escape_names=False)
        for name, process in processors.items():
            if name in values:
                values[name] = process(values[name])
        args: Any = values if order is None else [values[name] for name in order]
        cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            cursor.execute(sql, args)
            return list(cursor.fetchall()) if cursor.description is not None else []
        except dialect.loaded_dbapi.Error as error:
            raise exc.DBAPIError.instance(sql, args, error, dialect.loaded_dbapi.Error,
                                          dialect=dialect) from error
        finally:
            cursor.close()


class PreparedInsert:
    """`INSERT INTO table (…) VALUES (…), (…)` of any number of rows with the same keys, one
    `Prepared` statement per row count and set of keys: many rows in one statement and one round
    trip, with no RETURNING."""

    MOST = 64  # rows in one statement; more go through SQLAlchemy's executemany

    def __init__(self, table: Table) -> None:
        self.table = table
        self._statements: dict[tuple[tuple[str, ...], int], Prepared] = {}

    def run(self, conn: Connection, rows: Sequence[Mapping[str, Any]]) -> None:
        if not rows:
            return
        keys = tuple(rows[0])
        if len(rows) > self.MOST:
            conn.execute(insert(self.table), list(rows))
            return
        prepared = self._statements.get((keys, len(rows)))
        if prepared is None:
            columns = self.table.c
            prepared = self._statements[(keys, len(rows))] = Prepared(
                insert(self.table).values([
                    {k: bindparam(f"{k}_{i}", type_=columns[k].type) for k in keys}
                    for i in range(len(rows))]))
        prepared.run(conn, {f"{k}_{i}": row[k] for i, row in enumerate(rows) for k in keys})
