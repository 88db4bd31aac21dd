"""The whole service under load: many games in play at once, on PostgreSQL and Redis, the way it
runs in production: `pbem serve --processes N --workers celery` (gunicorn), two `pbem worker`
processes (Celery, on Redis), and `pbem mail-in` (replies by SMTP).

    nice -n 19 .venv/bin/python benchmarks/load.py [--games 200] [--seconds 120] [--processes 2]
                                                   [--think 0] [--bot greedy] [--port 8140]
                                                   [--smoke]

Every game in play has three kinds of seat: seat 0 is played over the HTTP API by this script
(a random legal move, drawn from the state this script folds from the database outside the
timed part), seat 1 by mail (the script reads the mail the service wrote for that player, the
local outbox's .eml files, and replies with the move the mail gives as its example, by SMTP to
`pbem mail-in`, as a player's mail client would), and the other seats by the game's bots, which
the workers play. The games are spread over the registered games (a new game is benchmarked
without a new script), and a game that ends is replaced by a new one, so that `--games` are in
play all the time. Closed loop: each game's API move is sent as soon as it is that seat's turn
(after `--think` seconds), so the service runs at its capacity and the latency printed includes
its queueing.

Printed, beside a yardstick of the same run (the raw single-row INSERT+commit latency of the same
database, and `uptime`): commands per second (all sources: API, mail, bots), the latency of an
API command (p50/p95/p99) and of a mail reply until its answer is written (reply-to-answer), the
CPU each part used (the web processes, each worker, the intake, PostgreSQL's backends of this
database, this script) in cores, the Redis queue's length and PostgreSQL's active backends over
the run (what saturates first), and how the requests were shared by the web processes
(connections and CPU per process).

It creates a scratch database `pbem_bench_<random>` (dropped at the end) and uses Redis database
12 (PBEM_BENCH_REDIS_URL) under a key prefix and queue of its own, so it never meets the tests'.
"""

from __future__ import annotations

import argparse
import contextlib
import email
import http.client
import json
import os
import random
import re
import smtplib
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from email import policy
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import command as bench  # noqa: E402
from answers import example_of, start, stop  # noqa: E402  (a mail read, a process run, as answers.py does)
from api import Http  # noqa: E402  (a keep-alive client, as api.py's)
from sqlalchemy import bindparam, select  # noqa: E402

from domain.games import GAMES  # noqa: E402
from service import migrations, players, preferences, states  # noqa: E402
from service.context import build  # noqa: E402
from service.db import dispose  # noqa: E402
from service.tables import games as games_table  # noqa: E402

REDIS = os.environ.get("PBEM_BENCH_REDIS_URL", "redis://127.0.0.1:6379/12")
TICKS = os.sysconf("SC_CLK_TCK")


def pct(values: list[float], p: float) -> float:
    return bench.pct(values, p) if values else float("nan")


def proc_cpu(pid: int) -> float:
    """CPU seconds (user + system) of one process so far; 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            if parent == pid:
                out.append(int(entry.name))
    return out


def tree(pid: int) -> list[int]:
    out = [pid]
    for child in children(pid):
        out += tree(child)
    return out


def machine_cpu() -> float:
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(values) - values[3] - values[4]) / TICKS


def free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


# --- the mail a player reads ----------------------------------------------------------------------

class Table:
    """One game in play and what this script knows of it."""

    def __init__(self, number: int, name: str) -> None:
        self.number = number
        self.name = name
        self.module = GAMES[name]
        self.api_email = f"a{number}@load.example"
        self.mail_email = f"m{number}@load.example"
        self.api_token = ""
        self.mail_token = ""
        self.game_id = ""
        self.version = -1
        self.wake = threading.Event()
        self.ask: EmailMessage | None = None  # the last mail that asks the mail seat a move
        self.replied_at: float | None = None  # when the last reply was handed to SMTP
        self.waiting_since: float | None = None


class Load:
    def __init__(self, args: argparse.Namespace, url: str, instance: Path, web: int,
                 intake: int) -> None:
        self.args = args
        self.url = url
        self.instance = instance
        self.web = web
        self.intake = intake
        self.ctx = build(url, pool_size=8)
        self.tables: list[Table] = []
        self.by_email: dict[str, Table] = {}
        self.by_game: dict[str, Table] = {}
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.measuring = threading.Event()
        self.command_latency: list[float] = []
        self.answer_latency: list[float] = []
        self.counts = {"api": 0, "mail": 0, "mail_fallback": 0, "finished": 0, "refused": 0,
                       "errors": 0}
        self.errors: list[str] = []

    # setting the tables
    def seat_players(self) -> None:
        names = list(GAMES)
        for i in range(self.args.games):
            table = Table(i, names[i % len(names)])
            api_player, table.api_token = players.add(self.ctx, table.api_email, name=f"A{i}")
            # An API client is a program: it reads no mail (the mail seats' players do).
            preferences.change(self.ctx, api_player.id,
                               preferences.Change(email_notifications=False))
            _mail_player, table.mail_token = players.add(self.ctx, table.mail_email,
                                                         name=f"M{i}")
            self.tables.append(table)
            self.by_email[table.mail_email] = table

    def start_game(self, client: Any, table: Table) -> None:
        module = table.module
        n = max(module.min_players, min(3, module.max_players))
        seats: list[Any] = [table.api_email, table.mail_email]
        seats += [{"bot": self.args.bot}] * (n - 2)
        status, body = client.call("POST", "/api/games", table.api_token,
                                   {"game": table.name, "seats": seats})
        assert status == 201, (status, body)
        gid = body["id"]
        status, body = client.call("POST", f"/api/games/{gid}/accept", table.mail_token)
        assert status == 200, (status, body)
        with self.lock:
            self.by_game.pop(table.game_id, None)
            table.game_id, table.version, table.ask = gid, -1, None
            table.replied_at = table.waiting_since = None
            self.by_game[gid] = table

    # the game's own loop: its API seat, its mail seat
    def play(self, table: Table) -> None:
        try:
            self._play(table)
        except Exception as error:  # printed with the figures: a game that stopped is a finding
            with self.lock:
                self.counts["errors"] += 1
                self.errors.append(f"game {table.number} ({table.name}): {error!r}")

    def _play(self, table: Table) -> None:
        client = Http(self.web, timeout=120)
        rng = random.Random(table.number)
        self.start_game(client, table)
        while not self.stop.is_set():
            _v, state, _ = states.load(self.ctx.engine, self.ctx.states, table.game_id,
                                       table.module)
            if table.module.is_over(state):
                with self.lock:
                    self.counts["finished"] += 1
                self.start_game(client, table)
                continue
            pending = [d for d in table.module.pending(state) if d.seat is not None]
            mine = [d for d in pending if d.seat == 0]
            if mine:
                if self.args.think:
                    self.stop.wait(self.args.think)  # a player's thinking, not a wait for a result
                command = table.module.sample_command(state, rng.choice(mine), rng).to_json()
                command.pop("seat", None)
                began = time.perf_counter()
                status, _ = client.call("POST", f"/api/games/{table.game_id}/commands",
                                        table.api_token, command)
                took = time.perf_counter() - began
                with self.lock:
                    if status == 200:
                        self.counts["api"] += 1
                        if self.measuring.is_set():
                            self.command_latency.append(took)
                    else:  # another source moved first (a version conflict): read and go on
                        self.counts["refused"] += 1
                continue
            if any(d.seat == 1 for d in pending):
                self.answer_by_mail(table, state, pending, client, rng)
            table.wake.wait(1.0)
            table.wake.clear()

    def answer_by_mail(self, table: Table, state: Any, pending: list[Any], client: Any,
                       rng: random.Random) -> None:
        now = time.monotonic()
        if table.waiting_since is None:
            table.waiting_since = now
        ask = table.ask
        if ask is not None and table.replied_at is None:
            table.ask = None
            reply = EmailMessage()
            reply["From"], reply["To"] = table.mail_email, str(ask["Reply-To"])
            reply["Subject"] = "Re: " + str(ask["Subject"])
            reply["In-Reply-To"] = str(ask["Message-ID"])
            reply["Message-ID"] = make_msgid(domain="load.example")
            reply.set_content(f"Hello,\n{example_of(ask)}\nThanks")
            table.replied_at = time.perf_counter()
            try:
                with smtplib.SMTP("127.0.0.1", self.intake, timeout=120) as smtp:
                    smtp.send_message(reply)
            except (OSError, smtplib.SMTPException) as error:
                with self.lock:
                    self.counts["errors"] += 1
                    self.errors.append(f"smtp: {error}")
                table.replied_at = None
            return
        if now - table.waiting_since > self.args.mail_patience:
            # No mail asked for the move in time (a refused reply's answer, an ask lost to a
            # version the bots moved past): the seat's move goes over the API instead, so the game
            # goes on; counted apart.
            decision = rng.choice([d for d in pending if d.seat == 1])
            command = table.module.sample_command(state, decision, rng).to_json()
            command.pop("seat", None)
            status, _ = client.call("POST", f"/api/games/{table.game_id}/commands",
                                    table.mail_token, command)
            with self.lock:
                self.counts["mail_fallback" if status == 200 else "refused"] += 1
            table.waiting_since = None
            table.replied_at = None

    # the players' inboxes: the local outbox folder
    def read_mail(self) -> None:
        folder = self.instance / "mail"
        pattern = re.compile(r"[am]\d+@load\.example")
        while not self.stop.is_set():
            try:
                names = sorted(e.name for e in os.scandir(folder) if e.name.endswith(".eml"))
            except FileNotFoundError:
                names = []
            for name in names:
                path = folder / name
                try:
                    message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
                    path.unlink()
                except OSError:
                    continue
                found = pattern.search(str(message["To"]))
                table = self.by_email.get(found.group(0)) if found else None
                if table is None:
                    continue
                arrived = time.perf_counter()
                if (table.replied_at is not None
                        and str(message["Subject"]).startswith("Re:")):
                    with self.lock:
                        self.counts["mail"] += 1
                        if self.measuring.is_set():
                            self.answer_latency.append(arrived - table.replied_at)
                    table.replied_at = None
                    table.waiting_since = None
                if example_of(message) and message["Reply-To"]:
                    table.ask = message
                table.wake.set()
            self.stop.wait(0.05)  # polling a folder: there is nothing to wait on

    # who moved: one query for every game, waking the games that did
    def watch_versions(self) -> None:
        query = select(games_table.c.id, games_table.c.version).where(
            games_table.c.id.in_(bindparam("ids", expanding=True)))
        while not self.stop.is_set():
            ids = list(self.by_game)
            if ids:
                with self.ctx.engine.connect() as conn:
                    rows = conn.execute(query, {"ids": ids}).all()
                for gid, version in rows:
                    table = self.by_game.get(gid)
                    if table is not None and table.version != version:
                        table.version = version
                        table.wake.set()
            self.stop.wait(0.1)  # polling the versions: one light query for all games


# --- the processes ---------------------------------------------------------------------------------

def wait_for(condition: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"no {what} within {timeout} s")
        time.sleep(0.1)  # polling a process coming up


def connects(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


def listening(port: int) -> int:
    """Listening IPv4 sockets on `port`: one a web process (each has its own, SO_REUSEPORT)."""
    lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
    return sum(1 for line in lines if int(line.split()[1].split(":")[1], 16) == port
               and line.split()[3] == "0A")


def web_connections(port: int) -> dict[int, int]:
    """Established connections on the web port, by the pid holding them (ss)."""
    out = subprocess.run(["ss", "-Htnp", "state", "established", f"( sport = :{port} )"],
                         capture_output=True, text=True).stdout
    counts: dict[int, int] = {}
    for pid in re.findall(r"pid=(\d+)", out):
        counts[int(pid)] = counts.get(int(pid), 0) + 1
    return counts


def connections_spread(port: int, n: int) -> dict[int, int]:
    """Open `n` keep-alive connections together, one request on each, then count which web
    process holds each: how `--processes` shares clients that stay connected."""
    clients = [http.client.HTTPConnection("127.0.0.1", port, timeout=60) for _ in range(n)]
    try:
        for c in clients:
            c.connect()
        for c in clients:
            c.request("GET", "/api")
        for c in clients:
            c.getresponse().read()
        return web_connections(port)
    finally:
        for c in clients:
            c.close()


def backends(admin: Any, name: str) -> dict[str, Any]:
    """PostgreSQL's backends of this database: pids, and how many are active or waiting."""
    from sqlalchemy import text

    with admin.connect() as conn:
        rows = conn.execute(text(
            "SELECT pid, state, wait_event_type FROM pg_stat_activity WHERE datname = :d"),
            {"d": name}).all()
    return {"pids": [r.pid for r in rows],
            "active": sum(1 for r in rows if r.state == "active"),
            "waiting": sum(1 for r in rows if r.state == "active" and r.wait_event_type
                           in ("Lock", "LWLock", "IO"))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games in play at once")
    parser.add_argument("--seconds", type=float, default=120, help="measured time")
    parser.add_argument("--warmup", type=float, default=20, help="seconds before measuring")
    parser.add_argument("--processes", type=int, default=2, help="pbem serve --processes")
    parser.add_argument("--threads", type=int, default=8, help="threads per web process")
    parser.add_argument("--workers", type=int, default=2, help="Celery worker processes")
    parser.add_argument("--concurrency", type=int, default=4, help="threads per worker")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds before each API move (0: closed loop at capacity)")
    parser.add_argument("--bot", default="greedy", help="the bots' level")
    parser.add_argument("--mail-patience", type=float, default=90.0,
                        help="seconds the mail seat waits for a mail asking its move before its "
                             "move goes over the API (counted apart)")
    parser.add_argument("--port", type=int, default=8140,
                        help="the web server's port; the intake's is the next (else free ones)")
    parser.add_argument("--smoke", action="store_true", help="a tiny run (the test suite's)")
    args = parser.parse_args()
    if args.smoke:
        # One web process and one worker: the smoke run proves the script works, and each process
        # more is seconds of start-up (tests/service/test_serve_processes.py runs two).
        args.games, args.seconds, args.warmup, args.processes, args.workers = 3, 2, 1, 1, 1
    web, intake = args.port, args.port + 1
    if not (free(web) and free(intake)):
        web, intake = bench_free_port(), bench_free_port()

    from sqlalchemy import create_engine

    url, drop = bench.scratch_database("postgres")
    name = url.rsplit("/", 1)[1].split("?")[0]
    from api import admin_url

    admin = create_engine(admin_url(), isolation_level="AUTOCOMMIT")
    run = uuid.uuid4().hex[:8]
    folder = Path(tempfile.mkdtemp(prefix="pbem-load-"))
    instance = folder / "instance"
    env = {**os.environ, "PBEM_INSTANCE": str(instance), "PBEM_SECRET_KEY": "bench",
           "PBEM_DATABASE_URL": url, "PBEM_BASE_URL": f"http://127.0.0.1:{web}",
           "PBEM_LIMIT_INVITE": "off", "PBEM_LIMIT_INVITE_CLIENT": "off",
           "PBEM_BROKER_URL": REDIS, "PBEM_BROKER_PREFIX": f"pbem-load-{run}:",
           "PBEM_QUEUE": f"pbem-load-{run}", "PBEM_BOT_BUDGET": "0.2"}
    env.pop("PBEM_SMTP_HOST", None)  # the mail is written to the local outbox, read back here
    procs: dict[str, subprocess.Popen[bytes]] = {}
    load = None
    try:
        ctx = build(url, pool_size=2)
        migrations.upgrade(ctx.engine)
        dispose(ctx.engine)
        log = folder / "service.log"
        procs["web"] = start(["serve", "--port", str(web), "--processes", str(args.processes),
                              "--threads", str(args.threads), "--workers", "celery"], env, log)
        for i in range(1, args.workers + 1):
            procs[f"worker {i}"] = start(["worker", "--concurrency", str(args.concurrency),
                                          "--loglevel", "WARNING"], env, log)
        procs["mail-in"] = start(["mail-in", "--port", str(intake)], env, log)
        wait_for(lambda: connects(web) and connects(intake), 90, "web server and intake")
        wait_for(lambda: listening(web) >= args.processes, 90, "every web process")
        spread = connections_spread(web, args.games)
        print(f"{args.games} keep-alive connections opened at once, each answered once: held by "
              f"the web processes {sorted(spread.values())}")
        load = Load(args, url, instance, web, intake)
        load.seat_players()
        import redis

        queue = redis.Redis.from_url(REDIS)
        queue_key = f"pbem-load-{run}:pbem-load-{run}"
        threads = [threading.Thread(target=load.read_mail, daemon=True),
                   threading.Thread(target=load.watch_versions, daemon=True)]
        threads += [threading.Thread(target=load.play, args=(t,), daemon=True)
                    for t in load.tables]
        for t in threads:
            t.start()
        load.stop.wait(args.warmup)  # the games start and the caches fill: not measured

        web_pids = [p for p in tree(procs["web"].pid) if p != procs["web"].pid] or [
            procs["web"].pid]  # one process (waitress): itself
        roles = {role: tree(p.pid) for role, p in procs.items()}
        pg = backends(admin, name)
        before = {pid: proc_cpu(pid) for pids in roles.values() for pid in pids}
        pg_before = {pid: proc_cpu(pid) for pid in pg["pids"]}
        client0, machine0 = time.process_time(), machine_cpu()
        counts0 = dict(load.counts)
        events0 = count_events(admin, url)
        samples: list[dict[str, Any]] = []
        waiting: Counter[str] = Counter()
        load.measuring.set()
        t0 = time.monotonic()
        while time.monotonic() - t0 < args.seconds:
            load.stop.wait(min(2.0, args.seconds / 2))  # sampling the queues every 2 s
            seen = backends(admin, name)
            for raw in queue.lrange(queue_key, 0, 99):  # what the workers have still to do
                with contextlib.suppress(ValueError, KeyError, TypeError):
                    waiting[json.loads(raw)["headers"]["task"].rsplit(".", 1)[-1]] += 1
            samples.append({"queue": int(queue.llen(queue_key)), "active": seen["active"],
                            "waiting": seen["waiting"],
                            "connections": web_connections(web)})
        elapsed = time.monotonic() - t0
        load.measuring.clear()
        events1 = count_events(admin, url)
        client_cpu = time.process_time() - client0
        machine = machine_cpu() - machine0
        used = {role: sum(proc_cpu(p) - before.get(p, 0.0) for p in tree(procs[role].pid))
                for role in procs}
        per_web = {p: proc_cpu(p) - before.get(p, 0.0) for p in web_pids}
        pg_now = backends(admin, name)
        pg_cpu = sum(proc_cpu(p) - pg_before.get(p, 0.0) for p in pg_now["pids"])
        counts = {k: load.counts[k] - counts0[k] for k in load.counts}
        with open("/proc/loadavg") as f:
            loadavg = f.read().split()[:3]
        yard = raw_insert(url, 200 if not args.smoke else 5)
        cores = os.cpu_count() or 1
        commands = events1[1] - events0[1]
        print(f"{args.games} games in play ({', '.join(GAMES)} in turn; seat 0 over the API, "
              f"seat 1 by mail, the others {args.bot} bots), {args.processes} web processes × "
              f"{args.threads} threads, {args.workers} Celery worker(s) × {args.concurrency} "
              f"threads, PostgreSQL "
              f"and Redis; {cores} cores; load average {' '.join(loadavg)}; measured "
              f"{elapsed:.0f} s after {args.warmup:.0f} s of warm-up")
        print(f"throughput: {commands / elapsed:.1f} commands/s of every source ({commands} "
              f"command batches in the events table: API {counts['api']}, mail "
              f"{counts['mail']} answered, mail seats moved over the API after "
              f"{args.mail_patience:.0f} s without an ask {counts['mail_fallback']}, the rest "
              f"bots' and the system's); {(events1[0] - events0[0]) / elapsed:.0f} events/s; "
              f"games finished {counts['finished']}; refused {counts['refused']}, errors "
              f"{counts['errors']}")
        lat = load.command_latency
        print(f"API command latency: p50 {pct(lat, 50) * 1e3:.0f} ms, p95 "
              f"{pct(lat, 95) * 1e3:.0f} ms, p99 {pct(lat, 99) * 1e3:.0f} ms "
              f"({len(lat)} commands)")
        ans = load.answer_latency
        print(f"reply to answer (SMTP handed → the answer's .eml written): p50 "
              f"{pct(ans, 50):.2f} s, p95 {pct(ans, 95):.2f} s, p99 {pct(ans, 99):.2f} s "
              f"({len(ans)} replies)")
        print(f"yardstick: a raw INSERT+commit on the same database, {yard[0]:.2f} ms CPU, "
              f"p50 {yard[1]:.1f} ms, p99 {yard[2]:.1f} ms")
        print("CPU used, in cores (CPU-seconds per second; one Python process ≤ 1): "
              + ", ".join(f"{role} {used[role] / elapsed:.2f}" for role in procs)
              + f", PostgreSQL (this database's backends) {pg_cpu / elapsed:.2f}, this script "
              f"{client_cpu / elapsed:.2f}; the whole machine {machine / elapsed:.2f} of {cores}")
        if commands:
            workers = sum(v for k, v in used.items() if k.startswith("worker"))
            print(f"CPU: web {used['web'] / max(1, counts['api']) * 1e3:.1f} ms per API command "
                  f"(game creations included), the intake "
                  f"{used['mail-in'] / max(1, counts['mail']) * 1e3:.0f} ms per reply, the "
                  f"workers {workers / commands * 1e3:.1f} ms and PostgreSQL "
                  f"{pg_cpu / commands * 1e3:.1f} ms per command of any source (this script's "
                  f"reads included)")
        queues = [s["queue"] for s in samples]
        print(f"Redis queue (tasks waiting for a worker): mean {statistics.fmean(queues):.0f}, "
              f"max {max(queues)}, at the end {queues[-1]}; PostgreSQL backends active: mean "
              f"{statistics.fmean(s['active'] for s in samples):.1f}, waiting on a lock or IO: "
              f"mean {statistics.fmean(s['waiting'] for s in samples):.1f}")
        print("tasks waiting in the queue, by name (sampled): " + ", ".join(
            f"{name} {n / max(1, sum(waiting.values())):.0%}" for name, n in waiting.most_common(5)))
        shares = [sorted(s["connections"].values()) for s in samples if s["connections"]]
        print(f"web processes: CPU each {', '.join(f'{c:.1f} s' for c in per_web.values())}; "
              f"keep-alive connections each (of {args.games}), last sample "
              f"{shares[-1] if shares else []}")
        for error in load.errors[:5]:
            print("  error:", error)
    except BaseException:
        for path in folder.glob("*.log"):
            print(f"--- {path.name}", file=sys.stderr)
            print(path.read_text(errors="replace")[-4000:], file=sys.stderr)
        raise
    finally:
        if load is not None:
            load.stop.set()
        for proc in reversed(list(procs.values())):
            stop(proc)
        if load is not None:
            dispose(load.ctx.engine)
        admin.dispose()
        drop()
        import shutil

        shutil.rmtree(folder, ignore_errors=True)
        with contextlib.suppress(Exception):
            import redis

            client = redis.Redis.from_url(REDIS)
            for key in client.scan_iter(f"pbem-load-{run}:*"):
                client.delete(key)


def count_events(admin: Any, url: str) -> tuple[int, int]:
    """(events, command batches) in the run's database so far."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            row = conn.execute(text(
                "SELECT count(*), count(DISTINCT (game_id, batch)) FROM events")).one()
        return int(row[0]), int(row[1])
    finally:
        engine.dispose()


def raw_insert(url: str, n: int) -> tuple[float, float, float]:
    """The yardstick: single-row INSERT+commit through the bare driver, on the same database
    under the same load: (CPU ms each, p50 ms, p99 ms)."""
    import psycopg
    from sqlalchemy.engine import make_url

    dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    times = []
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS bench_raw (id bigserial PRIMARY KEY, "
                     "game_id text NOT NULL, seq int NOT NULL, payload jsonb NOT NULL)")
        cpu = time.process_time()
        for i in range(n):
            began = time.perf_counter()
            conn.execute("INSERT INTO bench_raw (game_id, seq, payload) VALUES (%s, %s, %s)",
                         ("g", i, '{"type": "x", "n": 1}'))
            times.append(time.perf_counter() - began)
        cpu = time.process_time() - cpu
    return cpu / n * 1e3, pct(times, 50) * 1e3, pct(times, 99) * 1e3


def bench_free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


if __name__ == "__main__":
    main()
