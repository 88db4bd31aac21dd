"""Every choice a decision's form offers is a legal move, for every registered game.

Random games of each game of the registry (every option set: the defaults, then each option at each
of its values) are played by the game's own random move; at positions along the way, every command
the pending forms offer (`domain.core.formspace.offered`: each value of each field, every listed
combination, one row of moves along each route, distributions of counts within their limits) is
asked of `decide`, the one validator, as the service asks it. The refused share per game is at most
1 %, and 0 for the answers whose space is listed whole (`formspace.enumerated`); a failure prints the
refusals. A new game is measured without a new test.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from domain.core import formspace, surface
from domain.core.commands import Command, decide_known
from domain.core.errors import RuleError
from domain.core.game import GameModule
from domain.games import GAMES, IN_PROGRESS

MOST_REFUSED = 0.01
POSITIONS = 80
"""Positions measured per game and option set."""
PER_ANSWER = 40
"""Commands asked per answer of a form at one position (all of them when it offers fewer)."""


@dataclass
class Tally:
    offered: int = 0
    refused: int = 0
    listed_refused: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    asked: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.offered += other.offered
        self.refused += other.refused
        self.listed_refused += other.listed_refused
        self.reasons.update(other.reasons)
        self.asked.update(other.asked)
        for k, v in other.examples.items():
            self.examples.setdefault(k, v)

    @property
    def share(self) -> float:
        return self.refused / self.offered if self.offered else 0.0

    def report(self, name: str) -> str:
        lines = [f"{name}: {self.refused} of {self.offered} offered commands refused "
                 f"({100 * self.share:.1f} %), {self.listed_refused} of them listed"]
        lines.append("  asked: " + ", ".join(f"{k} {n}" for k, n in sorted(self.asked.items())))
        for reason, n in self.reasons.most_common(25):
            lines.append(f"  {n:5d}  {reason}  e.g. {self.examples[reason]}")
        return "\n".join(lines)


def option_sets(module: GameModule) -> Iterator[dict[str, Any]]:
    """The defaults, then each option at each of its values, the others at their defaults."""
    specs = surface.option_specs(module)
    seen: list[dict[str, Any]] = []
    for options in [{}] + [{spec.name: v} for spec in specs for v in spec.allowed]:
        full = {spec.name: options.get(spec.name, spec.default) for spec in specs}
        if full not in seen:
            seen.append(full)
            yield full


def measure(module: GameModule, options: dict[str, Any], seed: str) -> Tally:
    """Play one random game and measure the forms at `POSITIONS` positions spread along it."""
    rng = random.Random(seed)
    low, high = surface.player_range(module)
    players = rng.randint(low, min(high, 5))
    state = module.fold(module.create(players, options, seed, None))
    tally = Tally()
    steps = 0
    while not module.is_over(state) and steps < 3000:
        decisions = module.pending(state)
        if rng.random() < 0.3 or steps == 0:
            for d in decisions:
                _ask(module, state, d, rng, tally)
            if tally.offered and _positions(tally) >= POSITIONS:
                break
        decision = rng.choice(decisions)
        command = module.sample_command(state, decision, rng)
        state = module.fold(decide_known(module.decide, state, command), state)
        steps += 1
    return tally


def _positions(tally: Tally) -> int:
    tally.examples.setdefault("#positions", "0")
    return int(tally.examples["#positions"])


def _ask(module: GameModule, state: Any, d: Any, rng: random.Random, tally: Tally) -> None:
    if d.seat is None or d.form is None:
        return
    tally.examples["#positions"] = str(_positions(tally) + 1)
    for answer in d.form.answers:
        listed = formspace.enumerated(answer)
        for params in formspace.offered(answer, rng, PER_ANSWER):
            tally.offered += 1
            tally.asked[f"{d.kind}/{answer.type}"] += 1
            command = Command(answer.type, d.seat, params)
            try:
                decide_known(module.decide, state, command)
            except RuleError as error:
                tally.refused += 1
                tally.listed_refused += listed
                reason = f"{d.kind}/{answer.type}{'' if not listed else ' (listed)'}: {error.key}"
                tally.reasons[reason] += 1
                tally.examples.setdefault(reason, f"{params} → {error.message}"[:300])


@pytest.mark.parametrize("name", sorted({**GAMES, **IN_PROGRESS}))
def test_every_choice_a_form_offers_is_legal(name: str) -> None:
    module = {**GAMES, **IN_PROGRESS}[name]
    total = Tally()
    for i, options in enumerate(option_sets(module)):
        tally = measure(module, options, f"exact-{name}-{i}")
        tally.examples.pop("#positions", None)
        total.add(tally)
    print(total.report(name))
    assert total.offered > 0
    assert total.listed_refused == 0 and total.share <= MOST_REFUSED, total.report(name)
