"""King & Intrigue's command language: El Grande's (`domain.elgrande.language`: its words, its
parser, its formats, in en/fr/it), with the expansion's commands and actions added:

    keep 10 20 40 …                 (garder … / tieni …)   the 13 cards kept
    disc aragon                     (disque … / disco …)   the selection disc, the Castillo's disc
    play 120                        (jouer … / gioca …)
    choose action king | choose action 160                 the round card's action or the power card's
    intrigue move 1 red aragon to galicia | intrigue all from aragon to galicia
    special grande aragon 2 castillo                       card 80 (the Grande and/or its Caballeros)
    special galicia                                        card 130 (the 2x marker)
    special move 2 blue aragon to castillo, 2 red galicia to castillo   card 140
    king castilla la vieja                                 the King card, 180

Everything else reads and writes as in El Grande.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from domain.core import reader
from domain.core.decisions import Decision
from domain.core.i18n import Count, supported
from domain.core.language import (
    Lexicon,
    Parsed,
    Session,
    example_command,
    language_index,
    normalise,
    phrases,
)
from domain.core.reader import Vocabulary
from domain.elgrande import language as eg
from domain.elgrande import vocabulary as vocab
from domain.elgrande.data import REGION_IDS
from domain.kingintrigue import texts
from domain.kingintrigue.data import POWER_VALUES
from domain.kingintrigue.modules import language as modlang
from domain.kingintrigue.modules_data import ALL_CARDS, IN_FRONT
from domain.kingintrigue.texts import name

KEYWORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "keep": (("keep",), ("garder", "garde", "je garde"), ("tieni", "tengo", "tenere")),
    "choose_action": (("choose action", "use action"), ("choisir action", "choisis action"),
                      ("scegli azione", "usa azione")),
}
OWN = phrases({w: kind for kind, langs in KEYWORDS.items() for words in langs for w in words})
INTRIGUE = phrases({w: "intrigue" for w in ("intrigue", "intrigo")})
STRONG = {**eg.STRONG, **OWN}
VERBS = {**eg.VERBS, **INTRIGUE}
LEXICON = Lexicon(keywords=STRONG, verbs=VERBS, filler=eg.LEXICON.filler)
ROUND_ACTIONS = phrases({**{w: "king" for w in ("king", "the king", "roi", "le roi", "re",
                                                "il re")},
                         **{w: "intrigue" for w in ("intrigue", "l intrigue", "intrigo",
                                                    "l intrigo")}})
AS_EL_GRANDE = {"one_from_each_opponent": "one_from_each", "double_scoring": "eviction"}
"""The expansion's actions that read and write as an El Grande card's (same parameters)."""

ERRORS: dict[str, tuple[str, str, str]] = {
    "keep": ("After “keep”, write the 13 values you keep, e.g. keep 10 20 40 50 60 80 90 100 110 "
             "130 140 160 180.",
             "Après « garder », écrivez les 13 valeurs gardées, p. ex. garder 10 20 40 50 60 80 90 "
             "100 110 130 140 160 180.",
             "Dopo «tieni», scrivi i 13 valori che tieni, p. es. tieni 10 20 40 50 60 80 90 100 "
             "110 130 140 160 180."),
    "choose_action": ("Write “choose action king” (or intrigue) for the round card's action, or "
                      "“choose action” and your power card's value.",
                      "Écrivez « choisir action roi » (ou intrigue) pour l'action de la carte de "
                      "manche, ou « choisir action » et la valeur de votre carte pouvoir.",
                      "Scrivi «scegli azione re» (o intrigo) per l'azione della carta del round, "
                      "o «scegli azione» e il valore della tua carta potere."),
}
HELP: dict[str, tuple[str, str, str]] = {
    "keep": ("{kw} N N … — 13 different values of: {cards}",
             "{kw} N N … — 13 valeurs différentes parmi : {cards}",
             "{kw} N N … — 13 valori diversi tra: {cards}"),
    "choose_action": ("{kw} {round} / {kw} {power} — the round card's action ({round_name}), or "
                      "your power card's ({power_name})",
                      "{kw} {round} / {kw} {power} — l'action de la carte de manche "
                      "({round_name}), ou celle de votre carte pouvoir ({power_name})",
                      "{kw} {round} / {kw} {power} — l'azione della carta del round "
                      "({round_name}), o quella della tua carta potere ({power_name})"),
    "card": ("{card} ({count:# Caballero|# Caballeros}, {action})",
             "{card} ({count:# Caballero|# Caballeros}, {action})",
             "{card} ({count:# Caballero|# Caballeros}, {action})"),
    "intrigue": ("intrigue move COLOUR REGION to REGION / intrigue all from REGION to REGION",
                 "intrigue déplacer COULEUR RÉGION vers RÉGION / intrigue tous de RÉGION vers "
                 "RÉGION",
                 "intrigo sposta COLORE REGIONE a REGIONE / intrigo tutti da REGIONE a REGIONE"),
    "grande_and_caballeros": ("{kw} grande REGION N PLACE … / {kw} grande REGION / {kw} N PLACE …",
                              "{kw} grande RÉGION N LIEU … / {kw} grande RÉGION / {kw} N LIEU …",
                              "{kw} grande REGIONE N LUOGO … / {kw} grande REGIONE / {kw} N "
                              "LUOGO …"),
    "capture": ("{move} N COLOUR REGION {to}, …", "{move} N COULEUR RÉGION {to}, …",
                "{move} N COLORE REGIONE {to}, …"),
}
"""The expansion's help lines, as El Grande's (`domain.elgrande.language.HELP`): a pattern whose
upper-case words the player fills in, " / " between alternatives, then " — " and what it does
(copied back, the line is a legal command: tests/emails/test_help_lines.py)."""
WHAT: dict[str, tuple[str, str, str]] = {
    "intrigue": (": one Caballero, or all of yours", " : un Caballero, ou tous les vôtres",
                 ": un Caballero, o tutti i tuoi"),
    "grande_and_caballeros": (": the Grande and/or your Caballeros leaving its region",
                              " : le Grande et/ou vos Caballeros qui quittent sa région",
                              ": il Grande e/o i tuoi Caballeros che lasciano la sua regione"),
    "capture": (": up to 3 of your opponents', then 2 of yours",
                " : jusqu'à 3 adverses, puis 2 des vôtres", ": fino a 3 avversari, poi 2 tuoi"),
}


def _t(table: Mapping[str, tuple[str, str, str]], key: str, lang: str, **kw: Any) -> str:
    return table[key][language_index(lang)].format(**kw)


def _as_el_grande(d: Decision | None) -> Decision | None:
    card = (d.constraint or {}).get("card") if d is not None else None
    if d is None or card not in AS_EL_GRANDE:
        return d
    return replace(d, constraint={**(d.constraint or {}), "card": AS_EL_GRANDE[card]})


def parse(text: str, session: Session) -> Parsed:
    """The commands in `text`, read by the shared reader with King & Intrigue's words."""
    return reader.parse(text, session, VOCABULARY, help_lines)


def format_command(command: Mapping[str, Any], lang: str = "en", *,
                   decision: Decision | None = None, names: Sequence[str] = ()) -> str:
    lang = supported(lang)
    kind = command["type"]
    if kind == "keep":
        return f"{KEYWORDS['keep'][language_index(lang)][0]} " + " ".join(
            str(v) for v in command.get("cards") or [])
    if kind == "choose_action":
        card = command.get("card")
        word = KEYWORDS["choose_action"][language_index(lang)][0]
        if card in ("king", "intrigue"):
            return f"{word} " + {"king": ("king", "roi", "re"),
                                 "intrigue": ("intrigue", "intrigue", "intrigo")}[card][
                language_index(lang)]
        value = next(v for v, c in ALL_CARDS.items() if c.action == card)
        return f"{word} {value}"
    card = (decision.constraint or {}).get("card") if decision is not None else None
    if kind == "cross":
        return modlang.format_cross(command, lang)
    if kind == "guard":
        return modlang.format_guard(command, lang)
    if kind == "special" and card in modlang.OWN_CARDS:
        return modlang.format_special(command, card, lang, names)
    if kind == "special" and card == "intrigue":
        verb = ("intrigue", "intrigue", "intrigo")[language_index(lang)]
        if command.get("mode") == "all":
            frm = ("from", "de", "da")[language_index(lang)]
            every = ("all", "tous", "tutti")[language_index(lang)]
            return (f"{verb} {every} {frm} {eg._place(command['from'], lang)} "
                    f"{eg._to(command['to'], lang)}")
        moves = eg.format_command({"type": "special", "moves": command["moves"]}, lang,
                                  decision=decision, names=names)
        return f"{verb} {moves}"
    if kind == "special" and card == "grande_and_caballeros":
        parts = [vocab.keyword("special", lang)]
        if command.get("grande"):
            parts += ["grande", eg._place(command["grande"], lang)]
        if command.get("caballeros"):
            parts.append(eg._pairs_text(command["caballeros"], lang))
        return " ".join(parts)
    return eg.format_command(command, lang, decision=_as_el_grande(decision), names=names)


def help_lines(decision: Decision | None, view: Mapping[str, Any] | None = None,
               lang: str = "en") -> list[str]:
    if decision is None:
        return []
    lang = supported(lang)
    if decision.kind == "keep" and len((decision.constraint or {}).get("from", ())) > \
            len(POWER_VALUES):  # a module's larger deck: its values only, not 29-39 card lines
        return [modlang.keep_help(decision.constraint["from"], lang,
                                  KEYWORDS["keep"][language_index(lang)][0])]
    if decision.kind == "keep":
        pool = (decision.constraint or {}).get("from") or sorted(ALL_CARDS)
        cards = ", ".join(card_words(int(v), lang) for v in pool)
        return [_t(HELP, "keep", lang, kw=KEYWORDS["keep"][language_index(lang)][0],
                   cards=cards)]
    if decision.kind in ("cross", "guard"):
        return [modlang.help_line(decision.kind, lang) or ""]
    if decision.kind == "choose_action":
        kw = KEYWORDS["choose_action"][language_index(lang)][0]
        options = [o["card"] for o in decision.options or []]
        round_word = format_command({"type": "choose_action", "card": options[0]}, lang)
        power_word = format_command({"type": "choose_action", "card": options[-1]}, lang)
        return [_t(HELP, "choose_action", lang, kw=kw,
                   round=round_word.removeprefix(kw).strip(), round_name=name(options[0], lang),
                   power=power_word.removeprefix(kw).strip(), power_name=name(options[-1], lang))]
    return eg.help_lines(decision, view, lang, power_caballeros=CABALLEROS, card_name=name,
                         special_how=special_how, power_card_words=card_words,
                         prompt=texts.prompt)


def card_words(value: int, lang: str) -> str:
    """A power card as a mail lists it: its value, its Caballeros and its action, « 10 (6
    Caballeros, Intrigue) » (by mail no form labels the cards)."""
    card = ALL_CARDS[value]
    return _t(HELP, "card", lang, card=value, count=Count(card.caballeros, lang),
              action=name(card.action, lang))


OWN_HOW = {"intrigue": "intrigue", "grande_and_caballeros": "grande_and_caballeros",
           "castillo_capture": "capture"}
"""The expansion's actions whose command El Grande's help does not know (the others read as an El
Grande card's: `AS_EL_GRANDE`, or take no parameters)."""


def special_how(card: str, spec: Mapping[str, Any], lang: str) -> tuple[str, str] | None:
    """The command pattern of the expansion's own actions and of its modules' cards, for El
    Grande's help lines (None: the action is written as El Grande's card of that shape)."""
    if card not in OWN_HOW:
        line = modlang.help_line(card, lang)
        if line:
            return line, _regions_what(spec, lang)
        if card in AS_EL_GRANDE or card in vocab.CARD_NAMES_I18N:
            return None
        # a module card without parameters: the keyword alone
        return eg.HOW["none"][language_index(lang)][0].format(kw=vocab.keyword("special", lang)), ""
    key = OWN_HOW[card]
    how = _t(HELP, key, lang, kw=vocab.keyword("special", lang), move=eg._w("move", lang),
             to=eg._to("castillo", lang))
    return how, _t(WHAT, key, lang)


REGIONS_WHAT = {
    "one": (": one of {places}", " : parmi {places}", ": tra {places}"),
    "some": (": {n} different regions of {places}", " : {n} régions différentes parmi {places}",
             ": {n} regioni diverse tra {places}"),
}


def _regions_what(spec: Mapping[str, Any], lang: str) -> str:
    """The regions a module card's action may name, as the help line's end (the 115's "special
    REGION REGION REGION" said nothing of which regions may be offered): every region the
    decision offers; for a pair (the Alliance, the Bridge), every region of an allowed pair (the
    game refuses a pair it does not allow, and says why)."""
    pairs = spec.get("pairs")
    if pairs:
        seen = {r for pair in pairs for r in pair}
        regions, n = [r for r in REGION_IDS if r in seen], 2
    else:
        found = spec.get("regions") or spec.get("region")
        if not isinstance(found, (list, tuple)) or not found:
            return ""
        regions, n = list(found), int(spec.get("count") or 1)
    places = ", ".join(eg._place(r, lang) for r in regions)
    if n == 1:
        return REGIONS_WHAT["one"][language_index(lang)].format(places=places)
    return REGIONS_WHAT["some"][language_index(lang)].format(n=n, places=places)


CABALLEROS: dict[int, int] = {value: card.caballeros for value, card in ALL_CARDS.items()}
"""The Caballeros each power card brings, for El Grande's help lines."""


class KingAndIntrigueLanguage:
    """The `language` facet (see domain/core/game.py)."""

    def __init__(self, module: Any) -> None:
        self.module = module

    @property
    def vocabulary(self) -> Vocabulary:
        """King & Intrigue's words for the form-driven reader (`domain/core/reader.py`)."""
        return VOCABULARY

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
        return format_command(example_command(self.module, state, decision), lang,
                              decision=decision, names=names)


def _read_label(of: str, value: Any, lang: str, view: Mapping[str, Any] | None) -> list[str]:
    """What a player may write for a value of the forms: a power card by its action's name, an
    action card by its name (the round's King and Intrigue by their usual words too)."""
    from domain.kingintrigue.texts import label

    if of == "power_card":  # and its name's head, as the mail's list shows it: « Décompte
        card = ALL_CARDS.get(int(value))  # spécial » (several in hand: asked back)
        if card is None:
            return []
        full = name(card.action, lang)
        head = full.split(":")[0].strip()
        return [full, head] if head != full else [full]
    if of == "stack":
        return eg.read_label(of, value, lang, view)
    return [label(of, value, lang)]


def _module_card_words() -> tuple[str, ...]:
    """The module cards' names as their action's words, where the special action is asked
    (« guerra civile in Aragona »): every name but the markers' (Intervention's targets,
    "alliance", "quarantine", "king marker") and the Joker (a power card played as such)."""
    from domain.kingintrigue.modules_data import MODULE_CARDS

    markers = {w for langs in modlang.MARKER_WORDS.values() for ways in langs for w in ways}
    out = []
    for card in MODULE_CARDS.values():
        if card.action in ("joker", "alliance", "quarantine", "king_marker"):
            continue
        for title in card.name:
            text = " ".join(normalise(title).replace(":", " ").replace("'", " ").split())
            if text and text not in markers:
                out.append(text)
    return tuple(dict.fromkeys(out))


def _module_names() -> dict[str, dict[str, Any]]:
    """The modules' values by the words the mails write them with: the Royal Guard's choice
    (a region, or « reste » / "stay" / "resta") and Intervention's targets ("alliance",
    "limit Aragón", "25 red": a marker, a limit board, a card in front of a player)."""
    places = vocab.place_words()
    guard = {**places, **{w: "stay" for ways in modlang.STAY_WORDS for w in ways
                          if w not in ("no", "non")}}
    intervention: dict[str, Any] = {}
    for what, langs in modlang.MARKER_WORDS.items():
        for ways in langs:
            intervention.update({w: f"{what}@board" for w in ways})
    for ways in modlang.LIMIT_WORDS:
        for word in ways:
            intervention.update({f"{word} {p}": f"limit@{place}" for p, place in places.items()})
    for what in IN_FRONT:
        for colour, seat in vocab.seat_words().items():
            intervention[f"{modlang.VALUE_OF[what]} {colour}"] = f"{what}@{seat}"
    return {"guard": guard, "intervention": intervention}


def _numbered(of: str, view: Mapping[str, Any] | None) -> dict[int, Any]:
    """An action card by the power card it is printed with ("choose action 170", as the mails
    and `format_command` write a power card's own action)."""
    if of != "card":
        return {}
    return {value: card.action for value, card in ALL_CARDS.items()}


VOCABULARY = Vocabulary(
    actions={**vocab.READ_ACTIONS,
             "keep": (*(w for ways in KEYWORDS["keep"] for w in ways), "i keep", "keeping",
                      "je conserve", "conserve", "garderai", "tengo", "terro", "tieni queste"),
             "choose_action": ("choose", "choose action", "action", "use", "take", "play",
                               "choisis", "choisir", "je choisis", "prends", "je prends",
                               "action du", "l action du", "joue", "scelgo", "scegli", "prendo",
                               "gioco", "azione", "azione del", "uso", "usa", "card", "my card",
                               "i choose", "i take", "i play", "i use", "i ll use", "i ll do",
                               "i do the", "i ll do the", "je fais l action", "faccio l azione",
                               "my own card", "carte", "ma carte", "ma propre carte", "carta",
                               "la mia carta"),
             "special": (*vocab.READ_ACTIONS["special"], "intrigue", "intrigo",
                         "score the castillo", "decompte du castillo", "le decompte du castillo",
                         "valuto il castillo", "valutare il castillo",
                         "valutazione del castillo", "la valutazione del castillo",
                         "faccio la valutazione del castillo", "scoring of the castillo",
                         "the castillo scoring", "castillo scoring", "je fais le decompte du castillo",
                         # the Alliance and the Bridge in sentences (never the marker's name
                         # alone: Intervention's target "alliance" or "bridge")
                         "i ally", "ally", "alliance between", "an alliance between",
                         "the alliance between", "j allie", "allie", "alliance entre",
                         "une alliance entre", "l alliance entre", "alleo", "alleanza tra",
                         "alleanza fra", "l alleanza tra", "un alleanza tra", "faccio l alleanza",
                         "faccio un alleanza", "faccio l alleanza tra", "bridge between",
                         "the bridge between", "build the bridge", "i build the bridge",
                         "a bridge between", "build a bridge between", "pont entre",
                         "le pont entre", "un pont entre", "je construis le pont",
                         "construis le pont", "je pose le pont", "ponte tra", "ponte fra",
                         "il ponte tra", "un ponte tra", "costruisco il ponte", "faccio il ponte",
                         "metto il ponte",
                         # the 130's 2x marker by its name ("le marqueur 2x va en …")
                         "2x marker", "the 2x marker", "my 2x marker", "the 2x", "marqueur 2x",
                         "le marqueur 2x", "mon marqueur 2x", "segnalino 2x", "il segnalino 2x",
                         "il mio segnalino 2x", "double marker", "the double marker",
                         "metto il segnalino 2x", "piazzo il segnalino 2x", "je mets le marqueur 2x",
                         "je pose le marqueur 2x", "put the 2x marker", "i put the 2x marker",
                         "place the 2x marker",
                         # markers put by their verb (never the marker's name alone, an
                         # Intervention's target)
                         "metto la quarantena", "la quarantena su", "la quarantena in",
                         "je mets la quarantaine", "la quarantaine sur", "la quarantaine en",
                         "put the quarantine", "quarantine on", "quarantine in",
                         "metto il segnalino del re", "il segnalino del re va",
                         "je pose le marqueur du roi", "je mets le marqueur du roi",
                         "le marqueur du roi va", "put the king marker", "the king marker goes",
                         "king marker on", "je declenche", "declenche",
                         *_module_card_words()),
             "cross": (*(w for ways in modlang.CROSS_WORDS for w in ways), "i cross",
                       "je traverse", "attraverso",
                       # not crossing, in words: the count 0 (see the reader's `_fill`)
                       "je ne traverse pas", "pas de traversee", "pas de traversee du pont",
                       "no crossing", "i don t cross", "i won t cross", "not crossing",
                       "non attraverso", "nessun attraversamento", "niente attraversamento"),
             "guard": (*(w for ways in modlang.GUARD_WORDS for w in ways), "royal guard",
                       "garde royale", "guardia reale"),
             "decline": (*vocab.READ_ACTIONS["decline"], "pas d intrigue", "no intrigue",
                         "je passe l intrigue", "passe l intrigue", "passo l intrigo",
                         "i pass on the intrigue", "i skip the intrigue", "no intrigue for me",
                         "niente intrigo", "nessun intrigo", "niente valutazione",
                         "pas de decompte", "no scoring", "nessuna valutazione")},
    names={"place": vocab.place_words(),
           "card": {**vocab.card_words(),
                    **{" ".join(k): v for k, v in ROUND_ACTIONS.items()},
                    **{w: "score_castillo" for w in ("score castillo", "valuto castillo",
                                                     "decompte castillo", "valutare castillo",
                                                     "decompter castillo")}},
           "seat": vocab.seat_words(), "board": vocab.BOARD_WORDS, **_module_names()},
    label=_read_label, known=vocab.known_words(), numbered=_numbered, flags=("leave",),
    pieces=vocab.PIECES,
    # "cross Aragón 2 leave": the leader left behind (the field's word alone says 1)
    fields={**vocab.READ_FIELDS, "leave": tuple(w for ways in modlang.LEAVE_WORDS for w in ways),
            "grande": ("grande", "le grande", "il grande", "my grande", "mon grande",
                       "il mio grande")})
