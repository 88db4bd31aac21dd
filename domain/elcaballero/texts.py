"""El Caballero's words outside the log, in English, French and Italian, and the module's `texts`
facet (see domain/core/game.py): what a seat must decide, the seats' colours, the boards' words,
the decision forms' prompts and labels, the tiles described in words, the rules in a few lines.

The log's sentences are `messages.py`'s. Cells are always written as the players type them
("m13", `coords`), never as the engine's (x, y).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core.decisions import Decision
from domain.core.game import Message
from domain.core.i18n import Count, Name, language_index, supported
from domain.elcaballero import messages
from domain.elcaballero.coords import name as cell_name
from domain.elcaballero.data import COLOURS, POWER_CABALLEROS, TILE
from domain.elcaballero.messages import seat_name

WORDS: dict[str, tuple[str, str, str]] = {
    # the replay's jumps (the game's own words: a "tour"/"turno" is a round)
    "milestone.round": ("Round {round}", "Tour {round}", "Turno {round}"),
    "milestone.scoring": ("Scoring {number}", "Décompte {number}", "Valutazione {number}"),
    # what a seat must decide now
    "decision.power_card": ("play a power card", "jouer une carte pouvoir",
                            "giocare una carta potere"),
    # what a seat must decide now: said to that player ("What you must decide now: …") and to
    # the others ("the game waits for Ann (…)"), so no "your" and no brackets of its own
    # no terrain tile left to lay (laid, or none fits anywhere): what is left is ending the turn
    "decision.turn": ("finish the turn: any other actions, then “end”",
                      "finir le tour : d'autres actions au choix, puis « fin »",
                      "finire il turno: altre azioni a scelta, poi «fine»"),
    "decision.turn_tile": ("play the turn: lay {count:# terrain tile|# terrain tiles}, then end it",
                           "jouer le tour : poser {count:# tuile|# tuiles} de terrain, puis le "
                           "finir",
                           "giocare il turno: posare {count:# tessera|# tessere} di terreno, "
                           "poi finirlo"),
    # phases
    "phase.new": ("setting up", "mise en place", "preparazione"),
    "phase.power": ("power cards", "cartes pouvoir", "carte potere"),
    "phase.turns": ("turns", "tours des joueurs", "turni dei giocatori"),
    "phase.between": ("between rounds", "entre deux tours", "tra due round"),
    "phase.over": ("game over", "partie terminée", "partita finita"),
    # the boards
    "board.title": ("Round {round} of {rounds} ({phase}); scorings after rounds {scorings}.",
                    "Tour {round} sur {rounds} ({phase}) ; décomptes après les tours {scorings}.",
                    "Round {round} di {rounds} ({phase}); valutazioni dopo i round {scorings}."),
    # a game in one line for the list of games (/games)
    "board.headline": ("Round {round}/{rounds} · {phase} · {scores}",
                       "Tour {round}/{rounds} · {phase} · {scores}",
                       "Round {round}/{rounds} · {phase} · {scores}"),
    "board.turn": ("{seat} is playing power card {card}: {caballeros} reinforcements, "
                   "{count:# terrain tile|# terrain tiles} still to lay.",
                   "{seat} joue la carte pouvoir {card} : {caballeros} en renfort, encore "
                   "{count:# tuile|# tuiles} de terrain à poser.",
                   "{seat} gioca la carta potere {card}: {caballeros} di rinforzo, ancora "
                   "{count:# tessera|# tessere} di terreno da posare."),
    "board.face_up": ("Face-up tiles (write “tile 2 at m14 turn 90”):",
                      "Tuiles visibles (écrivez « tuile 2 en m14 tourne 90 ») :",
                      "Tessere scoperte (scrivi «tessera 2 in m14 ruota 90»):"),
    "board.stack": ("{count:# tile|# tiles} left in the stack.",
                    "{count:# tuile reste|# tuiles restent} dans la pile.",
                    "{count:# tessera resta|# tessere restano} nel mazzo."),
    "board.legend": ("Legend: ~~ sea, ## land, NE… the land sides of a tile (N, E, S, W), "
                     "$ gold, f fish, a letter and number = a player's Caballero tile and its "
                     "Caballeros (capital: with a Castillo), * Grande, s ships, + a free cell; "
                     "the start tile is m13, north is up; columns a…z go east, rows 1… go north.",
                     "Légende : ~~ mer, ## terre, NE… les côtés terre d'une tuile (N, E, S, W = "
                     "nord, est, sud, ouest), $ or, f poisson, une lettre et un nombre = la "
                     "tuile Caballeros d'un joueur et ses Caballeros (majuscule : avec un "
                     "Castillo), * Grande, s bateaux, + une case libre ; la tuile de départ est "
                     "m13, le nord en haut ; les colonnes a…z vont vers l'est, les rangées 1… "
                     "vers le nord.",
                     "Legenda: ~~ mare, ## terra, NE… i lati di terra di una tessera (N, E, S, "
                     "W = nord, est, sud, ovest), $ oro, f pesce, una lettera e un numero = la "
                     "tessera Caballeros di un giocatore e i suoi Caballeros (maiuscola: con un "
                     "Castillo), * Grande, s navi, + una casella libera; la tessera di partenza "
                     "è m13, il nord in alto; le colonne a…z vanno verso est, le righe 1… verso "
                     "nord."),
    # one Caballero tile under the text board (French sets a space before a colon)
    "board.player_line": ("{who}: {facts}", "{who} : {facts}", "{who}: {facts}"),
    "board.region_line": ("{region}, {kind}, value {value}: {leader}",
                          "{region}, {kind}, valeur {value} : {leader}",
                          "{region}, {kind}, valore {value}: {leader}"),
    "board.regions_heading": ("Regions (each named by one of its cells and the side of the "
                              "terrain tile there that it touches), and who leads:",
                              "Régions (chacune nommée par une de ses cases et le côté de la "
                              "tuile de terrain de cette case qu'elle touche), et qui mène :",
                              "Regioni (ognuna indicata da una sua casella e dal lato della "
                              "tessera di terreno di quella casella che tocca), e chi è in "
                              "testa:"),
    "board.nine": ("The power card 9 lays two terrain tiles in its turn (every other card one).",
                   "La carte pouvoir 9 fait poser deux tuiles de terrain dans son tour (toute "
                   "autre carte une seule).",
                   "La carta potere 9 fa posare due tessere di terreno nel suo turno (ogni altra "
                   "carta una sola)."),
    "board.knight": ("{at}: {who} ({letter}) — {what}", "{at} : {who} ({letter}) — {what}",
                     "{at}: {who} ({letter}) — {what}"),
    "board.players": ("Players", "Joueurs", "Giocatori"),
    "board.knight_side": ("Your Caballero tile, side {side}", "Votre tuile Caballero, face {side}",
                          "La tua tessera Caballero, lato {side}"),
    "board.knight_side_short": ("Side {side}", "Face {side}", "Lato {side}"),
    "board.player": ("Player", "Joueur", "Giocatore"),
    "board.score": ("Score", "Score", "Punti"),
    "board.court": ("Court", "Cour", "Corte"),
    "board.tiles_off": ("Tiles off the board", "Tuiles hors du plateau",
                        "Tessere fuori dal tabellone"),
    "board.ships": ("Ships in court", "Bateaux à la cour", "Navi a corte"),
    "board.cards": ("Power cards left", "Cartes pouvoir restantes", "Carte potere rimaste"),
    "board.alcaldes": ("Alcaldes left", "Alcaldes restants", "Alcaldes rimasti"),
    "board.regions": ("Regions", "Régions", "Regioni"),
    "board.region": ("Region", "Région", "Regione"),
    "board.kind": ("Kind", "Type", "Tipo"),
    "board.value": ("Value", "Valeur", "Valore"),
    "board.leader": ("Leads", "En tête", "In testa"),
    "board.caballeros": ("Caballeros", "Caballeros", "Caballeros"),
    "board.land": ("land", "terre", "terra"),
    "board.sea": ("sea", "mer", "mare"),
    "board.closed": ("closed", "fermée", "chiusa"),
    "board.open": ("open", "ouverte", "aperta"),
    "board.nobody": ("nobody", "personne", "nessuno"),
    "board.tie": ("tie: {names}", "égalité : {names}", "parità: {names}"),
    "board.ships_on": ("{count:# ship|# ships}: {names}",
                       "{count:# bateau|# bateaux} : {names}",
                       "{count:# nave|# navi}: {names}"),
    "board.alcalde_of": ("Alcalde of {seat}", "Alcalde {seat:de}", "Alcalde di {seat}"),
    # who leads a land region with an Alcalde: its owner, first whatever the Caballeros, then
    # the best of the others
    "board.alcalde_first": ("{seat} (Alcalde)", "{seat} (Alcalde)", "{seat} (Alcalde)"),
    "board.then": ("{first}, then {next}", "{first}, puis {next}", "{first}, poi {next}"),
    "board.tile_value": ("{tiles:# tile|# tiles} + {bonus}", "{tiles:# tuile|# tuiles} + {bonus}",
                         "{tiles:# tessera|# tessere} + {bonus}"),
    # tiles in words
    "tile.all_sea": ("all sea", "toute en mer", "tutta di mare"),
    "tile.all_land": ("all land", "toute en terre", "tutta di terra"),
    "tile.land": ("land to the {sides}", "terre {sides}", "terra {sides}"),
    "tile.gold": ("with gold", "avec de l'or", "con oro"),
    "tile.fish": ("with fish", "avec du poisson", "con pesce"),
    "tile.bridge": ("a land bridge", "un pont de terre", "un ponte di terra"),
    "tile.strait": ("a strait", "un détroit", "uno stretto"),
    "side.a": ("side A (1-4)", "face A (1-4)", "lato A (1-4)"),
    "side.b": ("side B (5-8)", "face B (5-8)", "lato B (5-8)"),
    "source.supply": ("a new ship (2 Caballeros)", "un nouveau bateau (2 Caballeros)",
                      "una nave nuova (2 Caballeros)"),
    "source.court": ("a ship from your court (1 Caballero)", "un bateau de votre cour "
                     "(1 Caballero)", "una nave dalla tua corte (1 Caballero)"),
    "yes": ("yes", "oui", "sì"),
    "no": ("no", "non", "no"),
    # the forms
    "ask.power": ("Play a power card", "Jouez une carte pouvoir", "Gioca una carta potere"),
    "ask.turn": ("Your turn: do the actions in any order, lay your terrain tile, then end the "
                 "turn", "Votre tour : faites vos actions dans l'ordre voulu, posez votre tuile "
                 "de terrain, puis finissez le tour", "Il tuo turno: fai le azioni "
                 "nell'ordine che vuoi, posa la tessera di terreno, poi finisci il turno"),
    "ask.tiles_left": ("{count:# terrain tile|# terrain tiles} still to lay this turn.",
                       "Encore {count:# tuile|# tuiles} de terrain à poser ce tour-ci.",
                       "Ancora {count:# tessera|# tessere} di terreno da posare in questo "
                       "turno."),
    "ask.lay_tile": ("Lay a terrain tile: choose it, click a highlighted cell, turn it",
                     "Poser une tuile de terrain : choisissez-la, cliquez sur une case en "
                     "surbrillance, tournez-la", "Posa una tessera di terreno: sceglila, clicca una casella "
                     "evidenziata, ruotala"),
    "ask.lay_knight": ("Lay a Caballero tile (the number facing land = Caballeros from court)",
                       "Poser une tuile Caballeros (le nombre face à la terre = Caballeros pris "
                       "à la cour)", "Posa una tessera Caballeros (il numero verso la terra = "
                       "Caballeros presi dalla corte)"),
    "ask.raise": ("Raise one of your Caballero tiles (turn or flip it to a higher number)",
                  "Augmenter une de vos tuiles Caballeros (la tourner ou la retourner vers un "
                  "nombre plus haut)", "Alza una tua tessera Caballeros (ruotala o girala verso "
                  "un numero più alto)"),
    "ask.reinforce": ("Take your reinforcements ({count})", "Prendre vos renforts ({count})",
                      "Prendi i tuoi rinforzi ({count})"),
    "ask.ship": ("Put a ship on a sea side of one of your Caballero tiles",
                 "Placer un bateau sur un côté mer d'une de vos tuiles Caballeros",
                 "Metti una nave su un lato di mare di una tua tessera Caballeros"),
    "ask.castle": ("Build a Castillo on one of your Caballero tiles (1 Caballero)",
                   "Construire un Castillo sur une de vos tuiles Caballeros (1 Caballero)",
                   "Costruisci un Castillo su una tua tessera Caballeros (1 Caballero)"),
    "ask.take_back": ("Take a Caballero tile back (its Caballeros are lost)",
                      "Reprendre une tuile Caballeros (ses Caballeros sont perdus)",
                      "Riprendi una tessera Caballeros (i suoi Caballeros sono persi)"),
    "ask.take_back_ship": ("Take one of your ships back (it returns to your court)",
                           "Reprendre un de vos bateaux (il retourne à votre cour)",
                           "Riprendi una tua nave (torna alla tua corte)"),
    "ask.move_castle": ("Move a Castillo to another of your tiles (1 Caballero)",
                        "Déplacer un Castillo vers une autre de vos tuiles (1 Caballero)",
                        "Sposta un Castillo su un'altra tua tessera (1 Caballero)"),
    "ask.move_ship": ("Move one of your ships to a sea side of another of your tiles "
                      "(1 Caballero)",
                      "Déplacer un de vos bateaux vers un côté mer d'une autre de vos tuiles "
                      "(1 Caballero)",
                      "Sposta una tua nave su un lato di mare di un'altra tua tessera "
                      "(1 Caballero)"),
    "ask.grande": ("Put your Grande on one of your Caballero tiles",
                   "Placer votre Grande sur une de vos tuiles Caballeros",
                   "Metti il tuo Grande su una tua tessera Caballeros"),
    "ask.alcalde": ("Put an Alcalde on a closed region (1 Caballero)",
                    "Placer un Alcalde sur une région fermée (1 Caballero)",
                    "Metti un Alcalde su una regione chiusa (1 Caballero)"),
    "ask.alcalde_tile": ("Put an Alcalde on the closed region of a terrain tile (1 Caballero)",
                         "Placer un Alcalde sur la région fermée d'une tuile de terrain "
                         "(1 Caballero)",
                         "Metti un Alcalde sulla regione chiusa di una tessera di terreno "
                         "(1 Caballero)"),
    "ask.end_turn": ("End your turn", "Finir votre tour", "Finisci il tuo turno"),
    "ask.end_turn_lay": ("End your turn now: {count:your terrain tile is|your # terrain tiles "
                         "are} laid for you where {count:it|they} first {count:fits|fit}, as "
                         "when a deadline passes",
                         "Finir votre tour tout de suite : {count:votre tuile de terrain est "
                         "posée|vos # tuiles de terrain sont posées} pour vous là où "
                         "{count:elle va|elles vont} en premier, comme à une échéance dépassée",
                         "Finisci subito il tuo turno: {count:la tua tessera di terreno viene "
                         "posata|le tue # tessere di terreno vengono posate} per te dove "
                         "{count:entra|entrano} per prima, come quando scade il termine"),
    "ask.field.card": ("Power card", "Carte pouvoir", "Carta potere"),
    "ask.field.tile": ("Terrain tile", "Tuile de terrain", "Tessera di terreno"),
    "ask.field.cell": ("Cell and rotation", "Case et rotation", "Casella e rotazione"),
    "ask.field.at": ("Caballero tile", "Tuile Caballeros", "Tessera Caballeros"),
    "ask.field.side": ("Side", "Face", "Lato"),
    "ask.field.turn": ("Rotation", "Rotation", "Rotazione"),
    "ask.field.edge": ("Side of the tile", "Côté de la tuile", "Lato della tessera"),
    "ask.field.from": ("Which ship", "Quel bateau", "Quale nave"),
    "ask.field.grande": ("With your Grande", "Avec votre Grande", "Con il tuo Grande"),
    "ask.field.to": ("To", "Vers", "Verso"),
    "ask.field.region": ("Region", "Région", "Regione"),
    "ask.submit.power": ("Play it", "La jouer", "Giocala"),
    "ask.submit.lay_tile": ("Lay the tile", "Poser la tuile", "Posa la tessera"),
    "ask.submit.lay_knight": ("Lay it", "La poser", "Posala"),
    "ask.submit.raise": ("Raise it", "L'augmenter", "Alzala"),
    "ask.submit.reinforce": ("Take them", "Les prendre", "Prendili"),
    "ask.submit.ship": ("Put the ship", "Placer le bateau", "Metti la nave"),
    "ask.submit.castle": ("Build it", "Le construire", "Costruiscilo"),
    "ask.submit.take_back": ("Take it back", "La reprendre", "Riprendila"),
    "ask.submit.take_back_ship": ("Take it back", "Le reprendre", "Riprendila"),
    "ask.submit.move_castle": ("Move it", "Le déplacer", "Spostalo"),
    "ask.submit.move_ship": ("Move it", "Le déplacer", "Spostala"),
    "ask.submit.grande": ("Put it there", "Le placer", "Mettilo"),
    "ask.submit.alcalde": ("Put it there", "Le placer", "Mettilo"),
    "ask.submit.end_turn": ("End the turn", "Finir le tour", "Finisci il turno"),
    "ask.submit.end_turn_lay": ("Lay it for me and end the turn",
                                "Poser pour moi et finir le tour",
                                "Posa per me e finisci il turno"),
    "label.power": ("{card} ({caballeros})", "{card} ({caballeros})", "{card} ({caballeros})"),
    "label.power9": ("{card} ({caballeros}; two terrain tiles to lay)",
                     "{card} ({caballeros} ; deux tuiles de terrain à poser)",
                     "{card} ({caballeros}; due tessere di terreno da posare)"),
    # the game in a few lines (a "rules" request by mail)
    "rules.1": ("Each round every player plays a power card: it brings Caballeros to court and "
                "sets the order of play.",
                "À chaque tour, chaque joueur joue une carte pouvoir : elle amène des Caballeros "
                "à la cour et fixe l'ordre de jeu.",
                "A ogni round ogni giocatore gioca una carta potere: porta Caballeros a corte e "
                "fissa l'ordine di gioco."),
    "rules.2": ("In your turn you must lay one face-up terrain tile (two with the 9), land "
                "against land and sea against sea.",
                "À votre tour vous devez poser une tuile de terrain visible (deux avec le 9), "
                "terre contre terre et mer contre mer.",
                "Nel tuo turno devi posare una tessera di terreno scoperta (due con il 9), terra "
                "contro terra e mare contro mare."),
    "rules.3": ("You may lay up to two Caballero tiles beside the terrain: the number facing "
                "land is the Caballeros you pay from court and hold in that region.",
                "Vous pouvez poser jusqu'à deux tuiles Caballeros contre le terrain : le nombre "
                "face à la terre est le nombre de Caballeros payés et présents dans la région.",
                "Puoi posare fino a due tessere Caballeros accanto al terreno: il numero verso la "
                "terra sono i Caballeros pagati e presenti nella regione."),
    "rules.4": ("Ships on sea sides score the seas, Castillos protect a tile that would go back.",
                "Les bateaux sur les côtés mer rapportent les mers, les Castillos protègent une "
                "tuile qui devrait repartir.",
                "Le navi sui lati di mare fanno punti nei mari, i Castillos proteggono una "
                "tessera che dovrebbe tornare indietro."),
    "rules.5": ("Scorings after rounds 4 and 7 (and 10 in the advanced game): the most "
                "Caballeros in a land region score double its value, the second once.",
                "Décomptes après les tours 4 et 7 (et 10 dans le jeu avancé) : le plus de "
                "Caballeros dans une région de terre marque deux fois sa valeur, le deuxième "
                "une fois.",
                "Valutazioni dopo i round 4 e 7 (e 10 nel gioco avanzato): chi ha più Caballeros in "
                "una regione di terra segna il doppio del suo valore, il secondo una volta."),
    "rules.6": ("The whole rules, and the words to write, are on the rules page.",
                "Toutes les règles, et les mots à écrire, sont sur la page des règles.",
                "Tutte le regole, e le parole da scrivere, sono nella pagina delle regole."),
}
"""Key (without the `elcaballero.` prefix) → (en, fr, it)."""

SIDES = {"en": ("north", "east", "south", "west"), "fr": ("nord", "est", "sud", "ouest"),
         "it": ("nord", "est", "sud", "ovest")}
AND = {"en": " and ", "fr": " et ", "it": " e "}
SIDES_TO = {"en": ("north", "east", "south", "west"),
            "fr": ("au nord", "à l'est", "au sud", "à l'ouest"),
            "it": ("a nord", "a est", "a sud", "a ovest")}
"""A tile's land sides as a tile's words name them ("land to the north and east", « terre au nord
et à l'est », «terra a nord e a est»)."""
PREFIX = "elcaballero."


def counts(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """The whole numbers of `params` as the shared `Count`, so that a text says
    "{count:# tile|# tiles}" as every catalogue does (French: 0 and 1 are singular)."""
    return {k: Count(v, supported(lang)) if isinstance(v, int) and not isinstance(v, bool) else v
            for k, v in params.items()}


def word(key: str, lang: str = "en", **params: Any) -> str:
    key = key[len(PREFIX):] if key.startswith(PREFIX) else key
    template = WORDS[key][language_index(supported(lang))]
    if "seat" in params:  # a player's name, which French elides: « Alcalde d'Ann »
        params = {**params, "seat": Name(params["seat"])}
    return template.format(**counts(params, lang))


def colour_name(seat: int, lang: str = "en") -> str:
    return messages.COLOUR_NAMES[COLOURS[seat]][language_index(supported(lang))]


def colour_letter(seat: int, lang: str = "en") -> str:
    """A seat's colour as one letter in the reader's language (j, r, b, v in French), as the
    boards mark tiles and players: the English initial beside « Vous jouez rouge » misled."""
    return colour_name(seat, lang)[0]


def phase_name(phase: str, lang: str) -> str:
    return word(f"phase.{phase}", lang) if f"phase.{phase}" in WORDS else phase


def side_name(side: Any, lang: str) -> str:
    index = side if isinstance(side, int) else "nesw".index(str(side)[:1].lower())
    return SIDES[supported(lang)][index]


def joined(items: Sequence[str], lang: str) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + AND[supported(lang)] + items[-1]


def tile_words(tile: str, lang: str, edges: str | None = None) -> str:
    """A terrain tile in words ("land to the north and east, with gold"), as printed or as `edges`
    turn it: players read tiles this way everywhere (log, mails, boards, forms), never by the
    engine's id, and type them by their number among the face-up tiles."""
    kind = TILE[tile]
    edges = edges or kind.edges
    land = [SIDES_TO[supported(lang)][d] for d in range(4) if edges[d] == "L"]
    if not land:
        text = word("tile.all_sea", lang)
    elif len(land) == 4:
        text = word("tile.all_land", lang)
    else:
        text = word("tile.land", lang, sides=joined(land, lang))
    extras = []
    if kind.edges == "LSLS":
        extras.append(word("tile.bridge" if kind.bridge else "tile.strait", lang))
    if kind.gold:
        extras.append(word("tile.gold", lang))
    if kind.fish:
        extras.append(word("tile.fish", lang))
    return ", ".join([text, *extras])


def caballeros(n: int, lang: str) -> str:
    return messages.counted(n, "caballeros", supported(lang))


class ElCaballeroTexts:
    """The `texts` facet of El Caballero's module."""

    announced = frozenset({PREFIX + "scoring.started"})
    """Messages every player hears of at once, by mail, whoever moved: the scorings after rounds
    4, 7 (and 10)."""
    scoring = frozenset({PREFIX + k for k in ("scoring.started", "scoring.land", "scoring.sea",
                                              "scoring.total", "game.ended")})

    def render(self, message: Message, lang: str, names: Sequence[str] = ()) -> str:
        return messages.render(message, supported(lang), list(names) or None)

    def decision(self, decision: Decision, lang: str, names: Sequence[str] = ()) -> str:
        if decision.kind == "turn":
            left = (decision.constraint or {}).get("tiles_to_lay", 0)
            if left:
                return word("decision.turn_tile", lang, count=left)
        key = f"decision.{decision.kind}"
        return word(key, lang) if key in WORDS else decision.kind

    def seat(self, seat: int, lang: str) -> str | None:
        return colour_name(seat, lang) if 0 <= seat < len(COLOURS) else None

    def milestone(self, message: Message, lang: str) -> str | None:
        """The steps a replay may jump to, as the other games have them: each round's start and
        each scoring's."""
        if message.key == PREFIX + "round.started":
            return word("milestone.round", lang, round=message.params.get("round"))
        if message.key == PREFIX + "scoring.started":
            return word("milestone.scoring", lang, number=message.params.get("number"))
        return None

    def rules(self, lang: str) -> list[str]:
        return [word(f"rules.{i}", lang) for i in range(1, 7)]


def prompt(message: Message, lang: str = "en", names: Sequence[str] = ()) -> str:
    """A form's title, note, field label or button."""
    key = message.key[len(PREFIX):] if message.key.startswith(PREFIX) else message.key
    if key not in WORDS:
        return message.key
    return word(key, lang, **dict(message.params))


def label(of: str, value: Any, lang: str = "en", names: Sequence[str] = (),
          view: Mapping[str, Any] | None = None) -> str:
    """A value of a form's field as players read it: a cell as "m14", a tile by its place among
    the face-up tiles and in words, a side, a power card with its Caballeros."""
    if of == "cell":
        if isinstance(value, str) and "," in value:
            x, _, y = value.partition(",")
            return cell_name((int(x), int(y)))
        return cell_name(value) if isinstance(value, list | tuple) else str(value)
    if of == "tile" and isinstance(value, str) and value in TILE:
        faces = [t["tile"] for t in (view or {}).get("face_up", [])]
        colon = "\u00a0: " if supported(lang) == "fr" else ": "  # French: « 1 : terre au nord »
        number = f"{faces.index(value) + 1}{colon}" if value in faces else ""
        return f"{number}{tile_words(value, lang)}"
    if of == "edge":
        return side_name(value, lang)
    if of == "knight_side":
        return word(f"side.{value}", lang)
    if of == "turn":
        return f"{value}°"
    if of == "source":
        return word(f"source.{value}", lang)
    if of == "flag":
        return word("yes" if value else "no", lang)
    if of in ("power_card", "value", "card") and isinstance(value, int) \
            and value in POWER_CABALLEROS:
        return word("label.power9" if value == 9 else "label.power", lang, card=value,
                    caballeros=caballeros(POWER_CABALLEROS[value], lang))
    if of == "seat" and isinstance(value, int):
        return seat_name(value, names, lang)
    return str(value)
