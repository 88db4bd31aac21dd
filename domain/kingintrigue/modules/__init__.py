"""King & Intrigue's optional modules, the Player's Edition and the Special Cards (options
`players_edition`, `special_cards`): their cards (`cards`), their board state (`state`, on
`KIState.mods`), its events (`evolve`), the scorings they change (`scoring`, `general`) and what
they add to the game's flow (`flow`). The card list is `modules_data.py` (RECONSTRUCTED)."""

from domain.kingintrigue.modules import cards as cards
