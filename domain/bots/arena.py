"""The arena: bot levels play each other; win rates and mean scores with 95% confidence intervals.

Seats are rotated from game to game (game i seats the list shifted by i) so that every level plays
every seat equally often and the seat order's advantage cancels out. A shared victory (equal top
scores) counts as a fraction (1/k for k winners), so the win rates of a game add up to 1 and a
level with k of the n seats has an expected share of k/n when it is no better than the others.
Games are independent and seeded (seed-i), so they run in parallel processes and a run repeats.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from domain.bots import make_bot, search
from domain.core import surface
from domain.games import get_game


@dataclass
class GameResult:
    index: int
    seats: list[str]  # level per seat
    scores: list[int]
    credits: list[float]  # win share per seat
    moves: dict[str, int] = field(default_factory=dict)  # bot moves per level
    seconds: dict[str, float] = field(default_factory=dict)  # thinking time per level
    slowest: dict[str, float] = field(default_factory=dict)


def seating(levels: Sequence[str], index: int) -> list[str]:
    n = len(levels)
    return [levels[(seat + index) % n] for seat in range(n)]


def play_game(levels: Sequence[str], index: int, seed: str, budget: float | None = None,
              options: dict[str, Any] | None = None, game: str = "el-grande") -> GameResult:
    seats = seating(levels, index)
    game_seed = f"{seed}-{index}"
    rng = random.Random(f"{game_seed}-bots")
    module = get_game(game)
    bots = {level: make_bot(module, level, budget) for level in set(seats)}
    state = module.fold(module.create(len(seats), options or {}, game_seed, None))
    result = GameResult(index, seats, [], [])
    while not module.is_over(state):
        decision = module.pending(state)[0]
        if decision.seat is None:
            command = module.default_command(state, decision)
        else:
            level = seats[decision.seat]
            bot = bots[level]
            if isinstance(bot, surface.SampleBot):
                bot.bind(state)
            started = search.now()
            command = bot.choose(module.view(state, decision.seat), decision, rng)
            spent = search.now() - started
            result.moves[level] = result.moves.get(level, 0) + 1
            result.seconds[level] = result.seconds.get(level, 0.0) + spent
            result.slowest[level] = max(result.slowest.get(level, 0.0), spent)
        state = module.fold(module.decide(state, command), state)
    by_seat = {r["seat"]: r for r in module.ranking(state)}
    result.scores = [int(by_seat[s].get("score", 0)) for s in range(len(seats))]
    result.credits = credits(result.scores)
    return result


def credits(scores: Sequence[int]) -> list[float]:
    """Each seat's share of the win: 1/k to each of the k seats tied for the top score."""
    top = max(scores)
    winners = [s for s, x in enumerate(scores) if x == top]
    return [1 / len(winners) if s in winners else 0.0 for s in range(len(scores))]


def _play(args: tuple[Sequence[str], int, str, float | None, dict[str, Any] | None, str, str]
          ) -> GameResult:
    *game_args, clock = args
    before = search.clock_name()
    search.use_clock(clock)  # in each process of the pool too: a spawned process starts afresh
    try:
        return play_game(*game_args)
    finally:
        search.use_clock(before)


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


@dataclass
class LevelSummary:
    level: str
    seats: int  # seats per game
    share: float  # expected win share if no better than the others
    win_rate: float
    win_ci: float
    mean_score: float
    score_ci: float
    moves: int
    mean_move_seconds: float
    slowest_move_seconds: float


@dataclass
class ArenaResult:
    levels: list[str]
    games: list[GameResult]
    summaries: list[LevelSummary]
    seconds: float

    def report(self) -> str:
        n = len(self.games)
        lines = [f"{n} games, {len(self.levels)} players ({', '.join(self.levels)}), seats rotated; "
                 f"{self.seconds:.0f} s",
                 f"{'level':<8} {'seats':>5} {'share':>6} {'win rate (95% CI)':>22} "
                 f"{'mean score (95% CI)':>22} {'s/move':>7} {'max':>6}"]
        for x in self.summaries:
            lines.append(
                f"{x.level:<8} {x.seats:>5} {x.share:>6.1%} "
                f"{x.win_rate:>10.1%} ± {x.win_ci:>5.1%}     "
                f"{x.mean_score:>10.1f} ± {x.score_ci:>4.1f}     "
                f"{x.mean_move_seconds:>7.3f} {x.slowest_move_seconds:>6.2f}")
        return "\n".join(lines)


def summarise(levels: Sequence[str], games: Sequence[GameResult]) -> list[LevelSummary]:
    out = []
    for level in dict.fromkeys(levels):
        k = sum(1 for x in levels if x == level)
        wins = [sum(c for c, lv in zip(g.credits, g.seats, strict=True) if lv == level)
                for g in games]
        scores = [x for g in games for x, lv in zip(g.scores, g.seats, strict=True) if lv == level]
        win, win_ci = mean_ci(wins)
        score, score_ci = mean_ci(scores)
        moves = sum(g.moves.get(level, 0) for g in games)
        seconds = sum(g.seconds.get(level, 0.0) for g in games)
        slowest = max((g.slowest.get(level, 0.0) for g in games), default=0.0)
        out.append(LevelSummary(level, k, k / len(levels), win, win_ci, score, score_ci, moves,
                                seconds / moves if moves else 0.0, slowest))
    return out


def run_arena(levels: Sequence[str], games: int, seed: str = "arena", budget: float | None = None,
              options: dict[str, Any] | None = None, processes: int = 2,
              progress: Callable[[GameResult], None] | None = None,
              game: str = "el-grande", clock: str = "wall") -> ArenaResult:
    """Play `games` games of `game` between `levels` (one level per seat) and summarise them.

    `clock` is what a move's budget and the s/move figures count: "wall" (as the service plays)
    or "cpu" (the thread's CPU time: a loaded machine then gives the bots their full thinking)."""
    if clock not in search.CLOCKS:
        raise ValueError(f"unknown clock {clock!r}; clocks: {', '.join(search.CLOCKS)}")
    levels = list(levels)
    module = get_game(game)
    low, high = surface.player_range(module)
    if not low <= len(levels) <= high:
        raise ValueError(f"{surface.title(module)} is for {low} to {high} players: give {low} to "
                         f"{high} bot levels")
    known = surface.bot_levels(module)
    unknown = sorted(set(levels) - set(known))
    if unknown:
        raise ValueError(f"unknown bot level(s) {', '.join(unknown)}; levels: {', '.join(known)}")
    options = surface.check_options(module, options)
    started = time.perf_counter()
    jobs = [(levels, i, seed, budget, options, game, clock) for i in range(games)]
    results: list[GameResult] = []
    if processes > 1 and games > 1:
        with get_context("spawn").Pool(processes) as pool:
            for result in pool.imap_unordered(_play, jobs):
                results.append(result)
                if progress:
                    progress(result)
    else:
        for job in jobs:
            results.append(_play(job))
            if progress:
                progress(results[-1])
    results.sort(key=lambda g: g.index)
    return ArenaResult(levels, results, summarise(levels, results), time.perf_counter() - started)
