"""El Grande's words outside the log, in English, French and Italian, and the module's `texts`
facet (see domain/core/game.py).

The log's sentences are `messages.py`'s; here are the words the boards, the mails and the web pages
need about this game: what a seat must decide, the seats' colours, the labels of the board's
tables. Keys are namespaced by game (`el-grande.…`), so they never collide with the service's own
catalogues (`emails/i18n.py`, `service/web/i18n.py`), which hold only game-independent words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from domain.core.decisions import Decision
from domain.core.game import Message
from domain.core.i18n import Catalogue, language_index
from domain.elgrande import messages, refusals
from domain.elgrande.data import COLOURS

WORDS: dict[str, tuple[str, str, str]] = {
    # what a seat must decide now (the mails' "What you must decide now:")
    "el-grande.decision.power_card": ("play a power card", "jouer une carte pouvoir",
                                      "giocare una carta potere"),
    "el-grande.decision.take": ("bring Caballeros to court", "amener des Caballeros à la cour",
                                "portare Caballeros a corte"),
    "el-grande.decision.choose_card": ("choose an action card", "choisir une carte action",
                                       "scegliere una carta azione"),
    "el-grande.decision.act": ("place Caballeros and/or do the special action",
                               "placer des Caballeros et/ou faire l'action spéciale",
                               "piazzare Caballeros e/o fare l'azione speciale"),
    "el-grande.decision.act_where": ("{act} (“{card}”: {places})",
                                     "{act} (« {card} » : {places})",
                                     "{act} («{card}»: {places})"),
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
    "el-grande.phase.setup": ("setting up", "mise en place", "preparazione"),  # King & Intrigue
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
    "el-grande.board.cards_line": ("Action cards face up:{cards}",
                                   "Cartes action visibles :{cards}",
                                   "Carte azione scoperte:{cards}"),
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
    # a hand of power cards not shown (« cartes … cachées », « carte … nascoste »)
    "el-grande.board.hidden_hand": ("hidden", "cachées", "nascoste"),
    "el-grande.board.scoreboard": ("scoreboard", "tableau", "segnapunti"),
    "el-grande.board.nobody": ("no Caballero", "aucun Caballero", "nessun Caballero"),
    "el-grande.board.next_scoring": ("Next general scoring: after round {round}.",
                                     "Prochain décompte général : après la manche {round}.",
                                     "Prossima valutazione generale: dopo il round {round}."),
    "el-grande.board.last_scoring": ("This is the last round: the final general scoring follows.",
                                     "C'est la dernière manche : le décompte général final suit.",
                                     "È l'ultimo round: segue la valutazione generale finale."),
    "el-grande.board.in_hand": ("Power cards in hand", "Cartes pouvoir en main",
                                "Carte potere in mano"),
    "el-grande.board.hands_line": ("Power cards in hand:{hands}", "Cartes pouvoir en main :"
                                   "{hands}", "Carte potere in mano:{hands}"),
    "el-grande.board.does": ("What it does", "Ce qu'elle fait", "Cosa fa"),
    # what a face-up action card lets its taker place: its stack's number (the King card 5)
    "el-grande.board.to_place": ("Caballeros to place", "Caballeros à placer",
                                 "Caballeros da piazzare"),
    "el-grande.board.card_places": ("place up to {count:# Caballero|# Caballeros}",
                                    "placer jusqu'à {count:# Caballero|# Caballeros}",
                                    "piazzare fino a {count:# Caballero|# Caballeros}"),
    "el-grande.board.declared": ("{who} declared “{card}”: {action}. It waits for {holder}'s "
                                 "Veto.",
                                 "{who} a annoncé « {card} » : {action}. Cela attend le Veto de "
                                 "{holder}.",
                                 "{who} ha annunciato «{card}»: {action}. Aspetta il Veto di "
                                 "{holder}."),
    # how the game is played (a "rules" request by mail)
    "el-grande.rules.1": ("Nine rounds (six in the short game), with a general scoring after "
                          "rounds 3, 6 and 9; the highest score wins.",
                          "Neuf manches (six en partie courte), avec un décompte général après "
                          "les manches 3, 6 et 9 ; le plus haut score gagne.",
                          "Nove round (sei nella partita corta), con una valutazione generale "
                          "dopo i round 3, 6 e 9; vince il punteggio più alto."),
    "el-grande.rules.2": ("Each round everyone plays a power card of a value nobody played this "
                          "round; the highest plays first, and the card says how many Caballeros "
                          "you may bring to your court.",
                          "À chaque manche chacun joue une carte pouvoir d'une valeur que "
                          "personne n'a jouée ; la plus forte joue en premier, et la carte dit "
                          "combien de Caballeros vous pouvez amener à votre cour.",
                          "A ogni round ognuno gioca una carta potere di un valore che nessuno "
                          "ha giocato; la più alta gioca per prima, e la carta dice quanti "
                          "Caballeros puoi portare a corte."),
    "el-grande.rules.3": ("Your turn: take Caballeros from your provinces to your court, choose "
                          "an action card, then, in either order, place up to its stack's number "
                          "of Caballeros from your court next to the King's region or into the "
                          "Castillo, and do (or decline) its special action.",
                          "Votre tour : prenez des Caballeros de vos provinces à votre cour, "
                          "choisissez une carte action puis, dans l'ordre que vous voulez, placez "
                          "au plus le numéro de sa pile en Caballeros de votre cour à côté de la "
                          "région du Roi ou dans le Castillo, et faites (ou non) son action "
                          "spéciale.",
                          "Il tuo turno: porta Caballeros dalle province alla corte, scegli una "
                          "carta azione poi, nell'ordine che vuoi, piazza al massimo il numero "
                          "del suo mazzo in Caballeros dalla corte accanto alla regione del Re o "
                          "nel Castillo, e fai (o no) la sua azione speciale."),
    "el-grande.rules.4": ("The King's region is taboo: nothing enters or leaves it but the King.",
                          "La région du Roi est taboue : rien n'y entre ni n'en sort, sauf le "
                          "Roi.",
                          "La regione del Re è tabù: nulla vi entra né ne esce, tranne il Re."),
    "el-grande.rules.5": ("A place pays its values to the most, second and third most "
                          "Caballeros (tied players share the lower rank); a sole leader in the "
                          "King's region or in their home region gets 2 more.",
                          "Un lieu rapporte ses valeurs aux premier, deuxième et troisième en "
                          "Caballeros (des ex aequo prennent le rang inférieur) ; un meneur seul "
                          "dans la région du Roi ou dans sa région d'origine gagne 2 de plus.",
                          "Un luogo dà i suoi valori al primo, secondo e terzo per numero di "
                          "Caballeros (i pari merito prendono il rango inferiore); un unico "
                          "primo nella regione del Re o nella sua regione d'origine prende 2 in "
                          "più."),
    "el-grande.rules.6": ("At a general scoring everyone secretly picks the region their "
                          "Castillo Caballeros go to; the Castillo is scored first.",
                          "Au décompte général chacun choisit en secret la région où vont ses "
                          "Caballeros du Castillo ; le Castillo est décompté d'abord.",
                          "Alla valutazione generale ognuno sceglie in segreto la regione dove "
                          "vanno i suoi Caballeros del Castillo; il Castillo è valutato per "
                          "primo."),
}

# --- at a glance (issue 14 item 12, issue 15 item 9): the turn order, who leads where, the last
# scoring, the round track; the boards' tables and text, on the game page and in every turn mail.
WORDS.update({
    "el-grande.board.order": ("Turn order this round", "Ordre de jeu de la manche",
                              "Ordine di gioco del round"),
    "el-grande.board.leaders": ("Who leads where", "Qui mène où", "Chi è in testa dove"),
    "el-grande.board.caballeros": ("Caballeros to court", "Caballeros à la cour",
                                   "Caballeros a corte"),
    "el-grande.board.not_played": ("not played yet", "pas encore jouée", "non ancora giocata"),
    "el-grande.board.playing": ("plays now", "joue maintenant", "gioca ora"),
    "el-grande.board.leads": ("Leads", "En tête", "In testa"),
    "el-grande.board.lead_by": ("{who} (+{count})", "{who} (+{count})", "{who} (+{count})"),
    "el-grande.board.lead_alone": ("only {who}", "{who} uniquement", "solo {who}"),
    "el-grande.board.lead_tie": ("{who} (tied)", "{who} (à égalité)", "{who} (pari merito)"),
    "el-grande.board.scored_general": ("Last scoring (general scoring {number}, round {round})",
                                       "Dernier décompte (décompte général {number}, manche "
                                       "{round})",
                                       "Ultima valutazione (valutazione generale {number}, "
                                       "round {round})"),
    "el-grande.board.scored_card": ("Last scoring (“{card}”, {who}, round {round})",
                                    "Dernier décompte (« {card} », {who}, manche {round})",
                                    "Ultima valutazione («{card}», {who}, round {round})"),
    "el-grande.board.total": ("Total", "Total", "Totale"),
    "el-grande.board.leads_line": ("leads: {who}", "en tête : {who}", "in testa: {who}"),
    "el-grande.board.heading": ("{what}:", "{what} :", "{what}:"),
    "el-grande.board.order_line": ("{position}. {who}: power card {card}, {count:# Caballero|# "
                                   "Caballeros} to court",
                                   "{position}. {who} : carte pouvoir {card}, {count:# Caballero|"
                                   "# Caballeros} à la cour",
                                   "{position}. {who}: carta potere {card}, {count:# Caballero|# "
                                   "Caballeros} a corte"),
    "el-grande.board.order_waiting": ("{position}. {who}: not played yet",
                                      "{position}. {who} : pas encore jouée",
                                      "{position}. {who}: non ancora giocata"),
    "el-grande.board.track": ("Rounds: {track} (★ general scoring)",
                              "Manches : {track} (★ décompte général)",
                              "Round: {track} (★ valutazione generale)"),
    "el-grande.board.headline": ("{title}: round {round} of {rounds}",
                                 "{title} : manche {round} sur {rounds}",
                                 "{title}: round {round} di {rounds}"),
    "el-grande.board.secret_choices": ("Secret choices made (shown in the replay): {choices}",
                                       "Choix secrets faits (montrés dans la rediffusion) : "
                                       "{choices}",
                                       "Scelte segrete fatte (mostrate nel replay): {choices}"),
    "el-grande.board.milestone_round": ("Round {round}", "Manche {round}", "Round {round}"),
    "el-grande.board.milestone_scoring": ("General scoring {number}", "Décompte général {number}",
                                          "Valutazione generale {number}"),
})

CARD_TEXTS: dict[str, tuple[str, str, str]] = {
    "move_all_own": ("Take all your Caballeros out of one region and spread them over other "
                     "regions and/or the Castillo.",
                     "Retirez tous vos Caballeros d'une région et répartissez-les dans d'autres "
                     "régions et/ou le Castillo.",
                     "Togli tutti i tuoi Caballeros da una regione e distribuiscili in altre "
                     "regioni e/o nel Castillo."),
    "place_2_anywhere": ("Place up to 2 more Caballeros from your court in any regions and/or "
                         "the Castillo.",
                         "Placez jusqu'à 2 Caballeros de plus de votre cour dans n'importe "
                         "quelles régions et/ou le Castillo.",
                         "Piazza fino a 2 Caballeros in più dalla tua corte in qualsiasi "
                         "regione e/o nel Castillo."),
    "place_2_or_move_all_own": ("Either place up to 2 more anywhere, or move all of yours out of "
                                "one region.",
                                "Au choix : placer jusqu'à 2 de plus n'importe où, ou déplacer "
                                "tous les vôtres d'une région.",
                                "A scelta: piazza fino a 2 in più ovunque, o sposta tutti i tuoi "
                                "da una regione."),
    "move_5_from_region": ("Move up to 5 Caballeros, any colours, out of one region.",
                           "Déplacez jusqu'à 5 Caballeros, de toutes couleurs, hors d'une "
                           "région.",
                           "Sposta fino a 5 Caballeros, di qualsiasi colore, fuori da una "
                           "regione."),
    "move_3_opponents": ("Move up to 3 of your opponents' Caballeros.",
                         "Déplacez jusqu'à 3 Caballeros de vos adversaires.",
                         "Sposta fino a 3 Caballeros dei tuoi avversari."),
    "move_3_any": ("Move up to 3 Caballeros, any colours.",
                   "Déplacez jusqu'à 3 Caballeros, de toutes couleurs.",
                   "Sposta fino a 3 Caballeros, di qualsiasi colore."),
    "move_2_own_2_opponents": ("Move up to 2 of yours and up to 2 of your opponents'.",
                               "Déplacez jusqu'à 2 des vôtres et jusqu'à 2 de vos adversaires.",
                               "Sposta fino a 2 dei tuoi e fino a 2 dei tuoi avversari."),
    "move_4_own": ("Move up to 4 of your Caballeros.", "Déplacez jusqu'à 4 de vos Caballeros.",
                   "Sposta fino a 4 dei tuoi Caballeros."),
    "move_4_any": ("Move up to 4 Caballeros, any colours.",
                   "Déplacez jusqu'à 4 Caballeros, de toutes couleurs.",
                   "Sposta fino a 4 Caballeros, di qualsiasi colore."),
    "veto": ("Kept face up: once, you may stop another player's special action (or a part of "
             "it).",
             "Gardée face visible : une fois, vous pourrez arrêter l'action spéciale d'un autre "
             "joueur (ou une partie).",
             "Tenuta scoperta: una volta, potrai fermare l'azione speciale di un altro "
             "giocatore (o una parte)."),
    "decline_all_court": ("Every opponent returns their whole court to their provinces.",
                          "Chaque adversaire renvoie toute sa cour dans ses provinces.",
                          "Ogni avversario rimanda tutta la sua corte nelle province."),
    "decline_3_court": ("Every opponent returns 3 Caballeros from their court to their provinces "
                        "(all, if fewer).",
                        "Chaque adversaire renvoie 3 Caballeros de sa cour dans ses provinces "
                        "(tous, s'il en a moins).",
                        "Ogni avversario rimanda 3 Caballeros dalla corte nelle province "
                        "(tutti, se ne ha meno)."),
    "kings_return": ("Each player affected returns 3 of their Caballeros, from court and/or "
                     "regions, to their provinces.",
                     "Chaque joueur touché renvoie 3 de ses Caballeros, de sa cour et/ou des "
                     "régions, dans ses provinces.",
                     "Ogni giocatore colpito rimanda 3 dei suoi Caballeros, dalla corte e/o "
                     "dalle regioni, nelle province."),
    "one_from_each": ("Pick one Caballero of each player affected in the regions and send it back "
                      "to their provinces.",
                      "Choisissez un Caballero de chaque joueur touché dans les régions et "
                      "renvoyez-le dans ses provinces.",
                      "Scegli un Caballero di ogni giocatore colpito nelle regioni e rimandalo "
                      "nelle sue province."),
    "secret_remove_2": ("Each opponent secretly picks a region and takes 2 of theirs out of it.",
                        "Chaque adversaire choisit en secret une région et en retire 2 des "
                        "siens.",
                        "Ogni avversario sceglie in segreto una regione e ne toglie 2 dei suoi."),
    "secret_remove_all": ("Each opponent secretly picks a region and takes all of theirs out of "
                          "it.",
                          "Chaque adversaire choisit en secret une région et en retire tous les "
                          "siens.",
                          "Ogni avversario sceglie in segreto una regione e ne toglie tutti i "
                          "suoi."),
    "score_chosen": ("Score one place of your choice, the King's region and the Castillo too.",
                     "Décomptez un lieu de votre choix, la région du Roi et le Castillo aussi.",
                     "Valuta un luogo a tua scelta, anche la regione del Re e il Castillo."),
    "score_4s": ("Score every region whose first value is 4.",
                 "Décomptez chaque région dont la première valeur est 4.",
                 "Valuta ogni regione il cui primo valore è 4."),
    "score_5s": ("Score every region whose first value is 5.",
                 "Décomptez chaque région dont la première valeur est 5.",
                 "Valuta ogni regione il cui primo valore è 5."),
    "score_6s_7s": ("Score every region whose first value is 6 or 7.",
                    "Décomptez chaque région dont la première valeur est 6 ou 7.",
                    "Valuta ogni regione il cui primo valore è 6 o 7."),
    "score_castillo": ("Score the Castillo; its Caballeros stay inside.",
                       "Décomptez le Castillo ; ses Caballeros y restent.",
                       "Valuta il Castillo; i suoi Caballeros restano dentro."),
    "score_first_places": ("In every region, only a sole leader scores, the first value.",
                           "Dans chaque région, seul un meneur unique marque, la première "
                           "valeur.",
                           "In ogni regione segna solo un unico primo, il primo valore."),
    "score_most": ("Score the region(s) holding the most Caballeros.",
                   "Décomptez la ou les régions qui ont le plus de Caballeros.",
                   "Valuta la o le regioni con più Caballeros."),
    "score_fewest": ("Score the non-empty region(s) holding the fewest Caballeros.",
                     "Décomptez la ou les régions non vides qui ont le moins de Caballeros.",
                     "Valuta la o le regioni non vuote con meno Caballeros."),
    "scoreboard": ("Put a mobile scoreboard (8/4/0 or 4/0/0) on a region or the Castillo, or move "
                   "one that is in play.",
                   "Posez un tableau de score mobile (8/4/0 ou 4/0/0) sur une région ou le "
                   "Castillo, ou déplacez-en un.",
                   "Metti un segnapunti mobile (8/4/0 o 4/0/0) su una regione o sul Castillo, o "
                   "spostane uno."),
    "royal_advisor": ("Move the King to a region next to his.",
                      "Déplacez le Roi dans une région voisine de la sienne.",
                      "Sposta il Re in una regione confinante con la sua."),
    "eviction": ("Choose a region: each opponent there secretly picks another region, where all "
                 "of theirs go.",
                 "Choisissez une région : chaque adversaire présent choisit en secret une autre "
                 "région, où vont tous les siens.",
                 "Scegli una regione: ogni avversario presente sceglie in segreto un'altra "
                 "regione, dove vanno tutti i suoi."),
    "grande": ("Move your Grande to another region: it becomes your home region.",
               "Déplacez votre Grande dans une autre région : elle devient votre région "
               "d'origine.",
               "Sposta il tuo Grande in un'altra regione: diventa la tua regione d'origine."),
    "power_card_back": ("Take one of your played power cards back into your hand.",
                        "Reprenez en main une de vos cartes pouvoir jouées.",
                        "Riprendi in mano una delle tue carte potere giocate."),
    "court_2": ("Bring up to 2 more of your Caballeros from your provinces to your court.",
                "Amenez jusqu'à 2 Caballeros de plus de vos provinces à votre cour.",
                "Porta fino a 2 Caballeros in più dalle province alla tua corte."),
    "secret_scoring": ("Everyone secretly picks a region; each region picked by exactly one "
                       "player is scored.",
                       "Chacun choisit en secret une région ; chaque région choisie par un seul "
                       "joueur est décomptée.",
                       "Ognuno sceglie in segreto una regione; ogni regione scelta da un solo "
                       "giocatore è valutata."),
    "king": ("Put the King in any region (never the Castillo).",
             "Placez le Roi dans n'importe quelle région (jamais le Castillo).",
             "Metti il Re in una regione qualsiasi (mai il Castillo)."),
}
"""What each action card does, in a line: a mail shows it next to the face-up cards, so that a
player decides without the web page."""


def card_text(card: str, lang: str = "en") -> str:
    texts = CARD_TEXTS.get(card)
    return texts[language_index(lang)] if texts else ""


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
    announced = frozenset({"scoring.ended"})
    """Messages every player hears of at once, by mail, whoever moved: a general scoring, once
    its results are in (its start only asks for the discs, of everyone: their turn mails say it;
    the results come with the reveal of the last disc, a move of nobody's)."""
    told: ClassVar[dict[str, str]] = {"veto.used": "against"}
    """Messages the seat one of their parameters names hears of at once, by mail: the player
    whose action was vetoed (whose turn may be over, so no turn mail would tell them)."""

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
                        card=self.card_name(info["card"], lang),
                        what=f" ({what})" if what else "")
        if decision.kind == "secret":
            kind = self.secret_kind_name(str(decision.info.get("kind", "")), lang)
            return word("el-grande.decision.secret", lang, kind=kind)
        if decision.kind == "act":
            where = self._special_places(decision, lang)
            if where:
                return word("el-grande.decision.act_where", lang,
                            act=word("el-grande.decision.act", lang),
                            card=self.card_name(str((decision.constraint or {})["card"]), lang),
                            places=where)
        key = f"el-grande.decision.{decision.kind}"
        return word(key, lang) if key in WORDS else decision.kind

    def _special_places(self, decision: Decision, lang: str) -> str:
        """The places a special action must choose one of (the King's region, the region to
        score, …), listed where the mail asks the decision, not only in its help lines: the
        player decides from the question itself. "" when the action chooses no one place."""
        con = decision.constraint or {}
        spec = con.get("special")
        if not isinstance(spec, Mapping) or "card" not in con or "from" in spec \
                or "moves" in spec:  # a move's targets: its help line says them with its rows
            return ""
        for key in ("to", "place", "region"):
            places = spec.get(key)
            if isinstance(places, (list, tuple)) and places \
                    and all(isinstance(p, str) for p in places):
                return ", ".join(messages.place_name(p, lang) for p in places)
        return ""

    def card_name(self, card: str, lang: str) -> str:
        """An action card's name (a game built on El Grande's turns names its own actions)."""
        return messages.card_name(card, lang)

    def secret_kind_name(self, kind: str, lang: str) -> str:
        """A secret choice's name (a game built on El Grande's turns names its own)."""
        return messages.secret_kind_name(kind, lang)

    def seat(self, seat: int, lang: str) -> str | None:
        return colour_name(seat, lang) if 0 <= seat < len(COLOURS) else None

    def rules(self, lang: str) -> list[str]:
        """The game in a few lines, for a player who asks for the rules by mail."""
        return [word(f"el-grande.rules.{i}", lang) for i in range(1, 7)]

    MILESTONES: ClassVar[dict[str, tuple[str, str]]] = {
        "round.started": ("el-grande.board.milestone_round", "round"),
        "ki.round.started": ("el-grande.board.milestone_round", "round"),
        "scoring.started": ("el-grande.board.milestone_scoring", "number")}

    def milestone(self, message: Message, lang: str) -> str | None:
        """The steps a replay may jump to: each round's start, each general scoring's."""
        found = self.MILESTONES.get(message.key)
        if found is None:
            return None
        key, param = found
        return word(key, lang, **{param: message.params.get(param)})
