"""The random bot: a uniformly chosen legal command (`domain.bots.search.DeterminizedRandomBot`).

With enumerated options it picks one uniformly; otherwise it samples with the engine's sampler on a
determinisation of its view (the sampler needs a full state; a determinised one agrees with
everything the seat can see, and the seat's own legal moves depend only on that). A Veto question
is sampled by the engine too (its options do not say which steps may be vetoed).
"""

from __future__ import annotations

from domain.bots.search import DeterminizedRandomBot
from domain.elgrande import rules
from domain.elgrande.determinize import determinize


class RandomBot(DeterminizedRandomBot):
    def __init__(self, budget: float | None = None) -> None:
        super().__init__(determinize, rules.sample_command, sampled_kinds=frozenset({"veto"}))
