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

LANGUAGES = ("en", "fr", "it")
"""The languages every word a player reads exists in."""


@dataclass(frozen=True)
class Message:
    """A translatable sentence: a message key and its parameters (ids, numbers, seats)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


@dataclass(frozen=True)
class OptionSpec:
    """One rule option of a game: its name, allowed values, default, and what it means (en/fr/it).

    The API validates `options` against these, the create-game page offers them, and the game's
    `create` still has the last word (it raises a RuleError for a value it cannot take)."""

    name: str
    allowed: tuple[Any, ...]
    default: Any
    description: Mapping[str, str]

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {"name": self.name, "allowed": list(self.allowed), "default": self.default,
                "description": self.description.get(lang) or self.description.get("en", "")}


class InvariantViolation(AssertionError):
    """A game's invariant failed after an event (raised by `invariants`, reported by simulate)."""


class GameModule(Protocol):
    """The rules surface every game has. Optional facets (looked up with `getattr` by
    `domain.core.surface`, which supplies the generic fallback) are: `bots` (level name → factory
    of a `domain.bots.Bot`), `invariants(before, after, event)` for `pbem simulate`."""

    name: str
    upcasters: Upcasters
    title: Mapping[str, str]
    """The game's name as players read it, by language."""
    min_players: int
    max_players: int
    option_specs: tuple[OptionSpec, ...]

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
