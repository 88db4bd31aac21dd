"""El Caballero's command language, for mail replies and the web's text box, in en/fr/it.

    power 7                          pouvoir 7 · potere 7          (or just "7" when it is asked)
    reinforce                        renforts · rinforzi
    tile 2 at m14 turn 90            tuile 2 en m14 tourne 90 · tessera 2 in m14 ruota 90
    knight l13 side a turn 180       caballero l13 face a tourne 180 · caballero l13 lato a ruota 180
                                     (… grande: with the Grande, advanced game)
    raise l13 side b turn 90         augmenter l13 face b tourne 90 · alzare l13 lato b ruota 90
    ship l13 north [court]           bateau l13 nord [cour] · nave l13 nord [corte]
    castle l13                       castillo l13 · castillo l13 (château, castello too)
    take back l13 [north]            reprendre l13 [nord] · riprendere l13 [nord]
    move ship l13 north to n14 east  déplacer bateau l13 nord vers n14 est · sposta nave … a …
    move castle l13 to n14           déplacer castillo l13 vers n14 · sposta castillo l13 a n14
    grande l13 · alcalde m14 [north] (advanced game: any tile of the closed region, and a side
                                     of it there unless the tile lies in one closed region)
    end                              fin · fine  ("pass", "passe", "passo" too)
    end auto                         fin auto · fine auto  (the compulsory tile laid as a passed
                                     deadline lays it, then the end of the turn)

Cells are a column letter and a row number ("m13" is the start tile: `coords`); a face-up tile is
its number on the board (1 to 5, left to right) or its id ("t17"); a rotation is 0, 90, 180 or 270
degrees clockwise ("turn 0" may be left out); sides are north/east/south/west in any of the three
languages (n, s, w, o alone too). Several commands in one reply, one a line or between commas.
Everything else (greetings, signatures, words before a command) is the machinery's
(domain/core/language.py): "did you mean …?" for a mistyped command word.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core import reader
from domain.core.decisions import Decision
from domain.core.i18n import language_index, supported
from domain.core.language import (
    FILLER_WORDS,
    Lexicon,
    Parsed,
    Session,
    example_command,
    phrases,
)
from domain.core.reader import Vocabulary
from domain.elcaballero import coords
from domain.elcaballero.data import TILE

KEYWORDS: dict[str, tuple[str, ...]] = {
    "power": ("power", "power card", "pouvoir", "carte pouvoir", "potere", "carta potere"),
    "reinforce": ("reinforce", "reinforcements", "reinforcement", "renforts", "renfort",
                  "rinforzi", "rinforzo"),
    "lay_tile": ("tile", "terrain tile", "tuile", "tessera", "tessera terreno"),
    "lay_knight": ("knight", "caballero", "caballeros", "caballero tile", "tuile caballeros",
                   "tessera caballeros", "chevalier", "cavaliere"),
    "raise": ("raise", "augmenter", "augmente", "monter", "alzare", "alza"),
    "ship": ("ship", "boat", "bateau", "navire", "nave", "barca"),
    "castle": ("castle", "castillo", "chateau", "castello"),
    "take_back": ("take back", "takeback", "reprendre", "reprends", "riprendere", "riprendi"),
    "move": ("move", "deplacer", "deplace", "sposta", "spostare"),
    "grande": ("grande",),
    "alcalde": ("alcalde",),
    "end_turn": ("end", "end turn", "end of turn", "pass", "fin", "fin du tour", "passe",
                 "fine", "fine turno", "fine del turno", "passo"),
}
STRONG = phrases({w: kind for kind, words in KEYWORDS.items() for w in words})
def _numbered(of: str, view: Mapping[str, Any] | None) -> dict[int, Any]:
    """A face-up tile by its number in the list the mail shows ("tile 2")."""
    if of != "tile":
        return {}
    return {i + 1: t["tile"] for i, t in enumerate((view or {}).get("face_up", []))}


def _read_label(of: str, value: Any, lang: str, view: Mapping[str, Any] | None) -> list[str]:
    """What a player may write for a face-up tile besides its number: its id ("t17"), and an
    all-sea or all-land tile by those words ("the sea tile", « la tuile de mer »). A terrain
    tile's cell a field offers ("x,y": where an Alcalde may go) by its name ("m14"): a value of
    the move then, as a place is in El Grande, so that a sentence that names it and nothing
    else the player may choose now ("The d10 region is closed now, so: alcalde d10 east.") is a
    remark read past, never the start of some move of its own."""
    if of == "cell" and isinstance(value, str) and "," in value:
        x, _, y = value.partition(",")
        cell = [int(x), int(y)]
        # A terrain tile's cell only (where an Alcalde goes): the cells of Caballero tiles stay
        # cells, so that "ship m14 south" where no ship may be bought now is never read as
        # taking back the ship of m14's south side.
        terrain = {tuple(t["at"]) for t in (view or {}).get("terrain", [])}
        return [coords.name(cell)] if tuple(cell) in terrain else []
    if of != "tile" or not isinstance(value, str) or value not in TILE:
        return []
    out = [value.lower()]
    edges = TILE[value].edges
    if edges == "SSSS":
        out += ["sea tile", "all sea", "all sea tile", "tuile de mer", "tuile mer",
                "toute en mer", "tuile toute en mer", "tessera di mare", "tessera mare",
                "tutta mare", "tutta di mare", "tessera tutta di mare"]
    if edges == "LLLL":
        out += ["land tile", "all land", "all land tile", "tuile de terre", "toute en terre",
                "tuile toute en terre", "tessera di terra", "tessera terra", "tutta terra",
                "tutta di terra", "tessera tutta di terra"]
    return out


def _cell(word: str) -> tuple[int, int] | None:
    cell = coords.parse(word)
    return (cell[0], cell[1]) if cell is not None else None


AUTO_WORDS = ("auto", "automatic", "automatique", "automatico")

VOCABULARY = Vocabulary(actions={
    **KEYWORDS,
    "power": (*KEYWORDS["power"], "play", "i play", "playing", "joue", "je joue", "jouer",
              "gioco", "gioca", "giocare", "card", "carte", "carta"),
    "reinforce": (*KEYWORDS["reinforce"], "i take my reinforcements", "take reinforcements",
                  "je prends mes renforts", "prendre mes renforts", "prends mes renforts",
                  "prendo i rinforzi", "prendo rinforzi"),
    "lay_tile": (*KEYWORDS["lay_tile"], "lay", "i lay", "je pose", "pose", "poser", "poso",
                 "posa", "posare", "metto la tessera"),
    "take_back": (*KEYWORDS["take_back"], "take my tile back", "take back my tile",
                  "je reprends", "riprendo", "riprendo la tessera", "je reprends ma tuile",
                  "reprendre ma tuile", "reprends ma tuile", "riprendo la mia tessera",
                  "take back my caballero tile"),
    "move_ship": ("move ship", "move the ship", "move my ship", "move a ship",
                  "deplacer bateau", "deplacer le bateau", "deplacer mon bateau",
                  "deplace le bateau", "je deplace le bateau", "deplacer navire",
                  "sposta nave", "sposta la nave", "sposto la nave", "spostare la nave",
                  "sposta barca", "sposta la barca"),
    "move_castle": ("move castle", "move the castle", "move my castle", "move castillo",
                    "move the castillo", "deplacer castillo", "deplacer le castillo",
                    "deplacer chateau", "deplacer le chateau", "je deplace le castillo",
                    "je deplace le chateau", "deplace le castillo", "deplace castillo",
                    "sposta castillo", "sposta il castillo", "sposta castello",
                    "sposta il castello", "sposto il castillo", "sposto il castello",
                    "spostare il castillo", "spostare il castello"),
    "raise": (*KEYWORDS["raise"], "augmente ma tuile", "j augmente ma tuile",
              "augmenter ma tuile", "j augmente", "raise my tile", "i raise my tile", "i raise",
              "raise my caballero tile", "alzo", "alzo la mia tessera", "alzo la tessera"),
    "ship": (*KEYWORDS["ship"], "buy a ship", "j achete un bateau", "compro una nave",
             "ships", "two ships", "bateaux", "deux bateaux", "navi", "due navi"),
    "castle": (*KEYWORDS["castle"], "castles", "castillos", "chateaux", "castelli",
               "a castle", "un castillo", "un castello", "un chateau"),
    "end_turn": (*KEYWORDS["end_turn"], "fin de mon tour", "end of my turn", "my turn is over",
                 "j ai fini", "ho finito", "fine del mio turno", "end my turn",
                 "je termine mon tour", "termine mon tour", "je finis mon tour",
                 "finisco il turno", "finisco il mio turno", "fine turno", "i m done",
                 "done", "that s my turn", "that s it for me", "c est fini pour moi",
                 "j ai termine", "ho finito il turno", "c est fini", "termine", "j ai fini",
                 "fini", "ho finito", "finito", "that s all", "all done", "i m finished",
                 "that s the end of my turn", "and that s the end of my turn", "that s the end",
                 "c est la fin de mon tour", "c est la fin du tour", "e la fine del mio turno",
                 "questo e tutto", "ce sera tout", "ce sera tout pour ce tour",
                 "c est tout pour ce tour", "that ll be all", "sara tutto", "e tutto")},
    names={"edge": {w: e for w, e in ((w, e) for e, ws in (
               ("n", ("north", "nord", "n")), ("e", ("east", "est", "e")),
               ("s", ("south", "sud", "s")), ("w", ("west", "ouest", "ovest", "w", "o"))
           ) for w in ws)},  # (a side's letter alone, as the help line's "n, e, s, w/o")
           "source": {"court": "court", "from court": "court", "cour": "court",
                      "de la cour": "court", "corte": "court", "dalla corte": "court"},
           "knight_side": {"side a": "a", "face a": "a", "lato a": "a", "side b": "b",
                           "face b": "b", "lato b": "b"},
           "flag": {"grande": True, "with grande": True, "avec grande": True,
                    "con grande": True, "with the grande": True, "avec le grande": True,
                    "con il grande": True}},
    label=_read_label, cell=_cell, numbered=_numbered,
    pieces={"caballero": 1, "cavaliere": 1, "knight": 1, "caballeros": 2, "cavalieri": 2,
            "knights": 2},
    # a tile laid as it is printed, in words: a rotation of 0
    number_phrases={text: 0 for text in (
        "no turn", "without turning", "without turning it", "not turned", "no rotation",
        "sans la tourner", "sans le tourner", "sans tourner", "sans rotation", "pas tournee",
        "senza ruotarla", "senza ruotarlo", "senza ruotare", "senza rotazione", "non ruotata")},
    defaults={"source": "supply", "flag": False},
    # The deadline's move ("End your turn now: your terrain tile is laid for you") only on its
    # own words, "end auto": a bare "end" with a tile due is refused.
    marked={"end_turn": {"lay": tuple(f"{end} {auto}" for end in KEYWORDS["end_turn"]
                                      for auto in AUTO_WORDS)},
            # The Alcalde only on its word ("alcalde m12", "alcalde m13 north"): a cell and a
            # side said without it are never one (its answers fix how they name the region).
            "alcalde": {"by": KEYWORDS["alcalde"]}})
FILLER = phrases({w: True for w in (*FILLER_WORDS, "at", "on", "en", "in", "a", "sur", "su",
                                    "cell", "case", "casella", "number", "numero", "no",
                                    "tile", "tuile", "tessera")})
LEXICON = Lexicon(keywords=STRONG, filler=phrases({w: True for w in FILLER_WORDS}))
TO = phrases({w: True for w in ("to", "towards", "vers", "a", "au", "in", "onto", "sur", "su",
                                "verso")})
SIDE = phrases({w: True for w in ("side", "face", "lato", "cote")})
COURT = phrases({w: True for w in ("court", "from court", "cour", "de la cour", "corte",
                                   "dalla corte")})

VERB: dict[str, tuple[str, str, str]] = {
    "power": ("power", "pouvoir", "potere"),
    "reinforce": ("reinforce", "renforts", "rinforzi"),
    "lay_tile": ("tile", "tuile", "tessera"),
    "lay_knight": ("knight", "caballero", "caballero"),
    "raise": ("raise", "augmenter", "alzare"),
    "ship": ("ship", "bateau", "nave"),
    "castle": ("castle", "castillo", "castillo"),
    "take_back": ("take back", "reprendre", "riprendere"),
    "move_ship": ("move ship", "déplacer bateau", "sposta nave"),
    "move_castle": ("move castle", "déplacer castillo", "sposta castillo"),
    "grande": ("grande", "grande", "grande"),
    "alcalde": ("alcalde", "alcalde", "alcalde"),
    "end_turn": ("end", "fin", "fine"),
}
WORD: dict[str, tuple[str, str, str]] = {
    "at": ("at", "en", "in"), "to": ("to", "vers", "a"), "turn": ("turn", "tourne", "ruota"),
    "side": ("side", "face", "lato"), "court": ("court", "cour", "corte"),
    "grande": ("grande", "grande", "grande"),
    "n": ("north", "nord", "nord"), "e": ("east", "est", "est"),
    "s": ("south", "sud", "sud"), "w": ("west", "ouest", "ovest"),
    "N": ("N", "N", "N"), "CELL": ("CELL", "CASE", "CASELLA"),
    "SIDE": ("SIDE", "CÔTÉ", "LATO"), "ROT": ("0/90/180/270",) * 3,
}
HELP: dict[str, tuple[str, str, str]] = {
    "power": ("play power card N ({caballeros})", "jouer la carte pouvoir N ({caballeros})",
              "giocare la carta potere N ({caballeros})"),
    "reinforce": ("take your reinforcements", "prendre vos renforts", "prendere i rinforzi"),
    "lay_tile": ("lay face-up tile N (1 to {count}) on a free cell, turned clockwise",
                 "poser la tuile visible N (1 à {count}) sur une case libre, tournée dans le sens "
                 "des aiguilles d'une montre",
                 "posare la tessera scoperta N (da 1 a {count}) su una casella libera, ruotata in "
                 "senso orario"),
    "lay_knight": ("lay a Caballero tile, side a (1-4) or b (5-8), add “grande” to bring your "
                   "Grande", "poser une tuile Caballeros, face a (1-4) ou b (5-8), ajoutez "
                   "« grande » pour y mettre votre Grande",
                   "posare una tessera Caballeros, lato a (1-4) o b (5-8), aggiungi «grande» "
                   "per portare il tuo Grande"),
    "lay_knight_basic": ("lay a Caballero tile, side a (1-4) or b (5-8)",
                         "poser une tuile Caballeros, face a (1-4) ou b (5-8)",
                         "posare una tessera Caballeros, lato a (1-4) o b (5-8)"),
    "raise": ("turn or flip one of your Caballero tiles to a higher number",
              "tourner ou retourner une de vos tuiles Caballeros vers un nombre plus haut",
              "ruotare o girare una tua tessera Caballeros verso un numero più alto"),
    "ship": ("a ship on a sea side of your tile (add “court” for one from your court)",
             "un bateau sur un côté mer de votre tuile (ajoutez « cour » pour un bateau de votre "
             "cour)", "una nave su un lato di mare della tua tessera (aggiungi «corte» per una "
             "nave della tua corte)"),
    "castle": ("build a Castillo on your tile", "construire un Castillo sur votre tuile",
               "costruire un Castillo sulla tua tessera"),
    "take_back": ("take your Caballero tile back (or, with a side, its ship)",
                  "reprendre votre tuile Caballeros (ou, avec un côté, son bateau)",
                  "riprendere la tua tessera Caballeros (o, con un lato, la sua nave)"),
    "move_ship": ("move one of your ships", "déplacer un de vos bateaux",
                  "spostare una tua nave"),
    "move_castle": ("move one of your Castillos", "déplacer un de vos Castillos",
                    "spostare un tuo Castillo"),
    "grande": ("put your Grande on your tile", "placer votre Grande sur votre tuile",
               "mettere il tuo Grande sulla tua tessera"),
    "alcalde": ("an Alcalde on a closed region: any terrain tile of it, with a side of that "
                "tile in it (the side may be left out when the tile lies in one closed region "
                "only)",
                "un Alcalde sur une région fermée : n'importe quelle tuile de terrain de la "
                "région, avec un côté de cette tuile dans la région (le côté peut être omis "
                "quand la tuile n'est que dans une région fermée)",
                "un Alcalde su una regione chiusa: una qualsiasi tessera di terreno della "
                "regione, con un lato di quella tessera nella regione (il lato si può omettere "
                "quando la tessera è in una sola regione chiusa)"),
    "end_turn": ("end your turn", "finir votre tour", "finire il tuo turno"),
    "end_auto": ("let the server lay a terrain tile for you, then end your turn",
                 "laisser le serveur poser une tuile de terrain pour vous, puis finir votre tour",
                 "lasciare che il server posi una tessera di terreno per te, poi finire il tuo "
                 "turno"),
}
ERRORS: dict[str, tuple[str, str, str]] = {
    "cell": ("“{near}”: a cell is a column letter and a row number, e.g. m14.",
             "« {near} » : une case est une lettre de colonne et un numéro de rangée, par "
             "exemple m14.",
             "«{near}»: una casella è una lettera di colonna e un numero di riga, per esempio "
             "m14."),
    "tile": ("“{near}”: which face-up tile? Write its number, 1 to {count}.",
             "« {near} » : quelle tuile visible ? Écrivez son numéro, de 1 à {count}.",
             "«{near}»: quale tessera scoperta? Scrivi il suo numero, da 1 a {count}."),
    "turn": ("“{near}”: a rotation is 0, 90, 180 or 270.",
             "« {near} » : une rotation vaut 0, 90, 180 ou 270.",
             "«{near}»: una rotazione è 0, 90, 180 o 270."),
    "side": ("“{near}”: a side is north, east, south or west.",
             "« {near} » : un côté est nord, est, sud ou ouest.",
             "«{near}»: un lato è nord, est, sud o ovest."),
    "knight_side": ("“{near}”: a Caballero tile shows side a (1-4) or b (5-8).",
                    "« {near} » : une tuile Caballeros montre la face a (1-4) ou b (5-8).",
                    "«{near}»: una tessera Caballeros mostra il lato a (1-4) o b (5-8)."),
    "power": ("“{near}”: which power card? Write its number.",
              "« {near} » : quelle carte pouvoir ? Écrivez son numéro.",
              "«{near}»: quale carta potere? Scrivi il suo numero."),
    "move": ("“{near}”: move what, a ship or a Castillo?",
             "« {near} » : déplacer quoi, un bateau ou un Castillo ?",
             "«{near}»: spostare cosa, una nave o un Castillo?"),
}


def pattern(kind: str, lang: str = "en") -> str:
    """A command as the help lines write it, its values in capitals ("castle CELL", « castillo
    CASE »): what a refusal shows when a command comes without the cell it needs."""
    i = language_index(supported(lang))
    w = {k: v[i] for k, v in WORD.items()}
    verb, cell, side, rot = VERB.get(kind, (kind,) * 3)[i], w["CELL"], w["SIDE"], w["ROT"]
    return {
        "lay_tile": f"{verb} N {w['at']} {cell} {w['turn']} {rot}",
        "lay_knight": f"{verb} {cell} {w['side']} a/b {w['turn']} {rot}",
        "raise": f"{verb} {cell} {w['side']} a/b {w['turn']} {rot}",
        "ship": f"{verb} {cell} {side} [{w['court']}]",
        "take_back": f"{verb} {cell} [{side}]",
        "move_ship": f"{verb} {cell} {side} {w['to']} {cell} {side}",
        "move_castle": f"{verb} {cell} {w['to']} {cell}",
        "alcalde": f"{verb} {cell} [{side}]",
    }.get(kind, f"{verb} {cell}")


def _t(table: Mapping[str, tuple[str, str, str]], key: str, lang: str, **params: Any) -> str:
    return table[key][language_index(supported(lang))].format(**params)


class ElCaballeroLanguage:
    """The `language` facet of El Caballero's module."""

    def __init__(self, module: Any) -> None:
        self.module = module

    @property
    def vocabulary(self) -> Vocabulary:
        """El Caballero's words for the form-driven reader (`domain/core/reader.py`): power cards,
        face-up tiles (by number, id, "the sea tile"), cells and rotations, sides and sources,
        and the answers without a field."""
        return VOCABULARY

    def parse(self, text: str, session: Session) -> Parsed:
        return reader.parse(text, session, VOCABULARY, self.help_lines)

    def format(self, command: Mapping[str, Any], lang: str = "en", *,
               decision: Decision | None = None, names: Sequence[str] = ()) -> str:
        kind = str(command["type"])
        w = {k: v[language_index(supported(lang))] for k, v in WORD.items()}
        verb = VERB.get(kind, (kind,) * 3)[language_index(supported(lang))]

        def cell(raw: Any) -> str:
            if isinstance(raw, Mapping):
                raw = [raw["x"], raw["y"]]
            if isinstance(raw, str) and "," in raw:
                raw = [int(v) for v in raw.split(",")]
            return coords.name(raw)

        def turn_of(at: Any, turn: Any) -> int:
            if isinstance(at, Mapping) and turn is None:
                return int(at.get("rotation") or 0)
            return int(turn or 0)

        def edge(raw: Any) -> str:
            return w["nesw"[raw] if isinstance(raw, int) else str(raw)[0].lower()]

        if kind == "power":
            return f"{verb} {command['card']}"
        if kind == "end_turn" and command.get("lay"):
            return f"{verb} auto"
        if kind in ("reinforce", "end_turn"):
            return verb
        if kind == "lay_tile":
            tile = command["tile"]
            faces = [f["tile"] for f in (decision.constraint or {}).get("face_up", [])] \
                if decision is not None else []
            if isinstance(tile, int):
                number = str(tile + 1)
            elif tile in faces:
                number = str(faces.index(tile) + 1)
            elif tile in TILE:  # the face-up list is gone (an echo once played): say it in words
                from domain.elcaballero.texts import tile_words

                number = f"({tile_words(tile, lang)})"
            else:
                number = str(tile)
            turn = turn_of(command["at"], command.get("turn"))
            return f"{verb} {number} {w['at']} {cell(command['at'])} {w['turn']} {turn}"
        if kind in ("lay_knight", "raise"):
            turn = turn_of(command["at"], command.get("turn"))
            text = (f"{verb} {cell(command['at'])} {w['side']} {command.get('side') or 'a'} "
                    f"{w['turn']} {turn}")
            return text + (f" {w['grande']}" if command.get("grande") else "")
        if kind == "ship":
            text = f"{verb} {cell(command['at'])} {edge(command['edge'])}"
            return text + (f" {w['court']}" if command.get("from") == "court" else "")
        if kind in ("castle", "grande"):
            return f"{verb} {cell(command['at'])}"
        if kind == "alcalde":  # (the tile alone, without a side: its one closed region)
            text = f"{verb} {cell(command['at'])}"
            return text + (f" {edge(command['edge'])}" if command.get("edge") is not None
                           else "")
        if kind == "take_back":
            text = f"{verb} {cell(command['at'])}"
            return text + (f" {edge(command['edge'])}" if command.get("edge") is not None else "")
        if kind == "move_ship":
            return (f"{verb} {cell(command['from'])} {edge(command['from_edge'])} {w['to']} "
                    f"{cell(command['to'])} {edge(command['to_edge'])}")
        if kind == "move_castle":
            return f"{verb} {cell(command['from'])} {w['to']} {cell(command['to'])}"
        return kind  # pragma: no cover - every command type is written above

    def help_lines(self, decision: Decision | None, view: Mapping[str, Any] | None = None,
                   lang: str = "en") -> list[str]:
        if decision is None or decision.seat is None:
            return []
        i = language_index(supported(lang))
        w = {k: v[i] for k, v in WORD.items()}

        def line(kind: str, pattern: str, help_key: str | None = None, **params: Any) -> str:
            return f"{pattern} — {_t(HELP, help_key or kind, lang, **params)}"

        if decision.kind == "power_card":
            from domain.elcaballero.texts import caballeros

            return [line("power", f"{VERB['power'][i]} {o['card']}",
                         caballeros=caballeros(decision.info["caballeros"][str(o['card'])],
                                               lang)).replace(" N ", f" {o['card']} ", 1)
                    for o in decision.options or []]
        c = decision.constraint or {}
        cell, side = w["CELL"], w["SIDE"]
        out = []
        if c.get("lay_tile"):
            out.append(line("lay_tile", f"{VERB['lay_tile'][i]} N {w['at']} {cell} {w['turn']} "
                                        f"{w['ROT']}", count=len(c.get("face_up", []))))
        if c.get("reinforce") is not None:
            out.append(line("reinforce", VERB["reinforce"][i]))
        if c.get("lay_knight"):
            extra = f" [{w['grande']}]" if "grande" in c else ""
            out.append(line("lay_knight", f"{VERB['lay_knight'][i]} {cell} {w['side']} a/b "
                                          f"{w['turn']} {w['ROT']}{extra}",
                            None if extra else "lay_knight_basic"))
        if c.get("raise"):
            out.append(line("raise", f"{VERB['raise'][i]} {cell} {w['side']} a/b {w['turn']} "
                                     f"{w['ROT']}"))
        ship = c.get("ship") or {}
        if ship.get("sides"):
            out.append(line("ship", f"{VERB['ship'][i]} {cell} {side} [{w['court']}]"))
        if (c.get("castle") or {}).get("tiles"):
            out.append(line("castle", f"{VERB['castle'][i]} {cell}"))
        if c.get("own_tiles"):
            out.append(line("take_back", f"{VERB['take_back'][i]} {cell} [{side}]"))
            own = [k for k in (view or {}).get("knights", []) if k["seat"] == decision.seat]
            if view is None or (len(own) > 1 and any(k["ships"] for k in own)):
                out.append(line("move_ship", f"{VERB['move_ship'][i]} {cell} {side} {w['to']} "
                                             f"{cell} {side}"))
            if view is None or (len(own) > 1 and any(k["castillo"] for k in own)):
                out.append(line("move_castle", f"{VERB['move_castle'][i]} {cell} {w['to']} "
                                               f"{cell}"))
        if "grande" in c and c.get("own_tiles"):
            out.append(line("grande", f"{VERB['grande'][i]} {cell}"))
        if (c.get("alcalde") or {}).get("regions"):
            out.append(line("alcalde", f"{VERB['alcalde'][i]} {cell} [{side}]"))
        if c.get("end_turn"):
            out.append(line("end_turn", VERB["end_turn"][i]))
        elif c.get("lay_tile"):  # "end auto" is the mail's example while the tile is still due
            out.append(line("end_auto", f"{VERB['end_turn'][i]} auto"))
        return out

    def example(self, state: Any, decision: Decision, lang: str = "en",
                names: Sequence[str] = ()) -> str:
        return self.format(example_command(self.module, state, decision), lang,
                           decision=decision, names=names)
