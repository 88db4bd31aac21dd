"""The texts of El Grande's message keys, in English, French and Italian, and their renderer.

The one place where the log's sentences live: email, web and API all render `describe`'s messages
through `render`, and the refusals (`texts.py`) show their places, cards and seats the same way
(`show`). Place names come from `data.REGIONS`; what a sentence needs beyond a name is here, so
that no sentence glues a preposition to an article: a place is shown by form — `{to:to}` gives
"au Castillo", "alla corte", "aux provinces", `{from:from}` "du Castillo", "dalla corte" — and a
count agrees with its noun (`{count:# Caballero|# Caballeros}`, see `domain/core/i18n.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core.game import Message
from domain.core.i18n import LANGUAGES, Catalogue, Count, Name, Word, language_index, seat_name
from domain.elgrande.data import ACTION_CARDS, CASTILLO, CASTILLO_NAMES, REGIONS

TEXTS: dict[str, tuple[str, str, str]] = {
    "game.created": ("A game of El Grande for {players} players begins.",
                     "Une partie d'El Grande à {players} joueurs commence.",
                     "Inizia una partita di El Grande per {players} giocatori."),
    "setup.king": ("The King starts {region:in}.", "Le Roi commence {region:in}.",
                   "Il Re inizia {region:in}."),
    "setup.home": ("{seat}'s Grande stands {region:in}.", "Le Grande {seat:de} est {region:in}.",
                   "Il Grande di {seat} è {region:in}."),
    "setup.first_player": ("{seat} plays first.", "{seat} joue en premier.",
                           "Il primo a giocare è {seat}."),
    "round.started": ("Round {round} begins; the action cards are {cards}.",
                      "La manche {round} commence ; les cartes action sont {cards}.",
                      "Inizia il round {round}; le carte azione sono {cards}."),
    "power.played": ("{seat} plays power card {card}.", "{seat} joue la carte pouvoir {card}.",
                     "{seat} gioca la carta potere {card}."),
    "court.taken": ("{seat} brings {count:# Caballero|# Caballeros} to court.",
                    "{seat} amène {count:# Caballero|# Caballeros} à la cour.",
                    "{seat} porta {count:# Caballero|# Caballeros} a corte."),
    "court.taken_from_regions": ("{seat} takes some of them from the board: {regions}.",
                                 "{seat} en prend sur le plateau : {regions}.",
                                 "{seat} ne prende dal tabellone: {regions}."),
    "card.chosen": ("{seat} takes the card “{card}”.", "{seat} prend la carte « {card} ».",
                    "{seat} prende la carta «{card}»."),
    "caballeros.placed": ("{seat} places Caballeros: {places}.",
                          "{seat} place des Caballeros : {places}.",
                          "{seat} piazza Caballeros: {places}."),
    "caballeros.placed_none": ("{seat} places no Caballero.", "{seat} ne place aucun Caballero.",
                               "{seat} non piazza nessun Caballero."),
    "special.declared": ("{seat} announces “{card}”{params}.", "{seat} annonce « {card} »{params}.",
                         "{seat} annuncia «{card}»{params}."),
    "special.declined": ("{seat} does not use the action of “{card}”.",
                         "{seat} n'utilise pas l'action « {card} ».",
                         "{seat} non usa l'azione di «{card}»."),
    "veto.allowed": ("{seat} lets it happen.", "{seat} laisse faire.", "{seat} lascia fare."),
    "veto.used": ("{seat} vetoes {against}'s “{card}” ({steps}).",
                  "{seat} oppose son veto à « {card} » {against:de} ({steps}).",
                  "{seat} pone il veto su «{card}» di {against} ({steps})."),
    "kings_return.started": ("{seats}: each returns 3 Caballeros, in turn.",
                             "{seats} : chacun renvoie 3 Caballeros, à tour de rôle.",
                             "{seats}: ognuno rimanda 3 Caballeros, a turno."),
    "caballeros.moved": ("{count} of {seat}'s Caballeros {count:goes|go} {from:from} {to:to}.",
                         "{count:# Caballero|# Caballeros} {seat:de} {count:va|vont} {from:from} "
                         "{to:to}.",
                         "{count:# Caballero|# Caballeros} di {seat} {count:va|vanno} {from:from} "
                         "{to:to}."),
    "king.moved": ("The King moves {from:from} {to:to}.", "Le Roi va {from:from} {to:to}.",
                   "Il Re si sposta {from:from} {to:to}."),
    "grande.moved": ("{seat}'s Grande moves {from:from} {to:to}.",
                     "Le Grande {seat:de} va {from:from} {to:to}.",
                     "Il Grande di {seat} si sposta {from:from} {to:to}."),
    "scoreboard.moved": ("The {board} scoreboard moves {from:from} {to:to}.",
                         "Le tableau {board} va {from:from} {to:to}.",
                         "Il segnapunti {board} si sposta {from:from} {to:to}."),
    "scoreboard.placed": ("The {board} scoreboard is put {to:in}.",
                          "Le tableau {board} est posé {to:in}.",
                          "Il segnapunti {board} viene messo {to:in}."),
    "power.returned": ("{seat} takes power card {card} back.", "{seat} reprend la carte pouvoir {card}.",
                       "{seat} riprende la carta potere {card}."),
    "power.returned_hidden": ("{seat} takes back a power card from under the pile.",
                              "{seat} reprend une carte pouvoir sous la pile.",
                              "{seat} riprende una carta potere da sotto la pila."),
    "place.scored": ("{place:the} is scored: {points}.", "Décompte {place:of} : {points}.",
                     "Valutazione {place:of}: {points}."),
    "bonus.king": ("{seat} gets the King's bonus of {points:# point|# points} {place:in}.",
                   "{seat} reçoit le bonus du Roi de {points:# point|# points} {place:in}.",
                   "{seat} riceve il bonus del Re di {points:# punto|# punti} {place:in}."),
    "bonus.home": ("{seat} gets the home bonus of {points:# point|# points} {place:in}.",
                   "{seat} reçoit le bonus du Grande de {points:# point|# points} {place:in}.",
                   "{seat} riceve il bonus del Grande di {points:# punto|# punti} {place:in}."),
    "secret.opened": ("Secret choice for {seats}: {kind}.", "Choix secret pour {seats} : {kind}.",
                      "Scelta segreta per {seats}: {kind}."),
    "secret.submitted": ("{seat} has made their secret choice.", "{seat} a fait son choix secret.",
                         "{seat} ha fatto la sua scelta segreta."),
    "secret.submitted_own": ("You chose {choice:the} in secret.",
                             "Vous avez choisi {choice:the} en secret.",
                             "Hai scelto {choice:the} in segreto."),
    "secret.revealed": ("{seat} had chosen {choice:the}.", "{seat} avait choisi {choice:the}.",
                        "{seat} aveva scelto {choice:the}."),
    "turn.ended": ("{seat}'s turn ends.", "Le tour {seat:de} se termine.",
                   "Il turno di {seat} finisce."),
    "round.ended": ("Round {round} ends.", "La manche {round} se termine.", "Il round {round} finisce."),
    "scoring.started": ("General scoring {number}: everyone secretly sets their disc.",
                        "Décompte général {number} : chacun règle son disque en secret.",
                        "Valutazione generale {number}: ognuno imposta in segreto il suo disco."),
    "scoring.ended": ("General scoring {number} is over.", "Le décompte général {number} est terminé.",
                      "La valutazione generale {number} è finita."),
    "disc.king_region": (
        "Choosing {king:the}, the King's region, sends your Castillo Caballeros back to your court.",
        "Choisir {king:the}, la région du Roi, renvoie vos Caballeros du Castillo à votre cour.",
        "Scegliere {king:the}, la regione del Re, rimanda i tuoi Caballeros del Castillo a corte.",
    ),
    # A player reads moves, not the log's internal event numbers ("l'evento 162 è annullato").
    "undo.done": ("{by} takes back their last move.", "{by} reprend son dernier coup.",
                  "{by} ritira la sua ultima mossa."),
    "undo.done.one": ("{by} takes back their last move.", "{by} reprend son dernier coup.",
                      "{by} ritira la sua ultima mossa."),
    "undo.consent": ("With everyone's consent, the game goes back to an earlier move.",
                     "Avec l'accord de tous, la partie revient à un coup antérieur.",
                     "Con il consenso di tutti, la partita torna a una mossa precedente."),
    "undo.consent.one": ("With everyone's consent, the game goes back to an earlier move.",
                         "Avec l'accord de tous, la partie revient à un coup antérieur.",
                         "Con il consenso di tutti, la partita torna a una mossa precedente."),
    "setup.given_stack": ("the order of the face-down cards of stack {stacks}",
                          "l'ordre des cartes face cachée de la pile {stacks}",
                          "l'ordine delle carte coperte del mazzo {stacks}"),
    "setup.given_stacks": ("the order of the face-down cards of stacks {stacks}",
                           "l'ordre des cartes face cachée des piles {stacks}",
                           "l'ordine delle carte coperte dei mazzi {stacks}"),
    "game.ended": ("The game is over: {ranking}.", "La partie est terminée : {ranking}.",
                   "La partita è finita: {ranking}."),
}

# The words the sentences put together (lists, a declared action's parameters, a Veto's parts).
WORDS: dict[str, tuple[str, str, str]] = {
    "and": ("and", "et", "e"),
    "nobody_scores": ("nobody scores", "personne ne marque", "nessuno segna"),
    "part": ("part {n}", "partie {n}", "parte {n}"),
    "parts": ("parts {list}", "parties {list}", "parti {list}"),
    "whole": ("the whole action", "toute l'action", "tutta l'azione"),
    "moved": ("{count} of {seat}'s Caballeros {from:from} {to:to}",
              "{count:# Caballero|# Caballeros} {seat:de} {from:from} {to:to}",
              "{count:# Caballero|# Caballeros} di {seat} {from:from} {to:to}"),
    "moved_own": ("{count} of their own {from:from} {to:to}", "{count} des siens {from:from} {to:to}",
                  "{count} dei suoi {from:from} {to:to}"),
    "all_from": ("{count:their one Caballero|all # of theirs} {from:from}: {to}",
                 "{count:son Caballero|ses # Caballeros} {from:from} : {to}",
                 "{count:il suo Caballero|tutti i suoi # Caballeros} {from:from}: {to}"),
    "then": ("; ", " ; ", "; "),
    "stay": ("{count:# stays|# stay}", "{count:# reste|# restent}", "{count:# resta|# restano}"),
    "from_court": ("from their court: {places}", "de sa cour : {places}",
                   "dalla sua corte: {places}"),
    "affecting": ("for {seats}", "pour {seats}", "per {seats}"),
    "one_of": ("one of {seat}'s {from:from}", "un {seat:de} {from:from}", "uno di {seat} {from:from}"),
    "to_place": ("{to:to}", "{to:to}", "{to:to}"),
    "places": ("{places}", "{places}", "{places}"),
    "no_region": ("no region", "aucune région", "nessuna regione"),
    "board_to": ("the {board} scoreboard {to:to}", "le tableau {board} {to:to}",
                 "il segnapunti {board} {to:to}"),
    "power_card": ("power card {card}", "la carte pouvoir {card}", "la carta potere {card}"),
    "power_card_hidden": ("a power card", "une carte pouvoir", "una carta potere"),
    "to_court": ("{count:# Caballero|# Caballeros} to court",
                 "{count:# Caballero|# Caballeros} à la cour",
                 "{count:# Caballero|# Caballeros} a corte"),
    "evict": ("{region:the}, for {seats}", "{region:the}, pour {seats}", "{region:the}, per {seats}"),
    "evict_nobody": ("{region:the}", "{region:the}", "{region:the}"),
    "every_player": ("every player chooses in secret", "chacun choisit en secret",
                     "ognuno sceglie in segreto"),
}

# --- places ---------------------------------------------------------------------------------------

PLACE_FORMS: dict[str, tuple[tuple[str, str, str, str, str], ...]] = {
    # place → per language (the, in, from, to, of); English regions are made from their names.
    "galicia": (("la Galice", "en Galice", "de Galice", "en Galice", "de la Galice"),
                ("la Galizia", "in Galizia", "dalla Galizia", "in Galizia", "della Galizia")),
    "pais_vasco": (("le Pays basque", "au Pays basque", "du Pays basque", "au Pays basque",
                    "du Pays basque"),
                   ("i Paesi Baschi", "nei Paesi Baschi", "dai Paesi Baschi", "nei Paesi Baschi",
                    "dei Paesi Baschi")),
    "aragon": (("l'Aragon", "en Aragon", "d'Aragon", "en Aragon", "de l'Aragon"),
               ("l'Aragona", "in Aragona", "dall'Aragona", "in Aragona", "dell'Aragona")),
    "cataluna": (("la Catalogne", "en Catalogne", "de Catalogne", "en Catalogne", "de la Catalogne"),
                 ("la Catalogna", "in Catalogna", "dalla Catalogna", "in Catalogna",
                  "della Catalogna")),
    "castilla_la_vieja": (("la Vieille-Castille", "en Vieille-Castille", "de Vieille-Castille",
                           "en Vieille-Castille", "de la Vieille-Castille"),
                          ("la Castiglia Vecchia", "in Castiglia Vecchia",
                           "dalla Castiglia Vecchia", "in Castiglia Vecchia",
                           "della Castiglia Vecchia")),
    "castilla_la_nueva": (("la Nouvelle-Castille", "en Nouvelle-Castille", "de Nouvelle-Castille",
                           "en Nouvelle-Castille", "de la Nouvelle-Castille"),
                          ("la Castiglia Nuova", "in Castiglia Nuova", "dalla Castiglia Nuova",
                           "in Castiglia Nuova", "della Castiglia Nuova")),
    "valencia": (("Valence", "à Valence", "de Valence", "à Valence", "de Valence"),
                 ("Valencia", "a Valencia", "da Valencia", "a Valencia", "di Valencia")),
    "sevilla": (("Séville", "à Séville", "de Séville", "à Séville", "de Séville"),
                ("Siviglia", "a Siviglia", "da Siviglia", "a Siviglia", "di Siviglia")),
    "granada": (("Grenade", "à Grenade", "de Grenade", "à Grenade", "de Grenade"),
                ("Granada", "a Granada", "da Granada", "a Granada", "di Granada")),
    CASTILLO: (("the Castillo", "in the Castillo", "from the Castillo", "into the Castillo",
                "of the Castillo"),
               ("le Castillo", "dans le Castillo", "du Castillo", "dans le Castillo", "du Castillo"),
               ("il Castillo", "nel Castillo", "dal Castillo", "nel Castillo", "del Castillo")),
    "court": (("the court", "at court", "from the court", "to the court", "of the court"),
              ("la cour", "à la cour", "de la cour", "à la cour", "de la cour"),
              ("la corte", "a corte", "dalla corte", "a corte", "della corte")),
    "provinces": (("the provinces", "in the provinces", "from the provinces", "to the provinces",
                   "of the provinces"),
                  ("les provinces", "dans les provinces", "des provinces", "dans les provinces",
                   "des provinces"),
                  ("le province", "nelle province", "dalle province", "nelle province",
                   "delle province")),
}
FORMS = ("the", "in", "from", "to", "of")


def place_name(place: str, lang: str = "en") -> str:
    """A place's name as a label (a table's row, a form's choice)."""
    index = language_index(lang)
    if place == CASTILLO:
        return CASTILLO_NAMES[index]
    if place in REGIONS:
        return REGIONS[place][index]
    if place in ("court", "provinces"):
        return PLACE_FORMS[place][index][0]
    return place


def place_form(place: str, lang: str = "en", form: str = "") -> str:
    """A place in a sentence: `form` is "" (its name), "the", "in", "from", "to" or "of"."""
    if form not in FORMS:
        return place_name(place, lang)
    index, at = language_index(lang), FORMS.index(form)
    forms = PLACE_FORMS.get(place)
    if forms is not None and len(forms) == 3:
        return forms[index][at]
    if forms is not None and index > 0:
        return forms[index - 1][at]
    name = place_name(place, "en")
    return name if form == "the" else f"{form} {name}"


def place_word(place: str, lang: str = "en") -> Word:
    return Word(lambda form: place_form(place, lang, form))


_CARD_TITLES = {c.id: c.names for c in ACTION_CARDS}


def card_name(card: str, lang: str = "en") -> str:
    titles = _CARD_TITLES.get(card)
    return titles[language_index(lang)] if titles else card


SECRET_KINDS: dict[str, tuple[str, str, str]] = {
    "disc": ("the disc for the Castillo", "le disque du Castillo", "il disco del Castillo"),
}


def secret_kind_name(kind: str, lang: str = "en") -> str:
    """A secret choice's name: the disc, or the title of the card that asked for it."""
    if kind in SECRET_KINDS:
        return SECRET_KINDS[kind][language_index(lang)]
    return card_name(kind, lang)


# --- how each parameter is shown --------------------------------------------------------------------

class Player(Name):
    """A player's name, which French joins to "de" with an elision (« d'Élodie »: `Name`'s, with
    the apostrophe every other word of the texts uses)."""


PLACE_KEYS = {"region", "place", "from", "to", "choice", "king"}
SEAT_KEYS = {"seat", "player", "against", "by", "owner", "mover"}


def joined(items: Sequence[str], lang: str) -> str:
    """"a, b and c" in `lang`."""
    items = [str(i) for i in items]
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {WORDS['and'][language_index(lang)]} {items[-1]}"


def _word(key: str, lang: str, names: Sequence[str], **params: Any) -> str:
    return Catalogue(WORDS, show, sentences=False).render(key, params, lang, names)


def show(key: str, value: Any, lang: str, names: Sequence[str]) -> Any:
    """How El Grande shows a parameter of its sentences (the log's and the refusals')."""
    if key in SEAT_KEYS and value is not None:
        return player(value, names, lang)
    if key in PLACE_KEYS and isinstance(value, str):
        return place_word(value, lang)
    if key == "card" and isinstance(value, str):
        return card_name(value, lang)
    if key == "board" and isinstance(value, str):  # a mobile scoreboard, as its values read: 8/4/0
        return value.replace("-", "/")
    if key == "cards":
        return joined([quoted(card_name(c, lang), lang) for c in value], lang)
    if key == "kind":
        return secret_kind_name(value, lang)
    if key == "seats":
        return Name(joined([player(s, names, lang) for s in value], lang))
    if key == "places" and isinstance(value, Mapping):
        return ", ".join(f"{n} {place_form(p, lang, 'in')}" for p, n in value.items())
    if key == "regions" and isinstance(value, Mapping):
        return ", ".join(f"{n} {place_form(p, lang, 'from')}" for p, n in value.items())
    if key in ("places", "regions") and isinstance(value, list):
        return joined([place_form(p, lang, "the") for p in value], lang)
    if key == "points" and isinstance(value, Mapping):  # per seat; a bonus is a plain number
        return ", ".join(f"{player(s, names, lang)} +{p}" for s, p in value.items()) \
            or WORDS["nobody_scores"][language_index(lang)]
    if key == "ranking":
        return ", ".join(f"{r['rank']}. {player(r['seat'], names, lang)} ({r['score']})"
                         for r in value)
    if key == "steps" and isinstance(value, list):
        return parts(value, lang)
    if key == "stacks" and isinstance(value, list):  # the stacks of a given set-up
        return joined([str(n) for n in value], lang)
    if isinstance(value, int) and not isinstance(value, bool):
        return Count(value, lang)
    return "—" if value is None else value


def player(seat: Any, names: Sequence[str], lang: str = "en") -> Player:
    name = seat_name(seat, names, lang)
    made = Player(name)
    made.written = name.written
    return made


def quoted(text: str, lang: str) -> str:
    return ("“{}”", "« {} »", "«{}»")[language_index(lang)].format(text)


def parts(steps: Sequence[int], lang: str) -> str:
    """A Veto's parts, counted from 1 as the Veto's question shows them."""
    index = language_index(lang)
    if not steps:
        return WORDS["whole"][index]
    if len(steps) == 1:
        return WORDS["part"][index].format(n=steps[0] + 1)
    return WORDS["parts"][index].format(list=joined([str(s + 1) for s in steps], lang))


def declared(card: str, params: Mapping[str, Any], lang: str = "en",
             names: Sequence[str] = (), seat: int | None = None) -> str:
    """A declared special action's parameters in words ("" when it has none): what the log says
    and what a Veto holder is asked about. `seat` is the player who declared it."""

    def w(key: str, **p: Any) -> str:
        return _word(key, lang, names, **p)

    def moves_of(moves: Sequence[Mapping[str, Any]]) -> str:
        return WORDS["then"][language_index(lang)].join(
            w("moved_own", count=m["count"], **{"from": m["from"], "to": m["to"]})
            if m["seat"] == seat else
            w("moved", count=m["count"], seat=m["seat"], **{"from": m["from"], "to": m["to"]})
            for m in moves)

    mode = params.get("mode")
    if card == "one_from_each" and params.get("moves"):
        return WORDS["then"][language_index(lang)].join(
            w("one_of", seat=m["seat"], **{"from": m["from"]})
                         for m in params["moves"])
    if card == "move_all_own" or mode == "move_all":
        spread = params.get("to") or {}
        src = params.get("from")
        to = [w("stay", count=n) if p == src else f"{n} {place_form(p, lang, 'to')}"
              for p, n in spread.items()]
        return w("all_from", count=sum(spread.values()), to=", ".join(to), **{"from": src})
    if card == "place_2_anywhere" or mode == "place":
        return w("from_court", places=params.get("places") or {})
    if params.get("moves"):
        return moves_of(params["moves"])
    if "board" in params:
        return w("board_to", board=params["board"], to=params.get("to"))
    if card == "power_card_back":
        return w("power_card", card=params["card"]) if params.get("card") is not None \
            else w("power_card_hidden")
    if card == "court_2":
        return w("to_court", count=params.get("count", 0))
    if card == "eviction":
        return w("evict", region=params["region"], seats=params["affected"]) \
            if params.get("affected") else w("evict_nobody", region=params["region"])
    if "places" in params:
        return w("places", places=params["places"]) if params["places"] else w("no_region")
    if "place" in params:
        return place_form(params["place"], lang, "the")
    if "to" in params:
        return w("to_place", to=params["to"])
    if card == "grande" and "affected" in params:
        return w("every_player")
    if params.get("affected"):
        return w("affecting", seats=params["affected"])
    return ""


# Keys of TEXTS that are part of a sentence another text puts them in (the game page's "given
# set-up" notice), not a sentence of the log: they start in lower case and end without a stop.
PHRASES = frozenset({"setup.given_stack", "setup.given_stacks"})

CATALOGUE = Catalogue(TEXTS, show)


def render(message: Message, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """One sentence in `lang`; `names` gives a display name per seat (default: "seat N")."""
    names = list(names or ())
    params = dict(message.params)
    key = message.key
    if key == "special.declared":
        what = declared(str(params.get("card")), params.get("params") or {}, lang, names,
                        params.get("seat"))
        params["params"] = ("" if not what else f" : {what}" if lang == "fr" else f": {what}")
    if key == "undo.done" and params.get("reason") == "consent":
        key = "undo.consent"
    if key in ("undo.done", "undo.consent") and params.get("first") == params.get("last"):
        key += ".one"
    if key == "scoreboard.moved" and params.get("from") is None:
        key = "scoreboard.placed"
    params.pop("reason", None)
    return CATALOGUE.render(key, params, lang, names)


__all__ = ["LANGUAGES", "TEXTS", "card_name", "declared", "parts", "place_form", "place_name",
           "render", "secret_kind_name", "show"]
