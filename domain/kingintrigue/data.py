"""King & Intrigue's facts: the 18 power cards and the round cards (shared/rules/king-and-intrigue.md).

The seed rulebook's card faces were pictures and did not survive, so part of this table is the
project's reconstruction. Every reconstructed fact is marked RECONSTRUCTED with its basis, in this one
file, so that the printed list can replace it without touching the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

POWER_VALUES: tuple[int, ...] = tuple(range(10, 190, 10))
KEEP = 13
"""Each player keeps 13 of their 18 cards (seed: « chaque joueur en sélectionne 13 »)."""


@dataclass(frozen=True)
class PowerCard:
    value: int
    caballeros: int
    action: str
    basis: str


POWER_CARDS: dict[int, PowerCard] = {c.value: c for c in (
    # RECONSTRUCTED (all counts but 40's): the seed gives no count; they fall from 6 to 0 with the
    # value as the base game's 1-13 cards do (6 at the bottom, 0 at the top).
    PowerCard(10, 6, "intrigue", "seed: the lowest card takes the Intrigue card"),
    PowerCard(20, 6, "free_placement", "seed: place anywhere, the King's region taboo"),
    # RECONSTRUCTED effect: "it does not affect you, only your opponents" read as the base game's
    # "opponents return 3 from court".
    PowerCard(30, 5, "decline_3_court", "seed text; effect reconstructed"),
    PowerCard(40, 4, "veto", "seed: the Veto, 4 Caballeros in the seed's example"),
    PowerCard(50, 4, "kings_return", "seed: clockwise, each opponent returns 3"),
    # RECONSTRUCTED kind: the seed says 60 is a special scoring, not which.
    PowerCard(60, 4, "score_castillo", "scoring: seed; kind reconstructed"),
    PowerCard(70, 3, "one_from_each_opponent", "seed"),
    PowerCard(80, 3, "grande_and_caballeros", "seed; details reconstructed"),
    PowerCard(90, 3, "scoreboard", "seed: the base game's stack 4 mobile scoreboard"),
    # RECONSTRUCTED kinds of 100, 110, 120, 150 and 170: the seed says they are special scorings.
    PowerCard(100, 2, "score_chosen", "seed (a scoring); kind reconstructed"),
    PowerCard(110, 2, "score_4s", "kind reconstructed"),
    PowerCard(120, 2, "score_5s", "kind reconstructed"),
    PowerCard(130, 1, "double_scoring", "seed"),
    PowerCard(140, 1, "castillo_capture", "seed; cap reconstructed"),
    PowerCard(150, 1, "score_6s_7s", "kind reconstructed"),
    PowerCard(160, 1, "royal_advisor", "seed: the King to an adjacent region"),
    PowerCard(170, 0, "secret_scoring", "kind reconstructed"),
    PowerCard(180, 0, "king", "seed: the highest card takes the King card"),
)}
assert tuple(POWER_CARDS) == POWER_VALUES

DOUBLE_MARKERS = 2
"""The 2x markers in the box (seed 002's components: « 2 marqueurs Double score »)."""
CAPTURE_CAP = 3
"""Card 140: at most this many opponents' Caballeros go into the Castillo. RECONSTRUCTED (the seed
gives the rule « si vous déplacez des Caballeros étrangers … 2 de vos Caballeros », not the cap)."""
CAPTURE_OWN = 2
"""Card 140: if any opponent's Caballero is moved, 2 of the player's own go too (seed)."""
GRANDE_CABALLEROS_CAP = None
"""Card 80 moves all or some of the player's Caballeros out of the Grande's region (no cap)."""

KING_CARD, CABALLERO_CARD, INTRIGUE_CARD = "king_card", "caballero_card", "intrigue_card"
ROUND_CARD_ACTIONS = {KING_CARD: "king", INTRIGUE_CARD: "intrigue"}

ROUND_CARDS: dict[int, tuple[int, ...]] = {
    # RECONSTRUCTED (the per-player-count table was a picture; the seed's 4-player example gives a
    # Caballero card of 2): placements by rank, highest power card first (King card, Caballero
    # cards, Intrigue card).
    2: (5, 2),
    3: (5, 3, 1),
    4: (5, 3, 2, 1),
    5: (5, 4, 3, 2, 1),
}


def round_card_kind(rank: int, players: int) -> str:
    """The round card of the `rank`-th highest power card (0 = highest)."""
    if rank == 0:
        return KING_CARD
    return INTRIGUE_CARD if rank == players - 1 else CABALLERO_CARD


ROUNDS = 9
SETUP_CABALLEROS = 1
"""The Caballero each player's selection disc sends to a region at set-up (seed)."""
