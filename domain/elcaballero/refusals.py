"""El Caballero's refusals (`elcaballero.refuse.…`), in English, French and Italian.

The rules raise `RuleError.of(key, allowed=…, **params)` with seats as seat numbers, cells as
[x, y] and sides as 0..3 or "n".."w"; a channel renders the refusal in its reader's language with
the players' names and the cell names players type ("m14"), through `render` here, which this
package registers on import (`domain/elcaballero/__init__.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core import errors
from domain.core.i18n import Count, language_index, supported
from domain.elcaballero import messages
from domain.elcaballero.coords import name as cell_name
from domain.elcaballero.data import TILE
from domain.elcaballero.texts import tile_words

R = "elcaballero.refuse."

TEXTS: dict[str, tuple[str, str, str]] = {
    "players": ("El Caballero is for {low} to {high} players (got {count}).",
                "El Caballero se joue de {low} à {high} joueurs (demandé : {count}).",
                "El Caballero si gioca da {low} a {high} giocatori (richiesti: {count})."),
    "setup_shape": ("The set-up must be an object (start, stack, first_player).",
                    "La mise en place doit être un objet (start, stack, first_player).",
                    "La preparazione deve essere un oggetto (start, stack, first_player)."),
    "setup_fields": ("Unknown set-up {count:field|fields}: {fields}.",
                     "{count:Champ inconnu|Champs inconnus} dans la mise en place : {fields}.",
                     "{count:Campo sconosciuto|Campi sconosciuti} nella preparazione: {fields}."),
    "setup_start": ("The start tile is a tile with neither gold nor fish.",
                    "La tuile de départ est une tuile sans or ni poisson.",
                    "La tessera di partenza è una tessera senza oro né pesce."),
    "setup_stack": ("'stack' lists distinct tile ids (not the start tile), top first.",
                    "« stack » liste des tuiles distinctes (pas celle de départ), du dessus vers "
                    "le dessous.",
                    "«stack» elenca tessere distinte (non quella di partenza), dall'alto in "
                    "basso."),
    "setup_first": ("The first player is a seat from 0 to {last}.",
                    "Le premier joueur est une place de 0 à {last}.",
                    "Il primo giocatore è un posto da 0 a {last}."),
    "option_unknown": ("Unknown {count:option|options}: {names}.",
                       "{count:Option inconnue|Options inconnues} : {names}.",
                       "{count:Opzione sconosciuta|Opzioni sconosciute}: {names}."),
    "option_value": ("Option {name} cannot be {value}; allowed: {values}.",
                     "L'option {name} ne peut pas valoir {value} ; permis : {values}.",
                     "L'opzione {name} non può valere {value}; ammessi: {values}."),
    "over": ("The game is over; no more moves.", "La partie est terminée ; plus de coups.",
             "La partita è finita; niente più mosse."),
    "not_your_move": ("It is not your move: the game is waiting for {seat}.",
                      "Ce n'est pas à vous de jouer : la partie attend {seat}.",
                      "Non tocca a te: la partita aspetta {seat}."),
    "nobody": ("It is not your move: the game is waiting for nobody.",
               "Ce n'est pas à vous de jouer : la partie n'attend personne.",
               "Non tocca a te: la partita non aspetta nessuno."),
    "play_power": ("“{type}” is not what you must do now: play a power card.",
                   "« {type} » n'est pas ce que vous devez faire maintenant : jouez une carte "
                   "pouvoir.",
                   "«{type}» non è ciò che devi fare ora: gioca una carta potere."),
    "power_played": ("Power card {card} is already played this round.",
                     "La carte pouvoir {card} est déjà jouée ce tour-ci.",
                     "La carta potere {card} è già giocata in questo round."),
    "power_hand": ("Power card {card} is not in your hand.",
                   "La carte pouvoir {card} n'est pas dans votre main.",
                   "La carta potere {card} non è nella tua mano."),
    "unknown_command": ("Unknown command “{type}” for your turn.",
                        "Commande inconnue « {type} » pour votre tour.",
                        "Comando sconosciuto «{type}» per il tuo turno."),
    "bad_cell": ("'{what}' must be a cell (got {value}).",
                 "« {what} » doit être une case (reçu : {value}).",
                 "«{what}» deve essere una casella (ricevuto: {value})."),
    "bad_turn": ("A rotation is one of 0, 90, 180, 270 (got {value}).",
                 "Une rotation vaut 0, 90, 180 ou 270 (reçu : {value}).",
                 "Una rotazione vale 0, 90, 180 o 270 (ricevuto: {value})."),
    "bad_side": ("'{what}' must be north, east, south or west (got {value}).",
                 "« {what} » doit être nord, est, sud ou ouest (reçu : {value}).",
                 "«{what}» deve essere nord, est, sud o ovest (ricevuto: {value})."),
    "bad_knight_side": ("A Caballero tile shows side a (1-4) or b (5-8) (got {value}).",
                        "Une tuile Caballeros montre la face a (1-4) ou b (5-8) (reçu : {value}).",
                        "Una tessera Caballeros mostra il lato a (1-4) o b (5-8) (ricevuto: "
                        "{value})."),
    "not_own": ("There is none of your Caballero tiles at {at}.",
                "Aucune de vos tuiles Caballeros n'est en {at}.",
                "Nessuna tua tessera Caballeros è in {at}."),
    "pay": ("That costs {cost}; your court holds {court}.",
            "Cela coûte {cost} ; votre cour en compte {court}.",
            "Costa {cost}; la tua corte ne ha {court}."),
    "distinct": ("That would give you {mine} in the region at {at}, as many as another player "
                 "there: when you add Caballeros to a region your total must differ from every "
                 "other player's.",
                 "Vous auriez alors {mine} dans la région en {at}, autant qu'un autre joueur : "
                 "quand vous ajoutez des Caballeros à une région, votre total doit différer de "
                 "celui de chaque autre joueur.",
                 "Avresti allora {mine} nella regione in {at}, quanti un altro giocatore: quando "
                 "aggiungi Caballeros a una regione il tuo totale deve essere diverso da quello "
                 "di ogni altro giocatore."),
    "reinforced": ("You have already taken your reinforcements this turn.",
                   "Vous avez déjà pris vos renforts ce tour-ci.",
                   "Hai già preso i tuoi rinforzi in questo turno."),
    "tile_not_face_up": ("The tile {tile} is not among the face-up tiles.",
                         "La tuile {tile} n'est pas parmi les tuiles visibles.",
                         "La tessera {tile} non è tra le tessere scoperte."),
    "not_face_up": ("{value} is not a face-up tile.", "{value} n'est pas une tuile visible.",
                    "{value} non è una tessera scoperta."),
    "tiles_done": ("You have laid your {count:terrain tile|# terrain tiles} this turn.",
                   "Vous avez posé {count:votre tuile|vos # tuiles} de terrain ce tour-ci.",
                   "Hai posato {count:la tua tessera|le tue # tessere} di terreno in questo "
                   "turno."),
    "no_face_up": ("No face-up terrain tile is left.", "Il ne reste aucune tuile visible.",
                   "Non resta nessuna tessera scoperta."),
    "cell_taken": ("{at} already holds a tile: lay yours on a free cell (+ on the board).",
                   "{at} porte déjà une tuile : posez la vôtre sur une case libre (+ sur le "
                   "plateau).",
                   "{at} ha già una tessera: posa la tua su una casella libera (+ sul "
                   "tabellone)."),
    "tile_matching": ("Tile {number} cannot go at {at} turned {turn}°: it must touch a terrain "
                      "tile with every side matching (land to land, sea to sea).",
                      "La tuile {number} ne peut pas aller en {at} tournée de {turn}° : elle doit "
                      "toucher une tuile de terrain, chaque côté concordant (terre contre terre, "
                      "mer contre mer).",
                      "La tessera {number} non può andare in {at} ruotata di {turn}°: deve "
                      "toccare una tessera di terreno con ogni lato concorde (terra con terra, "
                      "mare con mare)."),
    "tile_fallback": ("Tile {number} cannot go at {at} turned {turn}°: no face-up tile fits next "
                      "to the terrain, so it must go next to a Caballero tile (one of yours if "
                      "you can).",
                      "La tuile {number} ne peut pas aller en {at} tournée de {turn}° : aucune "
                      "tuile visible ne va contre le terrain, elle doit donc aller contre une "
                      "tuile Caballeros (une des vôtres si possible).",
                      "La tessera {number} non può andare in {at} ruotata di {turn}°: nessuna "
                      "tessera scoperta va accanto al terreno, quindi deve andare accanto a una "
                      "tessera Caballeros (una tua se puoi)."),
    "knights_done": ("You have already laid or raised two Caballero tiles this turn.",
                     "Vous avez déjà posé ou augmenté deux tuiles Caballeros ce tour-ci.",
                     "Hai già posato o alzato due tessere Caballeros in questo turno."),
    "no_knight_left": ("All your Caballero tiles are on the board: take one back first.",
                       "Toutes vos tuiles Caballeros sont sur le plateau : reprenez-en une "
                       "d'abord.",
                       "Tutte le tue tessere Caballeros sono sul tabellone: riprendine prima "
                       "una."),
    "flag": ("'{name}' is true or false.", "« {name} » vaut vrai ou faux.",
             "«{name}» vale vero o falso."),
    "knight_cell": ("A Caballero tile goes in an empty cell next to a terrain tile; {at} is not "
                    "one.",
                    "Une tuile Caballeros va sur une case vide contre une tuile de terrain ; "
                    "{at} n'en est pas une.",
                    "Una tessera Caballeros va in una casella vuota accanto a una tessera di "
                    "terreno; {at} non lo è."),
    "advanced_grande": ("The Grande is part of the advanced rules only.",
                        "Le Grande fait partie des règles avancées seulement.",
                        "Il Grande fa parte solo delle regole avanzate."),
    "advanced_alcalde": ("Alcaldes are part of the advanced rules only.",
                         "Les Alcaldes font partie des règles avancées seulement.",
                         "Gli Alcaldes fanno parte solo delle regole avanzate."),
    "grande_moved": ("You have already moved your Grande this turn.",
                     "Vous avez déjà déplacé votre Grande ce tour-ci.",
                     "Hai già spostato il tuo Grande in questo turno."),
    "two_lands": ("At {at} the tile would touch {count} land tiles; a Caballero tile may touch "
                  "only one (unless it carries your Grande).",
                  "En {at} la tuile toucherait {count} tuiles de terre ; une tuile Caballeros ne "
                  "peut en toucher qu'une (sauf si elle porte votre Grande).",
                  "In {at} la tessera toccherebbe {count} tessere di terra; una tessera "
                  "Caballeros può toccarne solo una (salvo se porta il tuo Grande)."),
    "sea_side_a": ("A Caballero tile touching only sea must show side A (1-4).",
                   "Une tuile Caballeros qui ne touche que la mer doit montrer la face A (1-4).",
                   "Una tessera Caballeros che tocca solo il mare deve mostrare il lato A (1-4)."),
    "raised": ("You have already raised a Caballero tile this turn.",
               "Vous avez déjà augmenté une tuile Caballeros ce tour-ci.",
               "Hai già alzato una tessera Caballeros in questo turno."),
    "raise_grande": ("A Caballero tile carrying the Grande cannot be turned or flipped.",
                     "Une tuile Caballeros qui porte le Grande ne peut être ni tournée ni "
                     "retournée.",
                     "Una tessera Caballeros che porta il Grande non può essere ruotata né "
                     "girata."),
    "raise_sea": ("This tile touches only sea: it has no Caballeros in a region to raise.",
                  "Cette tuile ne touche que la mer : elle n'a pas de Caballeros à augmenter "
                  "dans une région.",
                  "Questa tessera tocca solo il mare: non ha Caballeros da alzare in una "
                  "regione."),
    "raise_higher": ("Raising must put a higher number than {was} towards the land ({edge}); "
                     "that would show {count}.",
                     "Augmenter doit mettre un nombre plus haut que {was} face à la terre "
                     "({edge}) ; cela montrerait {count}.",
                     "Alzare deve mettere un numero più alto di {was} verso la terra ({edge}); "
                     "mostrerebbe {count}."),
    "no_ship_there": ("None of your ships is on the {edge} side of {at}.",
                      "Aucun de vos bateaux n'est du côté {edge} de {at}.",
                      "Nessuna tua nave è sul lato {edge} di {at}."),
    "ship_sea": ("A ship goes on a side of your Caballero tile that faces sea; the {edge} side "
                 "of {at} does not.",
                 "Un bateau va sur un côté de votre tuile Caballeros qui fait face à la mer ; le "
                 "côté {edge} de {at} non.",
                 "Una nave va su un lato della tua tessera Caballeros rivolto al mare; il lato "
                 "{edge} di {at} no."),
    "ship_taken": ("The {edge} side of {at} already carries a ship.",
                   "Le côté {edge} de {at} porte déjà un bateau.",
                   "Il lato {edge} di {at} porta già una nave."),
    "ship_alcalde": ("An Alcalde governs that sea and it already has its one ship.",
                     "Un Alcalde gouverne cette mer et elle a déjà son unique bateau.",
                     "Un Alcalde governa quel mare e ha già la sua unica nave."),
    "ship_from": ("A ship comes from the supply (2 Caballeros) or from your court (1 Caballero).",
                  "Un bateau vient de la réserve (2 Caballeros) ou de votre cour (1 Caballero).",
                  "Una nave viene dalla riserva (2 Caballeros) o dalla tua corte (1 Caballero)."),
    "no_court_ship": ("You have no ship in your court.", "Vous n'avez aucun bateau à la cour.",
                      "Non hai navi a corte."),
    "ships_done": ("You have already bought two ships this turn.",
                   "Vous avez déjà acheté deux bateaux ce tour-ci.",
                   "Hai già comprato due navi in questo turno."),
    "no_ship_left": ("No ship is left to buy.", "Il ne reste aucun bateau à acheter.",
                     "Non resta nessuna nave da comprare."),
    "ship_same": ("A ship moves to another of your Caballero tiles.",
                  "Un bateau se déplace vers une autre de vos tuiles Caballeros.",
                  "Una nave si sposta su un'altra tua tessera Caballeros."),
    "castles_done": ("You have already built two Castillos this turn.",
                     "Vous avez déjà construit deux Castillos ce tour-ci.",
                     "Hai già costruito due Castillos in questo turno."),
    "has_castle": ("Your tile at {at} already has a Castillo (one per tile).",
                   "Votre tuile en {at} a déjà un Castillo (un par tuile).",
                   "La tua tessera in {at} ha già un Castillo (uno per tessera)."),
    "no_castle_left": ("No Castillo is left to build.", "Il ne reste aucun Castillo à construire.",
                       "Non resta nessun Castillo da costruire."),
    "no_castle": ("Your tile at {at} has no Castillo.", "Votre tuile en {at} n'a pas de Castillo.",
                  "La tua tessera in {at} non ha un Castillo."),
    "grande_there": ("Your Grande is already on that tile.", "Votre Grande est déjà sur cette tuile.",
                     "Il tuo Grande è già su quella tessera."),
    "no_alcalde": ("You have no Alcalde left.", "Il ne vous reste aucun Alcalde.",
                   "Non ti resta nessun Alcalde."),
    "no_terrain": ("There is no terrain tile at {at}: name a region by a terrain tile and one of "
                   "its sides.",
                   "Il n'y a pas de tuile de terrain en {at} : désignez une région par une tuile "
                   "de terrain et un de ses côtés.",
                   "Non c'è nessuna tessera di terreno in {at}: indica una regione con una "
                   "tessera di terreno e uno dei suoi lati."),
    "alcalde_side": ("Two closed regions meet at {at}: name the side of the one you mean "
                     "(e.g. “alcalde {at} north”).",
                     "Deux régions fermées se touchent en {at} : indiquez le côté de celle que "
                     "vous voulez dire (par exemple « alcalde {at} nord »).",
                     "Due regioni chiuse si toccano in {at}: indica il lato di quella che "
                     "intendi (per esempio «alcalde {at} nord»)."),
    "has_alcalde": ("That region already has its Alcalde (one per region).",
                    "Cette région a déjà son Alcalde (un par région).",
                    "Quella regione ha già il suo Alcalde (uno per regione)."),
    "not_closed": ("An Alcalde goes only on a closed region: this one can still grow or take a "
                   "Caballero tile.",
                   "Un Alcalde ne va que sur une région fermée : celle-ci peut encore s'agrandir "
                   "ou recevoir une tuile Caballeros.",
                   "Un Alcalde va solo su una regione chiusa: questa può ancora crescere o "
                   "ricevere una tessera Caballeros."),
    "sea_ships": ("A governed sea may have only one ship; this one has more.",
                  "Une mer gouvernée ne peut avoir qu'un bateau ; celle-ci en a plus.",
                  "Un mare governato può avere una sola nave; questo ne ha di più."),
    "cell_needed": ("“{command}” needs a cell: write “{pattern}”, a cell being a column letter "
                    "and a row number (e.g. m14).",
                    "« {command} » demande une case : écrivez « {pattern} », une case étant une "
                    "lettre de colonne et un numéro de rangée (par exemple m14).",
                    "«{command}» richiede una casella: scrivi «{pattern}», dove una casella è "
                    "una lettera di colonna e un numero di riga (per esempio m14)."),
    "side_needed": ("“{command}” needs a side of the tile: write “{pattern}”, the side being "
                    "north, east, south or west.",
                    "« {command} » demande un côté de la tuile : écrivez « {pattern} », le côté "
                    "étant nord, est, sud ou ouest.",
                    "«{command}» richiede un lato della tessera: scrivi «{pattern}», dove il lato "
                    "è nord, est, sud o ovest."),
    "tile_needed": ("“{command}” needs a face-up tile: write “{pattern}”, N being its number "
                    "under the board.",
                    "« {command} » demande une tuile visible : écrivez « {pattern} », N étant son "
                    "numéro sous le plateau.",
                    "«{command}» richiede una tessera scoperta: scrivi «{pattern}», dove N è il "
                    "suo numero sotto il tabellone."),
    "not_now": ("“{command}” is not possible now: no such move is legal this turn.",
                "« {command} » n'est pas possible maintenant : aucun coup de ce genre n'est "
                "permis ce tour-ci.",
                "«{command}» non è possibile ora: nessuna mossa di questo tipo è ammessa in "
                "questo turno."),
    "no_own_tile": ("You have no Caballero tile on the board.",
                    "Vous n'avez aucune tuile Caballeros sur le plateau.",
                    "Non hai nessuna tessera Caballeros sul tabellone."),
    "no_sea_side": ("None of your Caballero tiles has a free side facing sea.",
                    "Aucune de vos tuiles Caballeros n'a de côté libre face à la mer.",
                    "Nessuna tua tessera Caballeros ha un lato libero rivolto al mare."),
    "no_bare_tile": ("Each of your Caballero tiles has its Castillo already (one per tile).",
                     "Chacune de vos tuiles Caballeros a déjà son Castillo (un par tuile).",
                     "Ognuna delle tue tessere Caballeros ha già il suo Castillo (uno per "
                     "tessera)."),
    "nothing_to_raise": ("None of your Caballero tiles can be raised: it needs land beside it "
                         "and no Grande on it.",
                         "Aucune de vos tuiles Caballeros ne peut être augmentée : il lui faut "
                         "de la terre à côté et pas de Grande dessus.",
                         "Nessuna tua tessera Caballeros può essere alzata: le serve terra "
                         "accanto e nessun Grande sopra."),
    "no_ship_to_move": ("You have no ship on your Caballero tiles to move.",
                        "Vous n'avez aucun bateau à déplacer sur vos tuiles Caballeros.",
                        "Non hai nessuna nave da spostare sulle tue tessere Caballeros."),
    "no_castle_to_move": ("You have no Castillo to move.",
                          "Vous n'avez aucun Castillo à déplacer.",
                          "Non hai nessun Castillo da spostare."),
    "no_closed_region": ("No closed region can take an Alcalde now (one per region; a closed "
                         "sea with one ship at most).",
                         "Aucune région fermée ne peut recevoir d'Alcalde maintenant (un par "
                         "région ; une mer fermée avec un bateau au plus).",
                         "Nessuna regione chiusa può ricevere un Alcalde ora (uno per regione; "
                         "un mare chiuso con una nave al massimo)."),
    "tile_first": ("Lay your terrain tile first ({count} still to lay this turn): it is the one "
                   "action every turn must have.",
                   "Posez d'abord votre tuile de terrain (encore {count} à poser ce tour-ci) : "
                   "c'est la seule action obligatoire de chaque tour.",
                   "Posa prima la tua tessera di terreno (ancora {count} da posare in questo "
                   "turno): è l'unica azione obbligatoria di ogni turno."),
}
"""Key (without `elcaballero.refuse.`) → (en, fr, it)."""

CELLS = {"at", "from", "to"}


def _show(key: str, value: Any, lang: str, names: Sequence[str]) -> Any:
    if key in ("command", "pattern") and isinstance(value, str):  # a command type, in words
        from domain.elcaballero import language  # (the command language: its words)

        if key == "pattern":
            return language.pattern(value, lang)
        return language.VERB.get(value, (value,) * 3)[language_index(lang)]
    if key == "seat" and isinstance(value, int):
        return messages.seat_name(value, names, lang)
    if key in CELLS and isinstance(value, list | tuple) and len(value) == 2:
        return cell_name(value)
    if key == "edge":
        index = value if isinstance(value, int) else "nesw".find(str(value)[:1].lower())
        return messages.SIDE_NAMES[lang][index] if 0 <= index < 4 else str(value)
    if key == "tile" and isinstance(value, str) and value in TILE:
        return f"({tile_words(value, lang)})"
    if key in ("cost", "court", "mine") and isinstance(value, int):
        return messages.counted(value, "caballeros", lang)
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return Count(value, lang)  # "{count:# tile|# tiles}"
    return str(value)


def render(key: str, params: Mapping[str, Any], lang: str = "en",
           names: Sequence[str] = ()) -> str:
    lang = supported(lang)
    short = key[len(R):] if key.startswith(R) else key
    template = TEXTS[short][language_index(lang)]
    # "Unknown options: …" agrees with the number of names it lists
    count = params.get("count", len(params.get("fields") or params.get("names") or ()))
    return template.format(**{k: _show(k, v, lang, names)
                              for k, v in {"count": count, **params}.items()})


def refuse(short: str, *, allowed: Any = None, **params: Any) -> errors.RuleError:
    """`RuleError.of("elcaballero.refuse.<short>", …)`."""
    return errors.RuleError.of(R + short, allowed=allowed, **params)


errors.catalogue("elcaballero", render)
