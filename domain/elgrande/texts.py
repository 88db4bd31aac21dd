"""El Grande's words outside the log, in English, French and Italian, and the module's `texts`
facet (see domain/core/game.py).

The log's sentences are `messages.py`'s; here are the words the boards, the mails and the web pages
need about this game: what a seat must decide, the seats' colours, the labels of the board's
tables. Keys are namespaced by game (`el-grande.…`), so they never collide with the service's own
catalogues (`emails/i18n.py`, `service/web/i18n.py`), which hold only game-independent words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core.decisions import Decision
from domain.core.game import Message
from domain.core.i18n import Catalogue
from domain.elgrande import messages, refusals
from domain.elgrande.data import COLOURS

WORDS: dict[str, tuple[str, str, str]] = {
    # what a seat must decide now (the mails' "What you must decide now:")
    "el-grande.decision.power_card": ("play a power card", "jouer une carte pouvoir",
                                      "giocare una carta potere"),
    "el-grande.decision.take": ("take Caballeros to your court", "prendre des Caballeros à la cour",
                                "portare Caballeros a corte"),
    "el-grande.decision.choose_card": ("choose an action card", "choisir une carte action",
                                       "scegliere una carta azione"),
    "el-grande.decision.act": ("place Caballeros and/or do the special action",
                               "placer des Caballeros et/ou faire l'action spéciale",
                               "piazzare Caballeros e/o fare l'azione speciale"),
    "el-grande.decision.veto": ("allow or veto an announced action",
                                "laisser faire ou opposer un veto",
                                "lasciar fare o porre il veto"),
    "el-grande.decision.veto_on": ("allow or veto {seat}'s “{card}”{what}",
                                   "laisser faire ou opposer un veto à « {card} » {seat:de}{what}",
                                   "lasciar fare o porre il veto su «{card}» di {seat}{what}"),
    "el-grande.decision.return": ("return 3 Caballeros (the King's return)",
                                  "renvoyer 3 Caballeros (le retour du Roi)",
                                  "rimandare 3 Caballeros (il ritorno del Re)"),
    "el-grande.decision.secret": ("make a secret choice ({kind})", "faire un choix secret ({kind})",
                                  "fare una scelta segreta ({kind})"),
    # the seats' colours
    "el-grande.colour.red": ("red", "rouge", "rosso"),
    "el-grande.colour.blue": ("blue", "bleu", "blu"),
    "el-grande.colour.yellow": ("yellow", "jaune", "giallo"),
    "el-grande.colour.green": ("green", "vert", "verde"),
    "el-grande.colour.black": ("black", "noir", "nero"),
    "el-grande.you": ("you", "vous", "tu"),
    # phases
    "el-grande.phase.new": ("setting up", "mise en place", "preparazione"),
    "el-grande.phase.power": ("power cards", "cartes pouvoir", "carte potere"),
    "el-grande.phase.turns": ("turns", "tours", "turni"),
    "el-grande.phase.between": ("between rounds", "entre les manches", "tra i round"),
    "el-grande.phase.scoring": ("general scoring", "décompte général", "valutazione generale"),
    "el-grande.phase.over": ("game over", "partie terminée", "partita finita"),
    # the boards
    "el-grande.board.title": ("Round {round} of {rounds} ({phase}), the King {king:in}.",
                              "Manche {round} sur {rounds} ({phase}), le Roi {king:in}.",
                              "Round {round} di {rounds} ({phase}), il Re {king:in}."),
    "el-grande.board.round": ("Round", "Manche", "Round"),
    "el-grande.board.places": ("The board", "Le plateau", "Il tabellone"),
    "el-grande.board.place": ("Place", "Lieu", "Luogo"),
    "el-grande.board.values": ("Values", "Valeurs", "Valori"),
    "el-grande.board.values_of": ("values {values}", "valeurs {values}", "valori {values}"),
    "el-grande.board.court": ("Court", "Cour", "Corte"),
    "el-grande.board.provinces": ("Provinces", "Provinces", "Province"),
    "el-grande.board.score": ("Score", "Score", "Punti"),
    "el-grande.board.castillo": ("Castillo", "Castillo", "Castillo"),
    "el-grande.board.power": ("Power card", "Carte pouvoir", "Carta potere"),
    "el-grande.board.vetoes": ("Veto cards", "Cartes Veto", "Carte Veto"),
    "el-grande.board.players": ("Players", "Joueurs", "Giocatori"),
    "el-grande.board.player": ("Player", "Joueur", "Giocatore"),
    "el-grande.board.cards": ("Action cards this round", "Cartes action de la manche",
                              "Carte azione del round"),
    "el-grande.board.stack": ("Stack", "Pile", "Mazzo"),
    "el-grande.board.card": ("Card", "Carte", "Carta"),
    "el-grande.board.cards_line": ("Action cards: {cards}", "Cartes action : {cards}",
                                   "Carte azione: {cards}"),
    "el-grande.board.hand": ("My power cards: {cards}", "Mes cartes pouvoir : {cards}",
                             "Le mie carte potere: {cards}"),
    "el-grande.board.hand_hidden": ("{count} taken back unseen",
                                    "{count:# reprise en secret|# reprises en secret}",
                                    "{count:# ripresa in segreto|# riprese in segreto}"),
    "el-grande.board.legend": ("K = the King, G = Grande", "K = le Roi, G = Grande",
                               "K = il Re, G = Grande"),
    "el-grande.board.king": ("King", "Roi", "Re"),
    "el-grande.board.grande": ("Grande", "Grande", "Grande"),
    "el-grande.board.hidden": ("hidden", "caché", "nascosto"),
    "el-grande.board.scoreboard": ("scoreboard", "tableau", "segnapunti"),
    "el-grande.board.nobody": ("no Caballero", "aucun Caballero", "nessun Caballero"),
}


def _show(key: str, value: Any, lang: str, names: Sequence[str]) -> Any:
    """Texts given as they are; places, seats and numbers as the log shows them."""
    if isinstance(value, str) and key not in messages.PLACE_KEYS:
        return value
    return messages.show(key, value, lang, names)


_CATALOGUE = Catalogue(WORDS, _show, sentences=False)


def word(key: str, lang: str = "en", names: Sequence[str] = (), **params: Any) -> str:
    """The text of `key` (an `el-grande.…` key) in `lang` (English when unknown), params shown
    as in the log (a number agrees with its noun, a place takes the form the text asks)."""
    return _CATALOGUE.render(key, params, lang, names)


def colour_name(seat: int, lang: str = "en") -> str:
    return word(f"el-grande.colour.{COLOURS[seat]}", lang)


def phase_name(phase: str, lang: str = "en") -> str:
    key = f"el-grande.phase.{phase}"
    return word(key, lang) if key in WORDS else phase.replace("_", " ")


class ElGrandeTexts:
    """The `texts` facet of El Grande's module."""

    scoring = frozenset({"place.scored", "bonus.king", "bonus.home"})

    def render(self, message: Message, lang: str, names: Sequence[str] = ()) -> str:
        return messages.render(message, lang, list(names) or None)

    def refusal(self, key: str, params: Mapping[str, Any], lang: str,
                names: Sequence[str] = ()) -> str:
        """One of the game's refusals (`RuleError.render` finds it by its key, see refusals)."""
        return refusals.render(key, params, lang, names)

    def decision(self, decision: Decision, lang: str, names: Sequence[str] = ()) -> str:
        info = decision.info or {}
        if decision.kind == "veto" and "card" in info:
            what = messages.declared(info["card"], info.get("params") or {}, lang, names,
                                     info.get("active"))
            return word("el-grande.decision.veto_on", lang, names, seat=info.get("active"),
                        card=messages.card_name(info["card"], lang),
                        what=f" ({what})" if what else "")
        if decision.kind == "secret":
            kind = messages.secret_kind_name(str(decision.info.get("kind", "")), lang)
            return word("el-grande.decision.secret", lang, kind=kind)
        key = f"el-grande.decision.{decision.kind}"
        return word(key, lang) if key in WORDS else decision.kind

    def seat(self, seat: int, lang: str) -> str | None:
        return colour_name(seat, lang) if 0 <= seat < len(COLOURS) else None
