"""El Grande as a game module: the surface the service, workers, emails and bots use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from domain.core.events import Event, Upcasters
from domain.core.game import Message, Viewer
from domain.core.module import RulesModule
from domain.elgrande import asks, rules, views
from domain.elgrande import describe as describing
from domain.elgrande import evolve as evolving
from domain.elgrande.options import OPTIONS
from domain.elgrande.rules import MAX_PLAYERS, MIN_PLAYERS
from domain.elgrande.state import State
from domain.elgrande.texts import ElGrandeTexts

UPCASTERS = Upcasters()
"""Register upcasters here when an event's payload changes shape (none yet: all at version 1)."""


class ElGrande(RulesModule):
    name = "el-grande"
    upcasters = UPCASTERS
    title: Mapping[str, str] = MappingProxyType({"en": "El Grande", "fr": "El Grande",
                                                 "it": "El Grande"})
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_specs = OPTIONS
    rules_version = rules.RULES_VERSION
    rules_of, views_of, evolve_of, describe_of = rules, views, evolving, describing
    state_type = State

    @property
    def bots(self) -> dict[str, Any]:
        """Bot levels by name (imported on first use: the search bots are large)."""
        from domain.elgrande.bots import LEVELS

        return LEVELS

    def invariants(self, before: State, after: State, event: Event) -> None:
        """What must hold after every event (`pbem simulate`): see `elgrande.invariants`."""
        from domain.elgrande.invariants import check_event

        check_event(before, after, event)

    def revealed_view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        """A finished game's replay shows everything (`domain.core.surface.revealed_view`)."""
        return views.revealed_view(state, viewer)

    def rules_page(self, lang: str = "en") -> dict[str, Any]:
        """The rules as this server plays them, with its rulings (the web's /rules page)."""
        from domain.elgrande.rules_page import rules_page

        return rules_page(lang)

    def prompt(self, message: Message, lang: str = "en", names: Sequence[str] = ()) -> str:
        return asks.prompt(message, lang, names)

    def label(self, of: str, value: Any, lang: str = "en", names: Sequence[str] = (),
              view: Mapping[str, Any] | None = None) -> str:
        return asks.label(of, value, lang, names, view)

    secret_setup = frozenset({"stacks"})  # the order of the face-down action cards

    # --- how the game reads to people: the optional facets of domain/core/game.py ---
    # The map and the parser are imported on first use: the rules alone (simulate, the bots'
    # playouts, the workers' moves) never pay for the SVG shapes or the phrase tables.

    texts = ElGrandeTexts()
    """The log's sentences (messages.py), the decisions' prompts, the colours (texts.py)."""

    @property
    def boards(self) -> Any:
        """The map of Spain (SVG), the text board and the tables of a seat's view (boards.py)."""
        from domain.elgrande.boards import ElGrandeBoards

        return ElGrandeBoards()

    @property
    def language(self) -> Any:
        """Replies and the web's text box: `take 3, card king, place 2 aragon` (language.py)."""
        from domain.elgrande.language import ElGrandeLanguage

        return ElGrandeLanguage(self)


GAME = ElGrande()
