"""The rules surface of a game module as a thin shell over the game's own modules.

Every game's module used to repeat the same delegating methods (`create` → its rules, `view` →
its views, `fold` → its evolve…). A game built the usual way — a `rules` module (create, decide,
pending, default_command, sample_command), a `views` module (view, redact, reveals), an `evolve`
module (evolve, fold) and a `describe` module — subclasses `RulesModule` and names them; what is
particular to it (bots, invariants, facets, its words) stays in its own class.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from types import ModuleType
from typing import Any, ClassVar

from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.core.game import Message, Viewer


class RulesModule:
    """The rules surface (`domain.core.game.GameModule`) delegated to the game's modules."""

    rules_of: ClassVar[ModuleType]
    views_of: ClassVar[ModuleType]
    evolve_of: ClassVar[ModuleType]
    describe_of: ClassVar[ModuleType]
    state_type: ClassVar[type]

    def create(self, players: int, options: Mapping[str, Any] | None, seed: str,
               setup: Mapping[str, Any] | None = None) -> list[Event]:
        events: list[Event] = self.rules_of.create(players, options, seed, setup)
        return events

    def initial(self) -> Any:
        return self.state_type()

    def evolve(self, state: Any, event: Event) -> Any:
        return self.evolve_of.evolve(state, event)

    def fold(self, events: Iterable[Event], state: Any = None) -> Any:
        return self.evolve_of.fold(events, state)

    def decide(self, state: Any, command: Command) -> list[Event]:
        events: list[Event] = self.rules_of.decide(state, command)
        return events

    def pending(self, state: Any) -> list[Decision]:
        decisions: list[Decision] = self.rules_of.pending(state)
        return decisions

    def validate(self, state: Any, command: Command) -> RuleError | None:
        try:
            self.rules_of.decide(state, command)
        except RuleError as err:
            return err
        return None

    def view(self, state: Any, viewer: Viewer) -> dict[str, Any]:
        seen: dict[str, Any] = self.views_of.view(state, viewer)
        return seen

    def redact(self, event: Event, viewer: Viewer) -> Event:
        redacted: Event = self.views_of.redact(event, viewer)
        return redacted

    def describe(self, event: Event, viewer: Viewer) -> list[Message]:
        messages: list[Message] = self.describe_of.describe(event, viewer)
        return messages

    def default_command(self, state: Any, decision: Decision) -> Command:
        command: Command = self.rules_of.default_command(state, decision)
        return command

    def sample_command(self, state: Any, decision: Decision, rng: random.Random) -> Command:
        command: Command = self.rules_of.sample_command(state, decision, rng)
        return command

    def reveals(self, event: Event, state: Any) -> bool:
        """Whether the event (applied to `state`) draws or reveals hidden information (an own undo
        may not cross it)."""
        return bool(self.views_of.reveals(event, state))

    def is_over(self, state: Any) -> bool:
        return bool(state.phase == "over")

    def ranking(self, state: Any) -> list[dict[str, Any]]:
        return list(state.ranking)

    def players(self, state: Any) -> int:
        return int(state.players)
