"""The texts of El Grande's message keys, in English, French and Italian, and their renderer.

The one place where the log's sentences live: email, web and API all render `describe`'s messages
through `render`. Place names come from `data.REGIONS`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core.game import Message
from domain.elgrande.data import ACTION_CARDS, CASTILLO, CASTILLO_NAMES, REGIONS

LANGUAGES = ("en", "fr", "it")

TEXTS: dict[str, tuple[str, str, str]] = {
    "game.created": ("A game of El Grande for {players} players begins.",
                     "Une partie d'El Grande à {players} joueurs commence.",
                     "Inizia una partita di El Grande per {players} giocatori."),
    "setup.king": ("The King starts in {region}.", "Le Roi commence en {region}.",
                   "Il Re inizia in {region}."),
    "setup.home": ("{seat}'s Grande stands in {region}.", "Le Grande de {seat} est en {region}.",
                   "Il Grande di {seat} è in {region}."),
    "setup.first_player": ("{seat} plays first.", "{seat} joue en premier.", "{seat} gioca per primo."),
    "round.started": ("Round {round} begins; the action cards are {cards}.",
                      "La manche {round} commence ; les cartes action sont {cards}.",
                      "Inizia il round {round}; le carte azione sono {cards}."),
    "power.played": ("{seat} plays power card {card}.", "{seat} joue la carte pouvoir {card}.",
                     "{seat} gioca la carta potere {card}."),
    "court.taken": ("{seat} brings {count} Caballero(s) to court.",
                    "{seat} amène {count} Caballero(s) à la cour.",
                    "{seat} porta {count} Caballero a corte."),
    "court.taken_from_regions": ("{seat} takes some from the board: {regions}.",
                                 "{seat} en prend sur le plateau : {regions}.",
                                 "{seat} ne prende dal tabellone: {regions}."),
    "card.chosen": ("{seat} takes the card “{card}”.", "{seat} prend la carte « {card} ».",
                    "{seat} prende la carta «{card}»."),
    "caballeros.placed": ("{seat} places Caballeros: {places}.", "{seat} place des Caballeros : {places}.",
                          "{seat} piazza Caballeros: {places}."),
    "caballeros.placed_none": ("{seat} places no Caballero.", "{seat} ne place aucun Caballero.",
                               "{seat} non piazza Caballeros."),
    "castillo.added": ("{player} puts {count} Caballero(s) into the Castillo.",
                       "{player} met {count} Caballero(s) dans le Castillo.",
                       "{player} mette {count} Caballero nel Castillo."),
    "special.declared": ("{seat} announces “{card}”{params}.", "{seat} annonce « {card} »{params}.",
                         "{seat} annuncia «{card}»{params}."),
    "special.declined": ("{seat} does not use the action of “{card}”.",
                         "{seat} n'utilise pas l'action de « {card} ».",
                         "{seat} non usa l'azione di «{card}»."),
    "veto.allowed": ("{seat} lets it happen.", "{seat} laisse faire.", "{seat} lascia fare."),
    "veto.used": ("{seat} vetoes {against}'s “{card}” (parts {steps}).",
                  "{seat} oppose son veto à « {card} » de {against} (parties {steps}).",
                  "{seat} pone il veto su «{card}» di {against} (parti {steps})."),
    "kings_return.started": ("Each of {seats} returns 3 Caballeros, in turn.",
                             "Chacun de {seats} renvoie 3 Caballeros, à tour de rôle.",
                             "Ognuno tra {seats} rimanda 3 Caballeros, a turno."),
    "caballeros.moved": ("{count} of {seat}'s Caballeros go from {from} to {to}.",
                         "{count} Caballero(s) de {seat} vont de {from} à {to}.",
                         "{count} Caballero di {seat} vanno da {from} a {to}."),
    "king.moved": ("The King moves from {from} to {to}.", "Le Roi va de {from} à {to}.",
                   "Il Re si sposta da {from} a {to}."),
    "grande.moved": ("{seat}'s Grande moves from {from} to {to}.", "Le Grande de {seat} va de {from} à {to}.",
                     "Il Grande di {seat} si sposta da {from} a {to}."),
    "scoreboard.moved": ("The {board} scoreboard goes from {from} to {to}.",
                         "Le tableau {board} va de {from} à {to}.",
                         "Il segnapunti {board} va da {from} a {to}."),
    "power.returned": ("{seat} takes power card {card} back.", "{seat} reprend la carte pouvoir {card}.",
                       "{seat} riprende la carta potere {card}."),
    "power.returned_hidden": ("{seat} takes back a power card from under the pile.",
                              "{seat} reprend une carte pouvoir sous la pile.",
                              "{seat} riprende una carta potere da sotto la pila."),
    "place.scored": ("{place} is scored: {points}.", "{place} est décompté : {points}.",
                     "{place} viene valutato: {points}."),
    "bonus.king": ("{seat} gets the King's bonus of {points} in {place}.",
                   "{seat} reçoit le bonus du Roi de {points} en {place}.",
                   "{seat} riceve il bonus del Re di {points} in {place}."),
    "bonus.home": ("{seat} gets the home bonus of {points} in {place}.",
                   "{seat} reçoit le bonus du Grande de {points} en {place}.",
                   "{seat} riceve il bonus del Grande di {points} in {place}."),
    "secret.opened": ("Secret choice for {seats}: {kind}.", "Choix secret pour {seats} : {kind}.",
                      "Scelta segreta per {seats}: {kind}."),
    "secret.submitted": ("{seat} has made their secret choice.", "{seat} a fait son choix secret.",
                         "{seat} ha fatto la sua scelta segreta."),
    "secret.submitted_own": ("You chose {choice} in secret.", "Vous avez choisi {choice} en secret.",
                             "Hai scelto {choice} in segreto."),
    "secret.revealed": ("{seat} had chosen {choice}.", "{seat} avait choisi {choice}.",
                        "{seat} aveva scelto {choice}."),
    "turn.ended": ("{seat}'s turn ends.", "Le tour de {seat} se termine.", "Il turno di {seat} finisce."),
    "round.ended": ("Round {round} ends.", "La manche {round} se termine.", "Il round {round} finisce."),
    "scoring.started": ("General scoring {number}: everyone secretly sets their disc.",
                        "Décompte général {number} : chacun règle son disque en secret.",
                        "Valutazione generale {number}: ognuno imposta in segreto il suo disco."),
    "scoring.ended": ("General scoring {number} is over.", "Le décompte général {number} est terminé.",
                      "La valutazione generale {number} è finita."),
    "disc.king_region": (
        "Choosing {king}, the King's region, sends your Castillo Caballeros back to your court.",
        "Choisir {king}, la région du Roi, renvoie vos Caballeros du Castillo à votre cour.",
        "Scegliere {king}, la regione del Re, rimanda i tuoi Caballeros del Castillo a corte.",
    ),
    "undo.done": ("Events {first} to {last} are undone ({reason}).",
                  "Les événements {first} à {last} sont annulés ({reason}).",
                  "Gli eventi da {first} a {last} sono annullati ({reason})."),
    "setup.given_stack": ("the order of the face-down cards of stack {stacks}",
                          "l'ordre des cartes face cachée de la pile {stacks}",
                          "l'ordine delle carte coperte del mazzo {stacks}"),
    "setup.given_stacks": ("the order of the face-down cards of stacks {stacks}",
                           "l'ordre des cartes face cachée des piles {stacks}",
                           "l'ordine delle carte coperte dei mazzi {stacks}"),
    "game.ended": ("The game is over: {ranking}.", "La partie est terminée : {ranking}.",
                   "La partita è finita: {ranking}."),
}

PLACE_KEYS = {"region", "place", "from", "to", "choice", "king"}
SEAT_KEYS = {"seat", "player", "against"}


def place_name(place: str, lang: str = "en") -> str:
    index = LANGUAGES.index(lang)
    if place == CASTILLO:
        return CASTILLO_NAMES[index]
    if place in REGIONS:
        return REGIONS[place][index]
    return {"court": ("the court", "la cour", "la corte"),
            "provinces": ("the provinces", "les provinces", "le province")}.get(place, (place,) * 3)[index]


_CARD_TITLES = {c.id: c.names for c in ACTION_CARDS}


def card_name(card: str, lang: str = "en") -> str:
    titles = _CARD_TITLES.get(card)
    return titles[LANGUAGES.index(lang)] if titles else card


SECRET_KINDS: dict[str, tuple[str, str, str]] = {
    "disc": ("the disc for the Castillo", "le disque du Castillo", "il disco del Castillo"),
}


def secret_kind_name(kind: str, lang: str = "en") -> str:
    """A secret choice's name: the disc, or the title of the card that asked for it."""
    if kind in SECRET_KINDS:
        return SECRET_KINDS[kind][LANGUAGES.index(lang)]
    return card_name(kind, lang)


def render(message: Message, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """One sentence in `lang`; `names` gives a display name per seat (default: colours' seat numbers)."""
    lang = lang if lang in LANGUAGES else "en"

    def seat_name(seat: Any) -> str:
        return names[int(seat)] if names else f"seat {seat}"

    def show(key: str, value: Any) -> str:
        if key in SEAT_KEYS and value is not None:
            return seat_name(value)
        if key in PLACE_KEYS and isinstance(value, str):
            return place_name(value, lang)
        if key == "card" and isinstance(value, str):
            return card_name(value, lang)
        if key == "cards":
            return ", ".join(card_name(c, lang) for c in value)
        if key == "kind":
            return secret_kind_name(value, lang)
        if key == "seats":
            return ", ".join(seat_name(s) for s in value)
        if key == "stacks":
            return ", ".join(str(n) for n in value)
        if key in ("places", "regions"):
            return ", ".join(f"{n} → {place_name(p, lang)}" for p, n in value.items())
        if key == "points" and isinstance(value, Mapping):  # per seat; a bonus is a plain number
            return ", ".join(f"{seat_name(s)} +{p}" for s, p in value.items()) or "—"
        if key == "ranking":
            return ", ".join(f"{r['rank']}. {seat_name(r['seat'])} ({r['score']})" for r in value)
        if key == "params":  # a declared special action's parameters
            shown = [show_param(k, v) for k, v in value.items() if k not in ("affected", "public")]
            return " (" + "; ".join(p for p in shown if p) + ")" if any(shown) else ""
        return str(value)

    def show_param(key: str, value: Any) -> str:
        if value is None:
            return ""
        if isinstance(value, Mapping):
            if key == "picks":
                return ", ".join(f"{seat_name(s)}: {place_name(r, lang)}" for s, r in value.items())
            return ", ".join(f"{n} → {place_name(p, lang)}" for p, n in value.items())
        if isinstance(value, str):
            return place_name(value, lang)
        return str(value)

    template = TEXTS[message.key][LANGUAGES.index(lang)]
    return template.format(**{k: show(k, v) for k, v in message.params.items()})
