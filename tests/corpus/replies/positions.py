"""Rebuilding the position a corpus entry is written against, exactly, from its `position` data.

A position is `{game, players, options, seed, moves, then}`: the game created with that seed
(the engine's own seeded set-up), then `moves` commands chosen as `pbem simulate` chooses them — a
`random.Random(seed)` picks one of the pending decisions (the system's reveals included) and the
game's own `sample_command` a legal answer to it —, then the commands listed in `then` (each a
command's JSON with its `seat`), to reach a position random play seldom does. The same data
gives the same position on every run and every machine, with no database: the game's rules alone.

The `moves` once drawn are recorded (`positions.recorded.json`, name → the commands, made with
the sampler of the day the corpus was written): a change to a game's random move (issue 23 made
El Caballero's draw from its form's space) must not move the positions its replies were written
against. A recorded position is replayed; `moves` is drawn only for a position not recorded yet.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.core.commands import Command, decide_known
from domain.core.game import GameModule
from domain.games import get_game


@dataclass
class Position:
    module: GameModule
    state: Any
    seed: str
    players: int
    options: dict[str, Any]
    commands: list[Command] = field(default_factory=list)
    """The commands played from the opening, in order (system reveals included)."""


def build(spec: Mapping[str, Any]) -> Position:
    module = get_game(spec["game"])
    players, seed = int(spec["players"]), str(spec["seed"])
    options = dict(spec.get("options") or {})
    state = module.fold(module.create(players, options, seed, None))
    position = Position(module, state, seed, players, options)
    recorded = spec.get("recorded")
    for data in recorded or ():
        command = Command.from_json(dict(data))
        state = module.fold(decide_known(module.decide, state, command), state)
        position.commands.append(command)
    rng = random.Random(seed)
    for _ in range(0 if recorded is not None else int(spec.get("moves", 0))):
        decisions = module.pending(state)
        if module.is_over(state) or not decisions:
            raise ValueError(f"{spec}: the game cannot go on for that many moves")
        command = module.sample_command(state, rng.choice(decisions), rng)
        state = module.fold(decide_known(module.decide, state, command), state)
        position.commands.append(command)
    for data in spec.get("then") or ():
        command = Command.from_json(dict(data))
        state = module.fold(decide_known(module.decide, state, command), state)
        position.commands.append(command)
    position.state = state
    return position
