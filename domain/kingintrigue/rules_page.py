"""The rules page for players, in English, French and Italian: King & Intrigue as this server plays
it, with the reconstructions and rulings where the seed rulebook is silent. Plain structured text (a
title, sections of paragraphs) that another layer renders; every statement is enforced by the engine
(tests/kingintrigue/). The reconstructed numbers are read from data.py, never repeated by hand.
"""

from __future__ import annotations

from typing import Any

from domain.core.i18n import Count, language_index
from domain.kingintrigue.data import CAPTURE_CAP, CAPTURE_OWN, POWER_CARDS, ROUND_CARDS
from domain.kingintrigue.modules.rules_page import module_sections
from domain.kingintrigue.rules import DEFAULT_KEEP, RULES_VERSION
from domain.kingintrigue.texts import name

Page = dict[str, Any]


def _page(title: str, sections: list[tuple[str, list[str]]]) -> Page:
    return {"title": title, "sections": [{"title": t, "paragraphs": p} for t, p in sections]}


CARD_LINE = ("{value}: {count:# Caballero|# Caballeros} — {action}",
             "{value} : {count:# Caballero|# Caballeros} — {action}",
             "{value}: {count:# Caballero|# Caballeros} — {action}")
PLAYERS = ("{players} players: {places}", "{players} joueurs : {places}",
           "{players} giocatori: {places}")


def card_line(value: int, caballeros: int, action: str, lang: str) -> str:
    """A power card as the page lists it, the base deck's and the modules' alike."""
    return CARD_LINE[language_index(lang)].format(value=value, count=Count(caballeros, lang),
                                                  action=action)


def _cards(lang: str) -> list[str]:
    """One line per power card: value, Caballeros, action (from data.py)."""
    return [card_line(v, c.caballeros, name(c.action, lang), lang) for v, c in POWER_CARDS.items()]


def _round_cards(lang: str) -> str:
    line = PLAYERS[language_index(lang)]
    return ("; ", " ; ", "; ")[language_index(lang)].join(
        line.format(players=n, places=", ".join(str(p) for p in places))
        for n, places in ROUND_CARDS.items())


KEPT = ", ".join(str(v) for v in DEFAULT_KEEP)


EN = _page("El Grande — King & Intrigue: the rules as this server plays them", [
    ("The game", [
        "El Grande's rules hold wherever the expansion says nothing: the map, the King and his "
        "taboo region, the Grandes, the Castillo with its secret discs, the general scorings "
        "after rounds 3, 6 and 9, ties, the special scorings and the Veto. 2 to 5 players, 9 "
        "rounds.",
    ]),
    ("Set-up", [
        "Each player secretly keeps 13 of their 18 power cards (10, 20, … 180); the other 5 leave "
        "the game unseen. Once the last choice is in, the game goes on.",
        "Ruling on the cards put aside: during the game nobody sees them but their owner (on no "
        "page, in no mail, nor in the log or an error message). Once the game is over, the "
        "game's whole record is opened, as for every hidden thing (hands, piles, discs, secret "
        "choices), so the game can be checked: the 13 cards each player kept are in it, and "
        "with them the ones put aside.",
        "After the home regions, each player secretly sets their selection disc to a region "
        "(never the King's); all are revealed together and each player puts 1 Caballero from "
        "the provinces there.",
    ]),
    ("A round", [
        "Power cards are played clockwise from the first player, never a value already played "
        "this round. The highest takes the King card, the next ones the Caballero cards in "
        "descending order, the lowest the Intrigue card. Turns go by descending value. The "
        "first player of a round is whoever took the last turn of the previous one.",
        f"Caballeros each round card lets its holder place, highest first, by number of "
        f"players (RECONSTRUCTED): {_round_cards('en')}.",
        "A turn: take up to your power card's Caballeros from the provinces to your court, then "
        "in either order do the special action and place up to your round card's number next to "
        "the King's region or into the Castillo (anywhere but the King's region with card 20).",
        "The special action is your power card's. With 4 or 5 players the King card's and the "
        "Intrigue card's holders do only that card's action (with the option "
        "[[round_card_choice=always]], they choose); with 2 or 3 players they choose between it "
        "and their power card's.",
        "King card: the King to any other region (never the Castillo). Intrigue card: move 1 "
        "Caballero (anybody's) from a region to another region, or all of yours from one region "
        "to another; never in or out of the King's region, never into the Castillo. (The same "
        "for card 10. Ruling: El Grande's « Il est toujours possible de poser des Caballeros au "
        "Castillo ou de les y déplacer, quelle que soit la position du Roi » means that the King "
        "never closes the Castillo; a move goes there only when its card says so, « y compris "
        "le Castillo », and the Intrigue card moves « d'une région vers une autre ».)",
        "Played cards go face down on their owner's pile: a hand and a pile are seen by their "
        "owner only (with the option [[discards=open]], piles are seen by all).",
    ]),
    ("The power cards (Caballeros partly RECONSTRUCTED)", [
        *_cards("en"),
        f"140: up to {CAPTURE_CAP} of your opponents' Caballeros (cap RECONSTRUCTED) from regions "
        f"into the Castillo; if you move any, {CAPTURE_OWN} of yours go too (as many as you have "
        f"if fewer). 130: a 2x marker on a region doubles it in the next general scoring only; the "
        f"box holds two, back in the supply after that scoring, so a 130 played while both are "
        f"out does nothing (« 2 marqueurs Double score »; our ruling, rules version 2). "
        f"80: your Grande to another region (not the King's, not the Castillo) and/or your "
        f"Caballeros out of its region; nothing leaves the King's region. 40: the Veto is held "
        f"until the end of the next round.",
        "20: this turn's placement may go to any region (never the King's) or the Castillo; use "
        "it before placing. 30: each opponent returns 3 Caballeros from their court to the "
        "provinces. 50: clockwise, each opponent returns 3 of theirs (from court and/or regions) "
        "to the provinces. 60: the Castillo is scored. 70: you pick 1 Caballero of each opponent "
        "in a region (not the King's) and return it to the provinces. 90: a mobile scoreboard on "
        "a region or the Castillo, as in El Grande. 100: one place of your choice is scored. "
        "110, 120, 150: every region whose first place is worth 4; 5; 6 or 7 is scored. 160: the "
        "King to an adjacent region. 170: every player secretly chooses a region; those chosen by "
        "exactly one player are scored. 180: as the King card. Every scoring of a card is special: "
        "no 2x marker doubles it.",
    ]),
    ("When a deadline passes", [
        f"The server then makes a safe move for the player: keep {KEPT}; set a disc on the region "
        f"(never the King's) where the player has most Caballeros; play the lowest power card in "
        f"hand; take as many Caballeros as allowed from the provinces (never from the board); "
        f"choose the round card's action; place as many as allowed into the Castillo (when the "
        f"Castillo is closed to placing, into the first place open), then do not use the special "
        f"action; let a Veto's question pass; return Caballeros from the court first. (A game set "
        f"to let a bot play for a late player has the greedy bot move instead; one set to pause "
        f"waits.)",
    ]),
])

FR = _page("El Grande — Roi et intrigues : les règles telles que ce serveur les applique", [
    ("Le jeu", [
        "Les règles d'El Grande valent partout où l'extension ne dit rien : le plateau, le Roi "
        "et sa région taboue, les Grandes, le Castillo et ses disques secrets, les décomptes "
        "généraux après les manches 3, 6 et 9, les égalités, les décomptes spéciaux et le Veto. "
        "2 à 5 joueurs, 9 manches.",
    ]),
    ("Mise en place", [
        "Chaque joueur garde en secret 13 de ses 18 cartes pouvoir (10, 20, … 180) ; les 5 "
        "autres quittent la partie sans être vues. Dès le dernier choix reçu, la partie "
        "continue.",
        "Décision sur les cartes mises de côté : pendant la partie, personne ne les voit sauf "
        "leur propriétaire (sur aucune page, dans aucun courriel, ni dans le journal, ni dans un "
        "message d'erreur). Une fois la partie terminée, tout le registre de la partie est ouvert, "
        "comme pour toute chose cachée (mains, piles, disques, choix secrets), afin que la "
        "partie puisse être vérifiée : les 13 cartes gardées par chaque joueur y figurent, et "
        "avec elles celles mises de côté.",
        "Après les régions de base, chaque joueur règle en secret son disque de sélection sur "
        "une région (jamais celle du Roi) ; tous sont révélés ensemble et chacun y place 1 "
        "Caballero venu des provinces.",
    ]),
    ("Une manche", [
        "Les cartes pouvoir se jouent en sens horaire depuis le premier joueur, jamais une "
        "valeur déjà jouée dans la manche. La plus forte prend la carte du Roi, les suivantes "
        "les cartes Caballero dans l'ordre décroissant, la plus faible la carte Intrigue. Les "
        "tours suivent l'ordre décroissant des valeurs. Le premier joueur d'une manche est celui "
        "qui a joué le dernier tour de la précédente.",
        f"Caballeros que chaque carte de manche permet de placer, de la plus forte à la plus "
        f"faible, selon le nombre de joueurs (RECONSTITUÉ) : {_round_cards('fr')}.",
        "Un tour : amener des provinces à sa cour jusqu'au nombre de Caballeros de sa carte "
        "pouvoir, puis dans l'ordre de son choix faire l'action spéciale et placer jusqu'au nombre "
        "de sa carte de manche à côté de la région du Roi ou dans le Castillo (partout sauf dans "
        "la région du Roi avec la carte 20).",
        "L'action spéciale est celle de la carte pouvoir. À 4 ou 5 joueurs, les détenteurs des "
        "cartes du Roi et Intrigue ne font que l'action de cette carte (avec l'option "
        "[[round_card_choice=always]], ils choisissent) ; à 2 ou 3 joueurs ils choisissent entre "
        "elle et celle de leur carte pouvoir.",
        "Carte du Roi : le Roi dans n'importe quelle autre région (jamais le Castillo). Carte "
        "Intrigue : déplacer 1 Caballero (de n'importe qui) d'une région vers une autre, ou tous "
        "les vôtres d'une région vers une autre ; jamais depuis ou vers la région du Roi, jamais "
        "vers le Castillo. (De même pour la carte 10. Décision : la phrase d'El Grande « Il est "
        "toujours possible de poser des Caballeros au Castillo ou de les y déplacer, quelle que "
        "soit la position du Roi » dit que le Roi ne ferme jamais le Castillo ; un déplacement "
        "n'y va que si sa carte le dit, « y compris le Castillo », et la carte Intrigue déplace "
        "« d'une région vers une autre ».)",
        "Les cartes jouées vont face cachée sur la pile de leur propriétaire : une main et une "
        "pile ne sont vues que de leur propriétaire (avec l'option [[discards=open]], les "
        "piles sont vues de tous).",
    ]),
    ("Les cartes pouvoir (Caballeros en partie RECONSTITUÉS)", [
        *_cards("fr"),
        f"140 : jusqu'à {CAPTURE_CAP} Caballeros adverses (plafond RECONSTITUÉ) des régions vers "
        f"le Castillo ; si vous en déplacez, {CAPTURE_OWN} des vôtres y vont aussi (autant que "
        f"vous en avez s'il y en a moins). 130 : un marqueur 2x sur une région la fait compter "
        f"double au seul décompte général suivant ; la boîte en contient deux, qui ne reviennent "
        f"dans la réserve qu'après ce décompte : une 130 jouée quand les deux sont posés ne fait "
        f"rien (« 2 marqueurs Double score » ; notre décision, version 2 des règles). "
        f"80 : votre Grande vers une autre région (pas "
        f"celle du Roi, pas le Castillo) et/ou vos Caballeros hors de sa région ; rien ne quitte "
        f"la région du Roi. 40 : le Veto reste jusqu'à la fin de la manche suivante.",
        "20 : le placement du tour peut aller dans n'importe quelle région (jamais celle du Roi) "
        "ou dans le Castillo ; à faire avant de placer. 30 : chaque adversaire renvoie 3 "
        "Caballeros de sa cour dans les provinces. 50 : en sens horaire, chaque adversaire "
        "renvoie 3 des siens (de sa cour et/ou des régions) dans les provinces. 60 : le Castillo "
        "est décompté. 70 : vous choisissez 1 Caballero de chaque adversaire dans une région (pas "
        "celle du Roi) et le renvoyez dans les provinces. 90 : un tableau de score mobile sur une "
        "région ou le Castillo, comme dans El Grande. 100 : un lieu de votre choix est décompté. "
        "110, 120, 150 : chaque région dont la première place vaut 4 ; 5 ; 6 ou 7 est décomptée. "
        "160 : le Roi dans une région voisine. 170 : chaque joueur choisit en secret une région ; "
        "celles choisies par un seul joueur sont décomptées. 180 : comme la carte du Roi. Tout "
        "décompte d'une carte est spécial : aucun marqueur 2x ne le double.",
    ]),
    ("Quand un délai expire", [
        f"Le serveur joue alors un coup sans risque pour le joueur : garder {KEPT} ; régler un "
        f"disque sur la région (jamais celle du Roi) où il a le plus de Caballeros ; jouer sa plus "
        f"petite carte pouvoir ; amener autant de Caballeros que permis depuis les provinces "
        f"(jamais du plateau) ; choisir l'action de la carte de manche ; placer autant que permis "
        f"dans le Castillo (s'il est fermé au placement, dans le premier lieu ouvert), puis ne pas "
        f"faire l'action spéciale ; laisser passer la question d'un Veto ; renvoyer d'abord des "
        f"Caballeros de la cour. (Dans une partie réglée pour qu'un robot joue à la place d'un "
        f"joueur en retard, le robot greedy joue ; dans une partie réglée pour la pause, elle "
        f"attend.)",
    ]),
])

IT = _page("El Grande — Re e intrighi: le regole come le applica questo server", [
    ("Il gioco", [
        "Le regole di El Grande valgono ovunque l'espansione taccia: la mappa, il Re e la sua "
        "regione tabù, i Grandi, il Castillo con i suoi dischi segreti, le valutazioni generali "
        "dopo i round 3, 6 e 9, i pareggi, le valutazioni speciali e il Veto. Da 2 a 5 "
        "giocatori, 9 round.",
    ]),
    ("Preparazione", [
        "Ogni giocatore tiene in segreto 13 delle sue 18 carte potere (10, 20, … 180); le altre "
        "5 lasciano la partita senza essere viste. Arrivata l'ultima scelta, la partita "
        "prosegue.",
        "Decisione sulle carte messe da parte: durante la partita nessuno le vede tranne il "
        "proprietario (in nessuna pagina, in nessuna email, né nel registro, né in un messaggio "
        "d'errore). "
        "Finita la partita, l'intero archivio della partita viene aperto, come per ogni cosa "
        "nascosta (mani, pile, dischi, scelte segrete), perché la partita possa essere "
        "verificata: vi figurano le 13 carte tenute da ogni giocatore, e con esse quelle messe "
        "da parte.",
        "Dopo le regioni di partenza, ogni giocatore imposta in segreto il suo disco di "
        "selezione su una regione (mai quella del Re); tutti vengono rivelati insieme e ognuno "
        "vi mette 1 Caballero dalla provincia.",
    ]),
    ("Un round", [
        "Le carte potere si giocano in senso orario dal primo giocatore, mai un valore già "
        "giocato nel round. La più alta prende la carta del Re, le successive le carte Caballero "
        "in ordine decrescente, la più bassa la carta Intrigo. I turni seguono i valori in ordine "
        "decrescente. Il primo giocatore di un round è chi ha giocato l'ultimo turno del "
        "precedente.",
        f"Caballeros che ogni carta del round permette di piazzare, dalla più alta, secondo il "
        f"numero di giocatori (RICOSTRUITO): {_round_cards('it')}.",
        "Un turno: portare a corte dalla provincia fino ai Caballeros della propria carta "
        "potere, poi in qualunque ordine fare l'azione speciale e piazzare fino al numero della "
        "propria carta del round accanto alla regione del Re o nel Castillo (ovunque tranne "
        "nella regione del Re con la carta 20).",
        "L'azione speciale è quella della carta potere. Con 4 o 5 giocatori chi ha la carta del "
        "Re o la carta Intrigo fa solo l'azione di quella carta (con l'opzione "
        "[[round_card_choice=always]], sceglie); con 2 o 3 giocatori sceglie tra essa e quella "
        "della sua carta potere.",
        "Carta del Re: il Re in qualsiasi altra regione (mai il Castillo). Carta Intrigo: "
        "spostare 1 Caballero (di chiunque) da una regione a un'altra, o tutti i propri da una "
        "regione a un'altra; mai da o verso la regione del Re, mai nel Castillo. (Lo stesso per "
        "la carta 10. Decisione: la frase di El Grande « Il est toujours possible de poser des "
        "Caballeros au Castillo ou de les y déplacer, quelle que soit la position du Roi » dice "
        "che il Re non chiude mai il Castillo; uno spostamento ci va solo se la sua carta lo "
        "dice, « y compris le Castillo », e la carta Intrigo sposta « d'une région vers une "
        "autre ».)",
        "Le carte giocate vanno coperte sulla pila del proprietario: una mano e una pila le vede "
        "solo il proprietario (con l'opzione [[discards=open]], le pile le vedono tutti).",
    ]),
    ("Le carte potere (Caballeros in parte RICOSTRUITI)", [
        *_cards("it"),
        f"140: fino a {CAPTURE_CAP} Caballeros avversari (limite RICOSTRUITO) dalle regioni al "
        f"Castillo; se ne sposti, vanno anche {CAPTURE_OWN} dei tuoi (quanti ne hai se sono "
        f"meno). 130: un segnalino 2x su una regione la fa contare doppio solo nella prossima "
        f"valutazione generale; la scatola ne contiene due, che tornano nella riserva solo dopo "
        f"quella valutazione: una 130 giocata quando sono entrambi sul tabellone non fa nulla "
        f"(« 2 marqueurs Double score »; nostra decisione, versione 2 delle regole). "
        f"80: il tuo Grande in un'altra regione (non quella del Re, non il "
        f"Castillo) e/o i tuoi Caballeros fuori dalla sua regione; nulla lascia la regione del "
        f"Re. 40: il Veto resta fino alla fine del round successivo.",
        "20: il piazzamento del turno può andare in qualsiasi regione (mai quella del Re) o nel "
        "Castillo; da fare prima di piazzare. 30: ogni avversario rimanda 3 Caballeros dalla sua "
        "corte nelle province. 50: in senso orario, ogni avversario rimanda 3 dei suoi (dalla "
        "corte e/o dalle regioni) nelle province. 60: si valuta il Castillo. 70: scegli 1 "
        "Caballero di ogni avversario in una regione (non quella del Re) e lo rimandi nelle "
        "province. 90: un segnapunti mobile su una regione o sul Castillo, come in El Grande. "
        "100: si valuta un luogo a tua scelta. 110, 120, 150: si valuta ogni regione il cui primo "
        "posto vale 4; 5; 6 o 7. 160: il Re in una regione confinante. 170: ogni giocatore "
        "sceglie in segreto una regione; si valutano quelle scelte da un solo giocatore. 180: "
        "come la carta del Re. Ogni valutazione di una carta è speciale: nessun segnalino 2x la "
        "raddoppia.",
    ]),
    ("Quando una scadenza passa", [
        f"Il server fa allora una mossa sicura per il giocatore: tenere {KEPT}; impostare un disco "
        f"sulla regione (mai quella del Re) dove ha più Caballeros; giocare la sua carta potere "
        f"più bassa; portare a corte quanti più Caballeros possibile dalle province (mai dal "
        f"tabellone); scegliere l'azione della carta del round; piazzare quanti più possibile nel "
        f"Castillo (se è chiuso al piazzamento, nel primo luogo aperto), poi non usare l'azione "
        f"speciale; lasciar passare la domanda di un Veto; rimandare prima Caballeros dalla corte. "
        f"(In una partita impostata perché un bot giochi al posto di chi è in ritardo, gioca il "
        f"bot greedy; in una impostata sulla pausa, si aspetta.)",
    ]),
])

PAGES: dict[str, Page] = {"en": EN, "fr": FR, "it": IT}

VERSIONS: dict[int, tuple[tuple[str, str, str], ...]] = {
    2: (
        ("With 4 or 5 players the King card's and the Intrigue card's holders do only that "
         "card's action with the modules too (« Dans une partie à 4 ou 5 joueurs, les joueurs en "
         "possession de la carte du Roi et de la carte Intrigue n'effectueront que l'action "
         "indiquée sur cette carte »): the Player's Edition no longer lets them choose; the "
         "option [[round_card_choice=always]] still does.",
         "À 4 ou 5 joueurs, les détenteurs de la carte du Roi et de la carte Intrigue ne font "
         "que l'action de cette carte, avec les modules aussi (« Dans une partie à 4 ou 5 "
         "joueurs, les joueurs en possession de la carte du Roi et de la carte Intrigue "
         "n'effectueront que l'action indiquée sur cette carte ») : l'Édition des joueurs ne "
         "les laisse plus choisir ; l'option [[round_card_choice=always]], si.",
         "Con 4 o 5 giocatori chi ha la carta del Re o la carta Intrigo fa solo l'azione di "
         "quella carta anche con i moduli (« Dans une partie à 4 ou 5 joueurs, les joueurs en "
         "possession de la carte du Roi et de la carte Intrigue n'effectueront que l'action "
         "indiquée sur cette carte »): l'Edizione dei giocatori non li lascia più scegliere; "
         "l'opzione [[round_card_choice=always]] sì."),
        ("Card 130: the box holds two 2x markers (« 2 marqueurs Double score »), back in the "
         "supply « une fois le décompte général effectué »; a 130 played while both are out "
         "does nothing (version 1 marked a third region).",
         "Carte 130 : la boîte contient deux marqueurs 2x (« 2 marqueurs Double score »), qui "
         "reviennent dans la réserve « une fois le décompte général effectué » ; une 130 jouée "
         "quand les deux sont posés ne fait rien (la version 1 marquait une troisième région).",
         "Carta 130: la scatola contiene due segnalini 2x (« 2 marqueurs Double score »), che "
         "tornano nella riserva « une fois le décompte général effectué »; una 130 giocata "
         "quando sono entrambi sul tabellone non fa nulla (la versione 1 segnava una terza "
         "regione)."),
        ("Mistress: no King's bonus in a special scoring of her round, nor in the general "
         "scoring of the next round (« Si un décompte spécial est produit dans la région du Roi "
         "pendant cette manche, le bonus du Roi ne sera pas accordé. De plus, si un décompte "
         "général est produit durant la manche suivante, le bonus du Roi ne sera pas non plus "
         "accordé »); the general scoring closing her own round is neither and keeps the King's "
         "bonus (version 1 cancelled it too).",
         "Maîtresse : pas de bonus du Roi aux décomptes spéciaux de sa manche, ni au décompte "
         "général de la manche suivante (« Si un décompte spécial est produit dans la région du "
         "Roi pendant cette manche, le bonus du Roi ne sera pas accordé. De plus, si un "
         "décompte général est produit durant la manche suivante, le bonus du Roi ne sera pas "
         "non plus accordé ») ; le décompte général qui clôt sa propre manche n'est ni l'un ni "
         "l'autre et garde le bonus du Roi (la version 1 l'annulait aussi).",
         "Favorita: niente bonus del Re nelle valutazioni speciali del suo round, né nella "
         "valutazione generale del round seguente (« Si un décompte spécial est produit dans la "
         "région du Roi pendant cette manche, le bonus du Roi ne sera pas accordé. De plus, si "
         "un décompte général est produit durant la manche suivante, le bonus du Roi ne sera "
         "pas non plus accordé »); la valutazione generale che chiude il suo stesso round non è "
         "né l'una né l'altra e mantiene il bonus del Re (la versione 1 lo annullava)."),
        ("Royal Guard at a general scoring: its owner chooses, before the Castillo discs are "
         "set, a region that is neither the King's nor taboo, or keeps it on its card for a "
         "later scoring (« Vous pouvez déplacer le Caballero de cette carte directement dans une "
         "région juste avant qu'un décompte (spécial ou général) n'y soit effectué. Vous ne "
         "pouvez pas déplacer ce Caballero dans le Castillo ou la région du Roi. »). Version 1 "
         "sent it to the region of its owner's Castillo disc, or to court when that was the "
         "King's.",
         "Garde Royale à un décompte général : avant le réglage des disques du Castillo, son "
         "propriétaire choisit une région qui n'est ni celle du Roi ni taboue, ou la garde sur "
         "sa carte pour un décompte ultérieur (« Vous pouvez déplacer le Caballero de cette "
         "carte directement dans une région juste avant qu'un décompte (spécial ou général) n'y "
         "soit effectué. Vous ne pouvez pas déplacer ce Caballero dans le Castillo ou la région "
         "du Roi. »). La version 1 l'envoyait dans la région du disque du Castillo de son "
         "propriétaire, ou à la Cour si c'était celle du Roi.",
         "Guardia Reale a una valutazione generale: prima che si impostino i dischi del "
         "Castillo, il suo proprietario sceglie una regione che non sia quella del Re né tabù, o "
         "la tiene sulla sua carta per una valutazione successiva (« Vous pouvez déplacer le "
         "Caballero de cette carte directement dans une région juste avant qu'un décompte "
         "(spécial ou général) n'y soit effectué. Vous ne pouvez pas déplacer ce Caballero dans "
         "le Castillo ou la région du Roi. »). La versione 1 la mandava nella regione del disco "
         "del Castillo del suo proprietario, o alla corte se era quella del Re."),
    ),
}
"""What each rules version changed from the one before (`rules.RULES_VERSION`), with the seed's
sentence each ruling follows: the rules page's last section."""

VERSION_WORDS = {
    "title": ("Rules versions", "Versions des règles", "Versioni delle regole"),
    "intro": ("A game plays the rules version it was created under, to its end: a rule fixed "
              "since changes only the games created after the fix (the game's page says which "
              "version it plays). Games created now play version {current}.",
              "Une partie suit jusqu'au bout la version des règles sous laquelle elle a été "
              "créée : une règle corrigée depuis ne change que les parties créées après la "
              "correction (la page de la partie dit quelle version elle suit). Les parties "
              "créées maintenant suivent la version {current}.",
              "Una partita segue fino alla fine la versione delle regole con cui è stata "
              "creata: una regola corretta da allora cambia solo le partite create dopo la "
              "correzione (la pagina della partita dice quale versione segue). Le partite create "
              "ora seguono la versione {current}."),
    "version": ("Version {version}, what changed:", "Version {version}, ce qui a changé :",
                "Versione {version}, che cosa è cambiato:"),
    "first": ("Version 1: the rules as this server played them before versions were written.",
              "Version 1 : les règles telles que ce serveur les appliquait avant que les versions "
              "soient notées.",
              "Versione 1: le regole come questo server le applicava prima che le versioni "
              "fossero annotate."),
    "every": ("In every game, whatever its version (nothing a player decides depends on them): "
              "once a game is over its replay and its page show every hand, discard pile and "
              "card put aside; a scoreboard turned over by a Revolt reads upside down (0/4/8) on "
              "the map and in “Who leads where”, where the fewest Caballeros lead; an "
              "Alliance's scoring names both its regions in the log and in the last scoring.",
              "Dans toute partie, quelle que soit sa version (rien de ce qu'un joueur décide "
              "n'en dépend) : une fois la partie finie, son déroulé et sa page montrent chaque "
              "main, pile de défausse et carte mise de côté ; une tuile de pointage retournée "
              "par une Révolte se lit à l'envers (0/4/8) sur la carte et dans « Qui mène où », "
              "où mènent ceux qui ont le moins de Caballeros ; le décompte d'une Alliance nomme "
              "ses deux régions dans le journal et dans le dernier décompte.",
              "In ogni partita, qualunque sia la sua versione (nulla di ciò che un giocatore "
              "decide ne dipende): finita la partita, la sua ripetizione e la sua pagina "
              "mostrano ogni mano, pila degli scarti e carta messa da parte; un segnapunti "
              "capovolto da una Rivolta si legge al contrario (0/4/8) sulla mappa e in « Chi è "
              "in testa dove », dove è in testa chi ha meno Caballeros; la valutazione di "
              "un'Alleanza nomina entrambe le sue regioni nel registro e nell'ultima "
              "valutazione."),
}


def versions_section(lang: str) -> dict[str, Any]:
    """The rules page's last section (anchor `versions`: the game page links to it)."""
    i = language_index(lang)
    paragraphs = [VERSION_WORDS["intro"][i].format(current=RULES_VERSION)]
    for version in sorted(VERSIONS, reverse=True):
        paragraphs.append(VERSION_WORDS["version"][i].format(version=version))
        paragraphs += [change[i] for change in VERSIONS[version]]
    paragraphs += [VERSION_WORDS["first"][i], VERSION_WORDS["every"][i]]
    return {"id": "versions", "title": VERSION_WORDS["title"][i], "paragraphs": paragraphs}

# The modules' sections (modules/rules_page.py), read from modules_data.py like the cards above
# (the loop's names must not be `_page`: that would replace the builder above).
for _lang, _built in PAGES.items():
    _built["sections"] += [*module_sections(_lang, card_line), versions_section(_lang)]


def rules_page(lang: str = "en") -> Page:
    """The page in `lang` (English for a language the game does not speak)."""
    return PAGES.get(lang, EN)
