"""Every move a bot or a passed deadline makes is one the decision's form offers.

The typed decision is the one statement of what a seat may do now: the web's forms, the reader of
replies and the API read it, and so must the bots and the default move, so that a player never
sees a bot (or the deadline) play what their own form would not have let them choose. Random games
of every registered game and option set (as `tests/test_exact_decisions.py` walks them) are
stopped at positions along the way; there every bot level of the game (the searching ones bounded
by iterations, not time) and the game's default move answer every pending decision of a seat, and
each command must be one of the form's offered choices (`formspace.admits`: an answer of its type,
every value within its field's stated space, a combination one of the rows) that `decide` takes.
A new game, or a new bot level, is covered without a new test.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from domain.bots import make_bot
from domain.bots.search import SearchBot
from domain.core import formspace, surface
from domain.core.commands import Command, decide_known
from domain.core.errors import RuleError
from domain.core.game import GameModule
from domain.games import GAMES, IN_PROGRESS
from tests.test_exact_decisions import option_sets

POSITIONS = 14
"""Positions asked per game and option set, drawn along its whole game."""


def _check(module: GameModule, state: Any, d: Any, who: str, command: Command,
           failures: list[str]) -> None:
    where = f"{who} at {d.kind}"
    if command.seat != d.seat:
        failures.append(f"{where}: seat {command.seat}, the decision is {d.seat}'s")
        return
    why = formspace.admits(d.form, command.type, command.params)
    if why is not None:
        failures.append(f"{where}: {command.type} {dict(command.params)} not offered: {why}"[:400])
        return
    try:
        decide_known(module.decide, state, command)
    except RuleError as error:
        failures.append(f"{where}: {command.type} {dict(command.params)} refused: "
                        f"{error.message}"[:400])


def _ask(module: GameModule, state: Any, rng: random.Random, failures: list[str],
         asked: Counter[str]) -> None:
    for d in module.pending(state):
        if d.seat is None:
            continue
        asked[d.kind] += 1
        _check(module, state, d, "default", module.default_command(state, d), failures)
        view = module.view(state, d.seat)
        for level in sorted(surface.bot_levels(module)):
            bot = make_bot(module, level, 0.05)
            if isinstance(bot, SearchBot):
                bot.max_iterations = 2
            if isinstance(bot, surface.SampleBot):
                bot.bind(state)
            _check(module, state, d, f"bot {level}", bot.choose(view, d, rng), failures)


@pytest.mark.parametrize("name", sorted({**GAMES, **IN_PROGRESS}))
def test_bots_and_default_moves_choose_what_the_form_offers(name: str) -> None:
    module = {**GAMES, **IN_PROGRESS}[name]
    failures: list[str] = []
    asked: Counter[str] = Counter()
    for i, options in enumerate(option_sets(module)):
        rng = random.Random(f"moves-{name}-{i}")
        low, high = surface.player_range(module)
        players = rng.randint(low, min(high, 5))
        state = module.fold(module.create(players, options, f"moves-{name}-{i}", None))
        states = [state]  # states are values: each step makes a new one
        while not module.is_over(state) and len(states) < 3000:
            decision = rng.choice(module.pending(state))
            command = module.sample_command(state, decision, rng)
            state = module.fold(decide_known(module.decide, state, command), state)
            states.append(state)
        for at in sorted(rng.sample(range(len(states)), min(POSITIONS, len(states)))):
            _ask(module, states[at], rng, failures, asked)
    print(f"{name}: {sum(asked.values())} decisions asked "
          f"({', '.join(f'{k} {n}' for k, n in sorted(asked.items()))}), "
          f"{len(failures)} moves outside the form")
    assert asked
    assert not failures, "\n".join(failures[:40])
