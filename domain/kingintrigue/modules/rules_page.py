"""The modules' part of the rules page, in English, French and Italian: the two options, the
general rulings, and one line per card read from `modules_data.py` (value, Caballeros, name, what
it does), so that the page and the engine never disagree."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core.i18n import language_index
from domain.kingintrigue.modules_data import (
    MODULE_CARDS,
    PLAYERS_EDITION,
    SPECIAL_CARDS,
    TABLE_LIMIT,
)

TITLES = {
    PLAYERS_EDITION: ("Module: the Player's Edition (option players_edition)",
                      "Module : l'Édition des joueurs (option players_edition)",
                      "Modulo: l'Edizione dei giocatori (opzione players_edition)"),
    SPECIAL_CARDS: ("Module: the Special Cards (option special_cards)",
                    "Module : les Cartes spéciales (option special_cards)",
                    "Modulo: le Carte speciali (opzione special_cards)"),
    "rulings": ("The modules: general rules and rulings",
                "Les modules : règles générales et décisions",
                "I moduli: regole generali e decisioni"),
}
RULINGS = (
    ("With either module, each player keeps 13 cards of the larger pool: the 18 base cards and "
     "the module's. The modules add cards, not exceptions: with 4 or 5 players the holders of "
     "the King card and the Intrigue card do only that card's action, with the modules as "
     "without (the rulebook: « Dans une partie à 4 ou 5 joueurs, les joueurs en possession de la "
     "carte du Roi et de la carte Intrigue n'effectueront que l'action indiquée sur cette "
     "carte »); only the option [[round_card_choice=always]] lets them choose. (Rules version 1 let "
     "them choose whenever the Player's Edition was in play.)",
     "Avec un module, chaque joueur garde 13 cartes du paquet agrandi : les 18 cartes de base et "
     "celles du module. Les modules ajoutent des cartes, pas d'exception : à 4 ou 5 joueurs, les "
     "détenteurs de la carte du Roi et de la carte Intrigue ne font que l'action de cette carte, "
     "avec les modules comme sans (la règle : « Dans une partie à 4 ou 5 joueurs, les joueurs en "
     "possession de la carte du Roi et de la carte Intrigue n'effectueront que l'action indiquée "
     "sur cette carte ») ; seule l'option [[round_card_choice=always]] les laisse choisir. (La "
     "version 1 des règles les laissait choisir dès que l'Édition des joueurs était en jeu.)",
     "Con un modulo, ogni giocatore tiene 13 carte del mazzo ampliato: le 18 carte base e quelle "
     "del modulo. I moduli aggiungono carte, non eccezioni: con 4 o 5 giocatori chi ha la carta "
     "del Re o la carta Intrigo fa solo l'azione di quella carta, con i moduli come senza (il "
     "regolamento: « Dans une partie à 4 ou 5 joueurs, les joueurs en possession de la carte du "
     "Roi et de la carte Intrigue n'effectueront que l'action indiquée sur cette carte »); solo "
     "l'opzione [[round_card_choice=always]] li lascia scegliere. (La versione 1 delle regole li "
     "lasciava scegliere ogni volta che l'Edizione dei giocatori era in gioco.)"),
    ("RECONSTRUCTED: the rulebook explains what the cards do, but their faces (values, "
     "Caballeros, full texts) were pictures and did not survive. Auspicious day (« Jour faste ») is 13 and "
     "Relocation 23 (an outside source), Espionage and the Mistress are the rulebook's 25 and "
     "75; every other value and Caballero count, and every detail the rulebook leaves open, is "
     "this server's ruling, made to keep each card's intent.",
     "RECONSTITUÉ : la règle explique ce que font les cartes, mais leurs faces (valeurs, "
     "Caballeros, textes complets) étaient des images et ne nous sont pas parvenues. Jour faste "
     "vaut 13 et Relocalisation 23 (une source extérieure), Espionnage et Maîtresse sont les 25 "
     "et 75 de la règle ; toutes les autres valeurs et nombres de Caballeros, et chaque détail "
     "que la règle laisse ouvert, sont des décisions de ce serveur, prises pour garder "
     "l'intention de chaque carte.",
     "RICOSTRUITO: il regolamento spiega cosa fanno le carte, ma le loro facce (valori, "
     "Caballeros, testi completi) erano immagini e non ci sono pervenute. Giorno fausto vale 13 "
     "e Trasloco 23 (una fonte esterna), Spionaggio e Favorita sono i 25 e 75 del regolamento; "
     "tutti gli altri valori e numeri di Caballeros, e ogni dettaglio che il regolamento lascia "
     "aperto, sono decisioni di questo server, prese per rispettare l'intento di ogni carta."),
    ("A taboo region (the King's, a region under the Quarantine marker or the King marker) is "
     "never entered nor left by a card, a placement or a Castillo disc (a disc set there sends "
     "its Caballeros to court). Markers and tiles are on the board for everyone to see; those "
     "that stay until the next general scoring (Alliance, Quarantine, Collapse risk, the "
     "relocated Castillo, Espionage) go after it.",
     "Une région taboue (celle du Roi, une région sous le marqueur Quarantaine ou le marqueur du "
     "Roi) n'est jamais ni quittée ni rejointe par une carte, un placement ou un disque du "
     "Castillo (un disque réglé sur elle renvoie ses Caballeros à la Cour). Marqueurs et tuiles "
     "sont sur le plateau à la vue de tous ; ceux qui restent jusqu'au prochain décompte général "
     "(Alliance, Quarantaine, Risque d'effondrement, le Castillo relocalisé, Espionnage) partent "
     "après lui.",
     "Una regione tabù (quella del Re, una regione con il segnalino Quarantena o il segnalino del "
     "Re) non viene mai lasciata né raggiunta da una carta, un piazzamento o un disco del "
     "Castillo (un disco su di essa rimanda i suoi Caballeros alla corte). Segnalini e tessere "
     "sono sul tabellone alla vista di tutti; quelli che restano fino alla prossima valutazione "
     "generale (Alleanza, Quarantena, Rischio di crollo, il Castillo traslocato, Spionaggio) "
     "vengono tolti dopo di essa."),
    (f"A limit board holds {TABLE_LIMIT} Caballeros at most; it goes only on a region holding "
     f"{TABLE_LIMIT} or fewer. The Joker's replacement must be a value nobody played this round; "
     "a Joker that cannot be replaced (the last card) stands with value 5 and no action.",
     f"Un tableau limite contient {TABLE_LIMIT} Caballeros au plus ; il ne se pose que sur une "
     f"région qui en compte {TABLE_LIMIT} ou moins. La carte qui remplace le Joker doit avoir "
     "une valeur que personne n'a jouée dans la manche ; un Joker qui ne peut pas être remplacé "
     "(la dernière carte) reste, avec la valeur 5 et sans action.",
     f"Un tabellone limite contiene al massimo {TABLE_LIMIT} Caballeros; va solo su una regione "
     f"che ne ha {TABLE_LIMIT} o meno. La carta che sostituisce il Jolly deve avere un valore "
     "che nessuno ha giocato nel round; un Jolly che non si può sostituire (l'ultima carta) "
     "resta, con valore 5 e senza azione."),
    ("Royal Guard: just before a special scoring of a region that is neither the King's nor "
     "taboo, the owner of a Royal Guard is asked whether it joins that region (the rulebook: "
     "« Vous pouvez déplacer le Caballero de cette carte directement dans une région juste "
     "avant qu'un décompte (spécial ou général) n'y soit effectué »); a Guard kept back stays on "
     "its card. Before a general scoring, before the Castillo discs are set, its owner chooses a "
     "region that is neither the King's nor taboo, or keeps it on its card (rules version 2; "
     "version 1 sent it to the region of its owner's disc). Our ruling: a scoring whose regions "
     "secret discs settle (a base card's) runs without asking.",
     "Garde Royale : juste avant un décompte spécial d'une région qui n'est ni celle du Roi ni "
     "taboue, le propriétaire d'une Garde Royale choisit si elle rejoint cette région (la règle : "
     "« Vous pouvez déplacer le Caballero de cette carte directement dans une région juste avant "
     "qu'un décompte (spécial ou général) n'y soit effectué ») ; une Garde retenue reste sur sa "
     "carte. Avant un décompte général, avant le réglage des disques du Castillo, son "
     "propriétaire choisit une région qui n'est ni celle du Roi ni taboue, ou la garde sur sa "
     "carte (version 2 des règles ; la version 1 l'envoyait dans la région du disque de son "
     "propriétaire). Notre décision : un décompte dont des disques secrets fixent les régions "
     "(celui d'une carte de base) a lieu sans poser la question.",
     "Guardia Reale: appena prima di una valutazione speciale di una regione che non sia quella "
     "del Re né tabù, il proprietario di una Guardia Reale sceglie se raggiunge quella regione "
     "(il regolamento: « Vous pouvez déplacer le Caballero de cette carte directement dans une "
     "région juste avant qu'un décompte (spécial ou général) n'y soit effectué »); una Guardia "
     "trattenuta resta sulla sua carta. Prima di una valutazione generale, prima che si "
     "impostino i dischi del Castillo, il suo proprietario sceglie una regione che non sia "
     "quella del Re né tabù, o la tiene sulla sua carta (versione 2 delle regole; la versione 1 "
     "la mandava nella regione del disco del suo proprietario). Nostra decisione: una "
     "valutazione le cui regioni sono fissate da dischi segreti (quella di una carta base) "
     "avviene senza chiedere."),
    ("Espionage changes only the Castillo disc of the next general scoring: the rulebook says it "
     "« n'a aucun effet sur l'utilisation de votre disque de sélection pendant une action "
     "spéciale » and is discarded after the next general scoring. Intervention: the rulebook's "
     "optional rule (« permettre à cette carte d'annuler les effets représentés par les pions et "
     "les tuiles ») is the game's option [[intervention_markers]]: then Intervention may also take "
     "off the Alliance markers, the Bridge (its Caballero back to court), the Collapse-risk tile, "
     "the Quarantine marker or the King marker (the last two are our reading of « les pions »).",
     "L'Espionnage ne change que le disque du Castillo du prochain décompte général : la règle dit "
     "qu'il « n'a aucun effet sur l'utilisation de votre disque de sélection pendant une action "
     "spéciale » et qu'il est défaussé après le prochain décompte général. Intervention : la "
     "règle optionnelle (« permettre à cette carte d'annuler les effets représentés par les pions "
     "et les tuiles ») est l'option [[intervention_markers]] de la partie : l'Intervention peut alors "
     "aussi retirer les marqueurs Alliance, le Pont (son Caballero retourne à la Cour), la tuile "
     "Risque d'effondrement, le marqueur Quarantaine ou le marqueur du Roi (ces deux derniers "
     "sont notre lecture de « les pions »).",
     "Lo Spionaggio cambia solo il disco del Castillo della prossima valutazione generale: il "
     "regolamento dice che « n'a aucun effet sur l'utilisation de votre disque de sélection "
     "pendant une action spéciale » e che viene scartato dopo la prossima valutazione generale. "
     "Intervento: la regola opzionale del regolamento (« permettre à cette carte d'annuler les "
     "effets représentés par les pions et les tuiles ») è l'opzione [[intervention_markers]] della "
     "partita: allora l'Intervento può anche togliere i segnalini Alleanza, il Ponte (il suo "
     "Caballero torna alla corte), la tessera Rischio di crollo, il segnalino Quarantena o il "
     "segnalino del Re (questi ultimi due sono la nostra lettura di « les pions »)."),
)


COLON = (": ", " : ", ": ")


def module_sections(lang: str, card_line: Callable[[int, int, str, str], str]
                    ) -> list[dict[str, Any]]:
    """The rulings, then each module's cards, written by the base page's `card_line` (value,
    Caballeros, name, lang: one wording, the count agreeing with its noun) and what they do."""
    i = language_index(lang)
    out = [{"title": TITLES["rulings"][i], "paragraphs": [r[i] for r in RULINGS]}]
    for module in (PLAYERS_EDITION, SPECIAL_CARDS):
        out.append({"title": TITLES[module][i], "paragraphs": [
            f"{card_line(v, c.caballeros, c.name[i], lang)}{COLON[i]}{c.text[i]}"
            for v, c in sorted(MODULE_CARDS.items()) if c.module == module]})
    return out
