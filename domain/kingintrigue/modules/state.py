"""The modules' board state: the markers and tiles of the Player's Edition and the Special Cards,
the cards lying in front of their owners, and the Joker waiting for its replacement.

One object on `KIState.mods`, folded by `modules.evolve` only, so that a game without the modules
carries an empty one and the base game's code never sees it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any


@dataclass(slots=True)
class Mods:
    castillo_at: str | None = None  # Relocation: the region the Castillo stands in
    alliance: list[str] = field(default_factory=list)  # the 2 regions scored as one
    bridge: list[str] = field(default_factory=list)  # the 2 regions the Bridge joins
    bridge_seat: int | None = None  # whose Caballero stands on the Bridge (its holder)
    quarantine: str | None = None
    collapse: bool = False  # the Collapse-risk tile on the Castillo: nothing enters it
    king_marker: str | None = None
    king_marker_round: int = 0  # the round it was put down in
    limits: list[str] = field(default_factory=list)  # regions under a limit board
    reversed: list[str] = field(default_factory=list)  # scoreboards turned upside down
    in_front: dict[int, list[str]] = field(default_factory=dict)  # seat → cards lying there
    mistress_until: int = 0  # no King's bonus up to the end of this round
    mistress_rounds: list[int] = field(default_factory=list)  # the rounds Mistresses were played
    guards: dict[int, int] = field(default_factory=dict)  # seat → Caballeros on its Royal Guard
    coup: dict[int, str] = field(default_factory=dict)  # seat → region its Grande left for the Castillo
    joker: int | None = None  # the seat whose Joker waits to be replaced
    bridge_crossed: bool = False  # this turn's free Bridge move is done (or declined)
    excess: dict[str, dict[int, int]] = field(default_factory=dict)  # over a limit, to go back
    guard_asked: list[int] = field(default_factory=list)  # Guards kept back this special action
    hurricane: dict[int, str] = field(default_factory=dict)  # seat → its Hurricane disc: SECRET
    hurricane_shown: dict[int, str] = field(default_factory=dict)  # the discs revealed this round

    def clone(self) -> Mods:
        """Field by field, by name (a field added anywhere is copied too, never shifted into its
        neighbour's place), the lists and dicts copied down to their values."""
        return Mods(**{f.name: _copied(getattr(self, f.name)) for f in _FIELDS})

    def to_view(self) -> dict[str, Any]:
        """Everything here is on the table for all to see, but the Hurricane discs not yet
        revealed (their owner's view adds their own: `views.view`)."""
        return {"castillo_at": self.castillo_at, "alliance": list(self.alliance),
                "bridge": list(self.bridge), "bridge_seat": self.bridge_seat,
                "quarantine": self.quarantine, "collapse": self.collapse,
                "king_marker": self.king_marker, "limits": list(self.limits),
                "reversed": list(self.reversed),
                "in_front": {str(k): list(v) for k, v in self.in_front.items() if v},
                "mistress_until": self.mistress_until,
                **({"mistress_rounds": list(self.mistress_rounds)}
                   if self.mistress_rounds else {}),
                "guards": {str(k): n for k, n in self.guards.items() if n},
                "coup": {str(k): r for k, r in self.coup.items()}, "joker": self.joker,
                "hurricane": {str(k): r for k, r in self.hurricane_shown.items()},
                **({"guard_asked": list(self.guard_asked)} if self.guard_asked else {})}

    @classmethod
    def from_view(cls, view: dict[str, Any] | None) -> Mods:
        """The board state back from a view's `modules` (all public: bots determinize with it)."""
        if not view:
            return cls()
        return cls(castillo_at=view["castillo_at"], alliance=list(view["alliance"]),
                   bridge=list(view["bridge"]), bridge_seat=view["bridge_seat"],
                   quarantine=view["quarantine"], collapse=view["collapse"],
                   king_marker=view["king_marker"], limits=list(view["limits"]),
                   reversed=list(view["reversed"]),
                   in_front={int(k): list(v) for k, v in view["in_front"].items()},
                   mistress_until=view["mistress_until"],
                   mistress_rounds=list(view.get("mistress_rounds") or ()),
                   guards={int(k): n for k, n in view["guards"].items()},
                   coup={int(k): r for k, r in view["coup"].items()}, joker=view["joker"],
                   guard_asked=list(view.get("guard_asked") or ()),
                   hurricane_shown={int(k): r for k, r in (view.get("hurricane") or {}).items()})

    def is_empty(self) -> bool:
        return self.to_view() == Mods().to_view()


_FIELDS = fields(Mods)


def _copied(value: Any) -> Any:
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    return value
