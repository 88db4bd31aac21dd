"""Helpers to drive El Caballero games in tests: a table with a known start, arranged boards.

Arranging puts tiles straight into the state the way events would (regions merged, tiles taken from
the stack, Caballeros booked from the bank), so every arranged position still satisfies the
invariants; `Table.check()` says so.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.core.commands import Command
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.elcaballero import board as b
from domain.elcaballero import evolve, rules
from domain.elcaballero.data import TILES
from domain.elcaballero.invariants import check_event
from domain.elcaballero.state import Knight, State


def tile(edges: str, *, gold: bool = False, fish: bool = False, bridge: bool | None = None,
         skip: tuple[str, ...] = ()) -> str:
    """The id of a tile of that shape (first one not in `skip`)."""
    for t in TILES:
        if (t.edges == edges and t.gold == gold and t.fish == fish and t.id not in skip
                and (bridge is None or t.bridge == bridge)):
            return t.id
    raise LookupError(edges)


def as_version(created: Event, version: int) -> Event:
    """The game_created event as a game of that rules version stores it (version 1: no "rules",
    as every record made before issue 22)."""
    payload = {k: v for k, v in created.payload.items() if k != "rules"}
    if version != 1:
        payload["rules"] = version
    return Event(created.type, payload, created.version)


SEA_START = tile("SSSS")
LAND1 = tile("LSSS")  # plain, one land side (north)


class Table:
    """A game being played in a test: its events and current state. Seat 0 plays first."""

    def __init__(self, players: int = 3, advanced: bool = False, start: str = LAND1,
                 seed: str = "test", version: int | None = None) -> None:
        """`version=1`: the game as a record made before rules versions holds it (its
        game_created without "rules"); None: the version new games get."""
        self.events: list[Event] = rules.create(players, {"advanced": advanced}, seed,
                                                {"start": start, "first_player": 0})
        if version is not None:
            self.events[0] = as_version(self.events[0], version)
        self.state: State = evolve.fold(self.events)

    def do(self, seat: int | None, kind: str, **params: Any) -> list[Event]:
        """Decide and apply one command; returns the new events (raises RuleError if refused)."""
        new = rules.decide(self.state, Command(kind, seat, params))
        self.events.extend(new)
        for event in new:
            before = self.state
            self.state = evolve.evolve(before, event)
            check_event(before, self.state, event)
        return new

    def refused(self, seat: int | None, kind: str, **params: Any) -> RuleError:
        """The command is refused, and nothing at all changes."""
        before, events = self.state.clone(), list(self.events)
        with pytest.raises(RuleError) as info:
            self.do(seat, kind, **params)
        assert self.state == before
        assert self.events == events
        return info.value

    def powers(self, *cards: int) -> None:
        """Play power cards in power order (cards given in that order)."""
        for card in cards:
            (d,) = rules.pending(self.state)
            self.do(d.seat, "power", card=card)

    def start_turns(self) -> None:
        """Power cards so that seat 0 acts first, then 1, 2... (descending cards)."""
        n = self.state.players
        self.powers(*[13 - i for i in range(n)][: n])

    # --- arranging the board ----------------------------------------------------------------

    def face_up(self, *tiles: str) -> None:
        """Make these the face-up tiles (the old ones go back to the stack; repeats count once)."""
        tiles = tuple(dict.fromkeys(tiles))
        s = self.state
        s.stack = sorted(set(s.stack) | set(s.face_up))
        for t in tiles:
            s.stack.remove(t)
        s.face_up = list(tiles)

    def terrain(self, x: int, y: int, tile_id: str, turn: int = 0) -> None:
        s = self.state
        if tile_id in s.stack:
            s.stack.remove(tile_id)
        else:
            s.face_up.remove(tile_id)
        s.terrain[(x, y)] = (tile_id, turn)
        b.merge_tile(s.region_of, s.terrain, (x, y))

    def knight(self, x: int, y: int, seat: int, side: str = "a", turn: int = 0, *,
               castillo: bool = False, grande: bool = False, ships: tuple[int, ...] = ()) -> None:
        s = self.state
        k = Knight(seat, side, turn, castillo, grande, ships)
        s.knights[(x, y)] = k
        s.off_board[seat] -= 1
        s.bank[seat] -= b.knight_total(s, (x, y), k)
        s.castillo_supply -= castillo
        s.ship_supply -= len(ships)

    def court(self, seat: int, n: int) -> None:
        s = self.state
        s.bank[seat] -= n - s.court[seat]
        s.court[seat] = n

    def check(self) -> None:
        check_event(self.state, self.state, Event("arranged"))

    def seat(self) -> int:
        assert self.state.turn is not None
        return self.state.turn.seat
