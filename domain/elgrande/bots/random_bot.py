"""The random bot: a uniformly chosen legal command.

With enumerated options it picks one uniformly; otherwise it samples with the engine's sampler on a
determinisation of its view (the sampler needs a full state; a determinised one agrees with
everything the seat can see, and the seat's own legal moves depend only on that).
"""

from __future__ import annotations

import random
from typing import Any

from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.elgrande import rules
from domain.elgrande.determinize import determinize


class RandomBot:
    level = "random"

    def __init__(self, budget: float | None = None) -> None:
        pass

    def choose(self, view: dict[str, Any], decision: Decision, rng: random.Random) -> Command:
        if decision.options is not None and decision.kind != "veto":
            option = rng.choice(decision.options)
            return Command(option["type"], decision.seat,
                           {k: v for k, v in option.items() if k != "type"})
        s = determinize(view, rng, decision)
        return rules.sample_command(s, decision, rng)
