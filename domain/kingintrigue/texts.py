"""King & Intrigue's words in English, French and Italian: the log's sentences of the expansion's
own events, its cards' and round cards' names, its forms' prompts, and the module's `texts` facet.

Everything else is El Grande's words (`domain.elgrande.messages`, `texts`, `asks`): a message is
rendered here when its key is the expansion's, else by El Grande's renderer, after the names El
Grande does not know (the new actions, the round cards, the set-up's secret choices) have been put
in its parameters in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core import errors
from domain.core.decisions import Decision
from domain.core.game import Message
from domain.core.i18n import LANGUAGES, Catalogue, language_index, supported
from domain.elgrande import asks as eg_asks
from domain.elgrande import messages as eg_messages
from domain.elgrande.texts import ElGrandeTexts
from domain.kingintrigue.data import CAPTURE_CAP, CAPTURE_OWN, POWER_VALUES
from domain.kingintrigue.modules_data import ALL_CARDS, MODULE_CARDS, REMOVABLE

NAMES: dict[str, tuple[str, str, str]] = {
    # the expansion's actions
    "intrigue": ("Intrigue", "Intrigue", "Intrigo"),
    "free_placement": ("Place anywhere", "Placer n'importe où", "Piazza ovunque"),
    "one_from_each_opponent": ("One Caballero of each opponent", "Un Caballero de chaque adversaire",
                               "Un Caballero di ogni avversario"),
    "grande_and_caballeros": ("Move your Grande and/or its Caballeros",
                              "Déplacer votre Grande et/ou ses Caballeros",
                              "Sposta il tuo Grande e/o i suoi Caballeros"),
    "double_scoring": ("Double scoring", "Double décompte", "Valutazione doppia"),
    "castillo_capture": ("Into the Castillo", "Vers le Castillo", "Nel Castillo"),
    # the round cards
    "king_card": ("the King card", "la carte du Roi", "la carta del Re"),
    "caballero_card": ("a Caballero card", "une carte Caballero", "una carta Caballero"),
    "intrigue_card": ("the Intrigue card", "la carte Intrigue", "la carta Intrigo"),
    # the set-up's secret choices
    "keep": ("the 13 cards kept", "les 13 cartes gardées", "le 13 carte tenute"),
    "setup_disc": ("the selection disc of the set-up", "le disque de sélection de la mise en place",
                   "il disco di selezione della preparazione"),
}

TEXTS: dict[str, tuple[str, str, str]] = {
    # the log
    "ki.game.created": ("A game of King & Intrigue for {players} players begins.",
                        "Une partie de Roi et intrigues à {players} joueurs commence.",
                        "Inizia una partita di Re e intrighi per {players} giocatori."),
    "ki.keep.opened": ("Every player secretly keeps 13 of their {pool} power cards.",
                       "Chaque joueur garde en secret 13 de ses {pool} cartes pouvoir.",
                       "Ogni giocatore tiene in segreto 13 delle sue {pool} carte potere."),
    "ki.keep.own": ("You keep {cards} (in secret).", "Vous gardez {cards} (en secret).",
                    "Tieni {cards} (in segreto)."),
    "ki.hands.kept": ("Every player has kept 13 power cards; the other {rest} leave the game "
                      "unseen.",
                      "Chaque joueur a gardé 13 cartes pouvoir ; les {rest} autres quittent la "
                      "partie sans être vues.",
                      "Ogni giocatore ha tenuto 13 carte potere; le altre {rest} lasciano la "
                      "partita senza essere viste."),
    "ki.setup_disc.opened": ("Every player secretly chooses a region (not the King's) for one "
                             "Caballero.",
                             "Chaque joueur choisit en secret une région (pas celle du Roi) pour "
                             "un Caballero.",
                             "Ogni giocatore sceglie in segreto una regione (non quella del Re) "
                             "per un Caballero."),
    "ki.round.started": ("Round {round} of 9 begins.", "La manche {round} sur 9 commence.",
                         "Inizia il round {round} di 9."),
    "ki.round_card": ("{seat} ({power}) takes {round_card}: up to {places:# Caballero|# Caballeros} "
                      "to place.",
                      "{seat} ({power}) prend {round_card} : jusqu'à "
                      "{places:# Caballero|# Caballeros} à placer.",
                      "{seat} ({power}) prende {round_card}: fino a "
                      "{places:# Caballero|# Caballeros} da piazzare."),
    "ki.round_card.only": ("With 4 or 5 players that card's holder plays its action only: "
                           "{seat}'s {power} ({card}) is not played this round.",
                           "À 4 ou 5 joueurs, qui tient cette carte ne fait que son action : "
                           "le {power} de {seat} ({card}) n'est pas joué cette manche.",
                           "Con 4 o 5 giocatori chi ha questa carta fa solo la sua azione: il "
                           "{power} di {seat} ({card}) non si gioca in questo round."),
    "ki.action.chosen": ("{seat} chooses the action “{card}”.",
                         "{seat} choisit l'action « {card} ».",
                         "{seat} sceglie l'azione «{card}»."),
    "ki.placement.freed": ("{seat} may place anywhere this turn (never in the King's region).",
                           "{seat} peut placer n'importe où ce tour-ci (jamais dans la région du "
                           "Roi).",
                           "{seat} può piazzare ovunque in questo turno (mai nella regione del "
                           "Re)."),
    "ki.double.marked": ("{seat} puts a 2x marker {region:in}: it scores double in the next "
                         "general scoring.",
                         "{seat} pose un marqueur 2x {region:in} : la région compte double au "
                         "prochain décompte général.",
                         "{seat} mette un segnalino 2x {region:in}: la regione conta doppio "
                         "nella prossima valutazione generale."),
    "ki.place.doubled": ("{place:the} scores double (2x marker).",
                         "{place:the} compte double (marqueur 2x).",
                         "{place:the} conta doppio (segnalino 2x)."),
    # the forms
    "ki.ask.keep": ("Keep 13 of your {pool} power cards", "Gardez 13 de vos {pool} cartes pouvoir",
                    "Tieni 13 delle tue {pool} carte potere"),
    "ki.ask.keep.cards": ("The 13 cards you keep (the other {rest} leave the game unseen)",
                          "Les 13 cartes que vous gardez (les {rest} autres quittent la partie "
                          "sans être vues)",
                          "Le 13 carte che tieni (le altre {rest} lasciano la partita senza "
                          "essere viste)"),
    "ki.ask.keep.submit": ("Keep them", "Les garder", "Tienile"),
    "ki.ask.choose_action": ("Which action do you use this turn?",
                             "Quelle action utilisez-vous ce tour-ci ?",
                             "Quale azione usi in questo turno?"),
    "ki.ask.intrigue.one": ("Move 1 Caballero (anyone's) from a region to another region",
                            "Déplacer 1 Caballero (de n'importe qui) d'une région vers une autre",
                            "Sposta 1 Caballero (di chiunque) da una regione a un'altra"),
    "ki.ask.intrigue.all": ("Move all of yours from one region to another",
                            "Déplacer tous les vôtres d'une région vers une autre",
                            "Sposta tutti i tuoi da una regione a un'altra"),
    "ki.ask.intrigue.to": ("The region they go to", "La région où ils vont",
                           "La regione dove vanno"),
    "ki.ask.free_placement": ("This turn, place anywhere but in the King's region",
                              "Ce tour-ci, placer n'importe où sauf dans la région du Roi",
                              "In questo turno, piazza ovunque tranne nella regione del Re"),
    "ki.ask.grande": ("Move your Grande and/or your Caballeros out of its region",
                      "Déplacer votre Grande et/ou vos Caballeros hors de sa région",
                      "Sposta il tuo Grande e/o i tuoi Caballeros fuori dalla sua regione"),
    "ki.ask.grande.stays": ("Move only Caballeros out of your Grande's region (the Grande stays)",
                            "Déplacer seulement des Caballeros hors de la région de votre Grande "
                            "(le Grande reste)",
                            "Sposta solo dei Caballeros fuori dalla regione del tuo Grande (il "
                            "Grande resta)"),
    "ki.ask.grande.to": ("Your Grande's new region", "La nouvelle région de votre Grande",
                         "La nuova regione del tuo Grande"),
    "ki.ask.grande.caballeros": ("Your Caballeros leaving its region (you have {count} there)",
                                 "Vos Caballeros qui quittent sa région (vous en avez {count})",
                                 "I tuoi Caballeros che lasciano la sua regione (ne hai {count})"),
    "ki.ask.double": ("The region to score double", "La région qui comptera double",
                      "La regione che conterà doppio"),
    "ki.ask.capture": ("Up to {max} opponents' Caballeros into the Castillo, and {own} of yours "
                       "with them",
                       "Jusqu'à {max} Caballeros adverses vers le Castillo, et {own} des vôtres "
                       "avec eux",
                       "Fino a {max} Caballeros avversari nel Castillo, e {own} dei tuoi con "
                       "loro"),
    # what a seat must decide: said to its player ("What you must decide now: …"), and said of
    # one player (".one": "the game waits for Bruno (…)") or of several who must each do it
    # (".many": « Bruno et Chiara, qui doivent chacun … »), where "your" would be wrong
    "ki.decision.keep": ("keep 13 of your {pool} power cards",
                         "garder 13 de vos {pool} cartes pouvoir",
                         "tenere 13 delle tue {pool} carte potere"),
    "ki.decision.keep.one": ("keep 13 of their {pool} power cards",
                             "garder 13 de ses {pool} cartes pouvoir",
                             "tenere 13 delle sue {pool} carte potere"),
    "ki.decision.keep.many": ("keep 13 of their {pool} power cards",
                              "garder 13 de leurs {pool} cartes pouvoir",
                              "tenere 13 delle loro {pool} carte potere"),
    "ki.decision.choose_action": ("choose your turn's action", "choisir l'action du tour",
                                  "scegliere l'azione del turno"),
    "ki.decision.choose_action.one": ("choose the action of their turn",
                                      "choisir l'action du tour",
                                      "scegliere l'azione del turno"),
    "ki.decision.choose_action.many": ("choose the action of their turn",
                                       "choisir l'action du tour",
                                       "scegliere l'azione del turno"),
    # the set-up's disc says what it does (rules: every player secretly chooses a region, not
    # the King's, and puts 1 Caballero from the provinces there)
    "ki.decision.setup_disc": ("make a secret choice (the selection disc of the set-up): the "
                               "region, not the King's, where 1 Caballero from your provinces "
                               "goes",
                               "faire un choix secret (le disque de sélection de la mise en "
                               "place) : la région, pas celle du Roi, où va 1 Caballero de vos "
                               "provinces",
                               "fare una scelta segreta (il disco di selezione della "
                               "preparazione): la regione, non quella del Re, dove va 1 "
                               "Caballero delle tue province"),
    "ki.decision.setup_disc.one": ("make a secret choice (the selection disc of the set-up): "
                                   "the region, not the King's, where 1 Caballero from their "
                                   "provinces goes",
                                   "faire un choix secret (le disque de sélection de la mise en "
                                   "place) : la région, pas celle du Roi, où va 1 Caballero de "
                                   "ses provinces",
                                   "fare una scelta segreta (il disco di selezione della "
                                   "preparazione): la regione, non quella del Re, dove va 1 "
                                   "Caballero delle sue province"),
    "ki.decision.setup_disc.many": ("make a secret choice (the selection disc of the set-up): "
                                    "the region, not the King's, where 1 Caballero from their "
                                    "provinces goes",
                                    "faire un choix secret (le disque de sélection de la mise "
                                    "en place) : la région, pas celle du Roi, où va 1 Caballero "
                                    "de leurs provinces",
                                    "fare una scelta segreta (il disco di selezione della "
                                    "preparazione): la regione, non quella del Re, dove va 1 "
                                    "Caballero delle loro province"),
    # the 115's offer: the player offered chooses openly which region is scored (the engine
    # asks it as a secret choice, but nothing of it is hidden from the others)
    "ki.decision.offered": ("choose which of {regions} is scored (Special scoring: three "
                            "regions offered)",
                            "choisir laquelle de ces régions est décomptée : {regions} "
                            "(Décompte spécial : trois régions proposées)",
                            "scegliere quale di queste regioni è valutata: {regions} "
                            "(Valutazione speciale: tre regioni proposte)"),
    "ki.decision.offered.one": ("choose which of {regions} is scored (Special scoring: three "
                                "regions offered)",
                                "choisir laquelle de ces régions est décomptée : {regions} "
                                "(Décompte spécial : trois régions proposées)",
                                "scegliere quale di queste regioni è valutata: {regions} "
                                "(Valutazione speciale: tre regioni proposte)"),
}
TEXTS["ki.decision.offered.many"] = TEXTS["ki.decision.offered.one"]

PERSONS = ("", ".one", ".many")
"""The suffix of a decision phrase's key: said to its player, of one player, of several."""


def person(count: int) -> str:
    """The key suffix for a phrase said of `count` players (0: to the player themselves)."""
    return PERSONS[min(count, 2)]


EFFECTS: dict[str, tuple[str, str, str]] = {
    # what each base power card's action does (rules_page.py says it at length, with its rulings)
    "intrigue": ("Move 1 Caballero (anybody's) from a region to another, or all of yours from one "
                 "region to another; never in or out of the King's region, never into the "
                 "Castillo.",
                 "Déplacez 1 Caballero (de n'importe qui) d'une région vers une autre, ou tous "
                 "les vôtres d'une région vers une autre ; jamais dans ni hors de la région du "
                 "Roi, jamais vers le Castillo.",
                 "Sposta 1 Caballero (di chiunque) da una regione a un'altra, o tutti i tuoi da "
                 "una regione a un'altra; mai dentro o fuori dalla regione del Re, mai nel "
                 "Castillo."),
    "free_placement": ("This turn you may place in any region (never the King's) or the "
                       "Castillo.",
                       "Ce tour, vous pouvez placer dans n'importe quelle région (jamais celle du "
                       "Roi) ou au Castillo.",
                       "In questo turno puoi piazzare in qualsiasi regione (mai quella del Re) o "
                       "nel Castillo."),
    "decline_3_court": ("Each opponent returns 3 Caballeros from their court to their provinces.",
                        "Chaque adversaire renvoie 3 Caballeros de sa cour dans ses provinces.",
                        "Ogni avversario rimanda 3 Caballeros dalla sua corte alle sue province."),
    "veto": ("The Veto: stop another player's special action, until the end of the next round.",
             "Le Veto : empêchez l'action spéciale d'un autre joueur, jusqu'à la fin de la manche "
             "suivante.",
             "Il Veto: impedisci l'azione speciale di un altro giocatore, fino alla fine del "
             "round successivo."),
    "kings_return": ("Clockwise, each opponent returns 3 of their Caballeros, from their court "
                     "and/or the regions, to their provinces.",
                     "Dans le sens des aiguilles d'une montre, chaque adversaire renvoie 3 de ses "
                     "Caballeros, de sa cour et/ou des régions, dans ses provinces.",
                     "In senso orario, ogni avversario rimanda 3 dei suoi Caballeros, dalla corte "
                     "e/o dalle regioni, alle sue province."),
    "score_castillo": ("The Castillo is scored.", "Le Castillo est décompté.",
                       "Il Castillo viene valutato."),
    "one_from_each_opponent": ("Pick 1 Caballero of each opponent in a region (not the King's) "
                               "and send it back to its provinces.",
                               "Choisissez 1 Caballero de chaque adversaire dans une région (pas "
                               "celle du Roi) et renvoyez-le dans ses provinces.",
                               "Scegli 1 Caballero di ogni avversario in una regione (non quella "
                               "del Re) e rimandalo alle sue province."),
    "grande_and_caballeros": ("Your Grande to another region (not the King's, not the Castillo) "
                              "and/or your Caballeros out of its region; nothing leaves the "
                              "King's region.",
                              "Votre Grande vers une autre région (ni celle du Roi, ni le "
                              "Castillo) et/ou vos Caballeros hors de sa région ; rien ne quitte "
                              "la région du Roi.",
                              "Il tuo Grande in un'altra regione (non quella del Re, non il "
                              "Castillo) e/o i tuoi Caballeros fuori dalla sua regione; niente "
                              "lascia la regione del Re."),
    "scoreboard": ("Put a mobile scoreboard (8-4-0 or 4-0-0) on a region or the Castillo, or move "
                   "one.",
                   "Posez une tuile de pointage mobile (8-4-0 ou 4-0-0) sur une région ou le "
                   "Castillo, ou déplacez-en une.",
                   "Metti un segnapunti mobile (8-4-0 o 4-0-0) su una regione o sul Castillo, o "
                   "spostane uno."),
    "score_chosen": ("One place of your choice is scored.", "Un lieu de votre choix est décompté.",
                     "Un luogo a tua scelta viene valutato."),
    "score_4s": ("Every region whose first value is 4 is scored.",
                 "Chaque région dont la première valeur est 4 est décomptée.",
                 "Ogni regione il cui primo valore è 4 viene valutata."),
    "score_5s": ("Every region whose first value is 5 is scored.",
                 "Chaque région dont la première valeur est 5 est décomptée.",
                 "Ogni regione il cui primo valore è 5 viene valutata."),
    "double_scoring": ("A 2x marker on a region doubles it at the next general scoring only; "
                       "with both markers already out, nothing happens.",
                       "Un marqueur 2x sur une région la double au prochain décompte général "
                       "seulement ; si les deux marqueurs sont déjà posés, rien ne se passe.",
                       "Un segnalino 2x su una regione la raddoppia solo alla prossima "
                       "valutazione generale; se entrambi i segnalini sono già in gioco, non "
                       "succede nulla."),
    "castillo_capture": ("Up to {cap} opponents' Caballeros from the regions into the Castillo; "
                         "if you move any, {own} of yours go too.",
                         "Jusqu'à {cap} Caballeros adverses des régions vers le Castillo ; si "
                         "vous en déplacez, {own} des vôtres y vont aussi.",
                         "Fino a {cap} Caballeros avversari dalle regioni nel Castillo; se ne "
                         "sposti, ci vanno anche {own} dei tuoi."),
    "score_6s_7s": ("Every region whose first value is 6 or 7 is scored.",
                    "Chaque région dont la première valeur est 6 ou 7 est décomptée.",
                    "Ogni regione il cui primo valore è 6 o 7 viene valutata."),
    "royal_advisor": ("The King moves to an adjacent region.",
                      "Le Roi va dans une région voisine.",
                      "Il Re va in una regione confinante."),
    "secret_scoring": ("Every player secretly chooses a region; those chosen by exactly one "
                       "player are scored.",
                       "Chaque joueur choisit une région en secret ; celles qu'un seul joueur a "
                       "choisies sont décomptées.",
                       "Ogni giocatore sceglie in segreto una regione; quelle scelte da un solo "
                       "giocatore vengono valutate."),
    "king": ("As the King card: the King to any other region, never the Castillo.",
             "Comme la carte du Roi : le Roi dans n'importe quelle autre région, jamais le "
             "Castillo.",
             "Come la carta del Re: il Re in qualsiasi altra regione, mai il Castillo."),
}
"""What each base power card does, in a line: the keep list and the hand show it, so that a
player chooses without opening the rules."""


def power_title(card: int, lang: str = "en") -> str:
    """A power card's action by its name (« Intrigue », "Revolt"), "" for an unknown value."""
    found = ALL_CARDS.get(card)
    return name(found.action, lang) if found is not None else ""


def power_effect(card: int, lang: str = "en") -> str:
    """What a power card does, in a line (a module card's own text, else EFFECTS)."""
    i = language_index(supported(lang))
    if card in MODULE_CARDS:
        return MODULE_CARDS[card].text[i]
    found = ALL_CARDS.get(card)
    if found is None or found.action not in EFFECTS:
        return ""
    return EFFECTS[found.action][i].format(cap=CAPTURE_CAP, own=CAPTURE_OWN)


RULES: tuple[tuple[str, str, str], ...] = (
    ("Nine rounds, with a general scoring after rounds 3, 6 and 9; the highest score wins.",
     "Neuf manches, avec un décompte général après les manches 3, 6 et 9 ; le plus haut score "
     "gagne.",
     "Nove round, con una valutazione generale dopo i round 3, 6 e 9; vince il punteggio più "
     "alto."),
    ("At the start everyone secretly keeps 13 of their power cards; the others leave the game "
     "unseen. There are no action cards: each power card carries its own action (the table of "
     "your power cards in every mail says what each one does).",
     "Au début, chacun garde en secret 13 de ses cartes pouvoir ; les autres quittent la partie "
     "sans être vues. Il n'y a pas de cartes action : chaque carte pouvoir porte sa propre "
     "action (le tableau de vos cartes pouvoir, dans chaque courriel, dit ce que fait chacune).",
     "All'inizio ognuno tiene in segreto 13 delle sue carte potere; le altre lasciano la "
     "partita senza essere viste. Non ci sono carte azione: ogni carta potere porta la sua "
     "azione (la tabella delle tue carte potere, in ogni messaggio, dice cosa fa ciascuna)."),
    ("Each round everyone plays a power card of a value nobody played this round. The highest "
     "takes the King card, the lowest the Intrigue card, the others a Caballero card; turns go "
     "from the highest card down.",
     "À chaque manche, chacun joue une carte pouvoir d'une valeur que personne n'a jouée dans "
     "la manche. La plus haute prend la carte du Roi, la plus basse la carte Intrigue, les "
     "autres une carte Caballero ; les tours vont de la plus haute carte à la plus basse.",
     "A ogni round ognuno gioca una carta potere di un valore che nessuno ha giocato nel round. "
     "La più alta prende la carta del Re, la più bassa la carta Intrigo, le altre una carta "
     "Caballero; i turni vanno dalla carta più alta alla più bassa."),
    ("Your turn: take up to your power card's Caballeros from your provinces to your court, "
     "then, in either order, place up to your round card's number of Caballeros next to the "
     "King's region or into the Castillo, and do (or decline) your power card's action. The "
     "King card's holder moves the King and the Intrigue card's moves Caballeros instead; with "
     "2 or 3 players (or when the game's options say so) they choose between the two.",
     "Votre tour : amenez jusqu'au nombre de Caballeros de votre carte pouvoir de vos provinces "
     "à votre cour, puis, dans l'ordre de votre choix, placez jusqu'au nombre de Caballeros de "
     "votre carte de manche à côté de la région du Roi ou au Castillo, et faites (ou non) "
     "l'action de votre carte pouvoir. Qui a la carte du Roi déplace plutôt le Roi, et qui a la "
     "carte Intrigue des Caballeros ; à 2 ou 3 joueurs (ou si les options de la partie le "
     "disent), ils choisissent entre les deux.",
     "Il tuo turno: porta fino al numero di Caballeros della tua carta potere dalle province "
     "alla corte, poi, nell'ordine che vuoi, piazza fino al numero di Caballeros della tua "
     "carta del round accanto alla regione del Re o nel Castillo, e fai (o no) l'azione della "
     "tua carta potere. Chi ha la carta del Re sposta invece il Re, e chi ha la carta Intrigo "
     "sposta Caballeros; in 2 o 3 giocatori (o se le opzioni della partita lo dicono) scelgono "
     "tra le due."),
    ("The King's region is taboo: nothing enters or leaves it but the King. A place pays its "
     "values to the most, second and third most Caballeros (tied players share the lower rank); "
     "a sole leader in the King's region or in their home region gets 2 more.",
     "La région du Roi est taboue : rien n'y entre ni n'en sort, sauf le Roi. Un lieu rapporte "
     "ses valeurs à qui y a le plus, le deuxième et le troisième plus de Caballeros (des "
     "joueurs à égalité prennent le rang inférieur) ; un premier seul dans la région du Roi ou "
     "dans sa région d'origine gagne 2 de plus.",
     "La regione del Re è tabù: niente vi entra o ne esce, tranne il Re. Un luogo dà i suoi "
     "valori a chi vi ha più Caballeros, al secondo e al terzo (i giocatori in parità prendono "
     "il posto inferiore); un primo da solo nella regione del Re o nella sua regione d'origine "
     "prende 2 punti in più."),
    ("At a general scoring everyone secretly picks the region their Castillo Caballeros go to; "
     "the Castillo is scored first.",
     "Lors d'un décompte général, chacun choisit en secret la région où vont ses Caballeros du "
     "Castillo ; le Castillo est décompté en premier.",
     "In una valutazione generale ognuno sceglie in segreto la regione dove vanno i suoi "
     "Caballeros del Castillo; il Castillo viene valutato per primo."),
)
"""The game in a few lines, for a player who asks for the rules by mail: King & Intrigue's own
(its power cards carry the actions; El Grande's action cards are not in it)."""


def name(key: str, lang: str = "en") -> str:
    """An action's, a round card's or a secret choice's name: the expansion's, else El Grande's."""
    if key in NAMES:
        return NAMES[key][language_index(supported(lang))]
    return eg_messages.card_name(key, supported(lang))


def decision_words(kind: str, pool: int = len(POWER_VALUES)) -> Any:
    """The expansion's decisions in every language ({"en": …, "fr": …, "it": …}), for El Grande's
    refusals that name what a player must do; another kind as it is (El Grande names it). `pool`:
    the deck the 13 are kept from (18, more with a module)."""
    key = f"ki.decision.{kind}"
    if key not in TEXTS:
        module = f"kim.decision.{kind}"  # the modules' own (the Bridge's crossing, the Guard):
        said = {lang: errors.render(module, {}, lang) for lang in LANGUAGES}  # « vous devez
        return said if said["en"] != module else kind  # cross » was shown
    return {lang: text.format(pool=pool) for lang, text in zip(LANGUAGES, TEXTS[key], strict=True)}


def _named(message: Message, lang: str) -> Message:
    """The message with the names El Grande does not know already in `lang`."""
    params = dict(message.params)
    for key in ("card", "kind", "round_card"):
        if isinstance(params.get(key), str) and params[key] in NAMES:
            params[key] = name(params[key], lang)
    return Message(message.key, params)


def show(key: str, value: Any, lang: str, names: Sequence[str]) -> Any:
    """How the expansion's sentences show a parameter: its own names (actions, round cards,
    secret choices) and power values, else as El Grande shows it (seats by name, places in the
    form the sentence asks, numbers that agree with their noun)."""
    if key in ("card", "kind", "round_card") and isinstance(value, str) and value in NAMES:
        return name(value, lang)
    if key == "cards" and isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return eg_messages.show(key, value, lang, names)


CATALOGUE = Catalogue(TEXTS, show)


DETAIL: dict[str, tuple[str, str, str]] = {
    "scoreboard": ("the {board} scoreboard", "la tuile de pointage {board}",
                   "il segnapunti {board}"),
    "grande": ("{seat}'s Grande", "le Grande de {seat}", "il Grande di {seat}"),
    "in_front": ("{seat}'s {card}", "la carte {card} de {seat}", "la carta {card} di {seat}"),
    "limit": ("the limit board {place}", "le tableau limite {place}",
              "il tabellone limite {place}"),
}
"""The words of a module card's declared parameters (after the card's name in the log's
sentence and in a Veto holder's question)."""
MODULE_ACTIONS = frozenset(c.action for c in MODULE_CARDS.values())


def declared(card: str, params: Mapping[str, Any], lang: str = "en",
             names: Sequence[str] = (), seat: int | None = None) -> str:
    """A declared special action's parameters in words, "" when it has none. A module card's
    parameters (a region, regions, a scoreboard, a Grande, what an Intervention removes) are the
    modules' own: El Grande's words would read none of them and leave the sentence without what
    was chosen."""
    lang = supported(lang)
    if card not in MODULE_ACTIONS:
        return eg_messages.declared(card, params, lang, names, seat)
    i = language_index(lang)

    def seat_name(who: Any) -> str:
        return str(eg_messages.show("seat", int(who), lang, names))

    if params.get("region"):
        return eg_messages.place_form(str(params["region"]), lang, "the")
    if params.get("regions"):
        return eg_messages.joined([eg_messages.place_form(str(r), lang, "the")
                                   for r in params["regions"]], lang)
    if params.get("scoreboard"):
        return DETAIL["scoreboard"][i].format(board=str(params["scoreboard"]).replace("-", "/"))
    if card == "coup" and params.get("target") is not None:
        return DETAIL["grande"][i].format(seat=seat_name(params["target"]))
    if card == "intervention" and params.get("target"):
        what, _, where = str(params["target"]).partition("@")
        if what == "limit":
            return DETAIL["limit"][i].format(place=eg_messages.place_form(where, lang, "of"))
        if what in REMOVABLE:
            return REMOVABLE[what][i]
        if where.isdigit():
            return DETAIL["in_front"][i].format(card=name(what, lang), seat=seat_name(where))
    return ""


def _declared_sentence(message: Message, lang: str, names: Sequence[str]) -> str:
    params = dict(message.params)
    card = str(params.get("card"))
    what = declared(card, params.get("params") or {}, lang, names, params.get("seat"))
    params["card"] = name(card, lang)
    params["params"] = ("" if not what else f" : {what}" if lang == "fr" else f": {what}")
    return eg_messages.CATALOGUE.render("special.declared", params, lang, list(names) or None)


def render(message: Message, lang: str = "en", names: Sequence[str] = ()) -> str:
    lang = supported(lang)
    if message.key == "special.declared":
        return _declared_sentence(message, lang, names)
    if message.key in TEXTS:
        return CATALOGUE.render(message.key, message.params, lang, names)
    if message.key in eg_messages.TEXTS:
        return eg_messages.render(_named(message, lang), lang, list(names) or None)
    # any other key is found by its namespace, as refusals are: the modules' `kim.…`
    # (modules/words.py), and an unknown key shows as itself instead of raising
    return errors.render(message.key, message.params, lang, names)


def prompt(message: Message, lang: str = "en", names: Sequence[str] = ()) -> str:
    """A form's words: El Grande's forms (`asks.prompt`), else a sentence like the log's."""
    if message.key in eg_asks.TEXTS:
        return eg_asks.prompt(_named(message, supported(lang)), supported(lang), names)
    return render(message, lang, names)


def label(of: str, value: Any, lang: str = "en", names: Sequence[str] = (),
          view: Mapping[str, Any] | None = None) -> str:
    lang = supported(lang)
    if of == "power_card":
        card = int(value)
        count = ALL_CARDS[card].caballeros if card in ALL_CARDS else 0
        action = name(ALL_CARDS[card].action, lang) if card in ALL_CARDS else ""
        text = eg_asks.TEXTS["label.power_card"][language_index(lang)].format(card=card,
                                                                               count=count)
        return f"{text} — {action}" if action else text
    if of == "card" and isinstance(value, str) and value in NAMES:
        return name(value, lang)
    if of == "scoreboard" and isinstance(value, str):  # Revolt: "8-4-0" as printed, 8/4/0
        return value.replace("-", "/")
    if of == "guard" and value == "stay":  # the Royal Guard's choice: a region, or staying
        return errors.render("kim.guard.stay", {}, lang, names)
    if of == "guard" and isinstance(value, str):
        return eg_messages.place_name(value, lang)
    if of == "intervention" and isinstance(value, str):  # the modules' Intervention: what@where
        what, _, where = value.partition("@")
        if what == "limit":
            return f"{name('table_for_six', lang)} — {eg_messages.place_name(where, lang)}"
        if what in REMOVABLE:
            return REMOVABLE[what][language_index(lang)]
        return f"{name(what, lang)} — {eg_asks.label('seat', int(where), lang, names, view)}"
    return eg_asks.label(of, value, lang, names, view)


class KingAndIntrigueTexts(ElGrandeTexts):
    """The `texts` facet: El Grande's, with the expansion's words."""

    scoring = ElGrandeTexts.scoring | frozenset({
        "kim.alliance.scored", "kim.alliance.doubled", "kim.alliance.bonus.king",
        "kim.alliance.bonus.home", "kim.bridge.scored"})
    """El Grande's scoring lines and the modules': the Alliance's regions scored as one and
    the Bridge's point (a mail's "Scoring results" left them out, so it did not add up)."""

    def render(self, message: Message, lang: str, names: Sequence[str] = ()) -> str:
        return render(message, lang, names)

    def card_name(self, card: str, lang: str) -> str:
        return name(card, lang)

    def rules(self, lang: str) -> list[str]:
        """King & Intrigue in a few lines (not El Grande's, whose action cards it has not)."""
        i = language_index(supported(lang))
        return [text[i] for text in RULES]

    def secret_kind_name(self, kind: str, lang: str) -> str:
        return name(kind, lang) if kind in NAMES else super().secret_kind_name(kind, lang)

    def decision(self, decision: Decision, lang: str, names: Sequence[str] = ()) -> str:
        return self._phrase(decision, lang, names, 0)

    def awaited(self, decision: Decision, lang: str, names: Sequence[str] = (),
                count: int = 1) -> str:
        """The decision said of the `count` players waited on for it: "keep 13 of their 39
        power cards" (the mails' "the game now waits for Bruno (…)"), never "your"."""
        return self._phrase(decision, lang, names, max(1, count))

    def _phrase(self, decision: Decision, lang: str, names: Sequence[str], count: int) -> str:
        lang, suffix = supported(lang), person(count)
        info = decision.info or {}
        if decision.kind == "keep":  # 13 of the deck: 18 cards, more with a module
            pool = len((decision.constraint or {}).get("from") or POWER_VALUES)
            return CATALOGUE.render(f"ki.decision.keep{suffix}", {"pool": pool}, lang, names)
        if decision.kind == "choose_action":
            return TEXTS[f"ki.decision.choose_action{suffix}"][language_index(lang)]
        if decision.kind == "secret" and info.get("kind") == "setup_disc":
            return TEXTS[f"ki.decision.setup_disc{suffix}"][language_index(lang)]
        if decision.kind == "secret" and info.get("kind") == "score_offered" \
                and info.get("regions"):
            regions = eg_messages.joined([eg_messages.place_form(r, lang, "the")
                                          for r in info["regions"]], lang)
            return TEXTS[f"ki.decision.offered{suffix}"][language_index(lang)].format(
                regions=regions)
        if decision.kind == "power_card" and info.get("joker"):  # the modules' Joker
            return errors.render(f"kim.decision.joker{suffix}", {}, lang, names)
        if decision.kind in ("cross", "guard"):
            general = ".general" if info.get("general") else ""
            key = f"kim.decision.{decision.kind}{general}"
            return errors.render(key + (suffix if decision.kind == "guard" else ""), {}, lang,
                                 names)
        return super().decision(decision, lang, names)
