"""The modules' words in English, French and Italian: their cards' names (`modules_data`), the log's
sentences of their events, their forms' prompts, the Bridge's decision, and their refusals
(`ki-modules.refuse.…`, registered on import). Rendered by El Grande's machinery (`messages.show`:
players by name, places in the form the sentence needs, « {region:in} » → « en Aragon »)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain.core import errors
from domain.core.events import Event, thaw
from domain.core.game import Message, Viewer
from domain.core.i18n import Catalogue, language_index
from domain.elgrande import messages
from domain.kingintrigue import describe as ki_describe
from domain.kingintrigue import texts as ki_texts
from domain.kingintrigue.modules_data import MARKERS, MODULE_CARDS, REMOVABLE

NAMES: dict[str, tuple[str, str, str]] = {c.action: c.name for c in MODULE_CARDS.values()}
NAMES["cross"] = ("the Bridge's crossing", "la traversée du Pont", "l'attraversamento del Ponte")

TEXTS: dict[str, tuple[str, str, str]] = {
    # the log
    "kim.joker.played": ("{seat} replaces the Joker with {card}.",
                         "{seat} remplace le Joker par la carte {card}.",
                         "{seat} sostituisce il Jolly con la carta {card}."),
    "kim.joker.kept": ("{seat} has no card to replace the Joker: it stands, value 5.",
                       "{seat} n'a aucune carte pour remplacer le Joker : il reste, valeur 5.",
                       "{seat} non ha carte per sostituire il Jolly: resta, valore 5."),
    "kim.castillo.relocated": ("{seat} moves the Castillo {region:to}.",
                               "{seat} déplace le Castillo {region:to}.",
                               "{seat} sposta il Castillo {region:to}."),
    # Worded so that the regions' gender never matters (« le Pays basque et l'Aragon » are
    # masculine: « décomptées » was wrong for them, « valutate » for « i Paesi Baschi »).
    "kim.alliance": ("{seat} allies {regions}: they score as one at the next general scoring.",
                     "{seat} allie {regions} : leurs Caballeros comptent ensemble au prochain "
                     "décompte général.",
                     "{seat} allea {regions}: i loro Caballeros contano insieme alla prossima "
                     "valutazione generale."),
    "kim.alliance.scored": ("{regions} are scored together (Alliance): {points}.",
                            "Décompte commun (Alliance) — {regions} : {points}.",
                            "Valutazione comune (Alleanza) — {regions}: {points}."),
    "kim.alliance.doubled": ("{regions} score double together (2x marker).",
                             "{regions} comptent double ensemble (marqueur 2x).",
                             "{regions} contano doppio insieme (segnalino 2x)."),
    "kim.alliance.bonus.king": ("{seat} gets the King's bonus of {points:# point|# points} "
                                "for the Alliance ({regions}).",
                                "{seat} reçoit le bonus du Roi de {points:# point|# points} pour "
                                "l'Alliance ({regions}).",
                                "{seat} riceve il bonus del Re di {points:# punto|# punti} per "
                                "l'Alleanza ({regions})."),
    "kim.alliance.bonus.home": ("{seat} gets the home bonus of {points:# point|# points} for "
                                "the Alliance ({regions}).",
                                "{seat} reçoit le bonus du Grande de {points:# point|# points} "
                                "pour l'Alliance ({regions}).",
                                "{seat} riceve il bonus del Grande di {points:# punto|# punti} "
                                "per l'Alleanza ({regions})."),
    "kim.bridge": ("{seat} builds the Bridge between {regions} and puts a Caballero on it.",
                   "{seat} construit le Pont entre {regions} et y place un Caballero.",
                   "{seat} costruisce il Ponte tra {regions} e vi mette un Caballero."),
    "kim.bridge.back": ("{owner}'s Caballero leaves the Bridge for their court.",
                        "Le Caballero {owner:de} quitte le Pont pour sa Cour.",
                        "Il Caballero di {owner} lascia il Ponte per la sua corte."),
    "kim.bridge.crossed": ("{seat} crosses the Bridge with {count:# Caballero|# Caballeros} "
                           "{from:from} {to:to}.",
                           "{seat} traverse le Pont avec {count:# Caballero|# Caballeros} "
                           "{from:from} {to:to}.",
                           "{seat} attraversa il Ponte con {count:# Caballero|# Caballeros} "
                           "{from:from} {to:to}."),
    "kim.bridge.stays": ("{seat} does not cross the Bridge.", "{seat} ne traverse pas le Pont.",
                         "{seat} non attraversa il Ponte."),
    "kim.bridge.left": ("{seat} takes their Caballero off the Bridge: it goes back to their "
                        "court, and the Bridge between {regions} goes back to the reserve.",
                        "{seat} retire son Caballero du Pont : il retourne dans sa Cour, et le "
                        "Pont entre {regions} retourne dans la réserve.",
                        "{seat} toglie il suo Caballero dal Ponte: torna alla sua corte, e il "
                        "Ponte tra {regions} torna nella riserva."),
    "kim.hurricane.set": ("{seat} sets their selection disc for the Hurricane, face down.",
                          "{seat} règle son disque de sélection pour l'Ouragan, face cachée.",
                          "{seat} imposta il suo disco di selezione per l'Uragano, coperto."),
    "kim.hurricane.set_own": ("You set your disc for the Hurricane on {region:the}: it is revealed "
                              "as your turn starts.",
                              "Vous réglez votre disque pour l'Ouragan sur {region:the} : il est "
                              "révélé au début de votre tour.",
                              "Imposti il tuo disco per l'Uragano su {region:the}: è rivelato "
                              "all'inizio del tuo turno."),
    "kim.hurricane.note": ("Your disc stays hidden until your turn starts; your Hurricane action "
                           "then sends every Caballero of that region back to its owner's court.",
                           "Votre disque reste caché jusqu'au début de votre tour ; votre action "
                           "Ouragan renvoie alors tous les Caballeros de cette région dans la Cour "
                           "de leur propriétaire.",
                           "Il tuo disco resta nascosto fino all'inizio del tuo turno; la tua "
                           "azione Uragano rimanda allora tutti i Caballeros di quella regione "
                           "alla corte del loro proprietario."),
    "kim.hurricane.empty": ("Your Hurricane disc lies on {region:the}, where there is no "
                            "Caballero: the Hurricane has nothing to send back, so its action "
                            "cannot be used. Decline it.",
                            "Votre disque de l'Ouragan est sur {region:the}, où il n'y a aucun "
                            "Caballero : l'Ouragan n'a rien à renvoyer, son action ne peut donc "
                            "pas être utilisée. Renoncez-y.",
                            "Il tuo disco dell'Uragano è su {region:the}, dove non c'è nessun "
                            "Caballero: l'Uragano non ha niente da rimandare, quindi la sua azione "
                            "non si può usare. Rinuncia."),
    "kim.hurricane.taboo": ("Your Hurricane disc lies on {region:the}, which no card may touch "
                            "now (the King's region, or under a marker): the Hurricane's action "
                            "cannot be used. Decline it.",
                            "Votre disque de l'Ouragan est sur {region:the}, qu'aucune carte ne "
                            "peut toucher maintenant (la région du Roi, ou sous un marqueur) : "
                            "l'action de l'Ouragan ne peut pas être utilisée. Renoncez-y.",
                            "Il tuo disco dell'Uragano è su {region:the}, che nessuna carta può "
                            "toccare ora (la regione del Re, o sotto un segnalino): l'azione "
                            "dell'Uragano non si può usare. Rinuncia."),
    "kim.hurricane.revealed": ("{seat} reveals their Hurricane disc: {region:the}.",
                               "{seat} révèle son disque de l'Ouragan : {region:the}.",
                               "{seat} rivela il suo disco dell'Uragano: {region:the}."),
    "kim.bridge.scored": ("{seat} holds the Bridge: +{points}.",
                          "{seat} détient le Pont : +{points}.",
                          "{seat} tiene il Ponte: +{points}."),
    "kim.quarantine": ("{seat} puts {region:the} in quarantine: taboo until the next general "
                       "scoring.",
                       "{seat} met {region:the} en quarantaine : taboue jusqu'au prochain "
                       "décompte général.",
                       "{seat} mette {region:the} in quarantena: tabù fino alla prossima "
                       "valutazione generale."),
    "kim.collapse": ("{seat} lays the Collapse-risk tile: nothing enters the Castillo until the "
                     "next general scoring.",
                     "{seat} pose la tuile Risque d'effondrement : rien n'entre dans le Castillo "
                     "jusqu'au prochain décompte général.",
                     "{seat} posa la tessera Rischio di crollo: niente entra nel Castillo fino "
                     "alla prossima valutazione generale."),
    "kim.revolt": ("{seat} turns the {board} scoreboard upside down: the fewest Caballeros score "
                   "most.",
                   "{seat} renverse la tuile de pointage {board} : le moins de Caballeros marque "
                   "le plus.",
                   "{seat} capovolge il segnapunti {board}: chi ha meno Caballeros segna di "
                   "più."),
    "kim.revolt.back": ("{seat} turns the {board} scoreboard back.",
                        "{seat} remet la tuile de pointage {board} à l'endroit.",
                        "{seat} rimette dritto il segnapunti {board}."),
    "kim.fiesta": ("{seat} holds a Fiesta: {extra} more Caballeros to place this turn.",
                   "{seat} organise une Fiesta : {extra} Caballeros de plus à placer ce tour-ci.",
                   "{seat} dà una Fiesta: {extra} Caballeros in più da piazzare in questo "
                   "turno."),
    "kim.in_front": ("{seat} lays “{card}” in front of them.",
                     "{seat} pose « {card} » devant lui.",
                     "{seat} mette «{card}» davanti a sé."),
    "kim.discarded": ("{seat} discards {owner}'s “{card}”.",
                      "{seat} défausse la carte « {card} » {owner:de}.",
                      "{seat} scarta la carta «{card}» di {owner}."),
    "kim.coup": ("{seat} throws {owner}'s Grande into the Castillo (Coup d'État).",
                 "{seat} jette le Grande {owner:de} dans le Castillo (Coup d'État).",
                 "{seat} getta il Grande di {owner} nel Castillo (Colpo di Stato)."),
    "kim.freed": ("{seat}'s Grande leaves the Castillo for {to:the}.",
                  "Le Grande {seat:de} quitte le Castillo pour {to:the}.",
                  "Il Grande di {seat} lascia il Castillo per {to:the}."),
    "kim.limit": ("{seat} puts a limit board {region:in}: at most 6 Caballeros there.",
                  "{seat} pose un tableau limite {region:in} : 6 Caballeros au plus.",
                  "{seat} mette un tabellone limite {region:in}: al massimo 6 Caballeros."),
    "kim.marker.removed": ("{seat} takes {marker} off the board (Intervention).",
                           "{seat} retire {marker} du plateau (Intervention).",
                           "{seat} toglie {marker} dal tabellone (Intervento)."),
    "kim.limit.removed": ("{seat} takes the limit board away {region:from}.",
                          "{seat} retire le tableau limite {region:from}.",
                          "{seat} toglie il tabellone limite {region:from}."),
    "kim.limit.returned": ("The limit board {region:of} sends {count:# Caballero|# Caballeros} "
                           "of {owner} back to court.",
                           "Le tableau limite {region:of} renvoie {count:# Caballero|# "
                           "Caballeros} {owner:de} à la Cour.",
                           "Il tabellone limite {region:of} rimanda {count:# Caballero|# "
                           "Caballeros} di {owner} alla corte."),
    "kim.guard": ("{seat} posts a Caballero of their court as Royal Guard.",
                  "{seat} poste un Caballero de sa Cour en Garde Royale.",
                  "{seat} mette un Caballero della sua corte come Guardia Reale."),
    "kim.guard.joined": ("{seat}'s Royal Guard joins {to:the}.",
                         "La Garde Royale {seat:de} rejoint {to:the}.",
                         "La Guardia Reale di {seat} raggiunge {to:the}."),
    "kim.guard.stays": ("{seat}'s Royal Guard stays on its card.",
                        "La Garde Royale {seat:de} reste sur sa carte.",
                        "La Guardia Reale di {seat} resta sulla sua carta."),
    "kim.guard.court": ("{seat}'s Royal Guard goes back to court.",
                        "La Garde Royale {seat:de} retourne à la Cour.",
                        "La Guardia Reale di {seat} torna alla corte."),
    "kim.king_marker": ("{seat} puts the King marker {region:in}: taboo like the King's region.",
                        "{seat} pose le marqueur du Roi {region:in} : taboue comme la région du "
                        "Roi.",
                        "{seat} mette il segnalino del Re {region:in}: tabù come la regione del "
                        "Re."),
    # the forms
    "kim.ask.region": ("The region", "La région", "La regione"),
    "kim.ask.first": ("The first region", "La première région", "La prima regione"),
    "kim.ask.second": ("The second region", "La seconde région", "La seconda regione"),
    "kim.ask.bridge.first": ("One end of the Bridge", "Un bout du Pont", "Un capo del Ponte"),
    "kim.ask.bridge.second": ("The other end (adjacent)", "L'autre bout (adjacent)",
                              "L'altro capo (adiacente)"),
    "kim.ask.relocation": ("The region the Castillo moves to",
                           "La région où va le Castillo", "La regione dove va il Castillo"),
    "kim.ask.civil_war": ("The region of the civil war", "La région de la guerre civile",
                          "La regione della guerra civile"),
    "kim.ask.quarantine": ("The region put in quarantine", "La région mise en quarantaine",
                           "La regione messa in quarantena"),
    "kim.ask.hurricane": ("The region the hurricane hits", "La région que frappe l'ouragan",
                          "La regione colpita dall'uragano"),
    "kim.ask.revolt": ("The scoreboard to turn", "La tuile de pointage à retourner",
                       "Il segnapunti da girare"),
    "kim.ask.offered": ("Region offered no. {n}", "Région proposée n° {n}",
                        "Regione proposta n. {n}"),
    "kim.ask.offered.three": ("The three regions offered to your left-hand neighbour",
                              "Les trois régions proposées à votre voisin de gauche",
                              "Le tre regioni proposte al vicino alla tua sinistra"),
    "kim.ask.coup": ("The opponent whose Grande goes into the Castillo",
                     "L'adversaire dont le Grande va dans le Castillo",
                     "L'avversario il cui Grande va nel Castillo"),
    "kim.ask.table": ("The region under the limit board", "La région du tableau limite",
                      "La regione del tabellone limite"),
    "kim.ask.king_marker": ("The region of the King marker", "La région du marqueur du Roi",
                            "La regione del segnalino del Re"),
    "kim.ask.intervention": ("What you take away", "Ce que vous retirez", "Cosa togli"),
    "kim.ask.score": ("The region scored", "La région décomptée", "La regione valutata"),
    "kim.ask.cross": ("The Bridge: move your Caballeros between its two regions before your "
                      "turn", "Le Pont : déplacez vos Caballeros entre ses deux régions avant "
                      "votre tour", "Il Ponte: sposta i tuoi Caballeros tra le sue due regioni "
                      "prima del tuo turno"),
    "kim.ask.cross.from": ("From", "Depuis", "Da"),
    "kim.ask.cross.count": ("How many (0: none, at most {max})",
                            "Combien (0 : aucun, {max} au plus)",
                            "Quanti (0: nessuno, al massimo {max})"),
    "kim.ask.cross.leave": ("Take your Caballero off the Bridge (1: yes, the Bridge goes back to "
                            "the reserve; 0: no)",
                            "Retirer votre Caballero du Pont (1 : oui, le Pont retourne dans la "
                            "réserve ; 0 : non)",
                            "Togliere il tuo Caballero dal Ponte (1: sì, il Ponte torna nella "
                            "riserva; 0: no)"),
    "kim.ask.cross.submit": ("Cross", "Traverser", "Attraversa"),
    "kim.ask.guard": ("Your Royal Guard: join {regions} before the scoring, or stay on the card",
                      "Votre Garde Royale : rejoindre {regions} avant le décompte, ou rester sur "
                      "la carte",
                      "La tua Guardia Reale: raggiungere {regions} prima della valutazione, o "
                      "restare sulla carta"),
    "kim.ask.guard.general": ("Your Royal Guard: join a region before the general scoring, or "
                              "stay on the card",
                              "Votre Garde Royale : rejoindre une région avant le décompte "
                              "général, ou rester sur la carte",
                              "La tua Guardia Reale: raggiungere una regione prima della "
                              "valutazione generale, o restare sulla carta"),
    "kim.ask.guard.to": ("Where your Royal Guard goes", "Où va votre Garde Royale",
                         "Dove va la tua Guardia Reale"),
    "kim.ask.guard.submit": ("Send the Guard", "Envoyer la Garde", "Manda la Guardia"),
    "kim.guard.stay": ("stays on the card", "reste sur la carte", "resta sulla carta"),
    "kim.decision.guard.general": ("send your Royal Guard into a region before the general "
                                   "scoring, or not",
                                   "envoyer ou non votre Garde Royale dans une région avant le "
                                   "décompte général",
                                   "mandare o no la tua Guardia Reale in una regione prima della "
                                   "valutazione generale"),
    "kim.decision.guard": ("send your Royal Guard into the region scored, or not",
                           "envoyer ou non votre Garde Royale dans la région décomptée",
                           "mandare o no la tua Guardia Reale nella regione valutata"),
    # the same, said of one player waited on, or of several who must each decide it
    "kim.decision.guard.general.one": ("send their Royal Guard into a region before the "
                                       "general scoring, or not",
                                       "envoyer ou non sa Garde Royale dans une région avant "
                                       "le décompte général",
                                       "mandare o no la sua Guardia Reale in una regione prima "
                                       "della valutazione generale"),
    "kim.decision.guard.general.many": ("send their Royal Guard into a region before the "
                                        "general scoring, or not",
                                        "envoyer ou non leur Garde Royale dans une région avant "
                                        "le décompte général",
                                        "mandare o no la loro Guardia Reale in una regione "
                                        "prima della valutazione generale"),
    "kim.decision.guard.one": ("send their Royal Guard into the region scored, or not",
                               "envoyer ou non sa Garde Royale dans la région décomptée",
                               "mandare o no la sua Guardia Reale nella regione valutata"),
    "kim.decision.guard.many": ("send their Royal Guard into the region scored, or not",
                                "envoyer ou non leur Garde Royale dans la région décomptée",
                                "mandare o no la loro Guardia Reale nella regione valutata"),
    # the Joker's replacement, once everyone else has played (rules_page: a value nobody
    # played this round)
    "kim.decision.joker": ("play a power card to replace your Joker (a value nobody played "
                           "this round)",
                           "jouer une carte pouvoir à la place de votre Joker (une valeur que "
                           "personne n'a jouée dans la manche)",
                           "giocare una carta potere al posto del tuo Jolly (un valore che "
                           "nessuno ha giocato in questo round)"),
    "kim.decision.joker.one": ("play a power card to replace their Joker (a value nobody "
                               "played this round)",
                               "jouer une carte pouvoir à la place de son Joker (une valeur "
                               "que personne n'a jouée dans la manche)",
                               "giocare una carta potere al posto del suo Jolly (un valore che "
                               "nessuno ha giocato in questo round)"),
    "kim.decision.joker.many": ("play a power card to replace their Joker (a value nobody "
                                "played this round)",
                                "jouer une carte pouvoir à la place de leur Joker (une valeur "
                                "que personne n'a jouée dans la manche)",
                                "giocare una carta potere al posto del loro Jolly (un valore "
                                "che nessuno ha giocato in questo round)"),
    "kim.decision.cross": ("cross the Bridge or not", "traverser le Pont ou non",
                           "attraversare il Ponte o no"),
}

REFUSALS: dict[str, tuple[str, str, str]] = {
    "ki-modules.refuse.not_one_of": ("Choose {what} among {choices} (not {value}).",
                                     "Choisissez {what} parmi {choices} (pas {value}).",
                                     "Scegli {what} tra {choices} (non {value})."),
    "ki-modules.refuse.no_params": ("This action takes no parameters.",
                                    "Cette action ne prend aucun paramètre.",
                                    "Questa azione non prende parametri."),
    "ki-modules.refuse.unknown_params": ("Unknown parameters: {names}.",
                                         "Paramètres inconnus : {names}.",
                                         "Parametri sconosciuti: {names}."),
    "ki-modules.refuse.pair": ("{first} and {second} cannot take this marker (never a taboo "
                               "region; the Bridge joins two adjacent regions).",
                               "{first} et {second} ne peuvent pas recevoir ce marqueur (jamais "
                               "une région taboue ; le Pont relie deux régions adjacentes).",
                               "{first} e {second} non possono ricevere questo segnalino (mai "
                               "una regione tabù; il Ponte unisce due regioni adiacenti)."),
    "ki-modules.refuse.collapse": ("The Collapse-risk tile closes the Castillo: it cannot move.",
                                   "La tuile Risque d'effondrement ferme le Castillo : il ne peut "
                                   "pas bouger.",
                                   "La tessera Rischio di crollo chiude il Castillo: non può "
                                   "muoversi."),
    "ki-modules.refuse.collapse_already": ("The Collapse-risk tile is already down.",
                                           "La tuile Risque d'effondrement est déjà posée.",
                                           "La tessera Rischio di crollo è già posata."),
    "ki-modules.refuse.court_empty": ("This action needs a Caballero in your court.",
                                      "Cette action demande un Caballero dans votre Cour.",
                                      "Questa azione richiede un Caballero nella tua corte."),
    "ki-modules.refuse.placed_already": ("You have placed already: this action comes first.",
                                         "Vous avez déjà placé : cette action vient avant.",
                                         "Hai già piazzato: questa azione viene prima."),
    "ki-modules.refuse.three_regions": ("Offer three different regions.",
                                        "Proposez trois régions différentes.",
                                        "Proponi tre regioni diverse."),
    "ki-modules.refuse.coup_target": ("Name an opponent whose Grande is not in a taboo region "
                                      "nor in the Castillo.",
                                      "Nommez un adversaire dont le Grande n'est ni dans une "
                                      "région taboue ni dans le Castillo.",
                                      "Nomina un avversario il cui Grande non sia in una regione "
                                      "tabù né nel Castillo."),
    "ki-modules.refuse.guard_to": ("Your Royal Guard can join {choices}, or stay (not {value}).",
                                   "Votre Garde Royale peut rejoindre {choices}, ou rester (pas "
                                   "{value}).",
                                   "La tua Guardia Reale può raggiungere {choices}, o restare "
                                   "(non {value})."),
    "ki-modules.refuse.cross_count": ("The number to cross is a whole number, 0 for none.",
                                      "Le nombre à faire traverser est un nombre entier, 0 pour "
                                      "aucun.",
                                      "Il numero da far attraversare è un numero intero, 0 per "
                                      "nessuno."),
    "ki-modules.refuse.hurricane_region": ("The region of your Hurricane disc cannot be hit now "
                                           "(taboo or empty): decline the action.",
                                           "La région de votre disque de l'Ouragan ne peut pas "
                                           "être frappée maintenant (taboue ou vide) : renoncez à "
                                           "l'action.",
                                           "La regione del tuo disco dell'Uragano non può essere "
                                           "colpita ora (tabù o vuota): rinuncia all'azione."),
    "ki-modules.refuse.cross_leave": ("To take your Caballero off the Bridge write 1, else 0.",
                                      "Pour retirer votre Caballero du Pont, écrivez 1, sinon 0.",
                                      "Per togliere il tuo Caballero dal Ponte scrivi 1, "
                                      "altrimenti 0."),
    "ki-modules.refuse.cross_from": ("You cannot cross {count} {value:from}.",
                                     "Vous ne pouvez pas faire traverser {count} {value:from}.",
                                     "Non puoi far attraversare {count} {value:from}."),
}


WHAT: dict[str, tuple[str, str, str]] = {
    "region": ("the region", "la région", "la regione"),
    "scoreboard": ("the scoreboard", "la tuile de pointage", "il segnapunti"),
    "target": ("what to take away", "ce qu'il faut retirer", "cosa togliere"),
}


def show(key: str, value: Any, lang: str, names: Sequence[str]) -> Any:
    if key == "card" and isinstance(value, str):
        return ki_texts.name(value, lang)
    if key in ("regions", "choices") and isinstance(value, list | tuple):
        return messages.joined([messages.place_form(str(p), lang, "the") for p in value], lang)
    if key in ("first", "second", "value") and isinstance(value, str) and (
            value in messages.PLACE_FORMS or value in MARKERS):
        return messages.place_word(value, lang)
    if key == "marker" and value in REMOVABLE:
        return REMOVABLE[str(value)][language_index(lang)]
    if key == "what":
        return WHAT.get(str(value), (str(value),) * 3)[language_index(lang)]
    return messages.show(key, value, lang, names)


CATALOGUE = Catalogue({**TEXTS, **REFUSALS}, show)


def render(key: str, params: Mapping[str, Any], lang: str = "en",
           names: Sequence[str] = ()) -> str:
    if key not in CATALOGUE:
        return errors.unknown(key, params)
    return CATALOGUE.render(key, params, lang, names)


errors.catalogue("ki-modules", render)
errors.catalogue("kim", render)


# --- describing the modules' events -----------------------------------------------------------------

def _m(key: str, **params: Any) -> Message:
    return Message(key, params)


def _simple(key: str, *fields: str) -> Callable[[Event, Viewer], list[Message]]:
    def describe(e: Event, v: Viewer) -> list[Message]:
        return [_m(key, **{f: thaw(e[f]) for f in fields})]

    return describe


def _power(e: Event, v: Viewer) -> list[Message]:
    if e.get("joker"):
        return [_m("kim.joker.played", seat=e["seat"], card=e["card"])]
    return ki_describe.eg.describe(e, v)


def _bridge(e: Event, v: Viewer) -> list[Message]:
    out = [_m("kim.bridge", seat=e["seat"], regions=list(e["regions"]))]
    if e.get("previous") is not None:
        out.append(_m("kim.bridge.back", owner=e["previous"]))
    return out


def _marker_removed(e: Event, v: Viewer) -> list[Message]:
    return [_m("kim.marker.removed", seat=e["seat"], marker=e["marker"])]
def _hurricane_set(e: Event, v: Viewer) -> list[Message]:
    """The region to its owner only (the event is redacted for the others: `views.redact`)."""
    if e.get("region") is not None and v == e["seat"]:
        return [_m("kim.hurricane.set_own", region=e["region"])]
    return [_m("kim.hurricane.set", seat=e["seat"])]


def _crossed(e: Event, v: Viewer) -> list[Message]:
    moves = thaw(e["moves"])
    if not moves:
        return [_m("kim.bridge.stays", seat=e["seat"])]
    m = moves[0]
    return [_m("kim.bridge.crossed", seat=e["seat"], count=m["count"], **{"from": m["from"],
                                                                          "to": m["to"]})]


def _turned(e: Event, v: Viewer) -> list[Message]:
    return [_m("kim.revolt" if e["reversed"] else "kim.revolt.back", seat=e["seat"],
               board=e["board"].replace("-", "/"))]


def _discarded(e: Event, v: Viewer) -> list[Message]:
    return [_m("kim.discarded", seat=e["seat"], owner=e["owner"], card=e["card"])]


def _coup(e: Event, v: Viewer) -> list[Message]:
    return [_m("kim.coup", seat=e["seat"], owner=e["target"])]


def _returned(e: Event, v: Viewer) -> list[Message]:
    return [_m("kim.limit.returned", region=e["region"], owner=int(seat), count=n)
            for seat, n in thaw(e["returns"]).items()]


def _guard_joined(e: Event, v: Viewer) -> list[Message]:
    if e["to"] == "court":
        return [_m("kim.guard.court", seat=e["seat"])]
    return [_m("kim.guard.joined", seat=e["seat"], to=e["to"])]



def _scored(e: Event, v: Viewer) -> list[Message]:
    """An allied pair's scoring names both regions, never only the first (the event's `place`):
    its points, its doubling, and bonuses that come from either region (a Grande in the second
    read "in the first" before: issue 22, item 12)."""
    if not e.get("alliance"):
        return ki_describe._scored(e, v)
    regions = list(e["alliance"])
    out = [_m("kim.alliance.doubled", regions=regions)] if e.get("doubled") else []
    out.append(_m("kim.alliance.scored", regions=regions,
                  points={str(s): p for s, p in enumerate(e["points"]) if p},
                  counts=list(e["counts"]), reason=e["reason"]))
    for seat, bonus in e["bonuses"].items():
        for kind, value in bonus.items():
            out.append(_m(f"kim.alliance.bonus.{kind}", seat=int(seat), regions=regions,
                          points=value))
    return out


DESCRIBERS: dict[str, Callable[[Event, Viewer], list[Message]]] = {
    "power_played": _power,
    "joker_kept": _simple("kim.joker.kept", "seat"),
    "castillo_relocated": _simple("kim.castillo.relocated", "seat", "region"),
    "alliance_marked": _simple("kim.alliance", "seat", "regions"),
    "bridge_built": _bridge,
    "bridge_crossed": _crossed,
    "hurricane_disc_set": _hurricane_set,
    "hurricane_revealed": _simple("kim.hurricane.revealed", "seat", "region"),
    "bridge_left": _simple("kim.bridge.left", "seat", "regions"),
    "bridge_scored": _simple("kim.bridge.scored", "seat", "points"),
    "quarantine_marked": _simple("kim.quarantine", "seat", "region"),
    "collapse_tile_laid": _simple("kim.collapse", "seat"),
    "scoreboard_turned": _turned,
    "fiesta": _simple("kim.fiesta", "seat", "extra"),
    "card_in_front": _simple("kim.in_front", "seat", "card"),
    "card_discarded": _discarded,
    "grande_imprisoned": _coup,
    "grande_freed": _simple("kim.freed", "seat", "to"),
    "limit_placed": _simple("kim.limit", "seat", "region"),
    "limit_removed": _simple("kim.limit.removed", "seat", "region"),
    "marker_removed": _marker_removed,
    "limit_returned": _returned,
    "guard_posted": _simple("kim.guard", "seat"),
    "guard_joined": _guard_joined,
    "guard_stays": _simple("kim.guard.stays", "seat"),
    "offered_chosen": lambda e, v: [],  # the reveal before it says which region was chosen
    "king_marker_placed": _simple("kim.king_marker", "seat", "region"),
    "place_scored": _scored,
}


def install() -> None:
    """Put the modules' names, sentences and describers into King & Intrigue's (on import)."""
    ki_texts.NAMES.update(NAMES)
    for event_type, fn in DESCRIBERS.items():
        ki_describe.describes(event_type)(fn)


install()
