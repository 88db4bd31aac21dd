"""King & Intrigue's rule options: the one place for their names, allowed values and defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from types import SimpleNamespace
from typing import Any

from domain.core import surface
from domain.core.game import OptionSpec

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("discards", ("hidden", "open"), "hidden", {
        "en": "Whether a player's played power cards lie face down, seen only by their owner (the "
              "card played this round was seen by all: hidden), or everyone sees every discard "
              "pile (open).",
        "fr": "Les cartes pouvoir jouées d'un joueur sont face cachée, vues de lui seul (la carte "
              "jouée dans la manche a été vue de tous : hidden), ou tout le monde voit toutes les "
              "défausses (open).",
        "it": "Le carte potere giocate da un giocatore sono coperte, viste solo da lui (la carta "
              "giocata nel round è stata vista da tutti: hidden), oppure tutti vedono tutte le "
              "pile degli scarti (open).",
    }, title={"en": "Played power cards", "fr": "Cartes pouvoir jouées",
              "it": "Carte potere giocate"},
        labels={"en": ("face down, seen by their owner", "face up, seen by all"),
                "fr": ("face cachée, vues de leur joueur", "face visible, vues de tous"),
                "it": ("coperte, viste dal loro giocatore", "scoperte, viste da tutti")}),
    OptionSpec("round_card_choice", ("seed", "always"), "seed", {
        "en": "With 4 or 5 players, whether the holders of the King card and the Intrigue card do "
              "only that card's action, as the rulebook says (seed), or choose between it and "
              "their power card's action, as with 2 or 3 players (always).",
        "fr": "À 4 ou 5 joueurs, les détenteurs de la carte du Roi et de la carte Intrigue ne font "
              "que l'action de cette carte, comme le dit la règle (seed), ou choisissent entre "
              "elle et l'action de leur carte pouvoir, comme à 2 ou 3 joueurs (always).",
        "it": "Con 4 o 5 giocatori, chi ha la carta del Re o la carta Intrigo fa solo l'azione di "
              "quella carta, come dice il regolamento (seed), oppure sceglie tra essa e l'azione "
              "della sua carta potere, come con 2 o 3 giocatori (always).",
    }, title={"en": "King and Intrigue cards with 4 or 5 players",
              "fr": "Cartes du Roi et Intrigue à 4 ou 5 joueurs",
              "it": "Carte del Re e Intrigo con 4 o 5 giocatori"},
        labels={"en": ("only the card's action (rulebook)", "a choice, as with 2 or 3 players"),
                "fr": ("seulement l'action de la carte (règle)",
                       "au choix, comme à 2 ou 3 joueurs"),
                "it": ("solo l'azione della carta (regolamento)",
                       "a scelta, come con 2 o 3 giocatori")}),
)


@dataclass(frozen=True)
class KIOptions:
    discards: str = "hidden"
    round_card_choice: str = "seed"

    @classmethod
    def parse(cls, raw: Mapping[str, Any] | None) -> KIOptions:
        specs = SimpleNamespace(option_specs=OPTIONS, name="king-and-intrigue", title={})
        return cls(**surface.check_options(specs, raw))  # type: ignore[arg-type]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)
