"""Random complete games through `decide`, with invariants, and the `pbem simulate` command.

`play_random_game` checks after every event: each player's 30 Caballeros, no negative count, the
King's region untouched except by King moves, scores never decreasing, the JSON round trip, the
refold at each round's end, and that somebody can always move. On top of that, each finished game
is checked here against the flow of the rules (power cards, turn order, first player, length,
scores from scorings only, ranking).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from domain.core.events import Event
from domain.elgrande import evolve
from domain.elgrande.data import POWER_CARDS
from domain.elgrande.invariants import check_event
from domain.simulate import InvariantViolation, play_random_game
from tests.domain.helpers import Table

# 500 games in the suite (a break in one game of a hundred is caught with odds of 1 - 0.99**500,
# 99.3 %):
# the thousands a rules change deserves are `pbem simulate --games 5000`, or this test with
# PBEM_SIM_GAMES_PER_CHUNK=125 (2,500 games) — kept out of `bin/test`'s ten minutes.
CHUNKS = 20
GAMES_PER_CHUNK = int(os.environ.get("PBEM_SIM_GAMES_PER_CHUNK", "25"))


def _options(i: int) -> tuple[int, dict]:
    players = 2 + i % 4
    options = {
        "edition": ("decennial", "original")[(i // 4) % 2],
        "short_game": i % 5 == 0,
        "take_exact": i % 7 == 0,
        "castillo_visibility": ("memory", "open")[i % 3 == 0],
    }
    return players, options


def _rounds(events: list[Event]) -> list[list[Event]]:
    rounds: list[list[Event]] = []
    for event in events:
        if event.type == "round_started":
            rounds.append([])
        if rounds:
            rounds[-1].append(event)
    return rounds


def check_game(record) -> None:
    s = record.state
    events = record.events
    assert s.phase == "over" and events[-1].type == "game_ended"
    rounds = _rounds(events)
    expected = [2, 3, 5, 6, 8, 9] if record.options["short_game"] else list(range(1, 10))
    assert [r[0]["round"] for r in rounds] == expected
    assert s.scorings_done == 3

    previous_lowest = None
    for round_events in rounds:
        played = [(e["seat"], e["card"]) for e in round_events if e.type == "power_played"]
        seats = [seat for seat, _ in played]
        values = [card for _, card in played]
        assert sorted(seats) == list(range(record.players)), "everybody plays one power card"
        assert len(set(values)) == len(values), "a value is played once per round"
        assert all(v in POWER_CARDS for v in values)
        # power cards in seat order from the first player, who took the last turn before
        first = seats[0]
        assert seats == [(first + k) % record.players for k in range(record.players)]
        if previous_lowest is not None:
            assert first == previous_lowest
        by_value = [seat for seat, _ in sorted(played, key=lambda p: -p[1])]
        ended = [e["seat"] for e in round_events if e.type == "turn_ended"]
        assert ended == by_value, "turns in descending order of the played values"
        previous_lowest = by_value[-1]
        face_up = dict(round_events[0]["cards"])
        assert sorted(face_up) == ["1", "2", "3", "4"]

    gained = [0] * record.players
    for event in events:
        if event.type == "place_scored":
            for seat in range(record.players):
                gained[seat] += event["points"][seat]
            for seat, bonus in event["bonuses"].items():
                gained[int(seat)] += sum(bonus.values())
    assert gained == s.scores, "scores change only by scorings"

    assert s.places["castillo"] == [0] * record.players, "the last general scoring empties it"
    assert [r["score"] for r in s.ranking] == sorted(s.scores, reverse=True)
    for r in s.ranking:
        assert r["rank"] == 1 + sum(1 for score in s.scores if score > r["score"])


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk):
    for i in range(chunk * GAMES_PER_CHUNK, (chunk + 1) * GAMES_PER_CHUNK):
        players, options = _options(i)
        record = play_random_game(f"sim-{i}", players, options)
        try:
            check_game(record)
        except AssertionError as err:
            raise AssertionError(f"game sim-{i} ({players} players, {options}): {err}") from err


def test_the_chunks_cover_every_player_count_and_option():
    mixes = [_options(i) for i in range(CHUNKS * GAMES_PER_CHUNK)]
    assert {p for p, _ in mixes} == {2, 3, 4, 5}
    assert {(p, o["edition"]) for p, o in mixes} == \
        {(p, e) for p in (2, 3, 4, 5) for e in ("decennial", "original")}
    assert {o["short_game"] for _, o in mixes} == {True, False}
    assert {o["take_exact"] for _, o in mixes} == {True, False}


# --- the invariant checker itself ------------------------------------------------------------------

def _moved(seat: int, source: str, to: str, count: int = 1) -> Event:
    return Event("caballeros_moved", {"moves": [{"seat": seat, "from": source, "to": to,
                                                 "count": count}], "reason": "test"})


def test_the_checker_catches_a_caballero_entering_the_kings_region():
    before = Table(3).state  # King in castilla_la_nueva
    event = _moved(0, "galicia", "castilla_la_nueva")
    with pytest.raises(InvariantViolation, match="King's region"):
        check_event(before, evolve.evolve(before, event), event)


def test_the_checker_catches_a_lost_caballero():
    before = Table(3).state
    event = _moved(1, "aragon", "nowhere")
    after = before.clone()
    after.places["aragon"][1] -= 1
    with pytest.raises(InvariantViolation, match="29 Caballeros"):
        check_event(before, after, event)


def test_the_checker_catches_a_falling_score():
    before = Table(3).state
    before.scores[2] = 5
    after = before.clone()
    after.scores[2] = 3
    with pytest.raises(InvariantViolation, match="score decreased"):
        check_event(before, after, Event("turn_ended", {"seat": 2}))


# --- the command line --------------------------------------------------------------------------------

def test_pbem_simulate_plays_games_and_prints_a_summary():
    pbem = Path(sys.executable).with_name("pbem")
    assert pbem.exists(), "the `pbem` console script is installed with the package"
    result = subprocess.run([str(pbem), "simulate", "--games", "3"], capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 4
    for n, line in enumerate(lines[:3], start=1):
        assert line.startswith(f"game {n} ") and line.endswith(": ok")
    assert lines[3].startswith("3 games of el-grande, 3 ok, 0 with violations")


def test_pbem_simulate_takes_the_game_and_its_options():
    pbem = Path(sys.executable).with_name("pbem")
    result = subprocess.run([str(pbem), "simulate", "--game", "el-grande", "--games", "2",
                             "--players", "3", "--option", "edition=original",
                             "--option", "short_game=true"],
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.strip().splitlines()
    assert all("players=3 edition=original short_game=True" in line for line in lines[:2])
    assert lines[2].startswith("2 games of el-grande, 2 ok")
    for bad, says in ((["--game", "chess"], "no game “chess”"),
                      (["--option", "edition=first"], "edition"),
                      (["--option", "speed=fast"], "not an option of El Grande"),
                      (["--players", "7"], "2 to 5 players")):
        refused = subprocess.run([str(pbem), "simulate", "--games", "1", *bad],
                                 capture_output=True, text=True, timeout=60, check=False)
        assert refused.returncode == 2 and says in refused.stderr, (bad, refused.stderr)
