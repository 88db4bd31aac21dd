"""The strong bots' time per move against their budget: the longest of N moves, per game.

    .venv/bin/python benchmarks/bots.py [--moves 500] [--budget 0.3] [--game king-and-intrigue]

A searching bot stops its search at 85 % of its budget and lets the iteration under way finish
within a further 10 %; what can still overrun is the work around the search (ranking the
candidates, one playout step). Each game plays one strong bot against greedy ones (3 players,
seeds s1, s2, …) until the strong bot has made `--moves` moves, and prints the median, the 99th
percentile and the longest move, and the longest over the budget (target: at most 1.2), with the
CPU time that longest move used ("its CPU") and the most CPU any move used: a move much longer
than its CPU time waited for the processor, not for its own work.

The budget is wall-clock time, so a loaded machine makes moves late: the yardstick, a fixed plain
Python loop timed before each strong move, says how fast the machine was (its slowest run against
its fastest: 1.0 on an idle machine). Run it under `nice` on a shared machine, one at a time.

`--clock cpu` counts the budget on the bot's own CPU time (as `pbem arena --clock cpu`): then
"most CPU / budget" is the search's own overrun, whatever the machine's load, and the wall-clock
columns say only how long the machine made the bot wait.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from domain.bots import make_bot, search
from domain.games import get_game

GAMES = {"el-grande": {}, "king-and-intrigue": {"players_edition": True, "special_cards": True},
         "el-caballero": {}}


def yardstick() -> float:
    """Seconds for a fixed amount of plain Python work (about 5 ms on a 2020s machine)."""
    started = time.perf_counter()
    d = {i: [0] * 5 for i in range(10)}
    for i in range(50_000):
        d[i % 10][i % 5] += 1
    return time.perf_counter() - started


def strong_moves(game: str, moves: int, budget: float
                 ) -> tuple[list[float], list[float], list[float]]:
    """(each strong move's seconds, its CPU seconds, the yardstick's seconds before each)."""
    module = get_game(game)
    strong = make_bot(module, "strong", budget)
    greedy = make_bot(module, "greedy", budget)
    times: list[float] = []
    cpu: list[float] = []
    sticks: list[float] = []
    index = 0
    while len(times) < moves:
        index += 1
        rng = random.Random(f"bench-{index}")
        s = module.fold(module.create(3, GAMES[game], f"s{index}", None))
        me = index % 3
        while not module.is_over(s) and len(times) < moves:
            d = module.pending(s)[0]
            if d.seat is None:
                command = module.default_command(s, d)
            elif d.seat == me:
                sticks.append(yardstick())
                started, started_cpu = time.perf_counter(), time.process_time()
                command = strong.choose(module.view(s, d.seat), d, rng)
                times.append(time.perf_counter() - started)
                cpu.append(time.process_time() - started_cpu)
            else:
                command = greedy.choose(module.view(s, d.seat), d, rng)
            s = module.fold(module.decide(s, command), s)
    return times, cpu, sticks


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=500)
    parser.add_argument("--budget", type=float, default=0.3)
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--clock", choices=sorted(search.CLOCKS), default="wall",
                        help="what the budget counts: wall-clock or the bot's CPU time")
    parser.add_argument("--smoke", action="store_true", help="a tiny run (the test suite's)")
    args = parser.parse_args()
    search.use_clock(args.clock)
    if args.smoke:
        args.moves, args.budget = 2, 0.05
    print(f"strong bots, budget {args.budget:g} s a move ({args.clock} clock), {args.moves} moves "
          f"per game (3 players, against greedy)")
    print(f"{'game':<18} {'median':>8} {'p99':>8} {'longest':>8} {'longest/budget':>15} "
          f"{'its CPU':>8} {'most CPU':>9} {'yardstick ms (min–max)':>24} {'most CPU/budget':>16}")
    for game in args.game or GAMES:
        times, cpu, sticks = strong_moves(game, args.moves, args.budget)
        ordered = sorted(times)
        p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
        longest = ordered[-1]
        print(f"{game:<18} {statistics.median(times):>8.3f} {p99:>8.3f} {longest:>8.3f} "
              f"{longest / args.budget:>15.2f} {cpu[times.index(longest)]:>8.3f} {max(cpu):>9.3f} "
              f"{min(sticks) * 1e3:>12.1f} – {max(sticks) * 1e3:>9.1f} {max(cpu) / args.budget:>16.2f}",
              flush=True)


if __name__ == "__main__":
    main()
