"""The surface every game module exposes to the rest of the system.

The service, the workers, the emails and the bots know only this surface, so adding a game never
touches them. A viewer is a seat number, or None for a spectator.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.events import Event, Upcasters

Viewer = int | None


@dataclass(frozen=True)
class Message:
    """A translatable sentence: a message key and its parameters (ids, numbers, seats)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


class GameModule(Protocol):
    name: str
    upcasters: Upcasters

    def create(
        self, players: int, options: Mapping[str, Any], seed: str, setup: Mapping[str, Any] | None
    ) -> list[Event]:
        """The opening events of a new game (seeded, or with a fully given set-up)."""

    def initial(self) -> Any:
        """The state before any event."""

    def evolve(self, state: Any, event: Event) -> Any:
        """Pure: the state after one more event (the argument is not modified)."""

    def fold(self, events: Iterable[Event], state: Any = None) -> Any:
        """The state after the events (from `state`, or from the start); never modifies `state`."""

    def decide(self, state: Any, command: Command) -> list[Event]:
        """The events the command causes, or a RuleError saying what is wrong and what is allowed."""

    def pending(self, state: Any) -> list[Decision]:
        """Who must decide what now, with the legal options."""

    def validate(self, state: Any, command: Command) -> RuleError | None:
        """None if the command is legal now, else the error (the validator behind a constraint)."""

    def view(self, state: Any, viewer: Viewer) -> dict[str, Any]:
        """What the viewer may see of the state, as plain JSON."""

    def redact(self, event: Event, viewer: Viewer) -> Event:
        """The event as the viewer may see it."""

    def describe(self, event: Event, viewer: Viewer) -> list[Message]:
        """The event, as seen by the viewer, as translatable sentences."""

    def default_command(self, state: Any, decision: Decision) -> Command:
        """The documented safe move applied when a decision's deadline passes."""

    def sample_command(self, state: Any, decision: Decision, rng: random.Random) -> Command:
        """A uniformly chosen legal command for the decision (random play, tests, bots)."""

    def reveals(self, event: Event, state: Any) -> bool:
        """Whether the event (applied to `state`) draws or reveals hidden information."""

    def is_over(self, state: Any) -> bool: ...

    def ranking(self, state: Any) -> list[dict[str, Any]]: ...

    secret_setup: frozenset[str]
    """The set-up fields that fix hidden information (El Grande: `stacks`, the face-down order).
    Whoever gives them knows what the players must not, so a creator who takes a seat may not."""
