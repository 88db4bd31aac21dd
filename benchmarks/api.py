"""The service's speed through the real HTTP stack (`pbem serve` in a subprocess) on PostgreSQL.

    .venv/bin/python benchmarks/api.py [--clients 16] [--processes 2] [--view-games 10000]
                                       [--loads 0.25,0.5,0.75] [--server-workers none]

1. Raw single-row INSERT (+ commit) rate of the same database, with 1 and with N connections: the
   yardstick that makes the figures comparable across machines.
2. Saturation (closed loop): N clients, each playing whole 3-player El Grande games over HTTP, one
   legal move at a time, each sending its next move as soon as the last is answered. A game is
   created with a fully given set-up, which makes it deterministic, so its legal moves are worked
   out locally with the game module before the clock starts, and the clients only send them.
   Prints accepted commands/s and p50/p99 command latency. With no pause between requests, N
   requests are always in flight, so by Little's law the mean latency is N ÷ throughput: this
   phase measures capacity, and its latency is queueing time.
3. Latency under load (open loop): the same N clients, new games, each client sending on a fixed
   schedule so that all together offer a given fraction (`--loads`) of the capacity measured in 2.
   Latency is counted from the moment a command was due to be sent, so a slow answer that delays
   the next send is not hidden (no coordinated omission).
4. 10,000 stored games (bulk-inserted straight into the tables: the opening events of each), then
   random view reads (`GET /api/games/{id}` as a seated player), p50/p99, with 1 and N readers.

It creates a scratch database `pbem_bench_<random>` next to `test` (PBEM_BENCH_POSTGRES_URL names
the admin connection; default postgres@127.0.0.1:5432/test) and drops it at the end.
"""

from __future__ import annotations

import argparse
import gc
import http.client
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, insert, text
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from domain.core.commands import Command  # noqa: E402
from domain.elgrande.data import REGION_IDS, stack_contents  # noqa: E402
from domain.games import GAMES  # noqa: E402
from service import migrations, players, progress, store  # noqa: E402
from service.context import build  # noqa: E402
from service.store import now  # noqa: E402
from service.tables import events, games, seats  # noqa: E402

GAME = GAMES["el-grande"]
ADMIN_CANDIDATES = ["postgresql+psycopg://postgres@127.0.0.1:5432/test",
                    "postgresql+psycopg://root@127.0.0.1:5432/test"]


def admin_url() -> str:
    for url in filter(None, [os.environ.get("PBEM_BENCH_POSTGRES_URL"), *ADMIN_CANDIDATES]):
        engine = create_engine(url)
        try:
            with engine.connect():
                return url
        except Exception:
            continue
        finally:
            engine.dispose()
    raise SystemExit("PostgreSQL is not reachable on 127.0.0.1:5432 (PBEM_BENCH_POSTGRES_URL)")


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


# --- 1. the yardstick -----------------------------------------------------------------------------

def raw_insert_rate(url: str, threads: int, seconds: float) -> tuple[float, list[float]]:
    """Single-row INSERTs (each its own committed transaction) from `threads` connections for
    `seconds`: the rate per second and every INSERT's latency."""
    import psycopg

    dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS bench_raw (id bigserial PRIMARY KEY, "
                     "game_id text NOT NULL, seq int NOT NULL, payload jsonb NOT NULL, "
                     "created_at timestamptz NOT NULL DEFAULT now())")
    counts = [0] * threads
    latencies: list[float] = []
    stop = time.monotonic() + seconds

    def run(i: int) -> None:
        with psycopg.connect(dsn, autocommit=True) as conn:
            while time.monotonic() < stop:
                started = time.perf_counter()
                conn.execute("INSERT INTO bench_raw (game_id, seq, payload) VALUES (%s, %s, %s)",
                              (f"g{i}", counts[i], '{"type": "x", "n": 1}'))
                latencies.append(time.perf_counter() - started)
                counts[i] += 1

    started = time.monotonic()
    pool = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return sum(counts) / (time.monotonic() - started), latencies


# --- the server and a client ----------------------------------------------------------------------

def start_server(url: str, threads: int, processes: int, workers: str
                 ) -> tuple[subprocess.Popen[str], int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PBEM_DATABASE_URL": url, "PBEM_SECRET_KEY": "bench",
           "PBEM_INSTANCE": tempfile.mkdtemp(prefix="pbem-bench-"),
           # The same three players start game after game: no limit on invitations here.
           "PBEM_LIMIT_INVITE": "off", "PBEM_LIMIT_INVITE_CLIENT": "off"}
    server = subprocess.Popen([str(Path(sys.executable).with_name("pbem")), "serve", "--port",
                               str(port), "--threads", str(threads),
                               "--processes", str(processes), "--workers", workers],
                              env=env, stderr=subprocess.PIPE, text=True)
    assert server.stderr is not None
    server.stderr.readline()  # "serving on …", printed once migrated
    deadline = time.monotonic() + 30
    while True:  # until the socket accepts connections
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server, port
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("the server did not start") from None


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) used so far by process `pid` and its live children (Linux)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry.name) == pid or int(fields[1]) == pid:  # fields[1]: the parent's pid
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def postgres_cpu() -> float:
    """CPU seconds used so far by the live PostgreSQL processes (Linux)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and (entry / "comm").read_text().strip() == "postgres":
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / ticks
        except OSError:
            continue
    return total


def machine_cpu() -> float:
    """CPU seconds used so far by the whole machine, all cores (Linux /proc/stat)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    busy = sum(values) - values[3] - values[4]  # all but idle and iowait
    return busy / os.sysconf("SC_CLK_TCK")


class Http:
    """One keep-alive connection (per client thread here, per game in load.py)."""

    def __init__(self, port: int, timeout: float = 60) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)

    def call(self, method: str, path: str, token: str, body: Any = None) -> tuple[int, Any]:
        headers = {"Authorization": f"Bearer {token}"}
        data = None
        if body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                raw = response.read()
                return response.status, json.loads(raw) if raw else None
            except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
                # The server closed the connection while it was idle (gunicorn's keep-alive
                # timeout: a seat waits long for its turn under load) before reading the
                # request: a new connection sends it again, as a browser or HTTP library does.
                self.conn.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def random_setup(rng: random.Random) -> dict[str, Any]:
    """A fully given set-up: with it, El Grande draws nothing from the seed (deterministic)."""
    regions = list(REGION_IDS)
    rng.shuffle(regions)
    stacks = {}
    for stack in range(1, 5):
        cards = stack_contents(stack)
        rng.shuffle(cards)
        stacks[str(stack)] = cards
    return {"king": regions[0], "homes": regions[1:4], "first_player": rng.randrange(3),
            "stacks": stacks}


def script(setup: dict[str, Any], rng: random.Random) -> list[tuple[int, dict[str, Any]]]:
    """A whole game's moves (seat, command body), played out locally before the clock starts, so
    the clients spend no CPU on the rules while they are measured. The server resolves the
    system's decisions itself; they are applied here only to follow the game."""
    state = GAME.fold(GAME.create(3, {}, "mirror", setup))
    moves = []
    while not GAME.is_over(state):
        pending = GAME.pending(state)
        system = [d for d in pending if d.seat is None]
        if system:
            state = GAME.fold(GAME.decide(state, Command(system[0].kind)), state)
            continue
        decision = rng.choice(pending)
        command = GAME.sample_command(state, decision, rng)
        moves.append((decision.seat, {k: v for k, v in command.to_json().items() if k != "seat"}))
        state = GAME.fold(GAME.decide(state, command), state)
    return moves


Plan = list[tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]]


def play_games(port: int, organiser: str, tokens: list[str], emails: list[str], plan: Plan,
               latencies: list[float], errors: list[str], interval: float = 0.0,
               offset: float = 0.0) -> int:
    """Play the planned games; return the number of accepted commands.

    interval 0: send each command as soon as the last is answered (closed loop). Otherwise send
    the k-th command at start + offset + k × interval, and count its latency from then."""
    client = Http(port)
    accepted = 0
    due = time.perf_counter() + offset
    for setup, moves in plan:
        # An organiser without a seat creates it: a seated creator may not give the stacks (they
        # alone would know the face-down cards), and the given stacks are what make it scripted.
        status, body = client.call("POST", "/api/games", organiser,
                                   {"game": "el-grande", "seats": emails, "setup": setup})
        if status != 201:
            errors.append(f"create: {status} {body}")
            return accepted
        gid = body["id"]
        for token in tokens:  # the invited players accept: the last acceptance starts it
            status, body = client.call("POST", f"/api/games/{gid}/accept", token)
            if status != 200:
                errors.append(f"accept: {status} {body}")
                return accepted
        for seat, command in moves:
            started = time.perf_counter()
            if interval:
                due += interval
                if due > started:
                    time.sleep(due - started)  # pacing: the schedule, not a wait for a result
                started = due
            status, result = client.call("POST", f"/api/games/{gid}/commands", tokens[seat],
                                         command)
            latencies.append(time.perf_counter() - started)
            if status != 200:
                errors.append(f"command: {status} {result}")
                return accepted
            accepted += 1
    return accepted


def in_threads(n: int, fn: Callable[[int], Any]) -> list[Any]:
    """fn(0..n-1) on n threads at once. The client's own heap is frozen first, so that its
    garbage collections (the plans and ids are large) do not show up as server latency."""
    gc.collect()
    gc.freeze()
    results: list[Any] = [None] * n

    def run(i: int) -> None:
        results[i] = fn(i)

    pool = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return results


# --- 3. many stored games -------------------------------------------------------------------------

def bulk_games(url: str, count: int, player_ids: list[int]) -> list[str]:
    """Store `count` started games quickly: rows and opening events inserted in batches."""
    engine = create_engine(url)
    ids: list[str] = []
    rng = random.Random(7)
    stamp = now()
    batch = 1000
    for start in range(0, count, batch):
        game_rows, seat_rows, event_rows = [], [], []
        for _ in range(min(batch, count - start)):
            gid = "b" + secrets.token_hex(8)
            ids.append(gid)
            seed = secrets.token_hex(16)
            opening = GAME.create(3, {}, seed, random_setup(rng))
            state = GAME.fold(opening)
            game_rows.append({"id": gid, "game": GAME.name, "options": {}, "setup": None,
                              "seed": seed, "players": 3, "status": progress.ACTIVE,
                              "version": len(opening),
                              "waiting_on": progress.waiting_on(GAME, state),
                              "created_by": player_ids[0], "created_at": stamp,
                              "updated_at": stamp})
            seat_rows += [{"game_id": gid, "seat": i, "player_id": p, "accepted_at": stamp}
                          for i, p in enumerate(player_ids)]
            prev = store.GENESIS
            for n, e in enumerate(opening, start=1):  # one batch, hash-chained
                row = {"game_id": gid, "seq": n, "batch": 1, "type": e.type,
                       "version": e.version, "payload": e.to_json()["payload"],
                       "actor": "system", "source": "system", "source_ref": None,
                       "command": None, "created_at": stamp}
                row["hash"] = prev = store.row_hash(row, prev)
                event_rows.append(row)
        with engine.begin() as conn:
            conn.execute(insert(games), game_rows)
            conn.execute(insert(seats), seat_rows)
            conn.execute(insert(events), event_rows)
    with engine.begin() as conn:
        conn.execute(text("ANALYZE"))
    engine.dispose()
    return ids


def read_views(port: int, token: str, ids: list[str], reads: int, seed: int,
               latencies: list[float], errors: list[str]) -> None:
    rng = random.Random(seed)
    client = Http(port)
    for _ in range(reads):
        gid = rng.choice(ids)
        started = time.perf_counter()
        status, body = client.call("GET", f"/api/games/{gid}", token)
        latencies.append(time.perf_counter() - started)
        if status != 200 or body["view"] is None:
            errors.append(f"view: {status}")
            return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--games-per-client", type=int, default=1)
    parser.add_argument("--view-games", type=int, default=10_000)
    parser.add_argument("--reads", type=int, default=4000, help="view reads in all")
    parser.add_argument("--insert-seconds", type=float, default=3.0)
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1,
                        help="server processes (pbem serve --processes; default: one a core)")
    parser.add_argument("--loads", default="0.25,0.5,0.75",
                        help="open-loop offered loads, as fractions of the measured capacity")
    parser.add_argument("--smoke", action="store_true",
                        help="a tiny run (2 clients, few games and reads) that only proves the "
                             "script still works: the test suite runs it")
    parser.add_argument("--server-workers", default="none",
                        choices=["none", "embedded", "celery"],
                        help="pbem serve --workers. none (default): the server settles the "
                             "system's decisions itself but sends no mail, as when Celery workers "
                             "on other machines send it; embedded: mail is rendered and sent on "
                             "these same cores")
    args = parser.parse_args()
    if args.smoke:
        args.clients, args.games_per_client, args.view_games = 2, 1, 50
        args.reads, args.insert_seconds, args.processes, args.loads = 20, 0.2, 1, "0.25"

    admin = admin_url()
    name = f"pbem_bench_{secrets.token_hex(4)}"
    admin_engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with admin_engine.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(admin).set(database=name).render_as_string(hide_password=False)
    server = None
    try:
        ctx = build(url)
        migrations.upgrade(ctx.engine)
        print(f"PostgreSQL database {name}; {os.cpu_count()} CPU(s); {args.clients} clients; "
              f"{args.processes} server process(es)")

        raw_1, lat_1 = raw_insert_rate(url, 1, args.insert_seconds)
        raw_n, lat_n = raw_insert_rate(url, args.clients, args.insert_seconds)
        print(f"raw single-row INSERT+commit: {raw_1:,.0f}/s with 1 connection (p50 "
              f"{ms(pct(lat_1, 50))}, p99 {ms(pct(lat_1, 99))}), {raw_n:,.0f}/s with "
              f"{args.clients} (p50 {ms(pct(lat_n, 50))}, p99 {ms(pct(lat_n, 99))})")

        server, port = start_server(url, args.clients, args.processes, args.server_workers)
        table = []
        for c in range(args.clients):
            emails = [f"c{c}s{s}@bench.example" for s in range(3)]
            table.append((emails, [players.add(ctx, e)[1] for e in emails],
                          players.add(ctx, f"c{c}org@bench.example")[1]))

        def plans_for(seed: int) -> list[Plan]:
            plans = []
            for c in range(args.clients):
                rng = random.Random(seed * 1000 + c)
                setups = [random_setup(rng) for _ in range(args.games_per_client)]
                # The smoke run plays the first moves only: it proves the script works.
                plans.append([(setup, script(setup, rng)[:12 if args.smoke else None])
                              for setup in setups])
            return plans

        plans = plans_for(0)
        latencies: list[float] = []
        errors: list[str] = []
        cpu0 = (time.process_time(), tree_cpu(server.pid), postgres_cpu(), machine_cpu())
        started = time.monotonic()
        counts = in_threads(args.clients, lambda c: play_games(
            port, table[c][2], table[c][1], table[c][0], plans[c], latencies, errors))
        elapsed = time.monotonic() - started
        client_cpu, server_cpu, pg_cpu, all_cpu = (
            time.process_time() - cpu0[0], tree_cpu(server.pid) - cpu0[1],
            postgres_cpu() - cpu0[2], machine_cpu() - cpu0[3])
        accepted = sum(counts)
        if not accepted:  # nothing to measure: say why instead of failing on empty figures
            raise SystemExit("no command was accepted: " + "; ".join(errors[:3]))
        rate = accepted / elapsed
        print(f"commands: {accepted} accepted in {elapsed:.1f} s "
              f"({args.clients * args.games_per_client} whole games) = {rate:,.0f} commands/s; "
              f"latency p50 {ms(pct(latencies, 50))}, p99 {ms(pct(latencies, 99))}, "
              f"max {ms(max(latencies))}; errors {len(errors)}")
        print(f"ratio commands/s ÷ raw inserts/s ({args.clients} connections): "
              f"{rate / raw_n:.3f}  (÷ 1 connection: {rate / raw_1:.3f}); command p99 ÷ raw "
              f"INSERT p99 at {args.clients} connections: "
              f"{pct(latencies, 99) / pct(lat_n, 99):.1f}")
        print(f"Little's law: {args.clients} requests always in flight, so mean latency = "
              f"{args.clients} ÷ {rate:,.0f}/s = {ms(args.clients / rate)}; a p99 of 50 ms "
              f"(about twice the mean) at {args.clients} clients needs about "
              f"{args.clients / 0.025:,.0f} commands/s, i.e. "
              f"{(os.cpu_count() or 1) / (args.clients / 0.025) * 1000:.1f} ms of CPU per command "
              f"for client, server and database together on {os.cpu_count()} core(s)")
        cores = os.cpu_count() or 1
        print(f"CPU while playing ({cores} cores = {cores * elapsed:.1f} CPU-s): clients "
              f"{client_cpu:.1f} s ({client_cpu / all_cpu:.0%} of the CPU used), server "
              f"{server_cpu:.1f} s ({server_cpu / all_cpu:.0%}; "
              f"{server_cpu / max(accepted, 1) * 1000:.1f} ms per command), PostgreSQL "
              f"{pg_cpu:.1f} s, other processes {all_cpu - client_cpu - server_cpu - pg_cpu:.1f} s;"
              f" machine busy {all_cpu / (cores * elapsed):.0%}")
        for error in errors[:5]:
            print("  error:", error)

        for n, load in enumerate(float(x) for x in args.loads.split(",") if x.strip()):
            offered = rate * load
            interval = args.clients / offered  # each client's share of the offered rate
            plans = plans_for(n + 1)
            lat: list[float] = []
            errs: list[str] = []
            t0 = time.monotonic()
            counts = in_threads(args.clients, lambda c, lat=lat, errs=errs, plans=plans,
                                interval=interval: play_games(
                port, table[c][2], table[c][1], table[c][0], plans[c], lat, errs, interval,
                interval * c / args.clients))
            took = time.monotonic() - t0
            print(f"open loop at {load:.0%} of capacity ({offered:,.0f} commands/s offered): "
                  f"{sum(counts) / took:,.0f} commands/s done; latency p50 {ms(pct(lat, 50))}, "
                  f"p99 {ms(pct(lat, 99))}, max {ms(max(lat))}; errors {len(errs)}")

        reader, reader_token = players.add(ctx, "reader@bench.example")
        others = [players.add(ctx, f"r{i}@bench.example")[0].id for i in range(2)]
        t0 = time.monotonic()
        ids = bulk_games(url, args.view_games, [reader.id, *others])
        print(f"stored {len(ids):,} more games in {time.monotonic() - t0:.1f} s")
        for readers in (1, args.clients):
            lat: list[float] = []
            errs: list[str] = []
            t0 = time.monotonic()
            in_threads(readers, lambda r, n=readers, lat=lat, errs=errs: read_views(
                port, reader_token, ids, args.reads // n, 1000 + r, lat, errs))
            took = time.monotonic() - t0
            print(f"view reads, {readers:>2} reader(s), {len(ids):,} games: {len(lat)} reads, "
                  f"{len(lat) / took:,.0f}/s; p50 {ms(pct(lat, 50))}, p99 {ms(pct(lat, 99))}; "
                  f"errors {len(errs)}")
        print(f"median command latency {ms(statistics.median(latencies))}")
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
        with admin_engine.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin_engine.dispose()


if __name__ == "__main__":
    main()
