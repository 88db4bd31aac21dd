"""State is the fold of the events."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from domain.core.events import Event

S = TypeVar("S")


def fold(evolve: Callable[[S, Event], S], events: Iterable[Event], initial: S) -> S:
    state = initial
    for event in events:
        state = evolve(state, event)
    return state
