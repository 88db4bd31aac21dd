"""King & Intrigue, the El Grande expansion, as a game module (`module.GAME`).

Everything the expansion does not change is El Grande's own code, imported from `domain.elgrande`:
the map, the scoring of a place, the Castillo and its discs, the general scorings, the Veto, the
King's and the Grandes' moves, and the effect events with their `evolve` handlers. This package
holds only what the expansion adds: the 18-card decks, the round cards, the two secret set-up
choices and the cards' new actions (shared/rules/king-and-intrigue.md).
"""

from domain.kingintrigue import refusals as _refusals  # noqa: F401 (registers the refusals' texts)
