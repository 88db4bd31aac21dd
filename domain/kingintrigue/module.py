"""King & Intrigue as a game module: the surface the service, workers, emails and bots use."""

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
from domain.kingintrigue import evolve as evolving
from domain.kingintrigue import rules, views
from domain.kingintrigue.options import OPTIONS
from domain.kingintrigue.state import KIState
from domain.kingintrigue.texts import KingAndIntrigueTexts

UPCASTERS = Upcasters()
"""Register upcasters here when an event's payload changes shape (none yet: all at version 1)."""


class KingAndIntrigue:
    name = rules.GAME_ID
    upcasters = UPCASTERS
    title: Mapping[str, str] = MappingProxyType(rules.TITLE)
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    option_specs = OPTIONS
    rules_version = rules.RULES_VERSION
    secret_setup: frozenset[str] = frozenset()  # a given set-up (king, homes, first) hides nothing

    @property
    def bots(self) -> dict[str, Any]:
        from domain.kingintrigue.bots import LEVELS

        return LEVELS

    def invariants(self, before: KIState, after: KIState, event: Event) -> None:
        """What must hold after every event (`pbem simulate`): see `kingintrigue.invariants`."""
        from domain.kingintrigue.invariants import check_event

        check_event(before, after, event)

    def create(self, players: int, options: Mapping[str, Any] | None, seed: str,
               setup: Mapping[str, Any] | None = None) -> list[Event]:
        return rules.create(players, options, seed, setup)

    def initial(self) -> KIState:
        return KIState()

    def evolve(self, state: KIState, event: Event) -> KIState:
        return evolving.evolve(state, event)

    def fold(self, events: Iterable[Event], state: KIState | None = None) -> KIState:
        return evolving.fold(events, state)

    def decide(self, state: KIState, command: Command) -> list[Event]:
        return rules.decide(state, command)

    def pending(self, state: KIState) -> list[Decision]:
        return rules.pending(state)

    def validate(self, state: KIState, command: Command) -> RuleError | None:
        try:
            rules.decide(state, command)
        except RuleError as err:
            return err
        return None

    def view(self, state: KIState, viewer: Viewer) -> dict[str, Any]:
        return views.view(state, viewer)

    def revealed_view(self, state: KIState, viewer: Viewer) -> dict[str, Any]:
        """A finished game's replay shows everything at every step, El Grande's hidden facts and
        the expansion's (every hand, discard pile, the cards put aside, the Hurricane discs): once
        the game is over its whole record is open to all (views.py)."""
        return views.view(state, viewer, everything=True)

    def redact(self, event: Event, viewer: Viewer) -> Event:
        return views.redact(event, viewer)

    def describe(self, event: Event, viewer: Viewer) -> list[Message]:
        from domain.kingintrigue.describe import describe

        return describe(event, viewer)

    def prompt(self, message: Message, lang: str = "en", names: Sequence[str] = ()) -> str:
        from domain.kingintrigue.texts import prompt

        return prompt(message, lang, names)

    def label(self, of: str, value: Any, lang: str = "en", names: Sequence[str] = (),
              view: Mapping[str, Any] | None = None) -> str:
        from domain.kingintrigue.texts import label

        return label(of, value, lang, names, view)

    def default_command(self, state: KIState, decision: Decision) -> Command:
        return rules.default_command(state, decision)

    def sample_command(self, state: KIState, decision: Decision, rng: random.Random) -> Command:
        return rules.sample_command(state, decision, rng)

    def reveals(self, event: Event, state: KIState) -> bool:
        return views.reveals(event, state)

    def is_over(self, state: KIState) -> bool:
        return state.phase == "over"

    def rules_page(self, lang: str = "en") -> dict[str, Any]:
        """The rules as this server plays them, for players (the web's /rules page)."""
        from domain.kingintrigue.rules_page import rules_page

        return rules_page(lang)

    def ranking(self, state: KIState) -> list[dict[str, Any]]:
        return list(state.ranking)

    def players(self, state: KIState) -> int:
        return state.players

    # --- how the game reads to people: the optional facets of domain/core/game.py ---

    texts = KingAndIntrigueTexts()
    """The log's sentences and the decisions' words: the expansion's, else El Grande's."""

    @property
    def boards(self) -> Any:
        """El Grande's map, text board and tables, with the hand, discards and round cards."""
        from domain.kingintrigue.boards import KingAndIntrigueBoards

        return KingAndIntrigueBoards()

    @property
    def language(self) -> Any:
        """Replies and the web's text box: El Grande's words with the expansion's (language.py)."""
        from domain.kingintrigue.language import KingAndIntrigueLanguage

        return KingAndIntrigueLanguage(self)


GAME = KingAndIntrigue()

# The modules' names, sentences, refusals and describers (after everything they extend is loaded).
from domain.kingintrigue.modules import words as _module_words  # noqa: E402,F401
