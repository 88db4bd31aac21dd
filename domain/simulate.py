"""Random complete games through `decide`, with the invariants checked after every event.

Used by `pbem simulate` and by the test suite. Invariants:
- each player's 30 Caballeros are all somewhere, and no count is ever negative;
- nothing enters or leaves the King's region (Caballeros, Grandes, scoreboards) except by King moves;
- scores never decrease;
- folding the stored events from scratch gives the incremental state (checked at each round's end
  and at the end of the game);
- every event survives the JSON round trip unchanged;
- until the game ends, somebody always has something to decide.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from domain.core.commands import decide_known
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.elgrande import evolve, rules
from domain.elgrande.data import CABALLEROS_PER_PLAYER
from domain.elgrande.state import State


class InvariantViolation(AssertionError):
    pass


@dataclass
class GameRecord:
    seed: str
    players: int
    options: dict
    events: list[Event] = field(default_factory=list)
    state: State | None = None
    commands: int = 0


def check_event(before: State, after: State, event: Event) -> None:
    def fail(what: str) -> None:
        raise InvariantViolation(f"after event {after.events} ({event.type}): {what}")

    if event.type != "game_created" and after.places:
        for seat in after.seats():
            if after.total(seat) != CABALLEROS_PER_PLAYER:
                fail(f"seat {seat} has {after.total(seat)} Caballeros in all")
        for place, counts in after.places.items():
            if min(counts) < 0:
                fail(f"negative count in {place}")
        if min(after.court) < 0 or min(after.provinces) < 0:
            fail("negative court or provinces")
    if before.places and event.type != "king_moved":
        king = before.king
        if after.king != king:
            fail("the King moved without a king_moved event")
        if before.places[king] != after.places[king]:
            fail(f"Caballeros entered or left the King's region {king}")
        if [g == king for g in before.grandes] != [g == king for g in after.grandes]:
            fail("a Grande entered or left the King's region")
        if {b for b, p in before.scoreboards.items() if p == king} != \
                {b for b, p in after.scoreboards.items() if p == king}:
            fail("a scoreboard entered or left the King's region")
    if before.scores and any(a < b for a, b in zip(after.scores, before.scores, strict=True)):
        fail("a score decreased")
    if Event.from_json(json.loads(event.dumps())) != event:
        fail("the JSON round trip changed the event")


def play_random_game(seed: str, players: int, options: dict | None = None,
                     setup: dict | None = None, check: bool = True,
                     max_commands: int = 20000) -> GameRecord:
    record = GameRecord(seed, players, dict(options or {}))
    rng = random.Random(seed)
    events = rules.create(players, options, seed, setup)
    state = State()
    for event in events:
        state = _step(state, event, check)
    record.events.extend(events)
    while state.phase != "over":
        decisions = rules.pending(state)
        if not decisions:
            raise InvariantViolation(f"nobody can move in phase {state.phase} (event {state.events})")
        decision = rng.choice(decisions)
        command = rules.sample_command(state, decision, rng)
        try:  # as the service decides it: a sampled command carries only what the rules read
            new = decide_known(rules.decide, state, command)
        except RuleError as err:
            raise InvariantViolation(f"sampled command {command} was refused: {err}") from err
        for event in new:
            state = _step(state, event, check)
            if check and event.type in ("round_ended", "game_ended"):
                _check_refold(record.events + new[: new.index(event) + 1], state)
        record.events.extend(new)
        record.commands += 1
        if record.commands > max_commands:
            raise InvariantViolation("the game did not end")
    record.state = state
    return record


def _step(state: State, event: Event, check: bool) -> State:
    after = evolve.evolve(state, event)
    if check:
        check_event(state, after, event)
    return after


def _check_refold(events: list[Event], state: State) -> None:
    if evolve.fold(events) != state:
        raise InvariantViolation(f"folding {len(events)} events from scratch differs from the "
                                 "incremental state")


def simulate_games(games: int, seed: str, counts: list[int], edition: str, short: bool,
                   out: Callable[[str], None] = print) -> bool:
    editions = ["decennial", "original"] if edition == "both" else [edition]
    started = time.perf_counter()
    total_events, failures = 0, 0
    for i in range(games):
        players = counts[i % len(counts)]
        options = {"edition": editions[i % len(editions)], "short_game": short}
        game_seed = f"{seed}-{i}"
        try:
            record = play_random_game(game_seed, players, options)
        except (InvariantViolation, RuleError, Exception) as err:  # report and go on
            failures += 1
            out(f"game {i + 1} seed={game_seed} players={players} {options['edition']}: "
                f"VIOLATION {type(err).__name__}: {err}")
            continue
        assert record.state is not None
        total_events += len(record.events)
        winners = [r["seat"] for r in record.state.ranking if r["rank"] == 1]
        out(f"game {i + 1} seed={game_seed} players={players} {options['edition']}: "
            f"{len(record.events)} events, {record.commands} commands, "
            f"scores {record.state.scores}, winner(s) {winners}: ok")
    elapsed = time.perf_counter() - started
    out(f"{games} games, {games - failures} ok, {failures} with violations, {total_events} events, "
        f"{elapsed:.1f} s")
    return failures == 0
