"""The game page's cost as a game grows, every registered game: the page of a game at about 10,
100 and 400 events (or its end), the server's CPU time in process (Flask's test client, SQLite in
a scratch folder; CPU, so that the figures hold while others use the machine), beside a
yardstick measured in the same run (the sign-in page: the same app, no game).

    .venv/bin/python benchmarks/pages.py [--reads 60] [--players 4] [--smoke]

Per game and size: p50 / p99 ms of GET /games/<id> as seat 0, and the ratio of the largest page to
the smallest (target ≤ 1.5: a page costs the same at move 10 and at move 400) and p99 ÷ p50
(target ≤ 3). Then, at each size, the page of a seat that must decide now beside that of a seat
that need not ("mover"): only the mover's page builds the decision's forms, the costliest part of
some games' pages (seat 0 is the mover only at times, so its figures alone hide it). Reads the
registry: a new game is measured without a new script."""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from domain.games import GAMES
from service import commands, lobby, migrations, players, queries, states
from service.api import create_app
from service.context import Context
from service.db import make_engine
from service.settings import Settings
from service.store import Source

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def timed(client: Any, path: str, reads: int) -> list[float]:
    out = []
    for _ in range(reads):
        start = time.process_time()
        response = client.get(path)
        out.append((time.process_time() - start) * 1e3)
        assert response.status_code == 200, (path, response.status_code)
    return out


def context(folder: Path) -> Context:
    url = f"sqlite:///{folder / 'pbem.sqlite3'}"
    engine = make_engine(url, pool_size=4)
    migrations.upgrade(engine)
    settings = Settings(database_url=url, secret_key="bench", instance=folder,
                        base_url="http://localhost:8000")
    return Context(engine=engine, settings=settings, games=dict(GAMES))


def signed_in(app: Any, ctx: Context, player_id: int) -> Any:
    client = app.test_client()
    link = players.magic_link(ctx, player_id)
    path = link[link.index("/login/"):]
    token = CSRF.search(client.get(path).text)
    assert token
    assert client.post(path, data={"csrf_token": token.group(1)}).status_code == 302
    return client


def advance(ctx: Context, name: str, game_id: str, upto: int, rng: random.Random) -> int:
    """Random legal moves through the service until the game has `upto` events (or ends)."""
    module = ctx.games[name]
    while True:
        head = queries.header(ctx, game_id, None)
        state = states.load(ctx.engine, None, game_id, module)[1]
        if head.version >= upto or module.is_over(state):
            return int(head.version)
        human = [d for d in module.pending(state) if d.seat is not None]
        decision = rng.choice(human)
        command = module.sample_command(state, decision, rng)
        commands.handle(game_id, decision.seat, command, Source("api"), ctx=ctx)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reads", type=int, default=60)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--smoke", action="store_true", help="a tiny run (the test suite's)")
    args = parser.parse_args()
    sizes = [10, 100, 400, 10**6]  # the last: the game's end
    if args.smoke:
        args.reads, sizes = 3, [10, 40]
    folder = Path(tempfile.mkdtemp(prefix="pbem-pages-"))
    ctx = context(folder)
    app = create_app(ctx, TESTING=True, RATELIMIT_ENABLED=False)
    people = [players.add(ctx, f"p{i}@bench.example", name=f"P{i}")[0] for i in range(5)]
    organiser = players.add(ctx, "org@bench.example", name="Org")[0]
    clients = [signed_in(app, ctx, p.id) for p in people]
    client = clients[0]
    yard = timed(app.test_client(), "/login", args.reads)
    print(f"yardstick: the sign-in page, p50 {statistics.median(yard):.1f} ms")
    for name, module in GAMES.items():
        n = max(module.min_players, min(args.players, module.max_players))
        game_id = lobby.create(ctx, organiser, game=name,
                               emails=[p.email for p in people[:n]]).game_id
        for p in people[:n]:
            lobby.accept(ctx, game_id, p)
        rng = random.Random(7)
        figures = []
        movers = []
        for size in sizes:
            version = advance(ctx, name, game_id, size, rng)
            if figures and version == figures[-1][0]:
                continue  # the game ended before this size
            client.get(f"/games/{game_id}")  # once untimed: the first read of a new version
            took = timed(client, f"/games/{game_id}", args.reads)
            figures.append((version, statistics.median(took), pct(took, 99)))
            state = states.load(ctx.engine, None, game_id, module)[1]
            asked = sorted({d.seat for d in module.pending(state) if d.seat is not None})
            idle = [seat for seat in range(n) if seat not in asked]
            if asked and idle:
                pair = []
                for seat in (asked[0], idle[0]):
                    clients[seat].get(f"/games/{game_id}")
                    pair.append(statistics.median(timed(clients[seat], f"/games/{game_id}",
                                                        args.reads)))
                movers.append(f"{version} events {pair[0]:.1f} vs {pair[1]:.1f} ms")
        line = ", ".join(f"{v} events p50 {p50:.1f} / p99 {p99:.1f} ms"
                         for v, p50, p99 in figures)
        worst = max(p99 / p50 for _v, p50, p99 in figures)
        print(f"{name} ({n} players): {line}; largest ÷ smallest p50 "
              f"{figures[-1][1] / figures[0][1]:.2f} (target ≤ 1.5); worst p99 ÷ p50 "
              f"{worst:.1f} (target ≤ 3); p50 ÷ yardstick {figures[-1][1] / statistics.median(yard):.1f}")
        print(f"  {name}: the page of a seat asked to decide vs another seat's, p50: "
              f"{'; '.join(movers) or 'no position with both'}")


if __name__ == "__main__":
    main()
