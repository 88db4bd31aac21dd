"""The arena: seat rotation, statistics, a small run, and the `pbem arena` command."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from domain.bots.arena import GameResult, credits, mean_ci, run_arena, seating, summarise
from pbem.cli import main


def test_seats_rotate_so_every_level_plays_every_seat():
    levels = ["greedy", "random", "random"]
    seen = [seating(levels, i) for i in range(3)]
    assert seen == [["greedy", "random", "random"], ["random", "random", "greedy"],
                    ["random", "greedy", "random"]]
    assert {s.index("greedy") for s in seen} == {0, 1, 2}


def test_mean_and_confidence_interval():
    assert mean_ci([]) == (0.0, 0.0)
    assert mean_ci([3.0]) == (3.0, 0.0)
    mean, half = mean_ci([0.0, 1.0] * 50)
    assert mean == 0.5 and half == pytest.approx(1.96 * (0.25 * 100 / 99) ** 0.5 / 10)


def test_a_tie_for_first_counts_a_share_of_the_win_to_each_tied_seat():
    assert credits([80, 75, 60]) == [1.0, 0.0, 0.0]
    assert credits([80, 80, 60]) == [0.5, 0.5, 0.0]
    assert credits([70, 70, 70, 20]) == pytest.approx([1 / 3, 1 / 3, 1 / 3, 0.0])
    # in the table: a level with two tied wins out of two games has won one game in all
    games = [GameResult(0, ["strong", "greedy"], [50, 50], credits([50, 50])),
             GameResult(1, ["greedy", "strong"], [40, 40], credits([40, 40]))]
    by = {x.level: x for x in summarise(["strong", "greedy"], games)}
    assert by["strong"].win_rate == by["greedy"].win_rate == 0.5


def test_a_small_arena():
    result = run_arena(["greedy", "random"], games=2, seed="smoke", processes=1)
    assert [g.index for g in result.games] == [0, 1]
    assert [g.seats for g in result.games] == [["greedy", "random"], ["random", "greedy"]]
    for g in result.games:
        assert sum(g.credits) == pytest.approx(1.0)
    by_level = {x.level: x for x in result.summaries}
    assert by_level["greedy"].share == 0.5
    assert by_level["greedy"].win_rate + by_level["random"].win_rate == pytest.approx(1.0)
    assert by_level["greedy"].moves > 0
    report = result.report()
    assert "greedy" in report and "95% CI" in report


def test_unknown_levels_and_player_counts_are_refused():
    with pytest.raises(ValueError, match="unknown"):
        run_arena(["greedy", "genius"], games=1)
    with pytest.raises(ValueError, match="2 to 5"):
        run_arena(["greedy"], games=1)


def test_the_pbem_arena_command():
    result = CliRunner().invoke(main, ["arena", "--bots", "greedy,random", "--games", "2",
                                       "--seed", "cli", "--processes", "1", "--option", "short_game=true"])
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output and "greedy" in result.output
    bad = CliRunner().invoke(main, ["arena", "--bots", "greedy,nobody", "--games", "1"])
    assert bad.exit_code != 0 and "unknown" in bad.output


def test_on_the_cpu_clock_time_the_machine_spends_elsewhere_is_not_a_bots_thinking():
    """`pbem arena --clock cpu`: a move's budget counts the bot's own CPU time, so waiting (here a
    sleep, on a loaded machine the other processes) leaves its thinking whole."""
    import time

    from domain.bots import search

    search.use_clock("cpu")
    try:
        before = search.now()
        time.sleep(0.2)
        waited = search.now() - before
    finally:
        search.use_clock("wall")
    assert waited < 0.05
    assert search.clock_name() == "wall"
    with pytest.raises(ValueError, match="clocks: wall, cpu"):
        search.use_clock("sundial")


def test_an_arena_on_the_cpu_clock_leaves_the_process_on_the_wall_clock():
    from domain.bots import search

    result = run_arena(["strong", "greedy"], games=1, seed="smoke", budget=0.05, processes=1,
                       clock="cpu")
    assert result.games[0].moves["strong"] > 0
    assert search.clock_name() == "wall"
