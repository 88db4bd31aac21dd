"""Mails built per game, every registered game: a game played to its end through the service
(random legal moves, SQLite in a scratch folder), each outbox row built into its mail right after
the move that wrote it, as the mail worker does. Prints per game the mails built, the mean (the
cost amortised over a game's mails; target ≤ 10 ms), p50 and max, in CPU time (this process's, so
that the figures hold while others use the machine), and how many board pictures
were rasterised for how many mails that carry one, beside a yardstick measured in the same run
(a plain one-part mail built with the standard library).

    .venv/bin/python benchmarks/mails.py [--players 4] [--smoke]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from email.message import EmailMessage
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pages import context
from sqlalchemy import select

from domain.games import GAMES
from emails.outbound import build_message
from service import commands, lobby, pictures, players, states
from service.store import Source
from service.tables import outbox


def yardstick(n: int = 200) -> float:
    start = time.process_time()
    for i in range(n):
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = "a@example.com", "b@example.com", f"s{i}"
        msg.set_content("Hello\n" * 40)
        msg.as_bytes()
    return (time.process_time() - start) / n * 1e3


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--smoke", action="store_true", help="a tiny run (the test suite's)")
    args = parser.parse_args()
    limit = 40 if args.smoke else 10**6
    ctx = context(Path(tempfile.mkdtemp(prefix="pbem-mails-")))
    people = {p.id: p for p in (players.add(ctx, f"p{i}@bench.example", name=f"P{i}")[0]
                                for i in range(5))}
    organiser = players.add(ctx, "org@bench.example", name="Org")[0]
    yard = yardstick()
    print(f"yardstick: a plain one-part mail built in {yard:.2f} ms")
    for name, module in GAMES.items():
        n = max(module.min_players, min(args.players, module.max_players))
        seated = list(people.values())[:n]
        game_id = lobby.create(ctx, organiser, game=name,
                               emails=[p.email for p in seated]).game_id
        for p in seated:
            lobby.accept(ctx, game_id, p)
        pictures.clear()
        pictures.stats.update(hits=0, misses=0)
        rng = random.Random(5)
        seen, took = 0, []
        while True:
            with ctx.engine.connect() as conn:
                rows = conn.execute(select(outbox).where(outbox.c.game_id == game_id,
                                                         outbox.c.id > seen)
                                    .order_by(outbox.c.id)).all()
            for row in rows:
                seen = row.id
                player = people.get(row.player_id)
                if player is None:
                    continue
                start = time.process_time()
                build_message(row, player, ctx=ctx).as_bytes()
                took.append((time.process_time() - start) * 1e3)
            version, state, _ = states.load(ctx.engine, None, game_id, module)
            if module.is_over(state) or version >= limit:
                break
            decision = rng.choice([d for d in module.pending(state) if d.seat is not None])
            commands.handle(game_id, decision.seat, module.sample_command(state, decision, rng),
                            Source("api"), ctx=ctx)
        drawn = pictures.stats["misses"]
        pictured = drawn + pictures.stats["hits"]
        print(f"{name} ({n} players): {len(took)} mails; mean {statistics.fmean(took):.1f} ms "
              f"(target ≤ 10), p50 {statistics.median(took):.1f}, max {max(took):.1f}; "
              f"{drawn} pictures rasterised for {pictured} mails with one; mean ÷ yardstick "
              f"{statistics.fmean(took) / yard:.0f}")


if __name__ == "__main__":
    main()
