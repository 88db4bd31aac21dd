"""King & Intrigue's rule options: the one place for their names, allowed values and defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from types import SimpleNamespace
from typing import Any

from domain.core import surface
from domain.core.game import OptionSpec
from domain.kingintrigue.modules_data import pool

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("discards", ("hidden", "open"), "hidden", {
        "en": "Whether a player's played power cards lie face down, seen only by their owner (the "
              "card played this round was seen by all), or everyone sees every discard pile.",
        "fr": "Les cartes pouvoir jouées d'un joueur sont face cachée, vues de lui seul (la carte "
              "jouée dans la manche a été vue de tous), ou tout le monde voit toutes les défausses.",
        "it": "Le carte potere giocate da un giocatore sono coperte, viste solo da lui (la carta "
              "giocata nel round è stata vista da tutti), oppure tutti vedono tutte le pile degli "
              "scarti.",
    }, title={"en": "Played power cards", "fr": "Cartes pouvoir jouées",
              "it": "Carte potere giocate"},
        labels={"en": ("face down, seen by their owner", "face up, seen by all"),
                "fr": ("face cachée, vues de leur joueur", "face visible, vues de tous"),
                "it": ("coperte, viste dal loro giocatore", "scoperte, viste da tutti")}),
    OptionSpec("round_card_choice", ("seed", "always"), "seed", {
        "en": "With 4 or 5 players, whether the holders of the King card and the Intrigue card do "
              "only that card's action, as the rulebook says, or choose between it and their "
              "power card's action, as with 2 or 3 players.",
        "fr": "À 4 ou 5 joueurs, les détenteurs de la carte du Roi et de la carte Intrigue ne font "
              "que l'action de cette carte, comme le dit la règle, ou choisissent entre "
              "elle et l'action de leur carte pouvoir, comme à 2 ou 3 joueurs.",
        "it": "Con 4 o 5 giocatori, chi ha la carta del Re o la carta Intrigo fa solo l'azione di "
              "quella carta, come dice il regolamento, oppure sceglie tra essa e l'azione "
              "della sua carta potere, come con 2 o 3 giocatori.",
    }, title={"en": "King and Intrigue cards with 4 or 5 players",
              "fr": "Cartes du Roi et Intrigue à 4 ou 5 joueurs",
              "it": "Carte del Re e Intrigo con 4 o 5 giocatori"},
        labels={"en": ("only the card's action (rulebook)", "a choice, as with 2 or 3 players"),
                "fr": ("seulement l'action de la carte (règle)",
                       "au choix, comme à 2 ou 3 joueurs"),
                "it": ("solo l'azione della carta (regolamento)",
                       "a scelta, come con 2 o 3 giocatori")}),
    OptionSpec("players_edition", (False, True), False, {
        "en": "The Player's Edition module: 11 more power cards per player (Joker, Relocation, "
              "Alliance, Bridge, Quarantine…) to choose the 13 from, with their markers.",
        "fr": "Le module Édition des joueurs : 11 cartes pouvoir de plus par joueur (Joker, "
              "Relocalisation, Alliance, Pont, Quarantaine…) parmi lesquelles choisir les 13, avec "
              "leurs marqueurs.",
        "it": "Il modulo Edizione dei giocatori: 11 carte potere in più per giocatore (Jolly, "
              "Trasloco, Alleanza, Ponte, Quarantena…) tra cui scegliere le 13, con i loro "
              "segnalini.",
    }, title={"en": "Player's Edition module", "fr": "Module Édition des joueurs",
              "it": "Modulo Edizione dei giocatori"},
        labels={"en": ("without", "with"), "fr": ("sans", "avec"), "it": ("senza", "con")}),
    OptionSpec("special_cards", (False, True), False, {
        "en": "The Special Cards module: 10 more power cards per player (Fiesta, Espionage, Coup "
              "d'État, Table for six, King marker…) to choose the 13 from, with the King marker "
              "and 3 limit boards.",
        "fr": "Le module Cartes spéciales : 10 cartes pouvoir de plus par joueur (Fiesta, "
              "Espionnage, Coup d'État, Table pour six, marqueur du Roi…) parmi lesquelles choisir "
              "les 13, avec le marqueur du Roi et 3 tableaux limite.",
        "it": "Il modulo Carte speciali: 10 carte potere in più per giocatore (Fiesta, "
              "Spionaggio, Colpo di Stato, Tavola per sei, segnalino del Re…) tra cui scegliere "
              "le 13, con il segnalino del Re e 3 tabelloni limite.",
    }, title={"en": "Special Cards module", "fr": "Module Cartes spéciales",
              "it": "Modulo Carte speciali"},
        labels={"en": ("without", "with"), "fr": ("sans", "avec"), "it": ("senza", "con")}),
    OptionSpec("intervention_markers", (False, True), False, {
        "en": "The rulebook's optional rule for the Special Cards' Intervention: it may also take a "
              "marker or tile off the board (the Alliance markers, the Bridge, the Collapse-risk "
              "tile, the Quarantine marker, the King marker), cancelling its effect.",
        "fr": "La règle optionnelle de la règle du jeu pour l'Intervention des Cartes spéciales : "
              "elle peut aussi retirer du plateau un marqueur ou une tuile (les marqueurs "
              "Alliance, le Pont, la tuile Risque d'effondrement, le marqueur Quarantaine, le "
              "marqueur du Roi), ce qui annule son effet.",
        "it": "La regola opzionale del regolamento per l'Intervento delle Carte speciali: può "
              "anche togliere dal tabellone un segnalino o una tessera (i segnalini Alleanza, il "
              "Ponte, la tessera Rischio di crollo, il segnalino Quarantena, il segnalino del Re), "
              "annullandone l'effetto.",
    }, title={"en": "Intervention on markers and tiles",
              "fr": "Intervention sur les marqueurs et tuiles",
              "it": "Intervento su segnalini e tessere"},
        labels={"en": ("no (rulebook)", "yes (optional rule)"),
                "fr": ("non (règle)", "oui (règle optionnelle)"),
                "it": ("no (regolamento)", "sì (regola opzionale)")}),
)


@dataclass(frozen=True)
class KIOptions:
    discards: str = "hidden"
    round_card_choice: str = "seed"
    players_edition: bool = False
    special_cards: bool = False
    intervention_markers: bool = False

    @classmethod
    def parse(cls, raw: Mapping[str, Any] | None) -> KIOptions:
        specs = SimpleNamespace(option_specs=OPTIONS, name="king-and-intrigue", title={})
        return cls(**surface.check_options(specs, raw))  # type: ignore[arg-type]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def deck(self) -> tuple[int, ...]:
        """The power cards each player keeps 13 of: the base 18 and the modules' in play."""
        return pool(self.players_edition, self.special_cards)
