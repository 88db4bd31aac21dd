"""El Grande's refusals (`el-grande.refuse.…`), in English, French and Italian.

`rules.py` and `actions.py` raise `RuleError.of(key, allowed=…, **params)` with seats as seat
numbers and places and cards as ids; a channel renders the refusal in its reader's language with
the players' names (`error.render(lang, names)`), through `render` here, which this package
registers on import (`domain/elgrande/__init__.py`). Parameters are shown as in the log
(`messages.show`): a seat by its player's name, a place by its name in that language and in the
form the sentence needs (`{region:in}` « en Aragon », `{place:the}` « le Castillo »).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from domain.core import errors
from domain.core.i18n import Catalogue, Word, language_index
from domain.elgrande import messages
from domain.elgrande import vocabulary as vocab
from domain.elgrande.data import CASTILLO, REGIONS

R = "el-grande.refuse."

TEXTS: dict[str, tuple[str, str, str]] = {
    # setting up a game
    R + "setup_shape": ("The set-up must be an object (king, homes, first_player, stacks).",
                        "La mise en place doit être un objet (king, homes, first_player, stacks).",
                        "La preparazione deve essere un oggetto (king, homes, first_player, "
                        "stacks)."),
    R + "setup_fields": ("{count:Unknown set-up field|Unknown set-up fields}: {fields}.",
                         "{count:Champ inconnu|Champs inconnus} dans la mise en place : {fields}.",
                         "{count:Campo sconosciuto|Campi sconosciuti} nella preparazione: "
                         "{fields}."),
    R + "setup_king": ("The King's region must be a region, not {value}.",
                       "La région du Roi doit être une région, pas {value}.",
                       "La regione del Re deve essere una regione, non {value}."),
    R + "setup_homes": ("Home regions: one distinct region per player, never the King's region.",
                        "Régions d'origine : une région différente par joueur, jamais celle du "
                        "Roi.",
                        "Regioni d'origine: una regione diversa per giocatore, mai quella del "
                        "Re."),
    R + "setup_first": ("The first player must be a seat from 0 to {last}.",
                        "Le premier joueur doit être une place de 0 à {last}.",
                        "Il primo giocatore deve essere un posto da 0 a {last}."),
    R + "setup_stacks": ("The set-up's “stacks” maps a stack number (1 to 4) to its card ids, top "
                         "first.",
                         "Les « stacks » de la mise en place associent un numéro de pile (1 à 4) "
                         "à ses cartes, du dessus vers le dessous.",
                         "Gli «stacks» della preparazione associano un numero di mazzo (da 1 a 4) "
                         "alle sue carte, dall'alto in basso."),
    R + "setup_no_stack": ("There is no action stack {stack}.", "Il n'y a pas de pile {stack}.",
                           "Non esiste il mazzo {stack}."),
    R + "setup_stack_cards": ("Stack {stack} must list exactly its 11 cards.",
                              "La pile {stack} doit lister exactement ses 11 cartes.",
                              "Il mazzo {stack} deve elencare esattamente le sue 11 carte."),
    # whose move, and which
    R + "over": ("The game is over; no more moves.", "La partie est terminée ; plus de coups.",
                 "La partita è finita; niente più mosse."),
    R + "unknown_command": ("“{type}” is not a move of El Grande.",
                            "« {type} » n'est pas un coup d'El Grande.",
                            "«{type}» non è una mossa di El Grande."),
    R + "wrong_move": ("“{type}” is not what you must do now: you must {decisions}.",
                       "« {type} » n'est pas ce que vous devez faire maintenant : vous devez "
                       "{decisions}.",
                       "«{type}» non è ciò che devi fare ora: devi {decisions}."),
    R + "not_your_move": ("It is not your move: the game is waiting for {waiting}.",
                          "Ce n'est pas à vous de jouer : la partie attend {waiting}.",
                          "Non tocca a te: la partita aspetta {waiting}."),
    R + "not_your_move.nobody": ("It is not your move: the game is waiting for nobody.",
                                 "Ce n'est pas à vous de jouer : la partie n'attend personne.",
                                 "Non tocca a te: la partita non aspetta nessuno."),
    # power cards
    R + "power_number": ("A power card is given by its number, a whole number, not {value}.",
                         "Une carte pouvoir se donne par son numéro, un nombre entier, pas {value}.",
                         "Una carta potere si indica col suo numero, un numero intero, non "
                         "{value}."),
    R + "power_played": ("Power card {card} was already played this round by another player.",
                         "La carte pouvoir {card} a déjà été jouée à cette manche par un autre "
                         "joueur.",
                         "La carta potere {card} è già stata giocata in questo round da un altro "
                         "giocatore."),
    R + "power_not_in_hand": ("Power card {card} is not in your hand.",
                              "La carte pouvoir {card} n'est pas dans votre main.",
                              "La carta potere {card} non è nella tua mano."),
    # taking Caballeros to court
    R + "take_count": ("Take from {low} to {high} Caballeros to your court.",
                       "Amenez de {low} à {high} Caballeros à votre cour.",
                       "Porta da {low} a {high} Caballeros alla tua corte."),
    R + "take_exactly": ("Take exactly {high:# Caballero|# Caballeros} to your court.",
                         "Amenez exactement {high:# Caballero|# Caballeros} à votre cour.",
                         "Porta esattamente {high:# Caballero|# Caballeros} alla tua corte."),
    R + "take_regions_shape": ("“regions” gives a number for each region, e.g. {{\"aragon\": 2}}.",
                               "« regions » donne un nombre par région, par exemple "
                               "{{\"aragon\": 2}}.",
                               "«regions» dà un numero per regione, per esempio {{\"aragon\": 2}}."),
    R + "take_regions_not_needed": ("Caballeros come from the regions only when the provinces "
                                    "are empty.",
                                    "Les Caballeros ne viennent des régions que quand les "
                                    "provinces sont vides.",
                                    "I Caballeros vengono dalle regioni solo quando le province "
                                    "sono vuote."),
    R + "take_regions": ("Your provinces hold {provinces}; say which regions the other "
                         "{extra:one comes|# come} from (not the King's region, not the Castillo).",
                         "Vos provinces en ont {provinces} ; dites de quelles régions "
                         "{extra:vient l'autre|viennent les # autres} (ni la région du Roi, ni "
                         "le Castillo).",
                         "Le tue province ne hanno {provinces}; di' da quali regioni "
                         "{extra:viene l'altro|vengono gli altri #} (non la regione del Re, non "
                         "il Castillo)."),
    # action cards
    R + "card_twice": ("Two face-up cards are “{card}”: say which stack.",
                       "Deux cartes visibles sont « {card} » : dites quelle pile.",
                       "Due carte scoperte sono «{card}»: di' quale mazzo."),
    R + "card_unavailable": ("That action card is not available this turn.",
                             "Cette carte action n'est pas disponible à ce tour.",
                             "Questa carta azione non è disponibile in questo turno."),
    # placing
    R + "placed_already": ("You have already placed Caballeros this turn.",
                           "Vous avez déjà placé des Caballeros à ce tour.",
                           "Hai già piazzato Caballeros in questo turno."),
    R + "action_under_way": ("Finish the special action first: placing and the action never "
                             "interleave.",
                             "Terminez d'abord l'action spéciale : placement et action ne "
                             "s'entremêlent jamais.",
                             "Finisci prima l'azione speciale: piazzamento e azione non si "
                             "mescolano mai."),
    R + "places_shape": ("“places” gives a number for each place, e.g. {{\"aragon\": 2, "
                         "\"castillo\": 1}}.",
                         "« places » donne un nombre par lieu, par exemple {{\"aragon\": 2, "
                         "\"castillo\": 1}}.",
                         "«places» dà un numero per luogo, per esempio {{\"aragon\": 2, "
                         "\"castillo\": 1}}."),
    R + "place_king": ("You cannot place {place:in}: the King's region is taboo.",
                       "Vous ne pouvez pas placer {place:in} : la région du Roi est taboue.",
                       "Non puoi piazzare {place:in}: la regione del Re è tabù."),
    R + "place_not_next": ("You cannot place {place:in}: you place only next to the King's region "
                           "or into the Castillo.",
                           "Vous ne pouvez pas placer {place:in} : on place seulement à côté de "
                           "la région du Roi ou dans le Castillo.",
                           "Non puoi piazzare {place:in}: si piazza solo accanto alla regione del "
                           "Re o nel Castillo."),
    R + "place_number": ("The number for {place:the} must be a whole number, not {value}.",
                         "Le nombre pour {place:the} doit être un nombre entier, pas {value}.",
                         "Il numero per {place:the} deve essere un numero intero, non {value}."),
    R + "place_max": ("You may place at most {most:# Caballero|# Caballeros} now (the card allows "
                      "{stack}, your court holds {court}).",
                      "Vous pouvez placer au plus {most:# Caballero|# Caballeros} maintenant (la "
                      "carte en permet {stack}, votre cour en a {court}).",
                      "Puoi piazzare al massimo {most:# Caballero|# Caballeros} ora (la carta ne "
                      "permette {stack}, la tua corte ne ha {court})."),
    # the special action
    R + "veto_card": ("The Veto has no action to perform: it now lies in front of you.",
                      "Le Veto n'a pas d'action à faire : il est maintenant posé devant vous.",
                      "Il Veto non ha azioni da fare: ora è davanti a te."),
    R + "special_done": ("You have already done (or declined) the special action.",
                         "Vous avez déjà fait (ou refusé) l'action spéciale.",
                         "Hai già fatto (o rifiutato) l'azione speciale."),
    R + "nothing_to_decline": ("There is no special action left to decline.",
                               "Il ne reste pas d'action spéciale à refuser.",
                               "Non resta nessuna azione speciale da rifiutare."),
    R + "veto_parts": ("“steps” lists the parts to stop, numbered 0 to {last} (leave it out to "
                       "stop the whole action).",
                       "« steps » liste les parties à arrêter, numérotées de 0 à {last} (sans "
                       "« steps », toute l'action est arrêtée).",
                       "«steps» elenca le parti da fermare, numerate da 0 a {last} (senza "
                       "«steps» si ferma tutta l'azione)."),
    R + "secret_choice": ("{choice:the} is not a choice you can make for {kind}.",
                          "{choice:the} n'est pas un choix possible pour {kind}.",
                          "{choice:the} non è una scelta possibile per {kind}."),
    # the cards' parameters
    R + "choose": ("Give {what}: one of {choices}.", "Indiquez {what} : parmi {choices}.",
                   "Indica {what}: tra {choices}."),
    R + "not_one_of": ("{what} cannot be {value}: choose among {choices}.",
                       "{what} ne peut pas être {value} : choisissez parmi {choices}.",
                       "{what} non può essere {value}: scegli tra {choices}."),
    R + "no_choice": ("{what}: there is nothing to choose from now.",
                      "{what} : il n'y a rien à choisir maintenant.",
                      "{what}: non c'è niente da scegliere ora."),
    R + "number": ("{what} must be a whole number from {low} to {high}, not {value}.",
                   "{what} doit être un nombre entier de {low} à {high}, pas {value}.",
                   "{what} deve essere un numero intero da {low} a {high}, non {value}."),
    R + "distribution_shape": ("{what} gives a number for each place, e.g. {{\"castillo\": 2}}.",
                               "{what} donne un nombre par lieu, par exemple {{\"castillo\": 2}}.",
                               "{what} dà un numero per luogo, per esempio {{\"castillo\": 2}}."),
    R + "no_secrets": ("This action has no secret choices to resolve.",
                       "Cette action n'a pas de choix secrets à révéler.",
                       "Questa azione non ha scelte segrete da rivelare."),
    R + "moves_shape": ("Give the moves as a list of {{seat, from, to, count}}.",
                        "Donnez les déplacements comme une liste de {{seat, from, to, count}}.",
                        "Indica gli spostamenti come una lista di {{seat, from, to, count}}."),
    R + "moves_none": ("Choose at least one Caballero to move (whose, from where, to where), or "
                       "decline the action.",
                       "Choisissez au moins un Caballero à déplacer (à qui, d'où, vers où), ou "
                       "refusez l'action.",
                       "Scegli almeno un Caballero da spostare (di chi, da dove, verso dove), o "
                       "rinuncia all'azione."),
    R + "move_shape": ("Each move is an object {{seat, from, to, count}}.",
                       "Chaque déplacement est un objet {{seat, from, to, count}}.",
                       "Ogni spostamento è un oggetto {{seat, from, to, count}}."),
    R + "move_cap": ("This card moves at most {cap:# Caballero|# Caballeros} (you moved {moved}).",
                     "Cette carte déplace au plus {cap:# Caballero|# Caballeros} (vous en avez "
                     "déplacé {moved}).",
                     "Questa carta sposta al massimo {cap:# Caballero|# Caballeros} (ne hai "
                     "spostati {moved})."),
    R + "move_caps": ("This card moves at most {own} of yours and {opponents} of your opponents'.",
                      "Cette carte déplace au plus {own} des vôtres et {opponents} de vos "
                      "adversaires.",
                      "Questa carta sposta al massimo {own} dei tuoi e {opponents} dei tuoi "
                      "avversari."),
    R + "one_source": ("This card moves Caballeros out of one region only.",
                       "Cette carte déplace des Caballeros d'une seule région.",
                       "Questa carta sposta Caballeros da una sola regione."),
    R + "has_only": ("{mover} has only {have:# Caballero|# Caballeros} {region:in}, not {asked}.",
                     "{mover} n'a que {have:# Caballero|# Caballeros} {region:in}, pas {asked}.",
                     "{mover} ha solo {have:# Caballero|# Caballeros} {region:in}, non {asked}."),
    R + "you_have_only": ("You have only {have:# Caballero|# Caballeros} {region:in}, not {asked}.",
                          "Vous n'avez que {have:# Caballero|# Caballeros} {region:in}, pas "
                          "{asked}.",
                          "Hai solo {have:# Caballero|# Caballeros} {region:in}, non {asked}."),
    R + "move_twice": ("A Caballero may not move twice: a destination cannot also be a source of "
                       "the same colour.",
                       "Un Caballero ne se déplace pas deux fois : une destination ne peut pas "
                       "être aussi une source de la même couleur.",
                       "Un Caballero non si sposta due volte: una destinazione non può essere "
                       "anche una partenza dello stesso colore."),
    R + "no_seat": ("There is no player {value} in this game.",
                    "Il n'y a pas de joueur {value} dans cette partie.",
                    "Non c'è un giocatore {value} in questa partita."),
    R + "own_only": ("This card moves your own Caballeros only.",
                     "Cette carte ne déplace que vos propres Caballeros.",
                     "Questa carta sposta solo i tuoi Caballeros."),
    R + "opponents_only": ("This card moves your opponents' Caballeros only.",
                           "Cette carte ne déplace que les Caballeros de vos adversaires.",
                           "Questa carta sposta solo i Caballeros dei tuoi avversari."),
    R + "castillo_never_leaves": ("Caballeros never leave the Castillo by a move.",
                                  "Les Caballeros ne quittent jamais le Castillo par un "
                                  "déplacement.",
                                  "I Caballeros non lasciano mai il Castillo con uno "
                                  "spostamento."),
    R + "king_leave": ("The King's region is taboo: nothing leaves it.",
                       "La région du Roi est taboue : rien n'en sort.",
                       "La regione del Re è tabù: niente ne esce."),
    R + "king_enter": ("The King's region is taboo: nothing enters it.",
                       "La région du Roi est taboue : rien n'y entre.",
                       "La regione del Re è tabù: niente ci entra."),
    R + "move_same": ("A move needs a destination other than its source.",
                      "Un déplacement a besoin d'une destination autre que sa source.",
                      "Uno spostamento ha bisogno di una destinazione diversa dalla partenza."),
    R + "distribute_all": ("Spread all {have:your Caballero|# of your Caballeros} {region:from} "
                           "(some may stay there); you gave {gave}.",
                           "Répartissez {have:votre Caballero|vos # Caballeros} {region:from} "
                           "(certains peuvent y rester) ; vous en avez donné {gave}.",
                           "Distribuisci {have:il tuo Caballero|tutti i tuoi # Caballeros} "
                           "{region:from} (alcuni possono restarci); ne hai dati {gave}."),
    R + "place_2": ("Place 1 to {most} Caballeros from your court (you have {court} there).",
                    "Placez de 1 à {most} Caballeros de votre cour (vous en avez {court}).",
                    "Piazza da 1 a {most} Caballeros dalla tua corte (ne hai {court})."),
    R + "place_2.one": ("Place 1 Caballero from your court (you have {court} there).",
                        "Placez 1 Caballero de votre cour (vous en avez {court}).",
                        "Piazza 1 Caballero dalla tua corte (ne hai {court})."),
    R + "court_empty": ("Your court is empty: there is nobody to place.",
                        "Votre cour est vide : personne à placer.",
                        "La tua corte è vuota: nessuno da piazzare."),
    R + "mode": ("Say which half of the card you use: “place” (2 from your court anywhere) or "
                 "“move_all” (all of yours out of one region).",
                 "Dites quelle moitié de la carte vous utilisez : « place » (2 de votre cour "
                 "n'importe où) ou « move_all » (tous les vôtres hors d'une région).",
                 "Di' quale metà della carta usi: «place» (2 dalla tua corte ovunque) o "
                 "«move_all» (tutti i tuoi fuori da una regione)."),
    R + "no_params": ("This action takes no parameters.", "Cette action ne prend aucun paramètre.",
                      "Questa azione non prende parametri."),
    R + "return_exactly": ("Return exactly {need:# Caballero|# Caballeros} from your court and/or "
                           "your regions (not the Castillo, not the King's region).",
                           "Renvoyez exactement {need:# Caballero|# Caballeros} de votre cour "
                           "et/ou de vos régions (ni le Castillo, ni la région du Roi).",
                           "Rimanda esattamente {need:# Caballero|# Caballeros} dalla tua corte "
                           "e/o dalle tue regioni (non il Castillo, non la regione del Re)."),
    R + "picks_shape": ("Give “picks”: for each player concerned, the region one of their "
                        "Caballeros leaves.",
                        "Donnez « picks » : pour chaque joueur concerné, la région que quitte un "
                        "de ses Caballeros.",
                        "Indica «picks»: per ogni giocatore coinvolto, la regione da cui esce uno "
                        "dei suoi Caballeros."),
    R + "secret_final": ("Your secret choice is already made and final: it cannot be changed, "
                         "and the game goes on once every secret choice is in.",
                         "Votre choix secret est déjà fait et définitif : il ne peut pas être "
                         "changé, et la partie reprend dès que tous les choix secrets sont faits.",
                         "La tua scelta segreta è già fatta e definitiva: non può essere cambiata, "
                         "e la partita riprende appena tutte le scelte segrete sono fatte."),
    R + "picks_any": ("Pick one Caballero of any of {seats} (at least one; leave out whom you "
                      "spare), or decline the action.",
                      "Choisissez un Caballero de l'un ou plusieurs de ces joueurs : {seats} (au "
                      "moins un ; laissez de côté ceux que vous épargnez), ou renoncez à l'action.",
                      "Scegli un Caballero di uno o più di questi giocatori: {seats} (almeno uno; "
                      "lascia fuori chi risparmi), o rinuncia all'azione."),
    R + "picks_each": ("Pick exactly one Caballero of each of {seats}.",
                       "Choisissez exactement un Caballero de chacun de ces joueurs : {seats}.",
                       "Scegli esattamente un Caballero di ognuno di questi giocatori: {seats}."),
    R + "scoring_no_params": ("This scoring takes no parameters.",
                              "Ce décompte ne prend aucun paramètre.",
                              "Questa valutazione non prende parametri."),
    R + "grande_secret": ("In the original edition every player chooses secretly; this action "
                          "takes no parameters.",
                          "Dans l'édition originale chaque joueur choisit en secret ; cette "
                          "action ne prend aucun paramètre.",
                          "Nell'edizione originale ogni giocatore sceglie in segreto; questa "
                          "azione non prende parametri."),
    R + "grande_with_king": ("Your Grande stands in the King's region and may not leave it.",
                             "Votre Grande est dans la région du Roi et ne peut pas la quitter.",
                             "Il tuo Grande è nella regione del Re e non può lasciarla."),
    R + "scoreboard_king": ("That scoreboard lies in the King's region, which is taboo.",
                            "Ce tableau est dans la région du Roi, qui est taboue.",
                            "Quel segnapunti è nella regione del Re, che è tabù."),
    R + "power_back": ("Take back one of the power cards you have played: {cards}.",
                       "Reprenez une des cartes pouvoir que vous avez jouées : {cards}.",
                       "Riprendi una delle carte potere che hai giocato: {cards}."),
    R + "power_back.none": ("You have played no power card yet: there is none to take back.",
                            "Vous n'avez encore joué aucune carte pouvoir : il n'y en a aucune à "
                            "reprendre.",
                            "Non hai ancora giocato carte potere: non ce n'è nessuna da "
                            "riprendere."),
    R + "provinces_empty": ("You have no Caballeros left in the provinces.",
                            "Vous n'avez plus de Caballeros dans les provinces.",
                            "Non hai più Caballeros nelle province."),
    R + "evict_king": ("The King's region is taboo: nobody can be evicted from it.",
                       "La région du Roi est taboue : personne ne peut en être expulsé.",
                       "La regione del Re è tabù: nessuno può esserne sfrattato."),
    R + "secret_scoring": ("This scoring takes no parameters: every player chooses secretly.",
                           "Ce décompte ne prend aucun paramètre : chaque joueur choisit en "
                           "secret.",
                           "Questa valutazione non prende parametri: ogni giocatore sceglie in "
                           "segreto."),
}

# What a card's parameter is (the `what` of `choose`, `not_one_of`, `number`, ...).
WHAT: dict[str, tuple[str, str, str]] = {
    "source": ("the source region", "la région de départ", "la regione di partenza"),
    "destination": ("the destination", "la destination", "la destinazione"),
    "region_to_empty": ("the region to empty", "la région à vider", "la regione da svuotare"),
    "place_to_score": ("the place to score", "le lieu à décompter", "il luogo da valutare"),
    "region_to_evict": ("the region to evict from", "la région d'où expulser",
                        "la regione da cui sfrattare"),
    "region_for": ("the region for {seat}", "la région pour {seat}", "la regione per {seat}"),
    "scoreboard": ("the scoreboard", "le tableau", "il segnapunti"),
    "move_count": ("a move's number of Caballeros", "le nombre de Caballeros d'un déplacement",
                   "il numero di Caballeros di uno spostamento"),
    "number_for": ("the number for {place:the}", "le nombre pour {place:the}",
                   "il numero per {place:the}"),
    "from_court": ("the number from your court", "le nombre venant de votre cour",
                   "il numero dalla tua corte"),
    "count": ("the number of Caballeros", "le nombre de Caballeros", "il numero di Caballeros"),
    "place_in.to": ("a destination", "une destination", "una destinazione"),
    "place_in.places": ("a place", "un lieu", "un luogo"),
    "place_in.regions": ("a region to return from", "une région d'où renvoyer",
                         "una regione da cui rimandare"),
    "field": ("“{field}”", "« {field} »", "«{field}»"),
}

_WORDS = {
    "nothing": ("nothing", "rien", "niente"),
    "secret": ("make a secret choice", "faire un choix secret", "fare una scelta segreta"),
}


def _value(value: Any, lang: str) -> str:
    """A value a player sent, as the refusal quotes it: a place by its name, else as JSON."""
    if isinstance(value, str) and (value in REGIONS or value in (CASTILLO, "court", "provinces")):
        return messages.place_form(value, lang, "the")
    if value is None:
        return _WORDS["nothing"][language_index(lang)]
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return messages.quoted(text[:60], lang)


def _decision(kind: str | Mapping[str, str], lang: str) -> str:
    """A decision's words; a game built on El Grande's dispatch names its own decisions by giving
    them in every language ({"en": …, "fr": …, "it": …})."""
    from domain.elgrande.texts import WORDS  # texts imports this module

    if isinstance(kind, Mapping):
        return kind.get(lang) or kind["en"]
    if kind == "secret":
        return _WORDS["secret"][language_index(lang)]
    key = f"el-grande.decision.{kind}"
    return WORDS[key][language_index(lang)] if key in WORDS else kind.replace("_", " ")


def show(key: str, value: Any, lang: str, names: Sequence[str]) -> Any:
    if key == "value" or (key == "choice" and not isinstance(value, str)):
        text = _value(value, lang)
        return Word(lambda form: text)
    if key == "choices" and isinstance(value, list):
        return messages.joined([messages.place_form(v, lang, "the") if isinstance(v, str) else
                                str(v) for v in value], lang)
    if key == "decisions" and isinstance(value, list):
        return messages.joined([_decision(k, lang) for k in value], lang)
    if key == "waiting" and isinstance(value, list):
        return messages.joined([f"{messages.player(w['seat'], names, lang)} "
                                f"({_decision(w['kind'], lang)})" for w in value], lang)
    if key == "cards" and isinstance(value, list):
        return messages.joined([str(c) for c in value], lang)
    if key == "type" and isinstance(value, str) and value in vocab.KEYWORDS:
        return vocab.keyword(value, lang)  # the command as the player writes it ("carte")
    if key in ("fields", "type"):
        return ", ".join(value) if isinstance(value, list) else value
    return messages.show(key, value, lang, names)


CATALOGUE = Catalogue(TEXTS, show)
_WHAT = Catalogue(WHAT, messages.show, sentences=False)


def render(key: str, params: Mapping[str, Any], lang: str = "en",
           names: Sequence[str] = ()) -> str:
    """An `el-grande.…` refusal in `lang`, seats named by `names`."""
    params = dict(params)
    if "what" in params:
        params["what"] = _WHAT.render(str(params["what"]), params, lang, names)
    if key == R + "not_your_move" and not params.get("waiting"):
        key += ".nobody"
    if key == R + "place_2" and params.get("most") == 1:
        key += ".one"
    if key == R + "power_back" and not params.get("cards"):
        key += ".none"
    if key == R + "take_count" and params.get("low") == params.get("high"):
        key = R + "take_exactly"
    if key not in TEXTS:  # not a refusal of ours: shown as it is, like any unknown key
        return errors.unknown(key, params)
    return CATALOGUE.render(key, params, lang, names)


errors.catalogue("el-grande", render)
