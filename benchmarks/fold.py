"""Fold speed: a recorded complete 5-player game folded from its events, and `decide` per command.

    .venv/bin/python benchmarks/fold.py [--repeat N]

Prints events per second and milliseconds per full game for the fold (target: under 5 ms), the
time `decide` takes per command while replaying the game's decisions, and, so the figures can be
compared across machines, the same machine's time for a plain Python loop of dict updates.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from domain.core.events import Event
from domain.elgrande import evolve, rules
from domain.elgrande.state import State

GAME = Path(__file__).parent / "data" / "el-grande-5p.jsonl"


def load() -> list[Event]:
    return [Event.from_json(json.loads(line)) for line in GAME.read_text().splitlines()]


def best_of(fn, repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--smoke", action="store_true",
                        help="a tiny run that only proves the script works (the test suite's)")
    args = parser.parse_args()
    if args.smoke:
        args.repeat = 2
    events = load()
    final = evolve.fold(events)
    assert final.phase == "over", "the recorded game is not complete"

    best, median = best_of(lambda: evolve.fold(events), args.repeat)
    print(f"fold: {len(events)} events of a complete 5-player game")
    print(f"  best {best * 1e3:.2f} ms, median {median * 1e3:.2f} ms per full game "
          f"(target < 5 ms); {len(events) / median:,.0f} events/s")

    # decide: replay random legal commands over fresh games, timing each decide call.
    rng = random.Random(1)
    timings = []
    for g in range(10):
        s = evolve.fold(rules.create(5, {}, f"decide-{g}"))
        while s.phase != "over":
            d = rng.choice(rules.pending(s))
            c = rules.sample_command(s, d, rng)
            start = time.perf_counter()
            new = rules.decide(s, c)
            timings.append(time.perf_counter() - start)
            s = evolve.fold(new, s)
    timings.sort()
    print(f"decide: {len(timings)} commands over 10 5-player games: median "
          f"{statistics.median(timings) * 1e6:.0f} µs, p99 {timings[int(len(timings) * .99)] * 1e6:.0f} µs")

    # A machine yardstick: the same number of dict-of-list updates in plain Python.
    def yardstick() -> None:
        d = {i: [0] * 5 for i in range(10)}
        for i in range(len(events) * 10):
            d[i % 10][i % 5] += 1

    y, _ = best_of(yardstick, 50)
    print(f"yardstick: {y * 1e3:.2f} ms for {len(events) * 10} dict updates; fold/yardstick = "
          f"{best / y:.1f}")
    _ = State


if __name__ == "__main__":
    main()
