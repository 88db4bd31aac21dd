"""The random bot: a move drawn from the decision's form (`domain.bots.search.DeterminizedRandomBot`).

It draws among what the decision's form offers the player (an answer, then each value within its
field's stated space) and keeps the first draw the rules take on a determinisation of its view (a
determinised state agrees with everything the seat can see, and the seat's own legal moves depend
only on that); the default move, which the form offers too, when none is taken.
"""

from __future__ import annotations

from domain.bots.search import DeterminizedRandomBot
from domain.elgrande import rules
from domain.elgrande.determinize import determinize


class RandomBot(DeterminizedRandomBot):
    def __init__(self, budget: float | None = None) -> None:
        super().__init__(determinize, rules.decide, rules.default_command)
