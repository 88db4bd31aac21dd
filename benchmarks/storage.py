"""Cost as the service grows: the storage a finished game of each kind takes, on PostgreSQL and
SQLite, and what a table of many finished games does to a command.

    .venv/bin/python benchmarks/storage.py [--finished 100000] [--moves 60] [--smoke]

1. Storage: each registered game played to its end through the service (random legal moves,
   its mails queued as in production), in a database of its own; printed per game: events, the
   bytes of its rows in `events` (PostgreSQL: pg_column_size of the rows, and the table with its
   indexes ÷ rows; SQLite: the database file's growth), `snapshots`, `outbox`, and all its rows.
2. Growth: in a scratch PostgreSQL database, `--finished` copies of the finished El Grande game
   (the first registered game) are made by INSERT … SELECT (its rows under new ids: an event's
   hash leaves the game id out, so the copies still verify), then new games are played over the
   app as in benchmarks/command.py; the server's CPU and time per command are printed with the
   table empty and full, in the same run, beside the raw INSERT yardstick.
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import command as bench
from sqlalchemy import text

from domain.games import GAMES
from service import commands, lobby, migrations, players, states
from service.context import build
from service.db import dispose
from service.store import Source

SERIES = "generate_series(CAST(:a AS integer), CAST(:b AS integer)) n"
PER_GAME = ("events", "snapshots", "outbox", "seats", "deadlines", "tasks", "reply_tokens")


def finish(ctx: Any, name: str, module: Any, rng: random.Random) -> tuple[str, int]:
    """A game of `name` played to its end; its id and version."""
    n = max(module.min_players, min(4, module.max_players))
    people = [players.add(ctx, f"p{i}@storage.example", name=f"P{i}")[0] for i in range(n)]
    organiser = players.add(ctx, "org@storage.example", name="Org")[0]
    game_id = lobby.create(ctx, organiser, game=name, emails=[p.email for p in people]).game_id
    for p in people:
        lobby.accept(ctx, game_id, p)
    while True:
        version, state, _ = states.load(ctx.engine, ctx.states, game_id, module)
        if module.is_over(state):
            return game_id, version
        decision = rng.choice([d for d in module.pending(state) if d.seat is not None])
        commands.handle(game_id, decision.seat, module.sample_command(state, decision, rng),
                        Source("api"), ctx=ctx)


def postgres_bytes(ctx: Any, game_id: str) -> dict[str, int]:
    out = {}
    with ctx.engine.connect() as conn:
        for table in (*PER_GAME, "games"):
            column = "id" if table == "games" else "game_id"
            out[table] = int(conn.execute(text(
                f"SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM {table} t "
                f"WHERE {column} = :g"), {"g": game_id}).scalar() or 0)
        out["events_table"] = int(conn.execute(text(
            "SELECT pg_total_relation_size('events')")).scalar() or 0)
        out["events_rows"] = int(conn.execute(text("SELECT count(*) FROM events")).scalar() or 0)
    return out


def sqlite_size(path: Path, ctx: Any) -> int:
    with ctx.engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    return path.stat().st_size


def storage(smoke: bool) -> tuple[str, str] | None:
    """Part 1; returns (database url, id) of the finished first game on PostgreSQL to copy."""
    kept = None
    for name, module in GAMES.items():
        rng = random.Random(3)
        url, drop = bench.scratch_database("postgres")
        ctx = build(url, pool_size=2)
        try:
            migrations.upgrade(ctx.engine)
            game_id, version = finish(ctx, name, module, rng)
            found = postgres_bytes(ctx, game_id)
            held = ctx.states.get(game_id)
            snapshot = len(pickle.dumps(held[1], protocol=pickle.HIGHEST_PROTOCOL)) if held else 0
        finally:
            dispose(ctx.engine)
            if kept is None:
                kept = (url, game_id)
                drop_kept = drop
            else:
                drop()
        folder = Path(tempfile.mkdtemp(prefix="pbem-storage-"))
        path = folder / "pbem.sqlite3"
        lite = build(f"sqlite:///{path}", pool_size=2)
        migrations.upgrade(lite.engine)
        for i in range(5):
            players.add(lite, f"p{i}@storage.example", name=f"P{i}")
        players.add(lite, "org@storage.example", name="Org")
        empty = sqlite_size(path, lite)
        _gid, lite_version = finish(lite, name, module, random.Random(3))
        grown = sqlite_size(path, lite) - empty
        dispose(lite.engine)
        rows = sum(found[t] for t in (*PER_GAME, "games"))
        per_row = found["events_table"] / max(1, found["events_rows"])
        print(f"{name}: {version} events; PostgreSQL: events {found['events'] / 1024:.0f} KB of "
              f"row data ({found['events'] / max(1, version):.0f} B an event; the table with its "
              f"indexes {per_row:.0f} B a row), snapshots {found['snapshots'] / 1024:.1f} KB "
              f"(one of its end state: {snapshot / 1024:.1f} KB), "
              f"outbox {found['outbox'] / 1024:.1f} KB, all its rows {rows / 1024:.0f} KB; "
              f"SQLite: the file grew {grown / 1024:.0f} KB ({lite_version} events)")
        if smoke:
            break
    STATE["drop"] = drop_kept
    return kept


STATE: dict[str, Any] = {}


def copies(url: str, game_id: str, count: int) -> float:
    """`count` copies of the finished game's rows under new ids; seconds taken."""
    from sqlalchemy import create_engine

    engine = create_engine(url)
    started = time.monotonic()
    batch = 2000
    with engine.begin() as conn:
        columns = {t: [r[0] for r in conn.execute(text(
            "SELECT column_name FROM information_schema.columns WHERE table_name = :t "
            "AND column_name NOT IN ('id', 'game_id') ORDER BY ordinal_position"), {"t": t})]
            for t in ("events", "snapshots", "outbox", "seats", "deadlines")}
        games_columns = [r[0] for r in conn.execute(text(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'games' "
            "AND column_name <> 'id' ORDER BY ordinal_position"))]
    for first in range(0, count, batch):
        last = min(count, first + batch)
        with engine.begin() as conn:
            conn.execute(text(
                f"INSERT INTO games (id, {', '.join(games_columns)}) SELECT 'c' || n, "
                f"{', '.join(games_columns)} FROM games, {SERIES} WHERE games.id = :g"),
                {"a": first, "b": last - 1, "g": game_id})
            for table, cols in columns.items():
                listed = ", ".join(cols)
                conn.execute(text(
                    f"INSERT INTO {table} (game_id, {listed}) SELECT 'c' || n, {listed} "
                    f"FROM {table}, {SERIES} WHERE {table}.game_id = :g"),
                    {"a": first, "b": last - 1, "g": game_id})
    with engine.connect() as conn:
        conn.execute(text("ANALYZE"))
    engine.dispose()
    return time.monotonic() - started


def commands_cpu(url: str, moves: int) -> tuple[float, float, float]:
    """(CPU ms, wall ms per command, GET /api CPU ms) of new games played over the app."""
    from service.api import create_app

    ctx = build(url, pool_size=2)
    try:
        app = create_app(ctx)
        wsgi = bench.Wsgi(app)
        table, organiser = bench.setup_tables(ctx, 6)
        floor = statistics.fmean(bench.index_cpu(wsgi.call, 50))
        cpu: list[float] = []
        walls: list[float] = []
        rng = random.Random(8)

        def timed_call(*args: Any) -> tuple[int, bytes, float]:
            started = time.perf_counter()
            out = wsgi.call(*args)
            walls.append(time.perf_counter() - started)
            return out

        for name, module in GAMES.items():
            walls.clear()
            bench.play(timed_call, ctx, name, module, table, organiser, moves, rng, cpu)
        return statistics.fmean(cpu), statistics.median(walls) * 1e3, floor
    finally:
        dispose(ctx.engine)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--finished", type=int, default=100_000)
    parser.add_argument("--moves", type=int, default=60, help="commands per game measured")
    parser.add_argument("--smoke", action="store_true", help="a tiny run (the test suite's)")
    args = parser.parse_args()
    if args.smoke:
        args.finished, args.moves = 20, 3
    kept = storage(args.smoke)
    assert kept is not None
    url, game_id = kept
    try:
        before = commands_cpu(url, args.moves)
        raw = bench.raw_insert_cpu(url, 200 if not args.smoke else 5)
        took = copies(url, game_id, args.finished)
        from sqlalchemy import create_engine

        engine = create_engine(url)
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT count(*) FROM events")).scalar()
            size = conn.execute(text("SELECT pg_total_relation_size('events')")).scalar()
        engine.dispose()
        after = commands_cpu(url, args.moves)
        raw_after = bench.raw_insert_cpu(url, 200 if not args.smoke else 5)
        print(f"{args.finished:,} finished games copied in {took:.0f} s: events {rows:,} rows, "
              f"{(size or 0) / 2**20:,.0f} MB with indexes")
        print(f"a command, the table nearly empty → with {args.finished:,} finished games: CPU "
              f"{before[0]:.2f} → {after[0]:.2f} ms, p50 time {before[1]:.1f} → {after[1]:.1f} "
              f"ms; yardsticks: GET /api CPU {before[2]:.2f} → {after[2]:.2f} ms, raw INSERT "
              f"CPU {raw:.3f} → {raw_after:.3f} ms")
    finally:
        STATE["drop"]()


if __name__ == "__main__":
    os.environ.setdefault("PBEM_LIMIT_INVITE", "off")
    main()
