"""King & Intrigue's state: El Grande's state (the board, the Castillo, the flow of a turn) plus
what the expansion adds. El Grande's `evolve` handlers and rules helpers work on it unchanged."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from domain.elgrande.state import State
from domain.kingintrigue.modules.state import Mods
from domain.kingintrigue.modules_data import ALL_CARDS
from domain.kingintrigue.options import KIOptions


@dataclass(slots=True)
class KIState(State):
    ki: KIOptions = field(default_factory=KIOptions)
    put_aside: list[set[int]] = field(default_factory=list)  # the 5 cards out of play, unseen till the end
    round_cards: dict[int, tuple[str, int]] = field(default_factory=dict)  # seat → (card, places)
    choice: list[str] = field(default_factory=list)  # the actions the turn's player chooses from
    free_placement: bool = False  # card 20 done this turn: place anywhere but the King's region
    doubles: dict[str, int] = field(default_factory=dict)  # region → seat whose 2x marker is on it
    mods: Mods = field(default_factory=Mods)  # the optional modules' markers (modules/state.py)

    def clone(self) -> KIState:
        base = State.clone(self)
        out = KIState(**{f.name: getattr(base, f.name) for f in fields(State)})
        out.ki = self.ki
        out.put_aside = [set(p) for p in self.put_aside]
        out.round_cards = dict(self.round_cards)
        out.choice = list(self.choice)
        out.free_placement = self.free_placement
        out.doubles = dict(self.doubles)
        out.mods = self.mods.clone()
        return out

    def power_caballeros(self, card: int) -> int:
        return ALL_CARDS[card].caballeros

    # --- the modules' markers, as El Grande's hooks ask them (modules/) ---

    def taboo(self) -> set[str]:
        """The King's region, and the Quarantine and King markers' regions (seed: « taboue, au
        même titre que la région du Roi »)."""
        return {self.king} | {r for r in (self.mods.quarantine, self.mods.king_marker) if r}

    def castillo_open(self) -> bool:
        return not self.mods.collapse

    def adjust_score(self, payload: dict[str, Any]) -> dict[str, Any]:
        from domain.kingintrigue.modules.scoring import adjust

        return adjust(self, payload)

    def total(self, seat: int) -> int:
        """El Grande's count, and the Caballero on the Bridge or a Royal Guard."""
        return State.total(self, seat) + (self.mods.bridge_seat == seat) \
            + self.mods.guards.get(seat, 0)
