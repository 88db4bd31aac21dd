"""State is the fold of the events."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from domain.core.events import Event

S = TypeVar("S")


def fold(evolve: Callable[[S, Event], S], events: Iterable[Event], initial: S) -> S:
    state = initial
    for event in events:
        state = evolve(state, event)
    return state


class Evolver:
    """A game's `evolve` as one handler per event type, applied to a mutable state that `clone`s.

    Each game registers its handlers with `@on("event_type")`; a game built on another (King &
    Intrigue on El Grande) passes the other's handlers as `base`, its own taking precedence. The
    state must have `clone()` and an `events` counter. `evolve` never modifies its argument:
    it applies to a clone; `fold` clones once and applies every event in place.
    """

    def __init__(self, game: str, initial: Callable[[], Any],
                 base: Mapping[str, Callable[[Any, Event], None]] | None = None) -> None:
        self.game = game
        self.initial = initial
        self.base = base if base is not None else {}
        self.handlers: dict[str, Callable[[Any, Event], None]] = {}

    def on(self, event_type: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
        def register(handler: Callable[..., None]) -> Callable[..., None]:
            self.handlers[event_type] = handler
            return handler

        return register

    def apply(self, state: Any, event: Event) -> Any:
        """Apply in place (the caller owns `state`)."""
        handler = self.handlers.get(event.type) or self.base.get(event.type)
        if handler is None:
            raise ValueError(f"unknown {self.game} event type {event.type!r}")
        handler(state, event)
        state.events += 1
        return state

    def evolve(self, state: Any, event: Event) -> Any:
        return self.apply(state.clone(), event)

    def fold(self, events: Iterable[Event], state: Any = None) -> Any:
        current = state.clone() if state is not None else self.initial()
        for event in events:
            self.apply(current, event)
        return current
