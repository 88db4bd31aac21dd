"""El Grande's rules page for players, in English, French and Italian: the game in a few lines, and
the rulings this server follows where the two rulebooks (the original edition, 000, and the
Decennial, 004) differ or are silent. Every ruling is enforced by the engine and tested (the list
for developers, with the tests' subjects, is the package's docstring, domain/elgrande/__init__.py).
"""

from __future__ import annotations

from typing import Any

from domain.core.i18n import language_index
from domain.elgrande import messages, texts


def _card(card: str, lang: str) -> str:
    return messages.quoted(messages.card_name(card, lang), lang)


TITLE = ("El Grande: the rules as this server plays them",
         "El Grande : les règles telles que ce serveur les applique",
         "El Grande: le regole come le applica questo server")
SECTIONS = (("The game", "Le jeu", "Il gioco"),
            ("Rulings where the rulebooks differ or say nothing",
             "Décisions là où les règles diffèrent ou se taisent",
             "Decisioni dove i regolamenti differiscono o tacciono"))


def _rulings(lang: str) -> list[str]:
    c = lambda card: _card(card, lang)  # noqa: E731
    en = [
        "Edition (an option of each game): the Decennial edition's rules, or the original "
        f"edition's, decide the cards that differ: {c('kings_return')}, {c('one_from_each')}, "
        f"{c('grande')} and {c('eviction')}.",
        f"{c('one_from_each')}, Decennial edition (« incluso uno tuo »): one Caballero of every "
        "player with some on the board, yours included, goes back to the provinces: all of them, "
        "or none by declining the action. Original edition (« Le joueur peut renvoyer un "
        "Caballero de chacun des adversaires »): each opponent is your choice — at least one, "
        "the others spared — and your own Caballeros stay.",
        "Taking exactly the power card's number (option [[take_exact=true]]): when your provinces hold "
        "fewer, they give all they have, and taking the rest from your regions is optional, any "
        "part of it (the original rulebook: « il peut en prendre sur le plateau »).",
        "Taking Caballeros to court: up to the power card's number, fewer or none if you like; "
        "when your provinces run short, the rest may come from your regions (never the King's "
        "region nor the Castillo), never must (« il peut en prendre sur le plateau », « può "
        "rimuoverli »): with empty provinces, taking none is always a legal take, with "
        "[[take_exact=true]] too. A passed deadline takes from the provinces only.",
        "Secret choices are final: once made, a choice cannot be changed, and all are revealed "
        "together when the last one is in.",
        "A secret choice that costs Caballeros says so before it is made: at a general scoring, "
        "the disc set to the King's region sends your Castillo Caballeros back to your court; "
        f"under {c('eviction')}, the King's region (in the Decennial edition, the evicted region "
        "too) sends your evicted Caballeros to your court; the secret removals take your "
        "Caballeros from the region you choose back to your provinces.",
        "Veto: the holders are asked clockwise from the left of the active player, and the first "
        "veto ends the question. A Veto may stop the whole action or some of its parts only: "
        "each move, each player affected, each place scored.",
        "Steps without a choice play themselves: the only power card you may play, a take with "
        "nothing to choose, the last face-up action card, placing from an empty court.",
        "With the Castillo counts hidden (option [[castillo_visibility=memory]]), the other players' "
        "provinces are hidden too (they would give the Castillo away by subtraction); the log "
        "still says each time Caballeros go into the Castillo.",
    ]
    fr = [
        "Édition (une option de chaque partie) : les règles de l'édition du dixième anniversaire "
        "(Decennial), ou celles de l'édition originale, décident des cartes qui diffèrent : "
        f"{c('kings_return')}, {c('one_from_each')}, {c('grande')} et {c('eviction')}.",
        f"{c('one_from_each')}, édition du dixième anniversaire (« incluso uno tuo ») : un "
        "Caballero de chaque joueur présent sur le plateau, vous compris, retourne dans les "
        "provinces : tous, ou aucun si vous refusez l'action. Édition originale (« Le joueur "
        "peut renvoyer un Caballero de chacun des adversaires ») : chaque adversaire est à votre "
        "choix — au moins un, les autres épargnés — et vos propres Caballeros restent.",
        "Amener exactement le nombre de la carte de pouvoir (option [[take_exact=true]]) : quand vos "
        "provinces en ont moins, elles donnent tout ce qu'elles ont, et prendre le reste dans "
        "vos régions est facultatif, en tout ou en partie (la règle originale : « il peut en "
        "prendre sur le plateau »).",
        "Amener des Caballeros à la cour : jusqu'au nombre de la carte de pouvoir, moins ou aucun "
        "si vous voulez ; quand vos provinces ne suffisent pas, le reste peut venir de vos "
        "régions (jamais la région du Roi ni le Castillo), sans obligation (« il peut en prendre "
        "sur le plateau », « può rimuoverli ») : provinces vides, n'en amener aucun est toujours "
        "permis, avec [[take_exact=true]] aussi. Un délai expiré n'amène que des provinces.",
        "Les choix secrets sont définitifs : une fois fait, un choix ne peut plus changer, et "
        "tous sont révélés ensemble quand le dernier est fait.",
        "Un choix secret qui coûte des Caballeros le dit avant d'être fait : au décompte "
        "général, le disque réglé sur la région du Roi renvoie vos Caballeros du Castillo à "
        f"votre cour ; sous {c('eviction')}, la région du Roi (dans l'édition du dixième "
        "anniversaire, la région expulsée aussi) envoie vos Caballeros expulsés à votre cour ; "
        "les retraits secrets renvoient vos Caballeros de la région choisie dans vos provinces.",
        "Veto : les détenteurs sont interrogés dans le sens des aiguilles d'une montre à partir "
        "de la gauche du joueur actif, et le premier veto clôt la question. Un Veto peut arrêter "
        "toute l'action ou seulement certaines de ses parties : chaque déplacement, chaque joueur "
        "touché, chaque lieu décompté.",
        "Les étapes sans choix se jouent seules : la seule carte pouvoir que vous pouvez jouer, "
        "une prise sans rien à choisir, la dernière carte action visible, le placement depuis "
        "une cour vide.",
        "Quand les Caballeros du Castillo sont cachés (option [[castillo_visibility=memory]]), les "
        "provinces des autres joueurs le sont aussi (elles trahiraient le Castillo par "
        "soustraction) ; le journal dit quand même chaque fois que des Caballeros entrent dans "
        "le Castillo.",
    ]
    it = [
        "Edizione (un'opzione di ogni partita): le regole dell'edizione del decennale, o quelle "
        "dell'edizione originale, decidono le carte che differiscono: "
        f"{c('kings_return')}, {c('one_from_each')}, {c('grande')} e {c('eviction')}.",
        f"{c('one_from_each')}, edizione del decennale («incluso uno tuo»): un Caballero di ogni "
        "giocatore presente sul tabellone, tu compreso, torna nelle province: tutti, o nessuno "
        "se rinunci all'azione. Edizione originale («Le joueur peut renvoyer un Caballero de "
        "chacun des adversaires»): ogni avversario è a tua scelta — almeno uno, gli altri "
        "risparmiati — e i tuoi Caballeros restano.",
        "Portare esattamente il numero della carta potere (opzione [[take_exact=true]]): quando le tue "
        "province ne hanno meno, danno tutto ciò che hanno, e prendere il resto dalle tue "
        "regioni è facoltativo, in tutto o in parte (il regolamento originale: «il peut en "
        "prendre sur le plateau»).",
        "Portare Caballeros a corte: fino al numero della carta potere, meno o nessuno se vuoi; "
        "quando le province non bastano, il resto può venire dalle tue regioni (mai la regione "
        "del Re né il Castillo), senza obbligo («il peut en prendre sur le plateau», «può "
        "rimuoverli»): con le province vuote, non portarne nessuno è sempre permesso, anche con "
        "[[take_exact=true]]. Una scadenza passata porta solo dalle province.",
        "Le scelte segrete sono definitive: una volta fatta, una scelta non può cambiare, e "
        "tutte sono rivelate insieme quando arriva l'ultima.",
        "Una scelta segreta che costa Caballeros lo dice prima di essere fatta: alla valutazione "
        "generale, il disco sulla regione del Re rimanda i tuoi Caballeros del Castillo alla tua "
        f"corte; con {c('eviction')}, la regione del Re (nell'edizione del decennale, anche la "
        "regione sfrattata) manda i tuoi Caballeros sfrattati alla tua corte; i ritiri segreti "
        "rimandano i tuoi Caballeros della regione scelta nelle tue province.",
        "Veto: chi lo ha è interpellato in senso orario a partire dalla sinistra del giocatore "
        "attivo, e il primo veto chiude la questione. Un Veto può fermare tutta l'azione o solo "
        "alcune sue parti: ogni spostamento, ogni giocatore colpito, ogni luogo valutato.",
        "I passi senza scelta si giocano da soli: l'unica carta potere che puoi giocare, una "
        "presa senza niente da scegliere, l'ultima carta azione scoperta, il piazzamento da una "
        "corte vuota.",
        "Quando i Caballeros del Castillo sono nascosti (opzione [[castillo_visibility=memory]]), "
        "anche le province degli altri giocatori lo sono (tradirebbero il Castillo per "
        "sottrazione); il registro dice comunque ogni volta che dei Caballeros entrano nel "
        "Castillo.",
    ]
    return (en, fr, it)[language_index(lang)]


def rules_page(lang: str = "en") -> dict[str, Any]:
    """`{"title", "sections": [{"title", "paragraphs"}]}` in `lang` (English if not offered)."""
    index = language_index(lang)
    return {"title": TITLE[index], "sections": [
        {"title": SECTIONS[0][index], "paragraphs": texts.ElGrandeTexts().rules(lang)},
        {"title": SECTIONS[1][index], "paragraphs": _rulings(lang)},
    ]}
