"""Helpers to drive El Grande games in tests: given set-ups, commands, and arranged positions."""

from __future__ import annotations

from typing import Any

import pytest

from domain.core.commands import Command
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.elgrande import evolve, rules
from domain.elgrande.data import REGION_IDS
from domain.elgrande.state import State

HOMES = ["galicia", "aragon", "sevilla", "valencia", "cataluna"]


class Table:
    """A game being played in a test: its events and current state."""

    def __init__(self, players: int = 3, options: dict[str, Any] | None = None,
                 setup: dict[str, Any] | None = None, seed: str = "test") -> None:
        setup = {"king": "castilla_la_nueva", "homes": HOMES[:players], "first_player": 0,
                 **(setup or {})}
        self.events: list[Event] = rules.create(players, options, seed, setup)
        self.state: State = evolve.fold(self.events)

    def do(self, seat: int | None, kind: str, **params: Any) -> list[Event]:
        """Decide and apply one command; returns the new events (raises RuleError if refused)."""
        new = rules.decide(self.state, Command(kind, seat, params))
        self.events.extend(new)
        self.state = evolve.fold(new, self.state)
        return new

    def pending(self) -> list:
        return rules.pending(self.state)

    def play_powers(self, *cards: int) -> None:
        """Play power cards in power order (cards given in that order)."""
        for card in cards:
            (d,) = [d for d in self.pending() if d.kind == "power_card"]
            self.do(d.seat, "play_power", card=card)

    def turn_with(self, card: str, take: int = 0) -> int:
        """Take `take` Caballeros and choose the face-up `card` (putting it face up if needed)."""
        s = self.state
        assert s.turn is not None
        seat = s.turn.seat
        if s.turn.step == "take":
            self.do(seat, "take", count=take)
        stack = next((k for k, c in s.face_up.items() if c == card), None)
        if stack is None:
            stack = _stack_of(card)
            self.state.face_up[stack] = card
        self.do(seat, "choose_card", stack=stack)
        return seat

    def arrange(self, **counts: dict[str, list[int]] | Any) -> None:
        """Set board facts directly (keeps each player's 30 by adjusting the provinces)."""
        s = self.state
        for place, per_seat in counts.items():
            for seat, n in enumerate(per_seat):
                delta = n - s.places[place][seat]
                s.places[place][seat] = n
                s.provinces[seat] -= delta
        for seat in s.seats():
            assert s.provinces[seat] >= 0, "arranged more than 30 Caballeros"


def _stack_of(card: str) -> int:
    from domain.elgrande.data import ACTION_CARDS

    return next(c.stack for c in ACTION_CARDS if c.id == card)


def empty_board(players: int) -> dict[str, list[int]]:
    return {r: [0] * players for r in REGION_IDS}


def ready(players: int = 3, first: int = 0, **options: Any) -> Table:
    """Round 1 with its power cards played so that seat `first` takes the first turn (it plays
    13, the next seats 12, 11, ...)."""
    t = Table(players, options=options or None)
    cards = {(first + i) % players: 13 - i for i in range(players)}
    t.play_powers(*(cards[seat] for seat in range(players)))
    assert t.state.turn is not None and t.state.turn.seat == first
    return t


def refused(t: Table, seat: int | None, kind: str, match: str, **params: Any) -> RuleError:
    """The command is refused with a message matching `match`, and nothing changes."""
    before = t.state.clone()
    n = len(t.events)
    with pytest.raises(RuleError, match=match) as info:
        t.do(seat, kind, **params)
    assert t.state == before and len(t.events) == n
    return info.value


def quiet_step(t: Table) -> None:
    """The waited-on player takes nothing, takes the first card, and neither places nor acts."""
    (d,) = t.pending()
    if d.kind == "take":
        t.do(d.seat, "take", count=0)
    elif d.kind == "choose_card":
        t.do(d.seat, "choose_card", stack=d.options[0]["stack"])
    elif "place" in d.constraint:
        t.do(d.seat, "place", places={})
    else:
        t.do(d.seat, "decline")
