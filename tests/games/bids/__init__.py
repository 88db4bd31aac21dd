"""Sealed bids: a small but complete game package, registered only by the tests.

It exists to prove the game-module surface: everything about it is here — rules
(`rules.py`), words in en/fr/it (`texts.py`), the command language of mail replies and the web's
text box (`language.py`), boards (`boards.py`), typed decision forms, bots (`bots.py`) and
invariants — and nothing outside this package and the tests' registry names it. The tests walk
the registry and play every registered game by mail, web forms, typed moves, bots and the
record's verify/export/import (tests/games/test_every_game.py).

`PLAIN` is the same game with only the rules surface (no texts, language, boards, forms or bots
of its own), to prove that a game that provides less still works everywhere.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from domain.core.commands import Command
from domain.core.constraints import Answer, Field, Form, Number, OneOf
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.events import Event, Upcasters
from domain.core.game import Message, OptionSpec, Viewer
from domain.core.language import language_index
from tests.games.bids import rules
from tests.games.bids.boards import BOARDS
from tests.games.bids.bots import GreedyBidder
from tests.games.bids.language import LANGUAGE
from tests.games.bids.texts import TEXTS, prize_name

FORM_WORDS: dict[str, tuple[str, str, str]] = {
    "bids.form.bid": ("Your secret bid", "Votre mise secrète", "La tua offerta segreta"),
    "bids.form.claim": ("Choose your prize", "Choisissez votre prix", "Scegli il tuo premio"),
    "bids.form.amount": ("Amount (1 to 5)", "Montant (de 1 à 5)", "Importo (da 1 a 5)"),
    "bids.form.prize": ("Prize", "Prix", "Premio"),
}


class PlainBids:
    """The rules surface only."""

    name = "bids-plain"
    upcasters = Upcasters()
    title: Mapping[str, str] = {"en": "Sealed bids", "fr": "Enchères secrètes",
                                "it": "Offerte segrete"}
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    option_specs: tuple[OptionSpec, ...] = ()

    def create(self, players: int, options: Mapping[str, Any], seed: str,
               setup: Mapping[str, Any] | None) -> list[Event]:
        return rules.create(players, options, seed, setup)

    def initial(self) -> rules.Bids:
        return rules.Bids()

    def evolve(self, state: rules.Bids, event: Event) -> rules.Bids:
        return rules.evolve(state, event)

    def fold(self, events: Iterable[Event], state: rules.Bids | None = None) -> rules.Bids:
        return rules.fold(events, state)

    def decide(self, state: rules.Bids, command: Command) -> list[Event]:
        return rules.decide(state, command)

    def pending(self, state: rules.Bids) -> list[Decision]:
        return rules.pending(state)

    def validate(self, state: rules.Bids, command: Command) -> RuleError | None:
        try:
            rules.decide(state, command)
        except RuleError as error:
            return error
        return None

    def view(self, state: rules.Bids, viewer: Viewer) -> dict[str, Any]:
        return rules.view(state, viewer)

    def redact(self, event: Event, viewer: Viewer) -> Event:
        return rules.redact(event, viewer)

    def describe(self, event: Event, viewer: Viewer) -> list[Message]:
        return rules.describe(event, viewer)

    def default_command(self, state: rules.Bids, decision: Decision) -> Command:
        return rules.default_command(state, decision)

    def sample_command(self, state: rules.Bids, decision: Decision,
                       rng: random.Random) -> Command:
        return rules.sample_command(state, decision, rng)

    def reveals(self, event: Event, state: rules.Bids) -> bool:
        return rules.reveals(event, state)

    def is_over(self, state: rules.Bids) -> bool:
        return state.over

    def ranking(self, state: rules.Bids) -> list[dict[str, Any]]:
        return rules.ranking_of(state.scores)

    def players(self, state: rules.Bids) -> int:
        return state.players


_BID_FORM = Form((Answer("bid", (Field("amount", Number(1, 5), default=3,
                                       label=Message("bids.form.amount")),)),),
                 title=Message("bids.form.bid"))
_CLAIM_FORM = Form((Answer("claim", (Field("prize", OneOf(rules.PRIZES, "prize"),
                                           label=Message("bids.form.prize")),)),),
                   title=Message("bids.form.claim"))


class SealedBids(PlainBids):
    """The whole package: rules, words, language, boards, forms, bots and invariants."""

    name = "bids"
    texts = TEXTS
    language = LANGUAGE
    boards = BOARDS
    bots = MappingProxyType({"greedy": GreedyBidder})

    def pending(self, state: rules.Bids) -> list[Decision]:
        forms = {"bid": _BID_FORM, "claim": _CLAIM_FORM}
        return [Decision(d.seat, d.kind, d.secret, d.options, d.constraint, d.info,
                         build_form=(lambda f=forms[d.kind]: f) if d.kind in forms else None)
                for d in rules.pending(state)]

    def prompt(self, message: Message, lang: str = "en", names: Sequence[str] = ()) -> str:
        return FORM_WORDS[message.key][language_index(lang)]

    def label(self, of: str, value: Any, lang: str = "en", names: Sequence[str] = (),
              view: Mapping[str, Any] | None = None) -> str:
        return prize_name(value, lang) if of == "prize" else str(value)

    def invariants(self, before: rules.Bids, after: rules.Bids, event: Event) -> None:
        rules.invariants(before, after, event)


GAME = SealedBids()
PLAIN = PlainBids()
