"""El Caballero as a game module: the surface the service, workers, emails and bots use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from domain.core.events import Event, Upcasters
from domain.core.game import Message
from domain.core.module import RulesModule
from domain.elcaballero import describe as describing
from domain.elcaballero import evolve as evolving
from domain.elcaballero import rules, views
from domain.elcaballero.options import OPTIONS
from domain.elcaballero.rules import MAX_PLAYERS, MIN_PLAYERS, RULES_VERSION
from domain.elcaballero.state import State

UPCASTERS = Upcasters()
"""Register upcasters here when an event's payload changes shape (none yet: all at version 1)."""


class ElCaballero(RulesModule):
    name = "el-caballero"
    rules_version: int = RULES_VERSION
    """The rules version new games are created under (`rules.RULES_VERSION`, issue 22)."""
    upcasters = UPCASTERS
    title: Mapping[str, str] = MappingProxyType({"en": "El Caballero", "fr": "El Caballero",
                                                 "it": "El Caballero"})
    # What its boards and log call a round ("Tour 1 sur 7", "Round 1 di 7"): the mails' subjects.
    round_word: Mapping[str, str] = MappingProxyType({"en": "round", "fr": "tour", "it": "round"})
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_specs = OPTIONS
    rules_of, views_of, evolve_of, describe_of = rules, views, evolving, describing
    state_type = State

    @property
    def bots(self) -> dict[str, Any]:
        """Bot levels by name: `random` and `greedy` (`elcaballero.bots`)."""
        from domain.elcaballero.bots import LEVELS

        return LEVELS

    def invariants(self, before: State, after: State, event: Event) -> None:
        """What must hold after every event (`pbem simulate`): see `elcaballero.invariants`."""
        from domain.elcaballero.invariants import check_event

        check_event(before, after, event)

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
