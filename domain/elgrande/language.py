"""El Grande's command language: text ⇄ the API's command JSON, for mail replies and the web's
text box (the module's `language` facet; the machinery is `domain/core/language.py`).

Forgiving (any case, accents optional, English, French or Italian keywords, region and card names in
the three languages and their common abbreviations), and several commands in one text for one
turn, e.g. ``take 4, card king, place 2 aragon 1 castillo, king to granada``.

    parse(text, session)      → [command JSON, ...]   (ParseError says what was not understood
                                                        and what is allowed now)
    format_command(cmd, ...)  → text that parses back to cmd (the mails' examples)
    help_lines(decision, ...) → the commands allowed for a pending decision, in the player's language

Parsing a command may depend on the decision pending at that point (a bare number is a power card
when a power card is wanted; the words after `special` depend on the action card held), so the
parser asks the session for the decision before each command and tells it each parsed command.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain.core import reader
from domain.core.decisions import Decision
from domain.core.i18n import LANGUAGES
from domain.core.language import (
    Lexicon,
    Parsed,
    Session,
    example_command,
    language_index,
    phrases,
)
from domain.core.reader import Vocabulary
from domain.elgrande import asks
from domain.elgrande import vocabulary as vocab
from domain.elgrande.data import PLACES as PLACE_IDS
from domain.elgrande.data import POWER_CABALLEROS
from domain.elgrande.messages import place_form, place_name

# --- words -----------------------------------------------------------------------------------------

PLACES = phrases(vocab.place_words())
CARDS = phrases(vocab.card_words())
COURT = phrases({w: True for w in vocab.COURT_WORDS})
STRONG = phrases({w: kind for kind, langs in vocab.KEYWORDS.items()
                  for words in langs.values() for w in words})
VERBS = phrases({w: verb for verb, words in vocab.SPECIAL_VERBS.items() for w in words})
VOCABULARY = Vocabulary(actions=vocab.READ_ACTIONS,
                        names={"place": vocab.place_words(), "card": vocab.card_words(),
                               "seat": vocab.seat_words(), "board": vocab.BOARD_WORDS},
                        label=lambda of, value, lang, view: read_label(of, value, lang, view),
                        pieces=vocab.PIECES,
                        known=vocab.known_words(), fields=vocab.READ_FIELDS)


def read_label(of: str, value: Any, lang: str, view: Mapping[str, Any] | None) -> list[str]:
    """What a player may write for a value of the forms: its label, and a face-up stack by every
    name of the card on it ("the king", « le roi »)."""
    if of == "stack":
        face_up = {c["stack"]: c["card"] for c in ((view or {}).get("cards") or {})
                   .get("face_up", [])}
        card = face_up.get(value)
        scoring = card is not None and (card.startswith("score_") or card == "secret_scoring")
        return [w for w, c in CARDS_BY_WORD.items() if c == card] \
            + list(vocab.SCORING_WORDS if scoring else ())
    return [asks.label(of, value, lang)]


CARDS_BY_WORD = vocab.card_words()


LEXICON = Lexicon(keywords=STRONG, verbs=VERBS, filler=phrases({w: True for w in vocab.FILLER}))

ERRORS: dict[str, tuple[str, str, str]] = {
    "power": ("After “power”, write the number of the power card (1 to 13).",
              "Après « pouvoir », écrivez le numéro de la carte pouvoir (1 à 13).",
              "Dopo «potere», scrivi il numero della carta potere (da 1 a 13)."),
    "take": ("After “take”, write how many Caballeros (e.g. take 4).",
             "Après « prendre », écrivez combien de Caballeros (p. ex. prendre 4).",
             "Dopo «prendi», scrivi quanti Caballeros (p. es. prendi 4)."),
    "card": ("Which card? Write its stack number (1 to 5) or its name.",
             "Quelle carte ? Écrivez le numéro de sa pile (1 à 5) ou son nom.",
             "Quale carta? Scrivi il numero del suo mazzo (da 1 a 5) o il suo nome."),
    "place": ("After “place”, write numbers and places, e.g. place 2 aragon 1 castillo "
              "(or place 0).",
              "Après « placer », écrivez des nombres et des lieux, p. ex. placer 2 aragon 1 "
              "castillo (ou placer 0).",
              "Dopo «piazza», scrivi numeri e luoghi, p. es. piazza 2 aragona 1 castillo "
              "(o piazza 0)."),
    "return": ("After “return”, write how many from your court and from which regions, e.g. "
               "return 2 court 1 aragon.",
               "Après « rendre », écrivez combien de votre cour et de quelles régions, p. ex. "
               "rendre 2 cour 1 aragon.",
               "Dopo «restituisci», scrivi quanti dalla corte e da quali regioni, p. es. "
               "restituisci 2 corte 1 aragona."),
    "what": ("{n} what? Write a place after the number.",
             "{n} quoi ? Écrivez un lieu après le nombre.",
             "{n} cosa? Scrivi un luogo dopo il numero."),
    "how_many": ("How many for {place}?", "Combien pour {place} ?", "Quanti per {place}?"),
    "moves": ("Write each move as: [count] [colour] REGION to PLACE, e.g. move 2 red aragon to "
              "castillo.",
              "Écrivez chaque déplacement ainsi : [nombre] [couleur] RÉGION vers LIEU, p. ex. "
              "déplacer 2 rouges aragon vers castillo.",
              "Scrivi ogni spostamento così: [numero] [colore] REGIONE a LUOGO, p. es. sposta 2 "
              "rossi aragona a castillo."),
    "where_to": ("Where to? Write “to” and a place after the region.",
                 "Vers où ? Écrivez « vers » et un lieu après la région.",
                 "Dove? Scrivi «a» e un luogo dopo la regione."),
    "no_special": ("There is no special action for you to do now.",
                   "Vous n'avez pas d'action spéciale à faire maintenant.",
                   "Non hai un'azione speciale da fare ora."),
    "back": ("Which power card do you take back? Write its number.",
             "Quelle carte pouvoir reprenez-vous ? Écrivez son numéro.",
             "Quale carta potere riprendi? Scrivi il suo numero."),
    "scoreboard": ("Write: special 8/4/0 to PLACE (or 4/0/0).",
                   "Écrivez : spécial 8/4/0 vers LIEU (ou 4/0/0).",
                   "Scrivi: speciale 8/4/0 a LUOGO (o 4/0/0)."),
    "picks": ("Write one pick per player: COLOUR REGION, e.g. special red aragon, blue galicia.",
              "Écrivez un choix par joueur : COULEUR RÉGION, p. ex. spécial rouge aragon, bleu "
              "galicia.",
              "Scrivi una scelta per giocatore: COLORE REGIONE, p. es. speciale rosso aragona, "
              "blu galicia."),
    "which_region": ("Which region do you choose?", "Quelle région choisissez-vous ?",
                     "Quale regione scegli?"),
    "where_to_place": ("Where to? Name a region or the Castillo.",
                       "Vers où ? Nommez une région ou le Castillo.",
                       "Dove? Nomina una regione o il Castillo."),
    "where_to_region": ("Where to? Name a region.", "Vers où ? Nommez une région.",
                        "Dove? Nomina una regione."),
    "which_place": ("Which place? Name it.", "Quel lieu ? Nommez-le.", "Quale luogo? Nominalo."),
    "which_empty": ("Which region do you empty? e.g. special move all from aragon to 2 castillo 1 "
                    "galicia.",
                    "Quelle région videz-vous ? p. ex. spécial déplacer tous de aragon vers 2 "
                    "castillo 1 galicia.",
                    "Quale regione svuoti? p. es. speciale sposta tutti da aragona a 2 castillo 1 "
                    "galicia."),
}
"""What a reader could not understand, in English, French and Italian (the Parser's `fail`)."""



# --- parsing ---------------------------------------------------------------------------------------


def parse(text: str, session: Session) -> Parsed:
    """The commands in `text`, read by the shared reader against the decisions pending
    (`domain/core/reader.py`) with El Grande's words; or why not."""
    return reader.parse(text, session, VOCABULARY, help_lines)


def _max(d: Decision, key: str) -> int | None:
    try:
        return int(d.constraint[key]["max"])  # type: ignore[index]
    except (TypeError, KeyError):
        return None


# --- the inverse: command JSON → text ------------------------------------------------------------


def _place(place: str, lang: str) -> str:
    return place_name(place, lang)


def _to(place: str, lang: str) -> str:
    """"to" and a place as the language writes them: Italian joins "a" to the article ("al
    Castillo", never "a il Castillo"); the parser reads both."""
    name = _place(place, lang)
    if lang == "it":
        for article, joined in (("il ", "al "), ("lo ", "allo "), ("la ", "alla "),
                                ("l'", "all'"), ("i ", "ai "), ("le ", "alle ")):
            if name.startswith(article):
                return joined + name[len(article):]
        # a region as Italian says where something goes: « in Aragona », « nei Paesi
        # Baschi », « a Siviglia » (never « a Aragona »)
        return place_form(place, lang, "to")
    return f"{_w('to', lang)} {name}"


def _colour(seat: int, count: int, lang: str) -> str:
    """A seat's colour agreeing with how many Caballeros ("2 rouges", "1 rosso", "2 rossi")."""
    name = vocab.colour_name(seat, lang)
    if count == 1 or lang == "en":
        return name
    plural = {"it": {"rosso": "rossi", "giallo": "gialli", "verde": "verdi", "nero": "neri"},
              "fr": {"rouge": "rouges", "bleu": "bleus", "jaune": "jaunes", "vert": "verts",
                     "noir": "noirs"}}[lang]
    return plural.get(name, name)


def _pairs_text(pairs: Mapping[str, int], lang: str) -> str:
    """"2 Aragón 1 Castillo": after a number a place needs no article ("placer 5 le Castillo"
    read oddly in the mails' examples)."""
    return " ".join(f"{n} {_bare(p, lang)}" for p, n in pairs.items())


def _bare(place: str, lang: str) -> str:
    name = _place(place, lang)
    for article in ("the ", "le ", "la ", "il ", "l'"):
        if name.startswith(article) and place == "castillo":
            return name[len(article):]
    return name


def format_command(command: Mapping[str, Any], lang: str = "en", *,
                   decision: Decision | None = None, names: Sequence[str] = ()) -> str:
    """A text that `parse` reads back as `command` (with the same decision pending)."""
    lang = lang if lang in LANGUAGES else "en"
    kind = command["type"]
    word = vocab.keyword(kind, lang) if kind in vocab.KEYWORDS else kind
    if kind == "play_power":
        return f"{word} {command['card']}"
    if kind == "take":
        text = f"{word} {command.get('count', 0)}"
        if command.get("regions"):
            text += f" {('from', 'de', 'da')[language_index(lang)]} "
            text += _pairs_text(command["regions"], lang)
        return text
    if kind == "choose_card":
        stack = command.get("stack")
        card = command.get("card")
        if card is None and decision and decision.options:
            card = next((o["card"] for o in decision.options if o.get("stack") == stack), None)
        same = [o for o in (decision.options if decision and decision.options else [])
                if o.get("card") == card]
        if card and len(same) <= 1:
            return f"{word} {vocab.card_name(card, lang)}"
        return f"{word} {stack}"
    if kind == "place":
        return f"{word} {_pairs_text(command.get('places') or {}, lang) or '0'}"
    if kind == "veto":
        steps = command.get("steps")
        return word + ("" if steps is None else " " + " ".join(str(s + 1) for s in steps))
    if kind == "return":
        court = command.get("court", 0)
        court_word = {"en": "court", "fr": "cour", "it": "corte"}[lang]
        parts = ([f"{court} {court_word}"] if court else []) + [
            f"{n} {_place(p, lang)}" for p, n in (command.get("regions") or {}).items()]
        return f"{word} {' '.join(parts)}"
    if kind == "secret":
        return f"{word} {_place(command['choice'], lang)}"
    if kind == "special":
        return _format_special(command, lang, decision)
    return word


def _format_special(command: Mapping[str, Any], lang: str, decision: Decision | None) -> str:
    word = vocab.keyword("special", lang)
    to = {"en": "to", "fr": "vers", "it": "a"}[lang]
    frm = {"en": "from", "fr": "de", "it": "da"}[lang]
    params = {k: v for k, v in command.items() if k != "type"}
    card = (decision.constraint or {}).get("card") if decision else None
    if "moves" in params and card not in ("move_all_own", "place_2_or_move_all_own"):
        verb = {"en": "move", "fr": "déplacer", "it": "sposta"}[lang]
        groups = [f"{m.get('count', 1)} {_colour(m['seat'], m.get('count', 1), lang)} "
                  f"{_place(m['from'], lang)} {_to(m['to'], lang)}"
                  for m in params["moves"]]
        return f"{verb} " + ", ".join(groups)
    move_all = "from" in params and isinstance(params.get("to"), Mapping)
    place_only = isinstance(params.get("places"), Mapping) and "moves" not in params
    if "mode" in params or card in ("move_all_own", "place_2_anywhere") or move_all or place_only:
        mode = params.get("mode") or ("move_all" if card == "move_all_own" or move_all
                                      else "place")
        mode_word = ({"en": "place", "fr": "placer", "it": "piazza"}[lang] if mode == "place"
                     else {"en": "move all", "fr": "déplacer tous", "it": "sposta tutti"}[lang])
        if mode == "place":
            return f"{word} {mode_word} {_pairs_text(params.get('places') or {}, lang)}"
        return (f"{word} {mode_word} {frm} {_place(params['from'], lang)} {to} "
                f"{_pairs_text(params.get('to') or {}, lang)}")
    if "picks" in params:
        picks = ", ".join(f"{vocab.colour_name(int(s), lang)} {_place(r, lang)}"
                          for s, r in params["picks"].items())
        return f"{word} {picks}"
    if "board" in params:
        return f"{word} {params['board'].replace('-', '/')} {_to(params['to'], lang)}"
    if card == "power_card_back" or ("card" in params and isinstance(params["card"], int)):
        return f"{word} {params['card']}"
    if "to" in params:
        return f"{word} {_to(params['to'], lang)}"
    if "place" in params:
        return f"{word} {_place(params['place'], lang)}"
    if "region" in params:
        return f"{word} {_place(params['region'], lang)}"
    if "count" in params:
        return f"{word} {params['count']}"
    return word


# --- what may be written now ---------------------------------------------------------------------

HELP: dict[str, tuple[str, str, str]] = {
    "power_card": ("{kw} N — N one of: {cards}", "{kw} N — N parmi : {cards}",
                   "{kw} N — N tra: {cards}"),
    "power_caballeros": ("{card} ({count} {caballeros})", "{card} ({count} {caballeros})",
                         "{card} ({count} {caballeros})"),
    "take": ("{kw} N — from {min} to {max} {caballeros} from your provinces to your court",
             "{kw} N — de {min} à {max} {caballeros} de vos provinces vers votre cour",
             "{kw} N — da {min} a {max} {caballeros} dalle tue province alla tua corte"),
    "take_none": ("{kw} 0 — take none: your provinces are empty",
                  "{kw} 0 — n'en prendre aucun : vos provinces sont vides",
                  "{kw} 0 — non prenderne nessuno: le tue province sono vuote"),
    "take_regions": ("{kw} N {frm} N REGION … — from {min} to {max} {caballeros}: your provinces "
                     "hold {provinces}, the rest comes from your regions",
                     "{kw} N {frm} N RÉGION … — de {min} à {max} {caballeros} : vos provinces en "
                     "contiennent {provinces}, le reste vient de vos régions",
                     "{kw} N {frm} N REGIONE … — da {min} a {max} {caballeros}: le tue province "
                     "ne hanno {provinces}, il resto viene dalle tue regioni"),
    "choose_card": ("{kw} NAME / {kw} STACK — {cards}", "{kw} NOM / {kw} PILE — {cards}",
                    "{kw} NOME / {kw} MAZZO — {cards}"),
    "place": ("{kw} N PLACE … / {kw} 0 — up to {max} in all, to: {places}",
              "{kw} N LIEU … / {kw} 0 — {max} au plus, vers : {places}",
              "{kw} N LUOGO … / {kw} 0 — al massimo {max}, in: {places}"),
    "place_none": ("{kw} 0 — nothing to place (no Caballero in your court, or nowhere to go)",
                   "{kw} 0 — rien à placer (pas de Caballero à votre cour, ou nulle part où aller)",
                   "{kw} 0 — niente da piazzare (nessun Caballero a corte, o nessun luogo)"),
    "special": ("{how} — the action of “{card}”{what}", "{how} — l'action « {card} »{what}",
                "{how} — l'azione di «{card}»{what}"),
    "decline": ("{kw} — do not use the special action", "{kw} — ne pas faire l'action spéciale",
                "{kw} — non usare l'azione speciale"),
    "decline_only": ("{kw} — the action of “{card}” cannot be done now",
                     "{kw} — l'action « {card} » est impossible maintenant",
                     "{kw} — l'azione di «{card}» non è possibile ora"),
    "allow": ("{kw} — let the declared action happen", "{kw} — laisser faire l'action annoncée",
              "{kw} — lascia fare l'azione annunciata"),
    "veto": ("{kw} — stop it with your Veto card", "{kw} — l'arrêter avec votre carte Veto",
             "{kw} — fermala con la tua carta Veto"),
    "veto_parts": ("{kw} N … — stop only these parts: {parts}",
                   "{kw} N … — n'arrêter que ces parties : {parts}",
                   "{kw} N … — ferma solo queste parti: {parts}"),
    "return": ("{how} — exactly {count} in all, from your court ({have}) and regions "
               "({regions})",
               "{how} — exactement {count}, de votre cour ({have}) et des régions ({regions})",
               "{how} — esattamente {count}, dalla corte ({have}) e dalle regioni ({regions})"),
    "return_how": ("{kw} N {court} N REGION … / {kw} N REGION … / {kw} N {court}",
                   "{kw} N {court} N RÉGION … / {kw} N RÉGION … / {kw} N {court}",
                   "{kw} N {court} N REGIONE … / {kw} N REGIONE … / {kw} N {court}"),
    "secret": ("{kw} REGION — one of: {places}", "{kw} RÉGION — parmi : {places}",
               "{kw} REGIONE — tra: {places}"),
}
"""One line per way of answering: the command as a player writes it (upper-case words stand for
what they choose: N, PLACE/LIEU/LUOGO, REGION/RÉGION/REGIONE, COLOUR/COULEUR/COLORE, NAME/NOM/NOME,
STACK/PILE/MAZZO; "…" repeats; " / " separates alternatives), then " — " and what it does. A line
copied back with its upper-case words filled in is a legal command (tests/emails/test_help_lines.py),
and what follows " — " is never read."""

HOW: dict[str, tuple[tuple[str, str], tuple[str, str], tuple[str, str]]] = {
    "moves": (("{move} N COLOUR REGION {to} PLACE, …", ": at most {max} {caballeros}"),
              ("{move} N COULEUR RÉGION {to} LIEU, …", " : {max} {caballeros} au plus"),
              ("{move} N COLORE REGIONE {to} LUOGO, …", ": al massimo {max} {caballeros}")),
    "to": (("{kw} {to} REGION", ": one of {places}"), ("{kw} {to} RÉGION", " : parmi {places}"),
           ("{kw} {to} REGIONE", ": tra {places}")),
    "place": (("{kw} PLACE", ": one of {places}"), ("{kw} LIEU", " : parmi {places}"),
              ("{kw} LUOGO", ": tra {places}")),
    "region": (("{kw} REGION", ": one of {places}"), ("{kw} RÉGION", " : parmi {places}"),
               ("{kw} REGIONE", ": tra {places}")),
    "card": (("{kw} N", ": N one of your played power cards, {cards}"),
             ("{kw} N", " : N parmi vos cartes pouvoir jouées, {cards}"),
             ("{kw} N", ": N tra le tue carte potere giocate, {cards}")),
    "count": (("{kw} N", ": N is 1 or 2"), ("{kw} N", " : N vaut 1 ou 2"),
              ("{kw} N", ": N è 1 o 2")),
    "boards": (("{kw} {board} {to} PLACE", ": PLACE one of {places}"),
               ("{kw} {board} {to} LIEU", " : LIEU parmi {places}"),
               ("{kw} {board} {to} LUOGO", ": LUOGO tra {places}")),
    "boards_each": (("", "the {board} board to one of {places}"),
                    ("", "le tableau {board} vers {places}"),
                    ("", "il segnapunti {board} in {places}")),
    "boards_stuck": (("", " (the {board} board is in the King's region: it stays there)"),
                     ("", " (le tableau {board} est dans la région du Roi : il y reste)"),
                     ("", " (il segnapunti {board} è nella regione del Re: resta lì)")),
    "picks": (("{kw} COLOUR REGION, …", ": one for each of {seats}"),
              ("{kw} COULEUR RÉGION, …", " : un pour chacun de {seats}"),
              ("{kw} COLORE REGIONE, …", ": uno per ognuno tra {seats}")),
    "mode": (("{kw} {place} N PLACE … / {kw} {move_all} {frm} REGION {to} N PLACE …",
              ": place 2 at most, or move all of yours out of one region"),
             ("{kw} {place} N LIEU … / {kw} {move_all} {frm} RÉGION {to} N LIEU …",
              " : placer 2 au plus, ou déplacer tous les vôtres d'une région"),
             ("{kw} {place} N LUOGO … / {kw} {move_all} {frm} REGIONE {to} N LUOGO …",
              ": piazza al massimo 2, o sposta tutti i tuoi da una regione")),
    "from": (("{kw} {move_all} {frm} REGION {to} N PLACE …", ": all of yours there"),
             ("{kw} {move_all} {frm} RÉGION {to} N LIEU …", " : tous les vôtres"),
             ("{kw} {move_all} {frm} REGIONE {to} N LUOGO …", ": tutti i tuoi")),
    "places": (("{kw} {place} N PLACE …", ": 2 at most, anywhere"),
               ("{kw} {place} N LIEU …", " : 2 au plus, partout"),
               ("{kw} {place} N LUOGO …", ": al massimo 2, ovunque")),
    "none": (("{kw}", ""), ("{kw}", ""), ("{kw}", "")),
}
"""The special action's command by what the card asks for: (pattern, what it says), per
language; `{kw}` is the language's keyword, written once (never "specialee")."""

WORDS: dict[str, tuple[str, str, str]] = {
    "to": ("to", "vers", "a"), "from": ("from", "de", "da"), "court": ("court", "cour", "corte"),
    "move": ("move", "déplacer", "sposta"), "place": ("place", "placer", "piazza"),
    "move_all": ("move all", "déplacer tous", "sposta tutti"),
}
"""The words `format_command` writes between a command's values."""


def _t(table: Mapping[str, tuple[str, str, str]], key: str, lang: str, **kw: Any) -> str:
    return table[key][language_index(lang)].format(**kw)


def _w(key: str, lang: str) -> str:
    return WORDS[key][language_index(lang)]


def _caballeros(upper: Any) -> str:
    """The noun agreeing with a range's upper bound ("from 0 to 1 Caballero", "at most 3
    Caballeros"): the same word in the three languages."""
    return "Caballero" if upper == 1 else "Caballeros"


def _names(places: Sequence[str], lang: str) -> str:
    return ", ".join(_place(p, lang) for p in places)


def _how_key(spec: Mapping[str, Any]) -> str:
    if "moves" in spec:
        return "moves"
    for key, wanted in (("mode", "mode"), ("all", "from"), ("picks", "picks"),
                        ("boards", "boards"), ("card", "card"), ("count", "count")):
        if key in spec:
            return wanted
    if "places" in spec and "max_total" in spec:
        return "places"
    return next((key for key in ("to", "place", "region") if key in spec), "none")


def _boards_help(spec: Mapping[str, Any], lang: str) -> tuple[str, str]:
    """The mobile scoreboard's line as its form offers it: each board that may go somewhere now
    (one not in play, or one in play moved; never onto or off the King's region, never onto the
    other board) with the places it may go to, and the board that must stay where it is."""
    index = language_index(lang)
    boards = spec.get("boards") or {}
    movable = [b for b in boards if boards[b]]
    name = {b: b.replace("-", "/") for b in boards}
    pattern, what = HOW["boards"][index]
    kw, to = vocab.keyword("special", lang), _w("to", lang)
    how = " / ".join(pattern.format(kw=kw, board=name[b], to=to) for b in movable)
    if len({tuple(boards[b]) for b in movable}) == 1:  # (as the rules make them: the same)
        said = what.format(places=_names(boards[movable[0]], lang))
    else:
        colon, semi = (" : ", " ; ") if lang == "fr" else (": ", "; ")
        said = colon + semi.join(HOW["boards_each"][index][1].format(
            board=name[b], places=_names(boards[b], lang)) for b in movable)
    said += "".join(HOW["boards_stuck"][index][1].format(board=name[b])
                    for b in boards if not boards[b])
    return how, said


def special_help(card: str, spec: Mapping[str, Any], lang: str) -> tuple[str, str]:
    """The special action's command pattern and what it says, in `lang`."""
    key = _how_key(spec)
    if key == "boards" and any((spec.get("boards") or {}).values()):
        return _boards_help(spec, lang)
    pattern, what = HOW[key][language_index(lang)]
    fields = {"kw": vocab.keyword("special", lang), "to": _w("to", lang), "frm": _w("from", lang),
              "move": _w("move", lang), "place": _w("place", lang),
              "move_all": _w("move_all", lang), "max": spec.get("max_total", ""),
              "caballeros": _caballeros(spec.get("max_total")),
              "cards": ", ".join(str(c) for c in spec.get("card", [])),
              "seats": ", ".join(vocab.colour_name(int(s), lang) for s in spec.get("picks", [])),
              "places": _names(spec.get(key, []) if key in ("to", "place", "region") else [],
                               lang)}
    return pattern.format(**fields), what.format(**fields)


SpecialHow = Callable[[str, Mapping[str, Any], str], "tuple[str, str] | None"]
"""(card, its special constraint, lang) → the action's command pattern and what it says, or None
for El Grande's (`special_help`)."""


def help_lines(decision: Decision | None, view: Mapping[str, Any] | None = None,
               lang: str = "en", power_caballeros: Mapping[int, int] = POWER_CABALLEROS,
               card_name: Callable[[str, str], str] = vocab.card_name,
               special_how: SpecialHow | None = None,
               power_card_words: Callable[[int, str], str] | None = None,
               prompt: Callable[[Any, str], str] | None = None) -> list[str]:
    """The commands that answer `decision`, one line each, in `lang` (see HELP).

    A game built on El Grande's turns (King & Intrigue) gives its own `power_caballeros` (the
    Caballeros each power card brings), `card_name` (its actions' names), `special_how` (the
    command pattern of its own actions), `power_card_words` (a power card as the list of
    playable cards shows it: its power cards carry an action) and `prompt` (its forms' words: a
    secret choice's note may be its own, such as the Hurricane's disc), and gets every other
    line here."""
    if decision is None:
        return []
    lang = lang if lang in LANGUAGES else "en"
    kw = lambda kind: vocab.keyword(kind, lang)  # noqa: E731
    d, con = decision, decision.constraint or {}
    if d.kind == "power_card" and power_card_words is not None:
        cards = ", ".join(power_card_words(o["card"], lang) for o in d.options or [])
        return [_t(HELP, "power_card", lang, kw=kw("play_power"), cards=cards)]
    if d.kind == "power_card":
        cards = ", ".join(_t(HELP, "power_caballeros", lang, card=o["card"],
                             count=power_caballeros[o["card"]],
                             caballeros="Caballero" if power_caballeros[o["card"]] == 1
                             else "Caballeros") for o in d.options or [])
        return [_t(HELP, "power_card", lang, kw=kw("play_power"), cards=cards)]
    if d.kind == "take":
        # As the form offers it: from the provinces alone (up to what they hold), and, when they
        # run short, more with the rest from the regions (never "from your provinces" beyond
        # what they hold).
        low, high = con["count"]["min"], con["count"]["max"]
        provinces = con.get("provinces", high)
        top = max(low, min(high, provinces))
        if top == 0 < high:
            lines = [_t(HELP, "take_none", lang, kw=kw("take"))]
        else:
            lines = [_t(HELP, "take", lang, kw=kw("take"), min=low, max=top,
                        caballeros=_caballeros(top))]
        if top < high:
            lines.append(_t(HELP, "take_regions", lang, kw=kw("take"), frm=_w("from", lang),
                            min=top + 1, max=high, caballeros=_caballeros(high),
                            provinces=provinces))
        return lines
    if d.kind == "choose_card":
        colon, semi = (" : ", " ; ") if lang == "fr" else (": ", "; ")  # French spaces them
        cards = semi.join(f"{o['stack']}{colon}{vocab.card_name(o['card'], lang)}"
                          for o in d.options or [])
        return [_t(HELP, "choose_card", lang, kw=kw("choose_card"), cards=cards)]
    if d.kind == "act":
        lines = []
        if "place" in con and con["place"]["max"] and con["place"]["places"]:
            lines.append(_t(HELP, "place", lang, kw=kw("place"), max=con["place"]["max"],
                            places=_names(con["place"]["places"], lang)))
        elif "place" in con:
            lines.append(_t(HELP, "place_none", lang, kw=kw("place")))
        if "special" in con:
            card = card_name(con["card"], lang)
            spec = con["special"]
            own = special_how(con["card"], spec, lang) if special_how is not None else None
            key = _how_key(spec)
            if own is None and key in ("to", "place", "region", "card", "picks") \
                    and not spec.get(key):
                lines.append(_t(HELP, "decline_only", lang, kw=kw("decline"), card=card))
                return lines
            how, what = own or special_help(con["card"], spec, lang)
            lines.append(_t(HELP, "special", lang, how=how, what=what, card=card))
            lines.append(_t(HELP, "decline", lang, kw=kw("decline")))
        elif "decline" in con.get("commands", ()):
            # the card's action cannot be done now: declining it is all there is to write
            lines.append(_t(HELP, "decline", lang, kw=kw("decline")))
        return lines
    if d.kind == "veto":
        lines = [_t(HELP, "allow", lang, kw=kw("allow")), _t(HELP, "veto", lang, kw=kw("veto"))]
        steps = (d.info or {}).get("steps") or []
        if con.get("steps") and len(steps) > 1:
            parts = "; ".join(f"{i + 1}. {step_text(step, lang)}" for i, step in enumerate(steps))
            lines.append(_t(HELP, "veto_parts", lang, kw=kw("veto"), parts=parts))
        return lines
    if d.kind == "return":
        regions = ", ".join(f"{_place(r, lang)} {n}" for r, n in con["regions"].items()) or "—"
        ways = _t(HELP, "return_how", lang, kw=kw("return"), court=_w("court", lang)).split(" / ")
        # Only the ways the player has: none from an empty court, none from no region.
        court, some = con["court"], bool(con["regions"])
        shown = (court and some, some, court and not some)
        how = " / ".join(way for way, show in zip(ways, shown, strict=True) if show)
        return [_t(HELP, "return", lang, how=how, count=con["count"], have=con["court"],
                   regions=regions)]
    if d.kind == "secret":
        places = [o["choice"] for o in d.options or []]
        lines = [_t(HELP, "secret", lang, kw=kw("secret"), places=_names(places, lang))]
        # What the choice costs (the disc's Caballeros at stake, an evicted player's, a secret
        # removal's), said with its count before it is made, in a mail as on the form: after the
        # line's explanation, so that every line stays "command — what it does".
        form = d.form if d.build_form is not None else None
        words = prompt or asks.prompt
        notes = [words(note, lang) for note in form.notes] if form else []
        return ["".join([lines[0], *(f". {note}" for note in notes)])]
    return [d.kind]


def step_text(step: Any, lang: str) -> str:
    """One separable part of a declared action (a Veto may stop some parts only), in words: the
    rules name them "2×1:aragon>castillo" (a move), "2>aragon" (a placement), "seat:1" (a player
    affected), "8-4-0>granada" (a scoreboard), or a place."""
    text = str(step)
    move = re.fullmatch(r"(\d+)×(\d+):(\w+)>(\w+)", text)
    if move:
        count, seat, src, dst = move.groups()
        return (f"{count} {_colour(int(seat), int(count), lang)} {_place(src, lang)} "
                f"{_to(dst, lang)}")
    if text.startswith("seat:") and text[5:].isdigit():
        return vocab.colour_name(int(text[5:]), lang)
    if ">" in text:
        what, _, where = text.partition(">")
        where_name = _place(where, lang) if where in PLACE_IDS else where
        if what.isdigit():
            return f"{what} {where_name}"
        return f"{what} {_to(where, lang)}" if where in PLACE_IDS \
            else f"{what} {_w('to', lang)} {where_name}"
    return _place(text, lang) if text in PLACE_IDS else text


def declared(card: str, params: Mapping[str, Any], lang: str) -> str:
    """A declared special action as the command its player wrote ("special to Granada"), for the
    Veto holder who must allow or stop it. A hidden parameter (a power card taken back unseen) is
    left out."""
    shown = {k: v for k, v in params.items() if v is not None}
    spec_card = Decision(None, "act", constraint={"card": card})
    try:
        return format_command({"type": "special", **shown}, lang, decision=spec_card)
    except (KeyError, TypeError, ValueError):
        return vocab.keyword("special", lang)


class ElGrandeLanguage:
    """The `language` facet of El Grande's module (see domain/core/game.py)."""

    def __init__(self, module: Any) -> None:
        self.module = module

    def parse(self, text: str, session: Session) -> Parsed:
        return parse(text, session)

    @property
    def vocabulary(self) -> Vocabulary:
        """El Grande's words for the form-driven reader (`domain/core/reader.py`)."""
        return VOCABULARY

    def format(self, command: Mapping[str, Any], lang: str = "en", *,
               decision: Decision | None = None, names: Sequence[str] = ()) -> str:
        return format_command(command, lang, decision=decision, names=names)

    def help_lines(self, decision: Decision | None, view: Mapping[str, Any] | None = None,
                   lang: str = "en") -> list[str]:
        return help_lines(decision, view, lang)

    def example(self, state: Any, decision: Decision, lang: str = "en",
                names: Sequence[str] = ()) -> str:
        """The game's default move for the real position, as the player would write it."""
        return format_command(example_command(self.module, state, decision), lang,
                              decision=decision, names=names)
