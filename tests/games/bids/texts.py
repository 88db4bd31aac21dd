"""Sealed bids' words in English, French and Italian: the log, the decisions, the prizes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core.decisions import Decision
from domain.core.game import Message
from domain.core.language import language_index

PRIZE_NAMES: dict[str, tuple[str, str, str]] = {
    "gold": ("gold", "or", "oro"),
    "silver": ("silver", "argent", "argento"),
}

POINTS: tuple[tuple[str, str], tuple[str, str], tuple[str, str]] = (
    ("point", "points"), ("point", "points"), ("punto", "punti"))

LOG: dict[str, tuple[str, str, str]] = {
    "bids.created": ("A game of sealed bids for {players} players begins.",
                     "Une partie d'enchères secrètes à {players} joueurs commence.",
                     "Inizia una partita di offerte segrete per {players} giocatori."),
    "bids.round": ("Round {round}: the gold prize is worth {gold}, the silver prize {silver}.",
                   "Manche {round} : le prix en or vaut {gold}, le prix en argent {silver}.",
                   "Turno {round}: il premio d'oro vale {gold}, quello d'argento {silver}."),
    "bids.bid_own": ("{seat} bids {amount} in secret.", "{seat} mise {amount} en secret.",
                     "{seat} punta {amount} in segreto."),
    "bids.bid_hidden": ("{seat} has made a secret bid.", "{seat} a fait une mise secrète.",
                        "{seat} ha fatto un'offerta segreta."),
    "bids.revealed": ("The bids are revealed: {bids}. {winner} bid highest.",
                      "Les mises sont révélées : {bids}. {winner} a misé le plus.",
                      "Le offerte sono svelate: {bids}. {winner} ha offerto di più."),
    "bids.claimed": ("{seat} takes the {prize} prize ({value}).",
                     "{seat} prend le prix en {prize} ({value}).",
                     "{seat} prende il premio d'{prize} ({value})."),
    "bids.ended": ("The game is over: {ranking}.", "La partie est terminée : {ranking}.",
                   "La partita è finita: {ranking}."),
}

DECISIONS: dict[str, tuple[str, str, str]] = {
    "bid": ("make your secret bid (1 to 5)", "faire votre mise secrète (de 1 à 5)",
            "fare la tua offerta segreta (da 1 a 5)"),
    "claim": ("choose your prize", "choisir votre prix", "scegliere il tuo premio"),
    "resolve": ("reveal the bids", "révéler les mises", "svelare le offerte"),
}

WORDS: dict[str, tuple[str, str, str]] = {
    "round": ("Round {round} of {rounds}", "Manche {round} sur {rounds}",
              "Turno {round} di {rounds}"),
    "prizes": ("Prizes: gold {gold}, silver {silver}", "Prix : or {gold}, argent {silver}",
               "Premi: oro {gold}, argento {silver}"),
    "player": ("Player", "Joueur", "Giocatore"),
    "score": ("Score", "Score", "Punteggio"),
    "bid": ("Bid", "Mise", "Offerta"),
    "won": ("Prizes won", "Prix gagnés", "Premi vinti"),
    "in": ("in", "faite", "fatta"),
    "waiting": ("waiting", "en attente", "in attesa"),
    "you": ("your bid: {amount}", "votre mise : {amount}", "la tua offerta: {amount}"),
    "scores": ("Scores", "Scores", "Punteggi"),
}


def word(key: str, lang: str, **params: Any) -> str:
    return WORDS[key][language_index(lang)].format(**params)


def prize_name(prize: str, lang: str) -> str:
    return PRIZE_NAMES[prize][language_index(lang)] if prize in PRIZE_NAMES else prize


def points(value: int, lang: str) -> str:
    one, many = POINTS[language_index(lang)]
    return f"{value} {one if value == 1 else many}"


class BidsTexts:
    scoring: frozenset[str] = frozenset({"bids.claimed", "bids.ended"})

    def render(self, message: Message, lang: str, names: Sequence[str] = ()) -> str:
        def name(seat: Any) -> str:
            seat = int(seat)
            return names[seat] if 0 <= seat < len(names) else word("player", lang) + f" {seat + 1}"

        shown: dict[str, Any] = {}
        for key, value in message.params.items():
            if key in ("seat", "winner"):
                shown[key] = name(value)
            elif key == "prize":
                shown[key] = prize_name(value, lang)
            elif key in ("value", "gold", "silver"):
                shown[key] = points(value, lang)
            elif key == "bids" and isinstance(value, Mapping):
                shown[key] = ", ".join(f"{name(s)} {b}" for s, b in value.items())
            elif key == "ranking":
                shown[key] = ", ".join(f"{r['rank']}. {name(r['seat'])} ({points(r['score'], lang)})"
                                       for r in value)
            else:
                shown[key] = value
        template = LOG[message.key][language_index(lang)]
        return template.format(**shown)

    def decision(self, decision: Decision, lang: str, names: Sequence[str] = ()) -> str:
        texts = DECISIONS.get(decision.kind)
        return texts[language_index(lang)] if texts else decision.kind

    def seat(self, seat: int, lang: str) -> str | None:
        return None


TEXTS = BidsTexts()
