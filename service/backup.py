"""Backups: everything the service needs to come back, in one file, restorable on any database.

`pbem db backup FILE` writes a gzipped tar:
- `manifest.json`: the format, the schema revision (Alembic), when, and each table's row count;
- `tables/<table>.jsonl`: every row of every table, one JSON object a line (timestamps in ISO
  8601 with their zone, bytes in base64), in an order that satisfies the foreign keys — except
  `snapshots`, a disposable cache rebuilt as games are read;
- `secret_key`: `PBEM_SECRET_KEY`, or the key kept in the instance folder. It signs sign-in links,
  exported records and the bounce return paths: without it a restored service cannot check the
  records it exported nor read the bounces of mails sent before. The file is therefore as secret
  as the key (and the players' addresses): keep it where the database's own backups go.

`pbem db restore FILE` loads it into an EMPTY database (PostgreSQL or SQLite, whichever the backup
came from: the rows are engine-neutral), puts the key back into the instance folder (unless
`PBEM_SECRET_KEY` is set, when it must be the same key), resets PostgreSQL's id sequences, and
then verifies every game with `pbem verify`'s checks (hash chain, fold, every command decided
again, seed): a restore says whether what came back is whole.

What is not in it: the local outbox's `.eml` files (`<instance>/mail`, only without an SMTP
server), the beat's schedule (rebuilt) and the metrics' counter files (they restart at zero).
"""

from __future__ import annotations

import base64
import io
import json
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, Connection, DateTime, Engine, LargeBinary, Table, func, insert, select, text

from service import db, migrations, records
from service.context import Context
from service.errors import Invalid
from service.tables import games, metadata, snapshots

FORMAT = "pbem-backup/1"
SKIPPED = frozenset({snapshots.name})
BATCH = 500


def _tables() -> list[Table]:
    return [t for t in metadata.sorted_tables if t.name not in SKIPPED]


def _out(table: Table, row: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for column in table.columns:
        value = getattr(row, column.name)
        if value is not None and isinstance(column.type, DateTime):
            value = (value if value.tzinfo else value.replace(tzinfo=UTC)).isoformat()
        elif value is not None and isinstance(column.type, LargeBinary):
            value = base64.b64encode(bytes(value)).decode()
        out[column.name] = value
    return out


def _in(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for column in table.columns:
        value = data.get(column.name)
        if value is not None and isinstance(column.type, DateTime):
            value = datetime.fromisoformat(value)
        elif value is not None and isinstance(column.type, LargeBinary):
            value = base64.b64decode(value)
        elif value is not None and not isinstance(column.type, JSON) and \
                isinstance(value, (dict, list)):
            raise Invalid(f"backup: {table.name}.{column.name} holds JSON where a value belongs")
        row[column.name] = value
    return row


def _rows(conn: Connection, table: Table) -> Iterator[Any]:
    key = list(table.primary_key.columns)
    yield from conn.execution_options(yield_per=BATCH).execute(select(table).order_by(*key))


@contextmanager
def _snapshot(engine: Engine) -> Iterator[Connection]:
    """One read transaction for every table: on PostgreSQL REPEATABLE READ (one snapshot of the
    whole database, however long the backup takes, without stopping the writers), on SQLite a
    read transaction (WAL: the same)."""
    with engine.connect() as conn:
        if not db.is_sqlite(engine):
            conn = conn.execution_options(isolation_level="REPEATABLE READ")
        with conn.begin():
            yield conn


@dataclass
class Summary:
    revision: str | None
    counts: dict[str, int]
    reports: list[records.Report] = field(default_factory=list)
    key_restored: bool = False

    @property
    def bad(self) -> list[records.Report]:
        return [r for r in self.reports if not r.ok]


def backup(ctx: Context, target: Path) -> Summary:
    """Write the backup of the context's database (and its key) to `target`."""
    counts: dict[str, int] = {}
    revision = migrations.current_revision(ctx.engine)
    with tempfile.TemporaryDirectory(prefix="pbem-backup-") as scratch, \
            tarfile.open(target, "w:gz") as tar, _snapshot(ctx.engine) as conn:
        for table in _tables():
            path = Path(scratch) / f"{table.name}.jsonl"
            n = 0
            with path.open("w", encoding="utf-8") as out:
                for row in _rows(conn, table):
                    out.write(json.dumps(_out(table, row), ensure_ascii=False,
                                         separators=(",", ":")) + "\n")
                    n += 1
            counts[table.name] = n
            tar.add(path, arcname=f"tables/{table.name}.jsonl")
        _add(tar, "secret_key", ctx.settings.secret_key.encode())
        manifest = {"format": FORMAT, "revision": revision, "created_at":
                    datetime.now(UTC).isoformat(), "tables": counts,
                    "skipped": sorted(SKIPPED)}
        _add(tar, "manifest.json", json.dumps(manifest, indent=1).encode())
    target.chmod(0o600)  # it holds the key and every player's address
    return Summary(revision, counts)


def _add(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size, info.mode = len(data), 0o600
    tar.addfile(info, io.BytesIO(data))


def restore(ctx: Context, source: Path, *, key_given: bool = False,
            verify: bool = True) -> Summary:
    """Load `source` into the context's database, which must be empty (migrated or not), then
    verify every game. `key_given`: PBEM_SECRET_KEY is set (the backup's key must be it);
    otherwise the backup's key is written to the instance folder."""
    try:
        tar = tarfile.open(source, "r:gz")  # noqa: SIM115 (closed by the `with tar` below)
    except (OSError, tarfile.TarError) as error:
        raise Invalid(f"{source} is not a backup made by `pbem db backup`: {error}") from None
    with tar:
        manifest = json.loads(_member(tar, "manifest.json"))
        if manifest.get("format") != FORMAT:
            raise Invalid(f"{source} is not a {FORMAT} backup.")
        head = migrations.head_revision()
        if manifest.get("revision") != head:
            raise Invalid(f"The backup's schema is revision {manifest.get('revision')}, this "
                          f"version of the service's is {head}: restore with the version that "
                          "made it, then upgrade.")
        migrations.upgrade(ctx.engine)
        with db.read(ctx.engine) as conn:
            filled = [t.name for t in metadata.sorted_tables
                      if conn.execute(select(func.count()).select_from(t)).scalar_one()]
        if filled:
            raise Invalid("The database is not empty (" + ", ".join(filled) + "): a backup is "
                          "restored into an empty one.")
        key = _member(tar, "secret_key").decode()
        key_restored = False
        if key_given:
            if key != ctx.settings.secret_key:
                raise Invalid("PBEM_SECRET_KEY is not the key of this backup: unset it (the "
                              "backup's key is then kept in the instance folder) or set it to "
                              "the key the backup holds.")
        else:
            path = Path(ctx.settings.instance) / "secret_key"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(key)
            path.chmod(0o600)
            key_restored = True
        counts: dict[str, int] = {}
        with db.write(ctx.engine) as conn:  # all or nothing
            for table in _tables():
                counts[table.name] = _load(conn, tar, table)
            if not db.is_sqlite(ctx.engine):
                _reset_sequences(conn)
    expected = {k: int(v) for k, v in manifest.get("tables", {}).items()}
    if counts != {k: expected.get(k, 0) for k in counts}:
        raise Invalid(f"The backup's tables hold other row counts than its manifest says: "
                      f"{counts} against {expected}.")
    summary = Summary(manifest.get("revision"), counts, key_restored=key_restored)
    if verify:
        restored = ctx if not key_restored else _with_key(ctx, key)
        with db.read(ctx.engine) as conn:
            ids = conn.execute(select(games.c.id).order_by(games.c.id)).scalars().all()
        summary.reports = [_verified(restored, game_id) for game_id in ids]
    return summary


def _verified(ctx: Context, game_id: str) -> records.Report:
    """`pbem verify`'s report, or a failed one when the game cannot be checked here (a game
    this version of the service does not run)."""
    from service.errors import ServiceError

    try:
        return records.verify(ctx, game_id)
    except ServiceError as error:
        return records.Report(game_id).fail(None, error.detail)


def _with_key(ctx: Context, key: str) -> Context:
    from dataclasses import replace

    return replace(ctx, settings=replace(ctx.settings, secret_key=key))


def _member(tar: tarfile.TarFile, name: str) -> bytes:
    try:
        member = tar.extractfile(name)
    except KeyError:
        member = None
    if member is None:
        raise Invalid(f"The backup has no {name}.")
    return member.read()


def _load(conn: Any, tar: tarfile.TarFile, table: Table) -> int:
    try:
        member = tar.extractfile(f"tables/{table.name}.jsonl")
    except KeyError:
        return 0  # a table the backup's schema had no rows file for
    if member is None:
        return 0
    n, batch = 0, []
    for line in io.TextIOWrapper(member, encoding="utf-8"):
        if not line.strip():
            continue
        batch.append(_in(table, json.loads(line)))
        if len(batch) >= BATCH:
            conn.execute(insert(table), batch)
            n, batch = n + len(batch), []
    if batch:
        conn.execute(insert(table), batch)
        n += len(batch)
    return n


def _reset_sequences(conn: Any) -> None:
    """Rows came with their ids: PostgreSQL's sequences must go on after the largest."""
    for table in _tables():
        if "id" in table.columns and table.columns["id"].autoincrement is True:
            conn.execute(text(
                f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                f"COALESCE((SELECT MAX(id) FROM {table.name}), 1), "
                f"(SELECT MAX(id) FROM {table.name}) IS NOT NULL)"))
