"""The texts of El Caballero's message keys in English, French and Italian, and their renderer.

The one place where the log's sentences live: email, web and API render `describe`'s messages
through `render`. Counts are rendered with their noun and the language's own plural rule (French
says "0 bateau", English "0 ships"), so a sentence never shows "Caballero(s)".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core.game import Message
from domain.core.i18n import LANGUAGES, Count, Name
from domain.elcaballero.coords import name as cell_name
from domain.elcaballero.data import COLOURS, TILE

TEXTS: dict[str, tuple[str, str, str]] = {
    "game.created": ("A game of El Caballero for {players} players begins.",
                     "Une partie d'El Caballero à {players} joueurs commence.",
                     "Inizia una partita di El Caballero per {players} giocatori."),
    "game.created_advanced": (
        "A game of El Caballero for {players} players begins, with the advanced rules.",
        "Une partie d'El Caballero à {players} joueurs commence, avec les règles avancées.",
        "Inizia una partita di El Caballero per {players} giocatori, con le regole avanzate."),
    "setup.start": ("The start tile, at m13: {tile}.",
                    "La tuile de départ, en m13 : {tile}.",
                    "La tessera di partenza, in m13: {tile}."),
    "setup.face_up": ("Face-up tiles: {tiles}.", "Tuiles face visible : {tiles}.",
                      "Tessere scoperte: {tiles}."),
    "setup.first_player": ("{seat} plays the first power card.",
                           "{seat} joue la première carte pouvoir.",
                           "{seat} gioca la prima carta potere."),
    "round.started": ("Round {round} begins.", "Le tour {round} commence.",
                      "Inizia il round {round}."),
    "power.played": ("{seat} plays power card {card} ({caballeros}).",
                     "{seat} joue la carte pouvoir {card} ({caballeros}).",
                     "{seat} gioca la carta potere {card} ({caballeros})."),
    "power.forced": ("{seat} plays power card {card} ({caballeros}), the only one left.",
                     "{seat} joue la carte pouvoir {card} ({caballeros}), la seule qui reste.",
                     "{seat} gioca la carta potere {card} ({caballeros}), l'unica rimasta."),
    "reinforced": ("{seat} brings {caballeros} to court.",
                   "{seat} amène {caballeros} à sa cour.",
                   "{seat} porta {caballeros} alla sua corte."),
    "court.capped": ("{player}'s court is over its limit (8 per Caballero tile off the board): "
                     "{caballeros} lost.",
                     "La cour {player:de} dépasse sa limite (8 par tuile Caballeros hors du jeu) : "
                     "perte de {caballeros}.",
                     "La corte di {player} supera il limite (8 per tessera Caballeros fuori "
                     "gioco): perdita di {caballeros}."),
    "tile.laid": ("{seat} lays a tile at {at} (turned {turn}°): {tile}.",
                  "{seat} pose une tuile en {at} (tournée de {turn}°) : {tile}.",
                  "{seat} posa una tessera in {at} (ruotata di {turn}°): {tile}."),
    "tile.laid_fallback": (
        "No face-up tile fits next to the terrain, so {seat} lays a tile next to a Caballero "
        "tile, at {at} (turned {turn}°): {tile}.",
        "Aucune tuile visible ne peut toucher le terrain, donc {seat} pose une tuile à côté "
        "d'une tuile Caballeros, en {at} (tournée de {turn}°) : {tile}.",
        "Nessuna tessera scoperta si adatta al terreno, quindi {seat} posa una tessera accanto "
        "a una tessera Caballeros, in {at} (ruotata di {turn}°): {tile}."),
    "knight.gained": ("Land now touches {player}'s Caballero tile at {at}: {caballeros} there, "
                      "free.",
                      "La terre touche maintenant la tuile Caballeros {player:de} en {at} : "
                      "{caballeros} gratuitement.",
                      "La terra ora tocca la tessera Caballeros di {player} in {at}: "
                      "{caballeros} gratis."),
    "knight.returned_lost": (
        "{player}'s Caballero tile at {at} goes back to the reserve (lost: {caballeros}, "
        "{ships}).",
        "La tuile Caballeros {player:de} en {at} retourne dans la réserve (pertes : {caballeros}, "
        "{ships}).",
        "La tessera Caballeros di {player} in {at} torna nella riserva (perdite: {caballeros}, "
        "{ships})."),
    "knight.returned_ships": (
        "{player}'s Caballero tile at {at} goes back to the reserve (lost: {caballeros}; back to "
        "court: {ships}).",
        "La tuile Caballeros {player:de} en {at} retourne dans la réserve (pertes : {caballeros} ; "
        "retour à la cour : {ships}).",
        "La tessera Caballeros di {player} in {at} torna nella riserva (perdite: {caballeros}; di "
        "nuovo a corte: {ships})."),
    "knight.returned_saved": (
        "{player}'s Caballero tile at {at} goes back to the reserve; its Castillo is lost but "
        "saves {caballeros} and {ships}, back to court.",
        "La tuile Caballeros {player:de} en {at} retourne dans la réserve ; son Castillo est "
        "perdu mais {caballeros} et {ships} reviennent à la cour.",
        "La tessera Caballeros di {player} in {at} torna nella riserva; il suo Castillo è perso, "
        "ma {caballeros} e {ships} tornano a corte."),
    "knight.laid": ("{seat} lays a Caballero tile at {at}: {caballeros} in the region, for {cost}.",
                    "{seat} pose une tuile Caballeros en {at} : {caballeros} dans la région, pour "
                    "{cost}.",
                    "{seat} posa una tessera Caballeros in {at}: {caballeros} nella regione, per "
                    "{cost}."),
    "knight.laid_sea": ("{seat} lays a Caballero tile at {at}, touching only sea, for {cost}.",
                        "{seat} pose une tuile Caballeros en {at}, qui ne touche que la mer, pour "
                        "{cost}.",
                        "{seat} posa una tessera Caballeros in {at}, che tocca solo il mare, per "
                        "{cost}."),
    "knight.laid_grande": ("{seat} lays a Caballero tile with the Grande at {at}: {caballeros} "
                           "in all, for {cost}.",
                           "{seat} pose une tuile Caballeros avec le Grande en {at} : "
                           "{caballeros} en tout, pour {cost}.",
                           "{seat} posa una tessera Caballeros con il Grande in {at}: "
                           "{caballeros} in tutto, per {cost}."),
    "knight.raised": ("{seat} raises the tile at {at} from {was} to {caballeros}, for {cost}.",
                      "{seat} fait passer la tuile en {at} de {was} à {caballeros}, pour {cost}.",
                      "{seat} porta la tessera in {at} da {was} a {caballeros}, per {cost}."),
    "knight.taken_back": ("{seat} takes back the Caballero tile at {at}.",
                          "{seat} reprend la tuile Caballeros en {at}.",
                          "{seat} riprende la tessera Caballeros in {at}."),
    "grande.to_court": ("{player}'s Grande goes back to court.",
                        "Le Grande {player:de} retourne à la cour.",
                        "Il Grande di {player} torna a corte."),
    "ship.bought": ("{seat} buys a ship for {cost} and puts it on the {edge} side of {at}.",
                    "{seat} achète un bateau pour {cost} et le place côté {edge} de {at}.",
                    "{seat} compra una nave per {cost} e la mette sul lato {edge} di {at}."),
    "ship.from_court": ("{seat} puts a ship from court on the {edge} side of {at}, for {cost}.",
                        "{seat} replace un bateau de sa cour côté {edge} de {at}, pour {cost}.",
                        "{seat} rimette una nave dalla corte sul lato {edge} di {at}, per {cost}."),
    "ship.taken_back": ("{seat} takes the ship on the {edge} side of {at} back to court.",
                        "{seat} ramène à sa cour le bateau côté {edge} de {at}.",
                        "{seat} riporta a corte la nave sul lato {edge} di {at}."),
    "ship.moved": ("{seat} moves a ship from {from} to {to}, for {cost}.",
                   "{seat} déplace un bateau de {from} à {to}, pour {cost}.",
                   "{seat} sposta una nave da {from} a {to}, per {cost}."),
    "castillo.built": ("{seat} builds a Castillo on the tile at {at}, for {cost}.",
                       "{seat} construit un Castillo sur la tuile en {at}, pour {cost}.",
                       "{seat} costruisce un Castillo sulla tessera in {at}, per {cost}."),
    "castillo.moved": ("{seat} moves a Castillo from {from} to {to}, for {cost}.",
                       "{seat} déplace un Castillo de {from} à {to}, pour {cost}.",
                       "{seat} sposta un Castillo da {from} a {to}, per {cost}."),
    "grande.placed": ("{seat} puts the Grande on the tile at {at}, for {cost}.",
                      "{seat} place le Grande sur la tuile en {at}, pour {cost}.",
                      "{seat} mette il Grande sulla tessera in {at}, per {cost}."),
    "grande.moved": ("{seat} moves the Grande from {from} to {at}, for {cost}.",
                     "{seat} déplace le Grande de {from} à {at}, pour {cost}.",
                     "{seat} sposta il Grande da {from} a {at}, per {cost}."),
    "alcalde.back": (
        "{player}'s Alcalde at {at} goes back to their supply: the new tile joins its region to "
        "one whose Alcalde was placed first.",
        "L'Alcalde {player:de} en {at} retourne dans sa réserve : la nouvelle tuile joint sa "
        "région à une autre dont l'Alcalde a été placé avant.",
        "L'Alcalde di {player} in {at} torna nella sua riserva: la nuova tessera unisce la sua "
        "regione a un'altra il cui Alcalde è stato piazzato prima."),
    "alcalde.land": ("{seat} puts an Alcalde on the closed land region at {at}, for {cost}.",
                     "{seat} place un Alcalde sur la région de terre fermée en {at}, pour {cost}.",
                     "{seat} mette un Alcalde sulla regione di terra chiusa in {at}, per {cost}."),
    "alcalde.sea": ("{seat} puts an Alcalde on the closed sea at {at}, for {cost}.",
                    "{seat} place un Alcalde sur la mer fermée en {at}, pour {cost}.",
                    "{seat} mette un Alcalde sul mare chiuso in {at}, per {cost}."),
    "turn.ended": ("{seat}'s turn ends.", "Le tour {seat:de} se termine.",
                   "Il turno di {seat} finisce."),
    "round.ended": ("Round {round} ends.", "Le tour {round} se termine.",
                    "Il round {round} finisce."),
    "tiles.refilled": ("New face-up tiles: {tiles}.", "Nouvelles tuiles face visible : {tiles}.",
                       "Nuove tessere scoperte: {tiles}."),
    "scoring.started": ("Scoring {number}, after round {round}.",
                        "Décompte {number}, après le tour {round}.",
                        "Valutazione {number}, dopo il round {round}."),
    "scoring.land": ("Land region at {at} ({tiles}, worth {value}): {points}.",
                     "Région de terre en {at} ({tiles}, valeur {value}) : "
                     "{points}.",
                     "Regione di terra in {at} ({tiles}, valore {value}): "
                     "{points}."),
    "scoring.sea": ("Sea region at {at} ({tiles}, worth {value} per ship): "
                    "{points}.",
                    "Région de mer en {at} ({tiles}, valeur {value} par bateau) : "
                    "{points}.",
                    "Regione di mare in {at} ({tiles}, valore {value} per nave): "
                    "{points}."),
    "scoring.total": ("This scoring: {points}.", "Ce décompte : {points}.",
                      "Questa valutazione: {points}."),
    # Moves, not the log's internal event numbers, nor the undo's internal reason word.
    "undo.done": ("The game goes back to an earlier move.",
                  "La partie revient à un coup antérieur.",
                  "La partita torna a una mossa precedente."),
    "game.ended": ("The game is over: {ranking}.", "La partie est terminée : {ranking}.",
                   "La partita è finita: {ranking}."),
}
"""Message key (without the `elcaballero.` prefix) → (en, fr, it)."""

COLOUR_NAMES = {"yellow": ("yellow", "jaune", "giallo"), "red": ("red", "rouge", "rosso"),
                "blue": ("blue", "bleu", "blu"), "green": ("green", "vert", "verde")}
"""A seat's colour, the name of a player when no names are given (a game not yet seated)."""

SIDE_NAMES = {"en": ("north", "east", "south", "west"), "fr": ("nord", "est", "sud", "ouest"),
              "it": ("nord", "est", "sud", "ovest")}
NOUNS = {  # (singular, plural) per language
    "caballeros": {"en": ("Caballero", "Caballeros"), "fr": ("Caballero", "Caballeros"),
                   "it": ("Caballero", "Caballeros")},
    "ships": {"en": ("ship", "ships"), "fr": ("bateau", "bateaux"), "it": ("nave", "navi")},
    "tiles": {"en": ("tile", "tiles"), "fr": ("tuile", "tuiles"), "it": ("tessera", "tessere")},
}
SEAT_KEYS = {"seat", "player"}
CELL_KEYS = {"at", "from", "to"}
PREFIX = "elcaballero."


def counted(n: int, noun: str, lang: str) -> str:
    """`n` with its noun: French takes the singular for 0 and 1, English and Italian for 1 only."""
    one, many = NOUNS[noun][lang]
    return format(Count(n, lang), f"# {one}|# {many}")


def seat_name(seat: int, names: Sequence[str], lang: str = "en") -> Name:
    """A seat as its player's name, or its colour before the game is seated; a `Name`, so that
    every text may elide it (« {seat:de} » → « d'Ann »): the log, the boards, the refusals."""
    if 0 <= seat < len(names):
        return Name(names[seat])
    if 0 <= seat < len(COLOURS):
        return Name(COLOUR_NAMES[COLOURS[seat]][LANGUAGES.index(lang if lang in LANGUAGES
                                                                 else "en")])
    return Name(str(seat))


def render(message: Message, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """One sentence in `lang`; `names` gives a display name per seat (default "seat N")."""
    lang = lang if lang in LANGUAGES else "en"

    def player(seat: Any) -> Name:
        return seat_name(int(seat), names or (), lang)

    def tile(name: str) -> str:
        """A terrain tile in words, as it lies once laid when the message gives its turn: the
        engine's tile ids never reach a player."""
        from domain.elcaballero.geometry import rotated_edges
        from domain.elcaballero.texts import tile_words

        if name not in TILE:
            return name
        turn = message.params.get("turn")
        edges = rotated_edges(TILE[name], int(turn)) if isinstance(turn, int) else None
        return tile_words(name, lang, edges)

    def show(key: str, value: Any) -> str:
        if key in SEAT_KEYS and value is not None:
            return player(value)
        if key in CELL_KEYS and isinstance(value, list | tuple):
            return cell_name(value)
        if key == "edge":
            return SIDE_NAMES[lang][int(value)]
        if key in ("caballeros", "cost"):
            return counted(int(value), "caballeros", lang)
        if key == "ships":
            return counted(int(value), "ships", lang)
        if key == "tile" and isinstance(value, str):
            return tile(value)
        if key == "tiles" and isinstance(value, int):  # "(1 tile, worth 3)", never "(1 tiles"
            return counted(value, "tiles", lang)
        if key == "tiles" and isinstance(value, list | tuple):
            return (" ; " if lang == "fr" else "; ").join(tile(t) for t in value) or "—"
        if key == "points" and isinstance(value, Mapping):
            return ", ".join(f"{player(s)} +{p}" for s, p in value.items()) or "—"
        if key == "ranking":
            return ", ".join(f"{r['rank']}. {player(r['seat'])} ({r['score']})" for r in value)
        return str(value)

    key = message.key[len(PREFIX):] if message.key.startswith(PREFIX) else message.key
    template = TEXTS[key][LANGUAGES.index(lang)]
    return template.format(**{k: show(k, v) for k, v in message.params.items()})
