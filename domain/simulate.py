"""Random complete games through `decide`, with the invariants checked after every event.

Used by `pbem simulate --game NAME` and by the test suite, for any registered game. Checked for
every game:
- every event survives the JSON round trip unchanged;
- until the game ends, somebody always has something to decide, and every sampled legal command
  is accepted;
- folding the stored events from scratch gives the incremental state (at each `round_ended` and at
  the end of the game);
and the game's own invariants (`module.invariants(before, after, event)`, e.g. El Grande's
Caballero count and King's region in `domain/elgrande/invariants.py`).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.core import surface
from domain.core.commands import decide_known
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.core.game import GameModule, InvariantViolation
from domain.games import get_game

__all__ = ["GameRecord", "InvariantViolation", "play_random_game", "simulate_games"]


@dataclass
class GameRecord:
    seed: str
    players: int
    options: dict[str, Any]
    events: list[Event] = field(default_factory=list)
    state: Any = None
    commands: int = 0


def check_event(module: GameModule, before: Any, after: Any, event: Event) -> None:
    """The checks made after every event: the game's invariants and the JSON round trip."""
    surface.check_invariants(module, before, after, event)
    if Event.from_json(json.loads(event.dumps())) != event:
        raise InvariantViolation(f"{event.type}: the JSON round trip changed the event")


def play_random_game(seed: str, players: int, options: Mapping[str, Any] | None = None,
                     setup: Mapping[str, Any] | None = None, check: bool = True,
                     max_commands: int = 20000, game: str | GameModule = "el-grande"
                     ) -> GameRecord:
    module = get_game(game) if isinstance(game, str) else game
    record = GameRecord(seed, players, dict(options or {}))
    rng = random.Random(seed)
    events = module.create(players, dict(options or {}), seed, setup)
    state = module.initial()
    for event in events:
        state = _step(module, state, event, check)
    record.events.extend(events)
    while not module.is_over(state):
        decisions = module.pending(state)
        if not decisions:
            raise InvariantViolation(f"nobody can move after event {len(record.events)}")
        decision = rng.choice(decisions)
        command = module.sample_command(state, decision, rng)
        try:  # as the service decides it: a sampled command carries only what the rules read
            new = decide_known(module.decide, state, command, module.pending)
        except RuleError as err:
            raise InvariantViolation(f"sampled command {command} was refused: {err}") from err
        for i, event in enumerate(new):
            state = _step(module, state, event, check)
            if check and event.type in ("round_ended", "game_ended"):
                _check_refold(module, record.events + new[: i + 1], state)
        record.events.extend(new)
        record.commands += 1
        if record.commands > max_commands:
            raise InvariantViolation("the game did not end")
    if check:
        _check_refold(module, record.events, state)
    record.state = state
    return record


def _step(module: GameModule, state: Any, event: Event, check: bool) -> Any:
    after = module.evolve(state, event)
    if check:
        check_event(module, state, after, event)
    return after


def _check_refold(module: GameModule, events: list[Event], state: Any) -> None:
    if module.fold(events) != state:
        raise InvariantViolation(f"folding {len(events)} events from scratch differs from the "
                                 "incremental state")


def simulate_games(games: int, seed: str, counts: list[int],
                   options: Mapping[str, Any] | None = None, game: str = "el-grande",
                   out: Callable[[str], None] = print) -> bool:
    """Play `games` random games (player counts cycled from `counts`) and report each; False if
    any broke an invariant."""
    module = get_game(game)
    for count in counts:
        surface.check_players(module, count)
    chosen = surface.check_options(module, options)
    shown = " ".join(f"{k}={v}" for k, v in sorted((options or {}).items()))
    started = time.perf_counter()
    total_events, failures = 0, 0
    for i in range(games):
        players = counts[i % len(counts)]
        game_seed = f"{seed}-{i}"
        label = f"game {i + 1} seed={game_seed} players={players}{' ' + shown if shown else ''}"
        try:
            record = play_random_game(game_seed, players, chosen, game=module)
        except Exception as err:
            failures += 1
            out(f"{label}: VIOLATION {type(err).__name__}: {err}")
            continue
        total_events += len(record.events)
        ranking = module.ranking(record.state)
        scores = [r.get("score") for r in sorted(ranking, key=lambda r: r["seat"])]
        winners = [r["seat"] for r in ranking if r.get("rank") == 1]
        out(f"{label}: {len(record.events)} events, {record.commands} commands, "
            f"scores {scores}, winner(s) {winners}: ok")
    elapsed = time.perf_counter() - started
    out(f"{games} games of {module.name}, {games - failures} ok, {failures} with violations, "
        f"{total_events} events, {elapsed:.1f} s")
    return failures == 0
