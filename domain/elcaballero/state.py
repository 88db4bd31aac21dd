"""El Caballero's state: plain data, changed only by `evolve`.

The board is two maps from cells to what lies there (terrain tiles, Caballero tiles); the land and
sea regions are kept incrementally as a label per tile area (`region_of`), merged as tiles join, so
that scoring and the rules never search the board (`invariants` recomputes them from scratch to
check). The stack is a sorted list of the tiles left: its order does not exist until a draw, which
is keyed by (seed, draw number), so no state or view can hold the order of the stack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.elcaballero.geometry import Cell

Area = tuple[int, int, int]
"""A tile's area: (x, y, area index of the tile at that cell)."""


@dataclass(slots=True)
class Knight:
    """A Caballero tile on the board."""

    seat: int
    side: str  # "a" (1-4) or "b" (5-8)
    turn: int
    castillo: bool = False
    grande: bool = False
    ships: tuple[int, ...] = ()  # sides (0=N..3=W) carrying one of its owner's ships

    def clone(self) -> Knight:
        return Knight(self.seat, self.side, self.turn, self.castillo, self.grande, self.ships)


@dataclass(slots=True)
class Turn:
    seat: int
    card: int
    reinforced: bool = False
    tiles: int = 0  # terrain tiles laid
    knights: int = 0  # Caballero tiles laid (a raise counts as one)
    raises: int = 0
    ships: int = 0  # ships bought
    castillos: int = 0  # Castillos built
    grande_moves: int = 0
    actions: int = 0  # commands taken this turn (the random player's stopping rule)

    def clone(self) -> Turn:
        return Turn(self.seat, self.card, self.reinforced, self.tiles, self.knights, self.raises,
                    self.ships, self.castillos, self.grande_moves, self.actions)


@dataclass(slots=True)
class State:
    players: int = 0
    advanced: bool = False
    # The rules version the game was created under (`rules.RULES_VERSION`; 1 for a record whose
    # game_created has none): fixes that change outcomes apply from version 2 only, so records
    # made before them still fold and verify with the outcome they had.
    rules: int = 1
    seed: str = ""
    given_stack: list[str] = field(default_factory=list)  # a test's fixed draw order, top first
    draws: int = 0
    # the board
    terrain: dict[Cell, tuple[str, int]] = field(default_factory=dict)  # cell → (tile id, turn)
    knights: dict[Cell, Knight] = field(default_factory=dict)
    region_of: dict[Area, Area] = field(default_factory=dict)  # area → its region's label
    alcaldes: dict[Area, int] = field(default_factory=dict)  # region label → seat
    # region label → the number of the event that placed its Alcalde (which came first, when a
    # tile joins two regions that each hold one: `actions.alcaldes_joined`)
    alcalde_since: dict[Area, int] = field(default_factory=dict)
    stack: list[str] = field(default_factory=list)  # sorted: the tiles left to draw
    face_up: list[str] = field(default_factory=list)
    # the players
    court: list[int] = field(default_factory=list)
    bank: list[int] = field(default_factory=list)
    off_board: list[int] = field(default_factory=list)  # Caballero tiles not on the board
    court_ships: list[int] = field(default_factory=list)
    alcaldes_left: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    hands: list[set[int]] = field(default_factory=list)
    ship_supply: int = 0
    castillo_supply: int = 0
    # the flow
    phase: str = "new"  # new | power | turns | over
    round: int = 0
    power_order: list[int] = field(default_factory=list)  # who plays a power card, in order
    power_played: dict[int, int] = field(default_factory=dict)
    turn_order: list[int] = field(default_factory=list)
    turn_index: int = 0
    turn: Turn | None = None
    scorings: list[dict[str, Any]] = field(default_factory=list)  # each scoring's payload
    ranking: list[dict[str, Any]] = field(default_factory=list)
    events: int = 0

    def clone(self) -> State:
        return State(
            players=self.players, advanced=self.advanced, rules=self.rules, seed=self.seed,
            given_stack=list(self.given_stack), draws=self.draws,
            terrain=dict(self.terrain),
            knights={c: k.clone() for c, k in self.knights.items()},
            region_of=dict(self.region_of), alcaldes=dict(self.alcaldes),
            alcalde_since=dict(self.alcalde_since),
            stack=list(self.stack), face_up=list(self.face_up),
            court=list(self.court), bank=list(self.bank), off_board=list(self.off_board),
            court_ships=list(self.court_ships), alcaldes_left=list(self.alcaldes_left),
            scores=list(self.scores), hands=[set(h) for h in self.hands],
            ship_supply=self.ship_supply, castillo_supply=self.castillo_supply,
            phase=self.phase, round=self.round, power_order=list(self.power_order),
            power_played=dict(self.power_played), turn_order=list(self.turn_order),
            turn_index=self.turn_index, turn=self.turn.clone() if self.turn else None,
            scorings=list(self.scorings), ranking=list(self.ranking), events=self.events,
        )

    def seats(self) -> range:
        return range(self.players)

    def grande_at(self, seat: int) -> Cell | None:
        return next((c for c, k in self.knights.items() if k.grande and k.seat == seat), None)
