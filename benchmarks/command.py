"""The server's CPU per command on the HTTP command path (`POST /api/games/<id>/commands`), every
registered game, PostgreSQL (or SQLite), beside yardsticks measured in the same run.

    .venv/bin/python benchmarks/command.py [--moves 150] [--database postgres|sqlite]
                                           [--http] [--profile] [--smoke]

The CPU is counted, not timed (`time.process_time`, the process's own CPU), so that the figures
hold on a shared machine: the database's processes and other people's work are not in them.

1. In process: the Flask app called as WSGI, one request at a time, each game played with
   random legal moves (drawn outside the counted part, from the state the process caches). It
   counts the CPU of each command request, and of two yardsticks through the same app and
   engine: `GET /api` (Flask and flask-smorest with no work: the floor of any request) and a
   raw single-row INSERT + commit through the DB-API driver (the floor of any write).
2. `--http`: the same over real HTTP, `pbem serve --workers none` (waitress, one process) in a
   subprocess, one client: the server process's CPU (/proc) per command and per `GET /api`.
3. `--profile`: cProfile of the in-process commands, the 40 costliest functions by own time and
   by cumulated time.

The target (issue 28): ≤ 1.5 ms of server CPU per command. Reads the registry: a new game is
benchmarked without a new script.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# The same few players are invited game after game: no limit on invitations here.
os.environ.setdefault("PBEM_LIMIT_INVITE", "off")
os.environ.setdefault("PBEM_LIMIT_INVITE_CLIENT", "off")
sys.path.insert(0, str(ROOT / "benchmarks"))

from sqlalchemy import create_engine, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402
from werkzeug.test import EnvironBuilder  # noqa: E402

from domain.games import GAMES  # noqa: E402
from service import migrations, players, states  # noqa: E402
from service.api import create_app  # noqa: E402
from service.context import build  # noqa: E402


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


class Wsgi:
    """Requests made straight to the WSGI app, the CPU of each counted (environ built outside)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def call(self, method: str, path: str, token: str | None = None, body: Any = None
             ) -> tuple[int, bytes, float]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        environ = EnvironBuilder(path=path, method=method, headers=headers,
                                 json=body).get_environ()
        status: list[str] = []

        def start_response(s: str, _headers: Any, _exc: Any = None) -> Any:
            status.append(s)
            return lambda _data: None

        began = time.process_time()
        result = self.app(environ, start_response)
        try:
            data = b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        cpu = time.process_time() - began
        return int(status[0].split()[0]), data, cpu


def raw_insert_cpu(url: str, n: int) -> float:
    """CPU per single-row INSERT + commit through the bare DB-API driver (ms)."""
    if url.startswith("sqlite"):
        import sqlite3

        conn = sqlite3.connect(make_url(url).database or ":memory:", isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("CREATE TABLE IF NOT EXISTS bench_raw (id INTEGER PRIMARY KEY, "
                     "game_id TEXT, seq INT, payload TEXT)")
        began = time.process_time()
        for i in range(n):
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO bench_raw (game_id, seq, payload) VALUES (?, ?, ?)",
                         ("g", i, '{"type": "x", "n": 1}'))
            conn.execute("COMMIT")
        cpu = time.process_time() - began
        conn.close()
        return cpu / n * 1e3
    import psycopg

    dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS bench_raw (id bigserial PRIMARY KEY, "
                     "game_id text NOT NULL, seq int NOT NULL, payload jsonb NOT NULL)")
        began = time.process_time()
        for i in range(n):
            conn.execute("INSERT INTO bench_raw (game_id, seq, payload) VALUES (%s, %s, %s)",
                         ("g", i, '{"type": "x", "n": 1}'))
        return (time.process_time() - began) / n * 1e3


def index_cpu(call: Callable[..., tuple[int, bytes, float]], n: int) -> list[float]:
    out = []
    for _ in range(n):
        status, _, cpu = call("GET", "/api")
        assert status == 200, status
        out.append(cpu * 1e3)
    return out


def setup_tables(ctx: Any, seats: int) -> tuple[list[tuple[str, str]], str]:
    """(email, token) per seat, and an organiser's token."""
    table = []
    for s in range(seats):
        player, token = players.add(ctx, f"s{s}@bench.example", name=f"P{s}")
        table.append((player.email, token))
    return table, players.add(ctx, "org@bench.example", name="Org")[1]


def play(call: Callable[..., tuple[int, bytes, float]], ctx: Any, name: str, module: Any,
         table: list[tuple[str, str]], organiser: str, moves: int, rng: random.Random,
         cpu: list[float], profile: cProfile.Profile | None = None) -> int:
    """Create, start and play one game of `name` over the app; the CPU of each command (ms) is
    appended to `cpu`. Moves are drawn from the state of `ctx` (outside the counted part)."""
    n = max(module.min_players, min(3, module.max_players))
    status, body, _ = call("POST", "/api/games", organiser,
                           {"game": name, "seats": [e for e, _ in table[:n]]})
    assert status == 201, (status, body)
    import json

    gid = json.loads(body)["id"]
    for _, token in table[:n]:
        status, body, _ = call("POST", f"/api/games/{gid}/accept", token)
        assert status == 200, (status, body)
    made = 0
    while made < moves:
        _version, state, _ = states.load(ctx.engine, ctx.states, gid, module)
        if module.is_over(state):
            break
        pending = [d for d in module.pending(state) if d.seat is not None]
        if not pending:
            break
        decision = rng.choice(pending)
        command = module.sample_command(state, decision, rng).to_json()
        command.pop("seat", None)
        if profile is not None:
            profile.enable()
        status, body, took = call("POST", f"/api/games/{gid}/commands",
                                  table[decision.seat][1], command)
        if profile is not None:
            profile.disable()
        assert status == 200, (status, body[:300])
        cpu.append(took * 1e3)
        made += 1
    return made


def scratch_database(kind: str) -> tuple[str, Callable[[], None]]:
    """A database of its own for this run, and what drops it."""
    if kind == "sqlite":
        folder = Path(tempfile.mkdtemp(prefix="pbem-command-"))
        return f"sqlite:///{folder / 'pbem.sqlite3'}", lambda: None
    from api import admin_url

    admin = admin_url()
    name = f"pbem_bench_{secrets.token_hex(4)}"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))

    def drop() -> None:
        with engine.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        engine.dispose()

    return make_url(admin).set(database=name).render_as_string(hide_password=False), drop


class Http:
    """One keep-alive connection to a `pbem serve` subprocess; the CPU is the server's."""

    def __init__(self, port: int, pid: int) -> None:
        import http.client

        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.pid = pid

    def cpu(self) -> float:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def call(self, method: str, path: str, token: str | None = None, body: Any = None
             ) -> tuple[int, bytes, float]:
        import json

        headers = {"Authorization": f"Bearer {token}"} if token else {}
        data = None
        if body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        return response.status, response.read(), 0.0


def serve(url: str) -> tuple[subprocess.Popen[str], int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PBEM_DATABASE_URL": url, "PBEM_SECRET_KEY": "bench",
           "PBEM_INSTANCE": tempfile.mkdtemp(prefix="pbem-command-"),
           "PBEM_LIMIT_INVITE": "off", "PBEM_LIMIT_INVITE_CLIENT": "off"}
    server = subprocess.Popen([str(Path(sys.executable).with_name("pbem")), "serve", "--port",
                               str(port), "--threads", "4", "--workers", "none",
                               "--mail-port", "0"], env=env, stderr=subprocess.PIPE, text=True)
    assert server.stderr is not None
    server.stderr.readline()
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server, port
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("the server did not start") from None
            time.sleep(0.05)  # polling the socket until it listens


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=150, help="commands per game")
    parser.add_argument("--games", type=int, default=2, help="games of each kind")
    parser.add_argument("--database", choices=["postgres", "sqlite"], default="postgres")
    parser.add_argument("--http", action="store_true", help="also over real HTTP (waitress)")
    parser.add_argument("--profile", action="store_true", help="cProfile the commands")
    parser.add_argument("--smoke", action="store_true", help="a tiny run (the test suite's)")
    args = parser.parse_args()
    if args.smoke:
        args.moves, args.games, args.database = 5, 1, "sqlite"
    url, drop = scratch_database(args.database)
    try:
        ctx = build(url, pool_size=2)
        migrations.upgrade(ctx.engine)
        app = create_app(ctx)
        wsgi = Wsgi(app)
        table, organiser = setup_tables(ctx, 6)
        print(f"{args.database}; {os.cpu_count()} CPU(s); CPU counted with process_time "
              f"(the machine may be shared: the figures are this process's own CPU)")
        index_cpu(wsgi.call, 20)  # warm
        yard_index = index_cpu(wsgi.call, 200 if not args.smoke else 5)
        yard_insert = raw_insert_cpu(url, 500 if not args.smoke else 5)
        profile = cProfile.Profile(time.process_time) if args.profile else None
        every: list[float] = []
        rng = random.Random(11)
        for name, module in GAMES.items():
            cpu: list[float] = []
            for _ in range(args.games):
                play(wsgi.call, ctx, name, module, table, organiser, args.moves, rng, cpu,
                     profile)
            every += cpu
            print(f"{name}: {len(cpu)} commands, server CPU per command mean "
                  f"{statistics.fmean(cpu):.2f} ms, p50 {pct(cpu, 50):.2f}, "
                  f"p90 {pct(cpu, 90):.2f}, max {max(cpu):.2f}")
        mean = statistics.fmean(every)
        floor = statistics.fmean(yard_index)
        print(f"yardsticks: GET /api {floor:.2f} ms CPU (p50 {pct(yard_index, 50):.2f}); raw "
              f"INSERT+commit through the driver {yard_insert:.3f} ms CPU")
        print(f"in process, all games: {len(every)} commands, {mean:.2f} ms CPU per command "
              f"(target ≤ 1.5); ÷ GET /api {mean / floor:.1f}; ÷ raw INSERT "
              f"{mean / yard_insert:.0f}")
        if profile is not None:
            for order in ("tottime", "cumulative"):
                out = io.StringIO()
                pstats.Stats(profile, stream=out).sort_stats(order).print_stats(40)
                print(out.getvalue())
        if args.http:
            server, port = serve(url)
            try:
                client = Http(port, server.pid)
                client.call("GET", "/api")
                before = client.cpu()
                n_index = 400 if not args.smoke else 5
                for _ in range(n_index):
                    client.call("GET", "/api")
                http_floor = (client.cpu() - before) / n_index * 1e3
                made = 0
                before = client.cpu()
                spent_setup = 0.0
                for name, module in GAMES.items():
                    for _ in range(args.games):
                        cpu0 = client.cpu()
                        made += play(client.call, ctx, name, module, table, organiser,
                                     args.moves, rng, [])
                        spent_setup += 0.0 * cpu0
                total = (client.cpu() - before) * 1e3
                print(f"over HTTP (waitress, 1 process; the server's CPU from /proc, 10 ms "
                      f"ticks, creations and acceptances included): {made} commands, "
                      f"{total / made:.2f} ms per command; GET /api {http_floor:.2f} ms; "
                      f"÷ GET /api {total / made / http_floor:.1f}")
            finally:
                server.terminate()
                server.wait(timeout=10)
        from service.db import dispose

        dispose(ctx.engine)
    finally:
        drop()


if __name__ == "__main__":
    main()
