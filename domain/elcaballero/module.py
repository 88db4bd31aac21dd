"""El Caballero as a game module: the surface the service, workers, emails and bots use."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.events import Event, Upcasters
from domain.core.game import Message, Viewer
from domain.elcaballero import describe as describing
from domain.elcaballero import evolve as evolving
from domain.elcaballero import rules, views
from domain.elcaballero.options import OPTIONS
from domain.elcaballero.rules import MAX_PLAYERS, MIN_PLAYERS
from domain.elcaballero.state import State

UPCASTERS = Upcasters()
"""Register upcasters here when an event's payload changes shape (none yet: all at version 1)."""


class ElCaballero:
    name = "el-caballero"
    upcasters = UPCASTERS
    title: Mapping[str, str] = MappingProxyType({"en": "El Caballero", "fr": "El Caballero",
                                                 "it": "El Caballero"})
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_specs = OPTIONS

    @property
    def bots(self) -> dict[str, Any]:
        """Bot levels by name: `random` and `greedy` (`elcaballero.bots`)."""
        from domain.elcaballero.bots import LEVELS

        return LEVELS

    def invariants(self, before: State, after: State, event: Event) -> None:
        """What must hold after every event (`pbem simulate`): see `elcaballero.invariants`."""
        from domain.elcaballero.invariants import check_event

        check_event(before, after, event)

    def create(self, players: int, options: Mapping[str, Any] | None, seed: str,
               setup: Mapping[str, Any] | None = None) -> list[Event]:
        return rules.create(players, options, seed, setup)

    def initial(self) -> State:
        return State()

    def evolve(self, state: State, event: Event) -> State:
        return evolving.evolve(state, event)

    def fold(self, events: Iterable[Event], state: State | None = None) -> State:
        return evolving.fold(events, state)

    def decide(self, state: State, command: Command) -> list[Event]:
        return rules.decide(state, command)

    def pending(self, state: State) -> list[Decision]:
        return rules.pending(state)

    def validate(self, state: State, command: Command) -> RuleError | None:
        try:
            rules.decide(state, command)
        except RuleError as err:
            return err
        return None

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        return views.view(state, viewer)

    def redact(self, event: Event, viewer: Viewer) -> Event:
        return views.redact(event, viewer)

    def describe(self, event: Event, viewer: Viewer) -> list[Message]:
        return describing.describe(event, viewer)

    def default_command(self, state: State, decision: Decision) -> Command:
        return rules.default_command(state, decision)

    def sample_command(self, state: State, decision: Decision, rng: random.Random) -> Command:
        return rules.sample_command(state, decision, rng)

    def reveals(self, event: Event, state: State) -> bool:
        """Whether the event draws or reveals hidden information (an own undo may not cross it)."""
        return views.reveals(event, state)

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def rules_page(self, lang: str = "en") -> dict[str, Any]:
        """The rules as this server plays them, for players (the web's /rules page)."""
        from domain.elcaballero.rules_page import rules_page

        return rules_page(lang)

    def prompt(self, message: Message, lang: str = "en", names: Sequence[str] = ()) -> str:
        from domain.elcaballero.texts import prompt

        return prompt(message, lang, names)

    def label(self, of: str, value: Any, lang: str = "en", names: Sequence[str] = (),
              view: Mapping[str, Any] | None = None) -> str:
        from domain.elcaballero.texts import label

        return label(of, value, lang, names, view)

    def ranking(self, state: State) -> list[dict[str, Any]]:
        return list(state.ranking)

    def players(self, state: State) -> int:
        return state.players

    # --- how the game reads to people: the optional facets of domain/core/game.py ---

    @property
    def texts(self) -> Any:
        """The log's sentences (messages.py), the decisions' words, the colours (texts.py)."""
        from domain.elcaballero.texts import ElCaballeroTexts

        return ElCaballeroTexts()

    @property
    def boards(self) -> Any:
        """The grid (SVG), the text grid with typed cell names, the tables (boards.py)."""
        from domain.elcaballero.boards import BOARDS

        return BOARDS

    @property
    def language(self) -> Any:
        """Replies and the web's text box: `tile 2 at m14 turn 90, end` (language.py)."""
        from domain.elcaballero.language import ElCaballeroLanguage

        return ElCaballeroLanguage(self)


GAME = ElCaballero()
