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

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core import language as core
from domain.core.decisions import Decision
from domain.core.language import (
    ALL,
    FROM,
    LANGUAGES,
    NUMBERS,
    SELF,
    TO,
    Lexicon,
    Parsed,
    ParseError,
    Session,
    example_command,
    language_index,
    normalise,
    phrases,
)
from domain.elgrande import vocabulary as vocab
from domain.elgrande.data import COLOURS
from domain.elgrande.messages import place_name

# --- words -----------------------------------------------------------------------------------------

PLACES = phrases(vocab.place_words())
CARDS = phrases(vocab.card_words())
COLOUR_WORDS = phrases({w: c for c, names in vocab.COLOUR_NAMES.items() for w in names})
COURT = phrases({w: True for w in vocab.COURT_WORDS})
STRONG = phrases({w: kind for kind, langs in vocab.KEYWORDS.items()
                  for words in langs.values() for w in words})
VERBS = phrases({w: verb for verb, words in vocab.SPECIAL_VERBS.items() for w in words})
BACK = phrases({w: True for w in ("take back", "back", "reprendre", "riprendi")})
MODE_PLACE = phrases({w: True for w in ("place", "placer", "piazza", "put", "poser")})
MODE_MOVE = phrases({w: True for w in ("move", "deplacer", "sposta", "move all", "all", "tous",
                                        "tutti", "vider", "svuota")})
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
              "deplacer 2 rouge aragon vers castillo.",
              "Scrivi ogni spostamento così: [numero] [colore] REGIONE a LUOGO, p. es. sposta 2 "
              "rosso aragona a castillo."),
    "where_to": ("Where to? Write “to” and a place after the region.",
                 "Vers où ? Écrivez « vers » et un lieu après la région.",
                 "Dove? Scrivi «a» e un luogo dopo la regione."),
    "no_special": ("There is no special action for you to do now.",
                   "Vous n'avez pas d'action spéciale à faire maintenant.",
                   "Non hai un'azione speciale da fare ora."),
    "back": ("Which power card do you take back? Write its number.",
             "Quelle carte pouvoir reprenez-vous ? Écrivez son numéro.",
             "Quale carta potere riprendi? Scrivi il suo numero."),
    "scoreboard": ("Write: scoreboard 8-4-0 to REGION (or 4-0-0).",
                   "Écrivez : tableau 8-4-0 vers RÉGION (ou 4-0-0).",
                   "Scrivi: segnapunti 8-4-0 a REGIONE (o 4-0-0)."),
    "picks": ("Write one pick per player: COLOUR REGION, e.g. pick red aragon, blue galicia.",
              "Écrivez un choix par joueur : COULEUR RÉGION, p. ex. special rouge aragon, bleu "
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
    "which_empty": ("Which region do you empty? e.g. move all from aragon to 2 castillo 1 "
                    "galicia.",
                    "Quelle région videz-vous ? p. ex. special deplacer tous de aragon vers 2 "
                    "castillo 1 galicia.",
                    "Quale regione svuoti? p. es. speciale sposta tutti da aragona a 2 castillo 1 "
                    "galicia."),
}
"""What a reader could not understand, in English, French and Italian (the Parser's `fail`)."""


# --- parsing ---------------------------------------------------------------------------------------


def parse(text: str, session: Session) -> Parsed:
    """The commands in `text`, each advanced on the session as it is read. Lines that hold no
    command word, number or place (greetings, thanks, a name) are skipped; `ignored` lists them."""
    return Parser(text, session).run()


class Parser(core.Parser):
    lexicon = LEXICON

    def __init__(self, text: str, session: Session) -> None:
        super().__init__(text, session, help_lines)

    def fail(self, key: str, **params: Any) -> ParseError:
        """What was not understood (ERRORS[key] in the session's language), where, and what may
        be written now."""
        return self.error(ERRORS[key][language_index(self.lang)].format(**params),
                          near=self.cursor.near())

    def looks_like_a_command(self, start: int, end: int) -> bool:
        return super().looks_like_a_command(start, end) or any(
            self.cursor.match(PLACES, i)[1] for i in range(start, end))

    # -- one command --

    def command(self) -> dict[str, Any] | None:
        c = self.cursor
        d = self.session.decision()
        kind, n = c.match(STRONG)
        verb, nv = c.match(VERBS)
        if nv > n:  # e.g. "take back 7" is a special action, not a take
            kind = None
        if kind is None:
            # A bare value the pending decision makes clear ("king" when a card is to be chosen)
            # comes before a verb that starts a special action ("king to granada").
            implicit = self.implicit(d)
            if implicit is not None or not nv:
                return implicit
            c.pos += nv
            return self.special(d, verb=verb)
        c.pos += n
        if kind != "choose_card":
            c.skip_filler()
        if d is None:
            raise ParseError(core.core_text("nothing_pending", self.lang), lang=self.lang)
        return getattr(self, kind)(d)

    def implicit(self, d: Decision | None) -> dict[str, Any] | None:
        """A bare value, read by what the pending decision wants."""
        c = self.cursor
        if d is None:
            return None
        if d.kind == "power_card" and c.peek() is not None and c.peek().isdigit():
            return self.play_power(d)
        if d.kind == "secret" and c.match(PLACES)[1]:
            return self.secret(d)
        if d.kind == "choose_card" and c.match(CARDS)[1]:
            return self.choose_card(d)
        if d.kind == "take" and c.peek() is not None and c.peek().isdigit():
            return self.take(d)
        return None

    def play_power(self, d: Decision) -> dict[str, Any]:
        value = self.cursor.number()
        if value is None:
            raise self.fail("power")
        return {"type": "play_power", "card": value}

    def take(self, d: Decision) -> dict[str, Any]:
        c = self.cursor
        if c.take(BACK):  # "take back 7"
            return self.special(d, verb="back")
        count: int | None = c.number()
        if count is None and c.take(ALL):
            count = _max(d, "count")
        if count is None:
            count = _max(d, "count")
            if count is None:
                raise self.fail("take")
        command: dict[str, Any] = {"type": "take", "count": count}
        c.skip_filler()
        if c.take(FROM):
            regions = self.pairs(lone=True)
            if regions:
                command["regions"] = regions
        return command

    def choose_card(self, d: Decision) -> dict[str, Any]:
        c = self.cursor
        options = [o for o in (d.options or []) if o.get("type") == "choose_card"]
        card = c.take_name(CARDS)
        stack = None
        if card is None:
            c.skip_filler()
            card = c.take_name(CARDS)
        if card is None:
            stack = c.number()
            if stack is None:
                raise self.fail("card")
        if stack is not None:
            named = [o["card"] for o in options if o["stack"] == stack]
            return {"type": "choose_card", "stack": stack, **({"card": named[0]} if named else {})}
        matches = [o for o in options if o["card"] == card]
        if len(matches) == 1:
            return {"type": "choose_card", "stack": matches[0]["stack"], "card": card}
        return {"type": "choose_card", "card": card}

    def place(self, d: Decision) -> dict[str, Any]:
        c = self.cursor
        zero, n = c.match(NUMBERS)
        if (c.peek() == "0" or (n and zero == 0)) and not c.match(PLACES, c.pos + max(n, 1))[1]:
            c.pos += max(n, 1)
            return {"type": "place", "places": {}}
        places = self.pairs(lone=True)
        if not places:
            raise self.fail("place")
        return {"type": "place", "places": places}

    def decline(self, d: Decision) -> dict[str, Any]:
        return {"type": "decline"}

    def allow(self, d: Decision) -> dict[str, Any]:
        return {"type": "allow"}

    def veto(self, d: Decision) -> dict[str, Any]:
        c = self.cursor
        steps = []
        while (n := c.number()) is not None:
            steps.append(n - 1)
            if c.continues_with():
                c.skip_breaks()
            c.skip_filler()
        if steps:
            return {"type": "veto", "steps": steps}
        return {"type": "veto"}

    def return_(self, d: Decision) -> dict[str, Any]:
        pairs = self.pairs(lone=False, court=True)
        if not pairs:
            raise self.fail("return")
        court = pairs.pop("court", 0)
        return {"type": "return", "court": court, "regions": pairs}

    def secret(self, d: Decision) -> dict[str, Any]:
        c = self.cursor
        c.skip_filler()
        c.take(TO)
        return {"type": "secret", "choice": self.named_place("which_region")}

    # -- parameters --

    def named_place(self, question: str) -> str:
        """The place named next, or a ParseError that asks `question` (an ERRORS key)."""
        place = self.cursor.take(PLACES)
        if place is None:
            raise self.fail(question)
        return str(place)

    def pairs(self, *, lone: bool, court: bool = False) -> dict[str, int]:
        """Numbers and places in either order: "2 aragon 1 castillo", "aragon 2, castillo 1"."""
        c = self.cursor
        out: dict[str, int] = {}
        places = {**PLACES, **(COURT if court else {})}
        where = {**PLACES, **({k: "court" for k in COURT} if court else {})}
        while True:
            c.skip_filler()
            c.take(TO)
            n = c.number()
            c.skip_filler()
            c.take(TO)
            place = c.take(where)
            if place is None:
                if n is not None:
                    raise self.fail("what", n=n)
                break
            if n is None:
                n = c.number()
            if n is None:
                if not lone:
                    raise self.fail("how_many", place=place_name(place, self.lang))
                n = 1
            out[place] = out.get(place, 0) + n
            if c.at_break() and not c.continues_with(places):
                break
            if c.at_break():
                c.skip_breaks()
        return out

    def seat_ref(self) -> int | None:
        c = self.cursor
        if c.take(SELF):
            return self.session.seat
        colour = c.take(COLOUR_WORDS)
        if colour is not None:
            return COLOURS.index(colour)
        names = {tuple(normalise(n).split()): i for i, n in enumerate(self.session.names)
                 if n and normalise(n).split()}
        names.update({(normalise(n).split()[0],): i for i, n in enumerate(self.session.names)
                      if n and normalise(n).split()})
        return c.take(names)

    def moves(self) -> list[dict[str, Any]]:
        """Groups "[count] [whose] [from] REGION to PLACE", separated by commas or "and"."""
        c = self.cursor
        out = []
        while True:
            c.skip_filler()
            count = c.number()
            c.skip_filler()
            whose = self.seat_ref()
            c.skip_filler()
            c.take(FROM)
            src = c.take(PLACES)
            if src is None:
                if count is None and whose is None and out:
                    break
                raise self.fail("moves")
            c.skip_filler()
            if not c.take(TO):
                raise self.fail("where_to")
            dst = self.named_place("where_to_place")
            out.append({"seat": self.session.seat if whose is None else whose, "from": src,
                        "to": dst, "count": 1 if count is None else count})
            if c.at_break() and c.continues_with(PLACES, COLOUR_WORDS, SELF):
                c.skip_breaks()
                continue
            if c.done() or c.at_break() or c.at_keyword() or c.match(VERBS)[1]:
                break
        return out

    def special(self, d: Decision | None, verb: str | None = None) -> dict[str, Any]:
        c = self.cursor
        if d is None or d.kind != "act" or "special" not in (d.constraint or {}):
            raise self.fail("no_special")
        card = d.constraint["card"]
        spec = d.constraint["special"]
        c.skip_filler()
        if verb == "back" or card == "power_card_back":
            c.take(BACK)
            c.skip_filler()
            value = c.number()
            if value is None:
                raise self.fail("back")
            return {"type": "special", "card": value}
        if card in ("king", "royal_advisor") or (card == "grande" and "to" in spec):
            c.take(CARDS) if verb is None else None
            c.skip_filler()
            c.take(TO)
            return {"type": "special", "to": self.named_place("where_to_region")}
        if card == "score_chosen" or card == "eviction":
            c.skip_filler()
            place = self.named_place("which_place")
            return {"type": "special", "place" if card == "score_chosen" else "region": place}
        if card == "scoreboard":
            digits = []
            while (n := c.number()) is not None:
                digits.append(n)
            board = {(8,): "8-4-0", (8, 4, 0): "8-4-0", (840,): "8-4-0", (4,): "4-0-0",
                     (4, 0, 0): "4-0-0", (400,): "4-0-0"}.get(tuple(digits))
            c.skip_filler()
            c.take(TO)
            place = c.take(PLACES)
            if board is None or place is None:
                raise self.fail("scoreboard")
            return {"type": "special", "board": board, "to": place}
        if card == "court_2":
            c.take(COURT)
            n = c.number()
            return {"type": "special", **({"count": n} if n is not None else {})}
        if card == "one_from_each":
            picks: dict[str, str] = {}
            while True:
                c.skip_filler()
                whose = self.seat_ref()
                c.skip_filler()
                c.take(FROM)
                region = c.take(PLACES)
                if whose is None or region is None:
                    if picks and whose is None and region is None:
                        break
                    raise self.fail("picks")
                picks[str(whose)] = region
                if c.at_break() and c.continues_with(COLOUR_WORDS, SELF):
                    c.skip_breaks()
                    continue
                if not (c.match(COLOUR_WORDS)[1] or c.match(SELF)[1]):
                    break
            return {"type": "special", "picks": picks}
        if card in ("move_all_own", "place_2_anywhere", "place_2_or_move_all_own"):
            mode = "move_all" if card == "move_all_own" else "place" if card == "place_2_anywhere" \
                else None
            if c.take(MODE_PLACE):
                mode = mode or "place"
            elif c.take(MODE_MOVE) or verb == "move":
                mode = mode or "move_all"
            c.skip_filler()
            c.take(ALL)
            c.skip_filler()
            if mode is None:
                mode = "move_all" if c.match(FROM)[1] else "place"
            if mode == "place":
                places = self.pairs(lone=True)
                params: dict[str, Any] = {"places": places}
            else:
                c.take(FROM)
                src = self.named_place("which_empty")
                c.skip_filler()
                c.take(TO)
                at = c.pos
                to = self.pairs(lone=True)
                if len(to) == 1 and c.words[at] not in ("1",) and not c.words[at].isdigit():
                    only = next(iter(to))
                    counts = self.session.view()["places"][src]["counts"]
                    to = {only: counts[self.session.seat] or 0}
                params = {"from": src, "to": to}
            if card == "place_2_or_move_all_own":
                params = {"mode": mode, **params}
            return {"type": "special", **params}
        if "moves" in spec:
            c.take(MODE_MOVE)
            return {"type": "special", "moves": self.moves()}
        return {"type": "special"}  # an action without parameters


setattr(Parser, "return", Parser.return_)


def _max(d: Decision, key: str) -> int | None:
    try:
        return int(d.constraint[key]["max"])  # type: ignore[index]
    except (TypeError, KeyError):
        return None


# --- the inverse: command JSON → text ------------------------------------------------------------


def _place(place: str, lang: str) -> str:
    return place_name(place, lang)


def _pairs_text(pairs: Mapping[str, int], lang: str) -> str:
    return " ".join(f"{n} {_place(p, lang)}" for p, n in pairs.items())


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
        verb = {"en": "move", "fr": "deplacer", "it": "sposta"}[lang]
        groups = [f"{m.get('count', 1)} {vocab.colour_name(m['seat'], lang)} "
                  f"{_place(m['from'], lang)} {to} {_place(m['to'], lang)}"
                  for m in params["moves"]]
        return f"{verb} " + ", ".join(groups)
    move_all = "from" in params and isinstance(params.get("to"), Mapping)
    place_only = isinstance(params.get("places"), Mapping) and "moves" not in params
    if "mode" in params or card in ("move_all_own", "place_2_anywhere") or move_all or place_only:
        mode = params.get("mode") or ("move_all" if card == "move_all_own" or move_all
                                      else "place")
        mode_word = ({"en": "place", "fr": "placer", "it": "piazza"}[lang] if mode == "place"
                     else {"en": "move all", "fr": "deplacer tous", "it": "sposta tutti"}[lang])
        if mode == "place":
            return f"{word} {mode_word} {_pairs_text(params.get('places') or {}, lang)}"
        return (f"{word} {mode_word} {frm} {_place(params['from'], lang)} {to} "
                f"{_pairs_text(params.get('to') or {}, lang)}")
    if "picks" in params:
        picks = ", ".join(f"{vocab.colour_name(int(s), lang)} {_place(r, lang)}"
                          for s, r in params["picks"].items())
        return f"{word} {picks}"
    if "board" in params:
        return f"{word} {params['board']} {to} {_place(params['to'], lang)}"
    if card == "power_card_back" or ("card" in params and isinstance(params["card"], int)):
        return f"{word} {params['card']}"
    if "to" in params:
        return f"{word} {to} {_place(params['to'], lang)}"
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
    "take": ("{kw} N — from {min} to {max} Caballeros to your court{extra}",
             "{kw} N — de {min} à {max} Caballeros vers votre cour{extra}",
             "{kw} N — da {min} a {max} Caballeros alla tua corte{extra}"),
    "take_regions": ("; if your provinces run short: {kw} N from 1 REGION …",
                     " ; si vos provinces ne suffisent pas : {kw} N de 1 RÉGION …",
                     "; se le province non bastano: {kw} N da 1 REGIONE …"),
    "choose_card": ("{kw} NAME or {kw} STACK — {cards}", "{kw} NOM ou {kw} PILE — {cards}",
                    "{kw} NOME o {kw} MAZZO — {cards}"),
    "place": ("{kw} N PLACE … — up to {max} in all, to: {places} (or {kw} 0)",
              "{kw} N LIEU … — {max} au plus, vers : {places} (ou {kw} 0)",
              "{kw} N LUOGO … — al massimo {max}, in: {places} (o {kw} 0)"),
    "special": ("{kw} … — the action of “{card}”: {how}", "{kw} … — l'action de « {card} » : {how}",
                "{kw} … — l'azione di «{card}»: {how}"),
    "decline": ("{kw} — do not use the special action", "{kw} — ne pas faire l'action spéciale",
                "{kw} — non usare l'azione speciale"),
    "veto": ("{allow} — let it happen; {veto} — stop it{parts}",
             "{allow} — laisser faire ; {veto} — l'arrêter{parts}",
             "{allow} — lascia fare; {veto} — fermala{parts}"),
    "veto_parts": (" (or {veto} 1 2 … for some parts only)", " (ou {veto} 1 2 … pour certaines parties)",
                   " (o {veto} 1 2 … solo per alcune parti)"),
    "return": ("{kw} N court N REGION … — exactly {count} in all, from your court ({court}) and "
               "regions ({regions})",
               "{kw} N cour N RÉGION … — exactement {count}, de votre cour ({court}) et des "
               "régions ({regions})",
               "{kw} N corte N REGIONE … — esattamente {count}, dalla corte ({court}) e dalle "
               "regioni ({regions})"),
    "secret": ("{kw} REGION — one of: {places}", "{kw} RÉGION — parmi : {places}",
               "{kw} REGIONE — tra: {places}"),
}

HOW: dict[str, tuple[str, str, str]] = {
    "moves": ("move N COLOUR REGION to PLACE, … (at most {max})",
              "deplacer N COULEUR RÉGION vers LIEU, … ({max} au plus)",
              "sposta N COLORE REGIONE a LUOGO, … (al massimo {max})"),
    "to": ("special to REGION — one of: {places}", "special vers RÉGION — parmi : {places}",
           "speciale a REGIONE — tra: {places}"),
    "place": ("special PLACE — one of: {places}", "special LIEU — parmi : {places}",
              "speciale LUOGO — tra: {places}"),
    "region": ("special REGION — one of: {places}", "special RÉGION — parmi : {places}",
               "speciale REGIONE — tra: {places}"),
    "card": ("special N — a power card of yours played: {cards}",
             "special N — une de vos cartes jouées : {cards}",
             "speciale N — una tua carta giocata: {cards}"),
    "count": ("special N — 1 or 2", "special N — 1 ou 2", "speciale N — 1 o 2"),
    "boards": ("special 8-4-0 to PLACE (or 4-0-0)", "special 8-4-0 vers LIEU (ou 4-0-0)",
               "speciale 8-4-0 a LUOGO (o 4-0-0)"),
    "picks": ("special COLOUR REGION, … — one for each of: {seats}",
              "special COULEUR RÉGION, … — un pour chacun de : {seats}",
              "speciale COLORE REGIONE, … — uno per ognuno tra: {seats}"),
    "mode": ("special place N PLACE … (2 at most) or special move all from REGION to N PLACE …",
             "special placer N LIEU … (2 au plus) ou special deplacer tous de RÉGION vers N LIEU …",
             "speciale piazza N LUOGO … (al massimo 2) o speciale sposta tutti da REGIONE a N LUOGO …"),
    "from": ("special move all from REGION to N PLACE … (all of yours there)",
             "special deplacer tous de RÉGION vers N LIEU … (tous les vôtres)",
             "speciale sposta tutti da REGIONE a N LUOGO … (tutti i tuoi)"),
    "places": ("special N PLACE … (2 at most, anywhere)", "special N LIEU … (2 au plus, partout)",
               "speciale N LUOGO … (al massimo 2, ovunque)"),
    "none": ("special — no parameters", "special — sans paramètre", "speciale — senza parametri"),
}


def _t(table: Mapping[str, tuple[str, str, str]], key: str, lang: str, **kw: Any) -> str:
    return table[key][language_index(lang)].format(**kw)


def _names(places: Sequence[str], lang: str) -> str:
    return ", ".join(_place(p, lang) for p in places)


def special_help(card: str, spec: Mapping[str, Any], lang: str) -> str:
    if "moves" in spec:
        return _t(HOW, "moves", lang, max=spec.get("max_total", ""))
    if "mode" in spec:
        return _t(HOW, "mode", lang)
    if "all" in spec:
        return _t(HOW, "from", lang)
    if "places" in spec and "max_total" in spec:
        return _t(HOW, "places", lang)
    if "picks" in spec:
        colours = ", ".join(vocab.colour_name(int(s), lang) for s in spec["picks"])
        return _t(HOW, "picks", lang, seats=colours)
    if "boards" in spec:
        return _t(HOW, "boards", lang)
    if "card" in spec:
        return _t(HOW, "card", lang, cards=", ".join(str(c) for c in spec["card"]))
    if "count" in spec:
        return _t(HOW, "count", lang)
    for key in ("to", "place", "region"):
        if key in spec:
            return _t(HOW, key, lang, places=_names(spec[key], lang))
    return _t(HOW, "none", lang)


def help_lines(decision: Decision | None, view: Mapping[str, Any] | None = None,
               lang: str = "en") -> list[str]:
    """The commands that answer `decision`, one line each, in `lang`."""
    if decision is None:
        return []
    lang = lang if lang in LANGUAGES else "en"
    kw = lambda kind: vocab.keyword(kind, lang)  # noqa: E731
    d, con = decision, decision.constraint or {}
    if d.kind == "power_card":
        cards = ", ".join(str(o["card"]) for o in d.options or [])
        return [_t(HELP, "power_card", lang, kw=kw("play_power"), cards=cards)]
    if d.kind == "take":
        extra = (_t(HELP, "take_regions", lang, kw=kw("take"))
                 if con.get("provinces", 99) < con["count"]["max"] else "")
        return [_t(HELP, "take", lang, kw=kw("take"), min=con["count"]["min"],
                   max=con["count"]["max"], extra=extra)]
    if d.kind == "choose_card":
        cards = "; ".join(f"{o['stack']}: {vocab.card_name(o['card'], lang)}"
                          for o in d.options or [])
        return [_t(HELP, "choose_card", lang, kw=kw("choose_card"), cards=cards)]
    if d.kind == "act":
        lines = []
        if "place" in con:
            lines.append(_t(HELP, "place", lang, kw=kw("place"), max=con["place"]["max"],
                            places=_names(con["place"]["places"], lang)))
        if "special" in con:
            how = special_help(con["card"], con["special"], lang).replace(
                "special", kw("special"), 1)
            lines.append(_t(HELP, "special", lang, kw=kw("special"),
                            card=vocab.card_name(con["card"], lang), how=how))
            lines.append(_t(HELP, "decline", lang, kw=kw("decline")))
        return lines
    if d.kind == "veto":
        parts = _t(HELP, "veto_parts", lang, veto=kw("veto")) if con.get("steps") else ""
        return [_t(HELP, "veto", lang, allow=kw("allow"), veto=kw("veto"), parts=parts)]
    if d.kind == "return":
        regions = ", ".join(f"{_place(r, lang)} {n}" for r, n in con["regions"].items()) or "—"
        return [_t(HELP, "return", lang, kw=kw("return"), count=con["count"], court=con["court"],
                   regions=regions)]
    if d.kind == "secret":
        places = [o["choice"] for o in d.options or []]
        return [_t(HELP, "secret", lang, kw=kw("secret"), places=_names(places, lang))]
    return [d.kind]


class ElGrandeLanguage:
    """The `language` facet of El Grande's module (see domain/core/game.py)."""

    def __init__(self, module: Any) -> None:
        self.module = module

    def parse(self, text: str, session: Session) -> Parsed:
        return parse(text, session)

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
