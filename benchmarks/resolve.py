"""Time from the last secret submission's HTTP response to the reveal event committed by a real
Celery worker on Redis (target: p99 under 250 ms).

    .venv/bin/python benchmarks/resolve.py --rounds 200

Needs the local PostgreSQL (a throw-away database is created) and Redis. The web app runs under
waitress in this process and publishes the `settle` task after each commit; one worker process
(`--pool solo`, the sealed-bids game of the tests) takes it from Redis. Each round: create a
two-seat game over HTTP, seat 0 bids, seat 1 bids (the clock starts when that response is read),
then this process polls the events table every millisecond until the reveal is there.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, select, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

ADMIN = os.environ.get("PBEM_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS = os.environ.get("PBEM_BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")


def call(base: str, method: str, path: str, token: str, body: Any = None) -> Any:
    request = urllib.request.Request(base + path, method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Authorization": f"Bearer {token}",
                                              "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--smoke", action="store_true",
                        help="a tiny run that only proves the script works (the test suite's)")
    args = parser.parse_args()
    if args.smoke:
        args.rounds = 3

    run = uuid.uuid4().hex[:8]
    name = f"pbem_bench_{run}"
    admin = create_engine(ADMIN, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(ADMIN).set(database=name).render_as_string(hide_password=False)
    env = {"PBEM_BROKER_URL": REDIS, "PBEM_BROKER_PREFIX": f"pbem-bench-{run}:",
           "PBEM_QUEUE": f"pbem-bench-{run}", "PBEM_DATABASE_URL": url,
           "PBEM_SECRET_KEY": "bench", "PBEM_INSTANCE": f"/tmp/pbem-bench-{run}",
           "PBEM_LIMIT_INVITE": "off", "PBEM_LIMIT_INVITE_CLIENT": "off"}  # game after game
    os.environ.update(env)
    worker = None
    try:
        import waitress

        from service import context, migrations, players
        from service.api import create_app
        from service.settings import load_settings
        from service.tables import events
        from tests.service.conftest import test_games
        from workers.app import publisher

        ctx = context.bootstrap(settings=load_settings(url), games=test_games(), pool_size=8,
                                publisher=publisher)
        migrations.upgrade(ctx.engine)
        worker = subprocess.Popen([sys.executable, "-m", "tests.workers.blocking_worker"],
                                  cwd=ROOT, env={**os.environ, **env},
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  start_new_session=True)
        server = waitress.create_server(create_app(ctx), host="127.0.0.1", port=0, threads=8)
        base = f"http://127.0.0.1:{server.effective_port}"
        threading.Thread(target=server.run, daemon=True).start()
        tokens = [players.add(ctx, f"p{i}@example.com")[1] for i in range(2)]
        poller = create_engine(url, isolation_level="AUTOCOMMIT", pool_size=1)

        def revealed(conn: Any, game_id: str) -> bool:
            return conn.execute(select(events.c.seq).where(
                events.c.game_id == game_id, events.c.type == "bids_revealed")).first() is not None

        latencies: list[float] = []
        with poller.connect() as conn:
            for i in range(args.rounds + 5):  # the first 5 warm up the worker and the caches
                game = call(base, "POST", "/api/games", tokens[0], {
                    "game": "bids", "seats": ["p0@example.com", "p1@example.com"]})
                gid = game["id"]
                call(base, "POST", f"/api/games/{gid}/accept", tokens[1])  # starts it
                call(base, "POST", f"/api/games/{gid}/commands", tokens[0],
                     {"type": "bid", "amount": 3})
                call(base, "POST", f"/api/games/{gid}/commands", tokens[1],
                     {"type": "bid", "amount": 2})
                start = time.perf_counter()
                limit = start + 30
                while not revealed(conn, gid):
                    if time.perf_counter() > limit:
                        raise SystemExit(f"no reveal after 30 s in game {gid}")
                    time.sleep(0.001)
                if i >= 5:
                    latencies.append((time.perf_counter() - start) * 1000)
        latencies.sort()

        def pct(p: float) -> float:
            return latencies[min(len(latencies) - 1, max(1, round(p / 100 * len(latencies))) - 1)]

        print(f"resolve latency over {len(latencies)} rounds (last submission's HTTP response "
              f"→ reveal committed by a Celery worker on Redis, PostgreSQL):")
        print(f"  p50 {pct(50):.1f} ms   p90 {pct(90):.1f} ms   p99 {pct(99):.1f} ms   "
              f"max {latencies[-1]:.1f} ms   mean {statistics.mean(latencies):.1f} ms")
        print(f"  target p99 < 250 ms: {'met' if pct(99) < 250 else 'NOT met'}")
        server.close()
        poller.dispose()
        ctx.engine.dispose()
    finally:
        if worker is not None and worker.poll() is None:
            os.killpg(worker.pid, signal.SIGTERM)
            try:
                worker.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(worker.pid, signal.SIGKILL)
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


if __name__ == "__main__":
    main()
