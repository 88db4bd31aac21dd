"""Board pictures, every registered game: SVG drawn, PNG rasterised (cold), PNG served again
(the cache of service/pictures.py), and a trivial PNG as the yardstick, all in one run.

    .venv/bin/python benchmarks/boards.py [--repeat 20] [--players 4] [--smoke]

For each game: a game played to its end by random legal moves (seeded), then seat 0's view of it.
Prints per game: SVG ms, PNG cold ms (rasterising with libvips, and with cairosvg, the renderer
before it, in the same run), PNG
warm ms (what `board.png` and a move's later mails pay now: the SVG drawn again and looked up),
and the ratio of the served picture to its SVG (target ≤ 3). Reads the registry: a new game is
measured without a new script."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from domain.core.commands import Command
from domain.core.game import boards_of
from domain.games import GAMES
from service import pictures

YARD = [1.0]
"""The yardstick of this run, ms."""


def timed(fn: Callable[[], object], repeat: int) -> float:
    """The median CPU time of `repeat` runs, in ms (this process's CPU, so that the figures hold
    while others use the machine; libvips draws on one thread, counted too)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1e3


def finished(module, players: int, seed: int):  # type: ignore[no-untyped-def]
    state = module.fold(module.create(players, {}, f"boards-{seed}", None))
    rng = random.Random(seed)
    while not module.is_over(state):
        decision = rng.choice(module.pending(state))
        command = (Command(decision.kind) if decision.seat is None
                   else module.sample_command(state, decision, rng))
        state = module.fold(module.decide(state, command), state)
    return state


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--smoke", action="store_true", help="a tiny run (the test suite's)")
    args = parser.parse_args()
    if args.smoke:
        args.repeat = 2
    tiny = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="4" ' \
           'height="4"/></svg>'
    pictures._rasterise(tiny, None)  # load the renderers outside the clock
    pictures._cairosvg(tiny, None)

    def cold_tiny() -> None:
        pictures._rasterise(tiny, None)

    YARD[0] = timed(cold_tiny, args.repeat)
    print(f"yardstick: a trivial 8×8 PNG rasterised in {YARD[0]:.2f} ms")
    names = [f"P{i}" for i in range(args.players)]
    for name, module in GAMES.items():
        measure(name, module, args.players, args.repeat, names)


def measure(name: str, module: Any, wanted: int, repeat: int, names: list[str]) -> None:
    """One game's figures, printed on one line."""
    players = max(module.min_players, min(wanted, module.max_players))
    view = module.view(finished(module, players, 1), 0)
    boards = boards_of(module)

    def draw() -> str | None:
        return boards.svg(view, "en", names[:players])

    svg = draw()
    if svg is None:
        print(f"{name}: draws no board")
        return
    svg_ms = timed(draw, repeat * 5)
    cold = timed(lambda: pictures._rasterise(svg, None), max(2, repeat // 4))
    cairo = timed(lambda: pictures._cairosvg(svg, None), max(2, repeat // 4))
    pictures.clear()
    pictures.svg_to_png(svg)
    warm = timed(lambda: pictures.svg_to_png(draw() or ""), repeat * 5)
    print(f"{name}: SVG {svg_ms:.2f} ms ({len(svg) // 1024} KB); PNG cold {cold:.1f} ms "
          f"(÷ yardstick {cold / YARD[0]:.0f}; cairosvg {cairo:.1f} ms, ÷ libvips "
          f"{cairo / cold:.1f}); PNG served again {warm:.2f} ms; served ÷ SVG "
          f"{warm / svg_ms:.2f} (target ≤ 3, was {(svg_ms + cold) / svg_ms:.0f} uncached)")

if __name__ == "__main__":
    main()
