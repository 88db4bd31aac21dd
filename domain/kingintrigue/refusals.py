"""King & Intrigue's own refusals (`king-and-intrigue.refuse.…`), in English, French and Italian.

A refusal the base game also makes (a power card not in hand, the King's region taboo, a place not
next to the King, more than the court holds…) is raised with El Grande's key and read from its
catalogue (`domain/elgrande/refusals.py`); only what the expansion adds is here: the 13 cards kept,
the selection disc, the choice of action, the Intrigue, cards 20, 70, 80, 130 and 140. Parameters
are shown as El Grande's refusals show them (a place in the form the sentence needs, a seat by its
player's name), the expansion's actions by their names (`texts.name`). Registered on import of the
package (`domain/kingintrigue/__init__.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core import errors
from domain.core.i18n import Catalogue
from domain.elgrande import messages
from domain.elgrande import refusals as eg

NAMESPACE = "king-and-intrigue"
K = NAMESPACE + ".refuse."

TEXTS: dict[str, tuple[str, str, str]] = {
    K + "setup_shape": ("The set-up must be an object (king, homes, first_player).",
                        "La mise en place doit être un objet (king, homes, first_player).",
                        "La preparazione deve essere un oggetto (king, homes, first_player)."),
    K + "setup_fields": ("{count:Unknown set-up field|Unknown set-up fields}: {fields}.",
                         "{count:Champ inconnu|Champs inconnus} dans la mise en place : {fields}.",
                         "{count:Campo sconosciuto|Campi sconosciuti} nella preparazione: "
                         "{fields}."),
    K + "keep": ("Keep exactly {keep} different cards of your {count} ({cards}); the others leave "
                 "the game unseen.",
                 "Gardez exactement {keep} cartes différentes de vos {count} ({cards}) ; les "
                 "autres quittent la partie sans être vues.",
                 "Tieni esattamente {keep} carte diverse delle tue {count} ({cards}); le altre "
                 "lasciano la partita senza essere viste."),
    K + "secret_choice": ("{choice:the} is not a choice you can make for {kind}.",
                          "{choice:the} n'est pas un choix possible pour {kind}.",
                          "{choice:the} non è una scelta possibile per {kind}."),
    K + "setup_disc_king": ("Your selection disc never picks the King's region, {choice:the}.",
                            "Votre disque de sélection ne choisit jamais la région du Roi, "
                            "{choice:the}.",
                            "Il tuo disco di selezione non sceglie mai la regione del Re, "
                            "{choice:the}."),
    K + "choose_action": ("Choose {choices}.", "Choisissez {choices}.", "Scegli {choices}."),
    K + "intrigue_mode": ("Say which half of the Intrigue you use: “one” (move 1 Caballero, "
                          "anyone's) or “all” (all of yours from one region to another).",
                          "Dites quelle moitié de l'Intrigue vous utilisez : « one » (déplacer "
                          "1 Caballero, de n'importe qui) ou « all » (tous les vôtres d'une "
                          "région vers une autre).",
                          "Di' quale metà dell'Intrigo usi: «one» (sposta 1 Caballero, di "
                          "chiunque) o «all» (tutti i tuoi da una regione a un'altra)."),
    K + "intrigue_castillo": ("The Intrigue moves Caballeros to another region, never into the "
                              "Castillo.",
                              "L'Intrigue déplace des Caballeros vers une autre région, jamais "
                              "dans le Castillo.",
                              "L'Intrigo sposta Caballeros in un'altra regione, mai nel "
                              "Castillo."),
    K + "intrigue_one_region": ("Name the one region all your Caballeros go to.",
                                "Nommez la région où vont tous vos Caballeros.",
                                "Indica la regione dove vanno tutti i tuoi Caballeros."),
    K + "intrigue_same": ("Name a region other than {region:the}, the one you empty.",
                          "Nommez une autre région que {region:the}, celle que vous videz.",
                          "Indica una regione diversa da {region:the}, quella che svuoti."),
    K + "free_placed": ("You have placed already: card 20 frees a placement still to come.",
                        "Vous avez déjà placé : la carte 20 libère un placement encore à venir.",
                        "Hai già piazzato: la carta 20 libera un piazzamento ancora da fare."),
    K + "place_free_king": ("You cannot place {place:in}: the King's region is taboo, even with "
                            "card 20.",
                            "Vous ne pouvez pas placer {place:in} : la région du Roi est taboue, "
                            "même avec la carte 20.",
                            "Non puoi piazzare {place:in}: la regione del Re è tabù, anche con "
                            "la carta 20."),
    K + "never_yours": ("Card 70 takes one Caballero of each opponent, never yours.",
                        "La carte 70 prend un Caballero de chaque adversaire, jamais des vôtres.",
                        "La carta 70 prende un Caballero di ogni avversario, mai dei tuoi."),
    K + "grande_in_king_region": ("Your Grande stands in the King's region: neither it nor your "
                                  "Caballeros may leave it.",
                                  "Votre Grande est dans la région du Roi : ni lui ni vos "
                                  "Caballeros ne peuvent en sortir.",
                                  "Il tuo Grande è nella regione del Re: né lui né i tuoi "
                                  "Caballeros possono uscirne."),
    K + "grande_target": ("The Grande never goes to the King's region or the Castillo.",
                          "Le Grande ne va jamais dans la région du Roi ni dans le Castillo.",
                          "Il Grande non va mai nella regione del Re né nel Castillo."),
    K + "grande_nothing": ("Move your Grande, your Caballeros out of its region, or both (or "
                           "decline the action).",
                           "Déplacez votre Grande, vos Caballeros hors de sa région, ou les deux "
                           "(ou refusez l'action).",
                           "Sposta il tuo Grande, i tuoi Caballeros fuori dalla sua regione, o "
                           "entrambi (o rinuncia all'azione)."),
    K + "double_castillo": ("The 2x marker goes on a region, not the Castillo.",
                            "Le marqueur 2x se pose sur une région, pas sur le Castillo.",
                            "Il segnalino 2x va su una regione, non sul Castillo."),
    K + "double_none": ("Both 2x markers are on the board until the general scoring: card 130 "
                        "can do nothing now (decline the action).",
                        "Les deux marqueurs 2x sont sur le plateau jusqu'au décompte général : "
                        "la carte 130 ne peut rien faire maintenant (refusez l'action).",
                        "Entrambi i segnalini 2x sono sul tabellone fino alla valutazione "
                        "generale: la carta 130 ora non può fare nulla (rinuncia all'azione)."),
    K + "double_twice": ("{region:the} carries a 2x marker already.",
                         "{region:the} porte déjà un marqueur 2x.",
                         "{region:the} ha già un segnalino 2x."),
    K + "capture_moves": ("Give the moves as a list of {{seat, from, count}} into the Castillo "
                          "(or decline).",
                          "Donnez les déplacements comme une liste de {{seat, from, count}} vers "
                          "le Castillo (ou refusez).",
                          "Dai gli spostamenti come una lista di {{seat, from, count}} verso il "
                          "Castillo (o rinuncia)."),
    K + "capture_castillo_only": ("Card 140 moves Caballeros into the Castillo only.",
                                  "La carte 140 ne déplace des Caballeros que vers le Castillo.",
                                  "La carta 140 sposta Caballeros solo nel Castillo."),
    K + "capture_opponents": ("Move 1 to {cap} of your opponents' Caballeros into the Castillo "
                              "(or decline the action).",
                              "Déplacez de 1 à {cap} Caballeros de vos adversaires vers le "
                              "Castillo (ou refusez l'action).",
                              "Sposta da 1 a {cap} Caballeros dei tuoi avversari nel Castillo "
                              "(o rinuncia all'azione)."),
    K + "capture_own": ("Moving your opponents' Caballeros in, you move "
                        "{own} of yours too (you gave {gave}).",
                        "En déplaçant ceux de vos adversaires, vous déplacez aussi "
                        "{own} des vôtres (vous en avez donné {gave}).",
                        "Spostando quelli dei tuoi avversari, sposti anche "
                        "{own:# dei tuoi|# dei tuoi} (ne hai dati {gave})."),
}


def show(key: str, value: Any, lang: str, names: Sequence[str]) -> Any:
    """The expansion's actions and secret choices by name, the rest as El Grande's refusals."""
    from domain.kingintrigue.texts import NAMES, name

    if key == "kind" and isinstance(value, str) and value in NAMES:
        return name(value, lang)
    if key == "choices" and isinstance(value, list) and all(isinstance(v, str) for v in value):
        return messages.joined([messages.quoted(name(v, lang), lang) for v in value], lang)
    return eg.show(key, value, lang, names)


CATALOGUE = Catalogue(TEXTS, show)


def render(key: str, params: Mapping[str, Any], lang: str = "en",
           names: Sequence[str] = ()) -> str:
    """A `king-and-intrigue.…` refusal in `lang`, seats named by `names`."""
    if key not in TEXTS:
        return errors.unknown(key, params)
    return CATALOGUE.render(key, params, lang, names)


errors.catalogue(NAMESPACE, render)
