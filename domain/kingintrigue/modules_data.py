"""King & Intrigue's two optional modules as data: the Player's Edition (11 more power cards per
colour, 2 Alliance markers, the Bridge, the Quarantine marker, the Collapse-risk tile) and the
Special Cards (10 more per colour, the King marker, 3 limit boards).

RECONSTRUCTED, ALL OF IT BUT THE ACTIONS' RULES: the seed rulebook (shared/seeds/002, French) explains
what the cards do but their faces (value, Caballeros, full text) were pictures and did not survive.
Each card below says its basis; what the seed is silent on is the project's ruling, made to keep the
card's evident intent, so that a printed card list can replace this one file without touching the
rules. The rulings are also on the game's rules page (`rules_page.py`), in en/fr/it.

Values: an outside (Dutch) source gives 13 to the card that makes opponents secretly move their
Grande (Jour faste) and 23 to Relocation; the seed names cards "25 or 75 placed in front of another
player" (the two cards that stay in front of their owner: Espionage and the Mistress). Every other
value is RECONSTRUCTED: numbers that no base card has (a module card never ties with a base card),
spread over the range so that each module offers early, middle and late cards. Caballeros:
RECONSTRUCTED from the base deck's curve (the count of the base card just below the value), except
the Bridge (3: « en plus des 3 Caballeros que vous placerez ») and the Fiesta (0: « vous ne recevez
aucun Caballero de la Province »).

Which module a card belongs to: the seed lists Joker, Jour faste, Relocation, Civil war, Alliance and
Bridge under the Player's Edition and Fiesta, Espionage, Coup d'État under the Special Cards; the
markers tie Quarantine and Collapse risk to the Player's Edition, the King marker and Table for six to
the Special Cards, and the card that discards a 25 or 75 or removes a limit board (Intervention) to
the Special Cards. The rest (Revolt, Hurricane, Mistress, the three special scorings) is
RECONSTRUCTED to fill 11 and 10.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.kingintrigue.data import POWER_CARDS, PowerCard

PLAYERS_EDITION, SPECIAL_CARDS = "players_edition", "special_cards"


@dataclass(frozen=True)
class ModuleCard(PowerCard):
    module: str = PLAYERS_EDITION
    name: tuple[str, str, str] = ("", "", "")  # en, fr, it
    text: tuple[str, str, str] = ("", "", "")  # what the card does, en, fr, it


def _c(value: int, caballeros: int, action: str, module: str, basis: str,
       name: tuple[str, str, str], text: tuple[str, str, str]) -> ModuleCard:
    return ModuleCard(value, caballeros, action, basis, module, name, text)


PE, SC = PLAYERS_EDITION, SPECIAL_CARDS
MODULE_CARDS: dict[int, ModuleCard] = {c.value: c for c in (
    # --- the Player's Edition -----------------------------------------------------------------------
    _c(5, 6, "joker", PE, "seed: the rule; value and count RECONSTRUCTED (it never counts: the "
       "second card played replaces it)",
       ("Joker", "Joker", "Jolly"),
       ("Wait until everyone else has played a power card, then play another card of your hand "
        "(never a value already played) instead of this one.",
        "Attendez que tous vos adversaires aient joué une carte Pouvoir, puis jouez à sa place une "
        "autre carte de votre main (jamais une valeur déjà jouée).",
        "Aspetta che tutti gli avversari abbiano giocato una carta potere, poi gioca al suo posto "
        "un'altra carta della tua mano (mai un valore già giocato).")),
    _c(13, 6, "jour_faste", PE, "seed: the rule; value 13: outside source",
       ("Auspicious day", "Jour faste", "Giorno fausto"),
       ("Each opponent secretly chooses a region with their disc and moves their Grande there; a "
        "Grande in the King's region stays, and so does one whose owner chose the King's region.",
        "Chaque adversaire choisit en secret une région avec son disque et y déplace son Grande ; "
        "un Grande dans la région du Roi ne participe pas, et celui dont le propriétaire choisit la "
        "région du Roi reste où il est.",
        "Ogni avversario sceglie in segreto una regione con il suo disco e vi sposta il suo "
        "Grande; un Grande nella regione del Re resta fermo, come quello il cui proprietario "
        "sceglie la regione del Re.")),
    _c(23, 6, "relocation", PE, "seed: the rule; value 23: outside source",
       ("Relocation", "Relocalisation", "Trasloco"),
       ("Move the Castillo into a region (not the King's): every Caballero already there goes "
        "into the Castillo. It stays until the next general scoring, which scores the Castillo "
        "first, then the region; then it goes back to its place.",
        "Déplacez le Castillo dans une région (pas celle du Roi) : tous les Caballeros qui s'y "
        "trouvent entrent dans le Castillo. Il y reste jusqu'au prochain décompte général, qui "
        "compte le Castillo d'abord, puis la région ; puis il retourne à sa place.",
        "Sposta il Castillo in una regione (non quella del Re): tutti i Caballeros che vi si "
        "trovano entrano nel Castillo. Vi resta fino alla prossima valutazione generale, che "
        "valuta prima il Castillo, poi la regione; poi torna al suo posto.")),
    _c(35, 5, "civil_war", PE, "seed: the King's region excluded, your Caballeros stay, a court "
       "Caballero needed; the effect RECONSTRUCTED",
       ("Civil war", "Guerre civile", "Guerra civile"),
       ("Choose a region (not the King's): every opponent's Caballero there goes back to its "
        "owner's court, yours stay, and 1 of your court's Caballeros enters it. Needs a Caballero "
        "in your court.",
        "Choisissez une région (pas celle du Roi) : les Caballeros adverses qui s'y trouvent "
        "retournent dans la Cour de leur propriétaire, les vôtres restent, et 1 Caballero de votre "
        "Cour y entre. Il faut un Caballero dans votre Cour.",
        "Scegli una regione (non quella del Re): i Caballeros avversari che vi si trovano tornano "
        "alla corte del loro proprietario, i tuoi restano, e 1 Caballero della tua corte vi "
        "entra. Serve un Caballero nella tua corte.")),
    _c(45, 4, "alliance", PE, "seed: the rule",
       ("Alliance", "Alliance", "Alleanza"),
       ("Put the 2 Alliance markers on two regions (not the King's). The next general scoring "
        "scores them as one: each player's Caballeros of both count together and the ranks win "
        "both regions' points; the King's and home bonuses apply as usual. Then the markers go.",
        "Posez les 2 marqueurs Alliance sur deux régions (pas celle du Roi). Le prochain décompte "
        "général les compte comme une seule : les Caballeros de chaque joueur dans les deux "
        "s'additionnent et chaque rang gagne les points des deux régions ; les bonus du Roi et de "
        "région de base s'appliquent. Puis les marqueurs partent.",
        "Metti i 2 segnalini Alleanza su due regioni (non quella del Re). La prossima valutazione "
        "generale le valuta come una sola: i Caballeros di ogni giocatore nelle due si sommano e "
        "ogni posizione vince i punti di entrambe le regioni; i bonus del Re e della regione "
        "d'origine valgono. Poi i segnalini vengono tolti.")),
    _c(55, 3, "bridge", PE, "seed: the rule, « 3 Caballeros » and « la tuile retourne dans la "
       "réserve »; value, the take-off before a turn (to court) and that no other card "
       "moves the Caballero on the Bridge RECONSTRUCTED",
       ("Bridge building", "Construction de pont", "Costruzione del ponte"),
       ("Lay the Bridge between two adjacent regions (neither the King's) and put 1 Caballero of "
        "your court on it. Before each of your later turns you may move your Caballeros freely "
        "between those regions; each general scoring gives the Bridge's holder 1 point. Before a "
        "turn you may also take your Caballero off it: it goes back to your court and the Bridge "
        "to the reserve. No other card moves the Caballero on the Bridge.",
        "Posez le Pont entre deux régions adjacentes (aucune n'étant celle du Roi) et placez-y 1 "
        "Caballero de votre Cour. Avant chacun de vos tours suivants, vous pouvez déplacer "
        "librement vos Caballeros entre ces deux régions ; chaque décompte général donne 1 point "
        "au détenteur du Pont. Avant un tour, vous pouvez aussi en retirer votre Caballero : il "
        "retourne dans votre Cour et le Pont dans la réserve. Aucune autre carte ne déplace le "
        "Caballero du Pont.",
        "Posa il Ponte tra due regioni adiacenti (nessuna quella del Re) e mettici 1 Caballero "
        "della tua corte. Prima di ognuno dei tuoi turni seguenti puoi spostare liberamente i "
        "tuoi Caballeros tra quelle regioni; ogni valutazione generale dà 1 punto a chi tiene "
        "il Ponte. Prima di un turno puoi anche toglierne il tuo Caballero: torna alla tua corte "
        "e il Ponte nella riserva. Nessun'altra carta sposta il Caballero del Ponte.")),
    _c(65, 4, "quarantine", PE, "seed: the rule; until the next general scoring RECONSTRUCTED",
       ("Quarantine", "Quarantaine", "Quarantena"),
       ("Put the Quarantine marker on a region (not the King's): until the next general scoring "
        "it is taboo like the King's region, nothing enters or leaves it.",
        "Posez le marqueur Quarantaine sur une région (pas celle du Roi) : jusqu'au prochain "
        "décompte général elle est taboue comme la région du Roi, rien n'y entre ni n'en sort.",
        "Metti il segnalino Quarantena su una regione (non quella del Re): fino alla prossima "
        "valutazione generale è tabù come la regione del Re, niente vi entra né ne esce.")),
    _c(85, 3, "collapse_risk", PE, "seed: those inside stay; the tile's effect RECONSTRUCTED",
       ("Collapse risk", "Risque d'effondrement", "Rischio di crollo"),
       ("Put the Collapse-risk tile on the Castillo: until the next general scoring no Caballero "
        "enters it; those already inside stay and are scored as usual.",
        "Posez la tuile Risque d'effondrement sur le Castillo : jusqu'au prochain décompte général "
        "aucun Caballero n'y entre ; ceux qui y sont déjà restent et comptent normalement.",
        "Metti la tessera Rischio di crollo sul Castillo: fino alla prossima valutazione generale "
        "nessun Caballero vi entra; quelli già dentro restano e contano normalmente.")),
    _c(95, 3, "revolt", PE, "seed: the rule; module RECONSTRUCTED",
       ("Revolt", "Révolte", "Rivolta"),
       ("Turn a mobile scoreboard upside down (8/4/0 becomes 0/4/8, 4/0/0 becomes 0/0/4: the "
        "fewest Caballeros, at least 1, score most), or turn a reversed one back.",
        "Retournez une tuile de pointage (8/4/0 devient 0/4/8, 4/0/0 devient 0/0/4 : le moins de "
        "Caballeros, au moins 1, marque le plus), ou remettez une tuile renversée à l'endroit.",
        "Capovolgi un segnapunti mobile (8/4/0 diventa 0/4/8, 4/0/0 diventa 0/0/4: chi ha meno "
        "Caballeros, almeno 1, segna di più), o rimetti dritto uno capovolto.")),
    _c(105, 2, "hurricane", PE, "seed: « vous révélez votre disque … au début de votre tour »; "
       "the disc set once all power cards are out, the effect and module RECONSTRUCTED",
       ("Hurricane", "Ouragan", "Uragano"),
       ("Once all power cards are out, set your selection disc on a region (not the King's) in "
        "secret; you reveal it at the start of your turn. Your action blows every Caballero of "
        "that region back to its owner's court.",
        "Une fois toutes les cartes Pouvoir jouées, réglez en secret votre disque de sélection "
        "sur une région (pas celle du Roi) ; vous le révélez au début de votre tour. Votre action "
        "renvoie tous les Caballeros de cette région dans la Cour de leur propriétaire.",
        "Una volta giocate tutte le carte potere, imposta in segreto il tuo disco di selezione su "
        "una regione (non quella del Re); lo riveli all'inizio del tuo turno. La tua azione "
        "rimanda tutti i Caballeros di quella regione alla corte del loro proprietario.")),
    _c(115, 2, "score_offered", PE, "seed: the rule; module RECONSTRUCTED",
       ("Special scoring: three regions offered", "Décompte spécial : trois régions proposées",
        "Valutazione speciale: tre regioni proposte"),
       ("Offer three regions to the player on your left: they choose which one is scored.",
        "Proposez trois régions au joueur à votre gauche : il choisit laquelle est décomptée.",
        "Proponi tre regioni al giocatore alla tua sinistra: sceglie quale viene valutata.")),
    # --- the Special Cards --------------------------------------------------------------------------
    _c(15, 0, "fiesta", SC, "seed: no Caballero from the provinces, 5 more to place",
       ("Fiesta", "Fiesta", "Fiesta"),
       ("You take no Caballero from the provinces; you may place 5 more than your round card "
        "allows this turn.",
        "Vous ne recevez aucun Caballero de la Province ; vous pouvez en placer 5 de plus que ce "
        "que permet votre carte de manche ce tour-ci.",
        "Non ricevi Caballeros dalla provincia; in questo turno puoi piazzarne 5 in più di "
        "quanti la tua carta del round permetta.")),
    _c(25, 6, "espionage", SC, "seed: a card « 25 … placed in front of » a player, discarded "
       "after the next general scoring; the effect RECONSTRUCTED",
       ("Espionage", "Espionnage", "Spionaggio"),
       ("The card stays in front of you until the next general scoring: there you set your "
        "Castillo disc last, having seen the others' discs. Discs of special actions are not "
        "affected.",
        "La carte reste devant vous jusqu'au prochain décompte général : vous y réglez votre "
        "disque du Castillo en dernier, après avoir vu ceux des autres. Les disques des actions "
        "spéciales ne sont pas concernés.",
        "La carta resta davanti a te fino alla prossima valutazione generale: lì scegli il tuo "
        "disco del Castillo per ultimo, dopo aver visto quelli degli altri. I dischi delle azioni "
        "speciali non sono toccati.")),
    _c(33, 5, "coup", SC, "seed: the rule; value RECONSTRUCTED",
       ("Coup d'État", "Coup d'État", "Colpo di Stato"),
       ("Put an opponent's Grande (not in the King's region) into the Castillo. At the next "
        "general scoring it scores with the Castillo (home bonus there), then goes with its "
        "owner's Castillo Caballeros to the region of their disc.",
        "Placez le Grande d'un adversaire (pas dans la région du Roi) dans le Castillo. Au "
        "prochain décompte général il compte avec le Castillo (bonus de région de base), puis "
        "part avec les Caballeros du Castillo de son propriétaire vers la région de son disque.",
        "Metti il Grande di un avversario (non nella regione del Re) nel Castillo. Alla prossima "
        "valutazione generale conta con il Castillo (bonus della regione d'origine), poi va con "
        "i Caballeros del Castillo del suo proprietario nella regione del suo disco.")),
    _c(43, 4, "table_for_six", SC, "seed: the rule; a limit of 6 Caballeros in all RECONSTRUCTED "
       "from the name",
       ("Table for six", "Table pour six", "Tavola per sei"),
       ("Put a limit board on a region (not the King's): from now on it holds at most 6 "
        "Caballeros; any beyond that go back to the court of the player who brought them.",
        "Posez un tableau limite sur une région (pas celle du Roi) : elle ne contient plus que 6 "
        "Caballeros au plus ; ceux en trop retournent dans la Cour du joueur qui les a amenés.",
        "Metti un tabellone limite su una regione (non quella del Re): da ora contiene al "
        "massimo 6 Caballeros; quelli in più tornano alla corte del giocatore che li ha "
        "portati.")),
    _c(53, 4, "royal_guard", SC, "seed: « juste avant qu'un décompte (spécial ou général) n'y "
       "soit effectué », never the Castillo or the King's region; value, the disc as the choice "
       "at a general scoring, and no question at a scoring secret discs settle RECONSTRUCTED",
       ("Royal Guard", "Garde Royale", "Guardia Reale"),
       ("Put 1 Caballero of your court on this card. Just before a special scoring of a region "
        "you may send it into that region (you are asked); before a general scoring it joins the "
        "region of your Castillo disc. Never the Castillo, the King's region or a taboo region "
        "(a disc set there sends it back to court).",
        "Placez 1 Caballero de votre Cour sur cette carte. Juste avant un décompte spécial "
        "d'une région, vous pouvez l'envoyer dans cette région (la question vous est posée) ; "
        "avant un décompte général, il rejoint la région de votre disque du Castillo. Jamais le "
        "Castillo, la région du Roi ni une région taboue (un disque réglé sur elle le renvoie à "
        "la Cour).",
        "Metti 1 Caballero della tua corte su questa carta. Appena prima di una valutazione "
        "speciale di una regione puoi mandarlo in quella regione (ti viene chiesto); prima di "
        "una valutazione generale raggiunge la regione del tuo disco del Castillo. Mai il "
        "Castillo, la regione del Re né una regione tabù (un disco su di essa lo rimanda alla "
        "corte).")),
    _c(63, 4, "king_marker", SC, "seed: the rule; the marker's stay RECONSTRUCTED",
       ("King marker", "Marqueur du Roi", "Segnalino del Re"),
       ("Put the King marker on a region: it is taboo like the King's region until the end of "
        "the round; before a general scoring it stays through it and gives that region the "
        "King's bonus too.",
        "Posez le marqueur du Roi sur une région : elle est taboue comme celle du Roi jusqu'à la "
        "fin de la manche ; avant un décompte général il y reste pendant ce décompte et donne "
        "aussi le bonus du Roi à cette région.",
        "Metti il segnalino del Re su una regione: è tabù come quella del Re fino alla fine del "
        "round; prima di una valutazione generale vi resta durante la valutazione e dà anche a "
        "quella regione il bonus del Re.")),
    _c(75, 3, "mistress", SC, "seed: no King's bonus in a special scoring « pendant cette "
       "manche », nor in a general scoring « durant la manche suivante »; value 75: the seed's "
       "« carte … 75 »; the general scoring closing her own round is not one of them (rules "
       "version 2; version 1 cancelled it too)",
       ("Mistress", "Maîtresse", "Favorita"),
       ("The card stays in front of you until the end of the next round: no King's bonus in a "
        "special scoring this round, nor in the general scoring at the end of the next round "
        "(home bonuses as usual).",
        "La carte reste devant vous jusqu'à la fin de la manche suivante : pas de bonus du Roi "
        "aux décomptes spéciaux de cette manche, ni au décompte général qui clôt la manche "
        "suivante (bonus de région de base normal).",
        "La carta resta davanti a te fino alla fine del round seguente: niente bonus del Re "
        "nelle valutazioni speciali di questo round, né nella valutazione generale che chiude "
        "il round seguente (bonus della regione d'origine normale).")),
    _c(125, 2, "intervention", SC, "seed: the rule; its optional rule on markers and tiles is "
       "the option intervention_markers; name and value RECONSTRUCTED",
       ("Intervention", "Intervention", "Intervento"),
       ("Discard a 25 or 75 lying in front of another player, or take a limit board off the "
        "board; with the optional rule (when the game plays it), also a marker or tile.",
        "Défaussez une carte 25 ou 75 posée devant un autre joueur, ou retirez un tableau limite "
        "du plateau ; avec la règle optionnelle (si la partie la joue), aussi un marqueur "
        "ou une tuile.",
        "Scarta una carta 25 o 75 davanti a un altro giocatore, o togli un tabellone limite dal "
        "tabellone; con la regola opzionale (se la partita la usa), anche un segnalino "
        "o una tessera.")),
    _c(135, 1, "score_present", SC, "seed: the rule",
       ("Special scoring: a region of yours", "Décompte spécial : une de vos régions",
        "Valutazione speciale: una tua regione"),
       ("Score a region where you have at least 1 Caballero.",
        "Décomptez une région où vous avez au moins 1 Caballero.",
        "Valuta una regione in cui hai almeno 1 Caballero.")),
    _c(145, 1, "score_any", SC, "seed: the rule",
       ("Special scoring: any region", "Décompte spécial : n'importe quelle région",
        "Valutazione speciale: qualsiasi regione"),
       ("Score any region, even one where you have no Caballero.",
        "Décomptez n'importe quelle région, même une où vous n'avez aucun Caballero.",
        "Valuta qualsiasi regione, anche una in cui non hai Caballeros.")),
)}
assert not set(MODULE_CARDS) & set(POWER_CARDS)
assert sum(c.module == PE for c in MODULE_CARDS.values()) == 11
assert sum(c.module == SC for c in MODULE_CARDS.values()) == 10

ALL_CARDS: dict[int, PowerCard] = {**POWER_CARDS, **MODULE_CARDS}
"""Every power card by value, the base deck's and both modules'."""

FIESTA_EXTRA = 5
"""Fiesta: 5 more Caballeros to place (seed)."""
TABLE_LIMIT = 6
"""A limit board's capacity: RECONSTRUCTED from the card's name, « Table pour six »."""
LIMIT_BOARDS = 3
"""Limit boards in the box (seed: « 3 tableaux limite »)."""
BRIDGE_POINT = 1
"""The Bridge's holder scores 1 point at each general scoring (seed)."""
REVERSED: dict[str, tuple[int, int, int]] = {"8-4-0": (8, 4, 0), "4-0-0": (4, 0, 0)}
"""Revolt: a reversed board pays its values to the fewest Caballeros (at least 1), then the next
fewest (seed: « 0/4/8 … le joueur avec le moins de Caballeros (mais au moins 1) marque 8 »)."""
IN_FRONT = ("espionage", "mistress")
"""The cards that lie in front of their owner after being played (the seed's « 25 ou 75 »)."""

REMOVABLE: dict[str, tuple[str, str, str]] = {
    "alliance": ("the Alliance markers", "les marqueurs Alliance", "i segnalini Alleanza"),
    "bridge": ("the Bridge", "le Pont", "il Ponte"),
    "collapse": ("the Collapse-risk tile", "la tuile Risque d'effondrement",
                 "la tessera Rischio di crollo"),
    "quarantine": ("the Quarantine marker", "le marqueur Quarantaine", "il segnalino Quarantena"),
    "king_marker": ("the King marker", "le marqueur du Roi", "il segnalino del Re"),
}
"""With the option `intervention_markers` (the seed's « Règle optionnelle : … annuler les effets
représentés par les pions et les tuiles (ex. : marqueurs Alliance, tuile Risque d'effondrement,
tuile Pont) »), what Intervention may also take off the board, with its name in en/fr/it. The seed's
list is examples (« ex. »): the Quarantine and King markers are our ruling of « les pions »; the
relocated Castillo and reversed scoreboards are not markers and stay."""

MARKERS: dict[str, tuple[str, str, str]] = {
    "alliance": ("Alliance markers", "marqueurs Alliance", "segnalini Alleanza"),
    "bridge": ("the Bridge", "le Pont", "il Ponte"),
    "quarantine": ("the Quarantine marker", "le marqueur Quarantaine", "il segnalino Quarantena"),
    "collapse": ("the Collapse-risk tile", "la tuile Risque d'effondrement",
                 "la tessera Rischio di crollo"),
    "king_marker": ("the King marker", "le marqueur du Roi", "il segnalino del Re"),
    "limits": ("limit boards", "tableaux limite", "tabelloni limite"),
    "castillo_at": ("the relocated Castillo", "le Castillo relocalisé",
                    "il Castillo traslocato"),
    "reversed": ("reversed scoreboards", "tuiles de pointage renversées",
                 "segnapunti capovolti"),
}
"""The modules' board state, by the key views and boards use, with its name in en/fr/it."""


def pool(players_edition: bool, special_cards: bool) -> tuple[int, ...]:
    """The cards each player chooses their 13 from: the base 18, plus each module's in play."""
    extra = [v for v, c in MODULE_CARDS.items()
             if (c.module == PE and players_edition) or (c.module == SC and special_cards)]
    return tuple(sorted([*POWER_CARDS, *extra]))
