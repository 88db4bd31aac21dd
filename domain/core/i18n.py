"""The languages players read, and catalogues of sentences in them: the one machinery every
catalogue uses (the games' log and refusals, the core's refusals, the service's mails and pages).

Every word a player reads exists in English, French and Italian. A catalogue maps a key to its
three texts; `Catalogue.render` fills one in, each parameter shown by the catalogue's `show` (a
seat as its player's name, a place by its name in that language). A parameter may carry a format
spec that its shown value understands, so that grammar lives in the texts, not in code:

- `{count:# Caballero|# Caballeros}`: a number with the singular or the plural form around it
  (French counts 0 as singular: « 0 Caballero »);
- a game's own values may take their own specs (El Grande's places: `{to:to}` → « au Castillo »,
  `{from:from}` → « dalla corte »).

A sentence that opens on a parameter begins with a capital letter ("{place:the} is scored" → "The
Castillo is scored"), unless the parameter is a player's name (kept as the player wrote it); a text
that opens on its own words is written as meant (a fragment may begin in lower case).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

LANGUAGES = ("en", "fr", "it")
"""The languages every word a player reads exists in."""


def language_index(lang: str) -> int:
    """The column of `lang` in an (en, fr, it) tuple; English for a language we do not have."""
    return LANGUAGES.index(lang) if lang in LANGUAGES else 0


def supported(lang: str | None) -> str:
    """`lang` if we have it, else English."""
    return lang if lang in LANGUAGES else "en"


class Count(int):
    """A number in a sentence: `{n:# thing|# things}` picks the form that agrees with it."""

    lang: str

    def __new__(cls, value: int, lang: str = "en") -> Count:
        made = super().__new__(cls, value)
        made.lang = lang
        return made

    def __format__(self, spec: str) -> str:
        if "|" not in spec:
            return format(int(self), spec)
        one, _, many = spec.partition("|")
        singular = self == 1 or (self == 0 and self.lang == "fr")
        return (one if singular else many).replace("#", str(int(self)))


class Amount(float):
    """A decimal quantity in a sentence (seconds…): `{x:# second|# seconds}` writes it with the
    language's decimal mark (0.3, « 0,3 ») and the form that agrees with it (French keeps the
    singular below 2: « 1,5 seconde »; English and Italian only for exactly 1)."""

    lang: str

    def __new__(cls, value: float, lang: str = "en") -> Amount:
        made = super().__new__(cls, value)
        made.lang = lang
        return made

    def __format__(self, spec: str) -> str:
        number = f"{float(self):g}"
        if self.lang in ("fr", "it"):
            number = number.replace(".", ",")
        if "|" not in spec:
            return number
        one, _, many = spec.partition("|")
        singular = float(self) < 2 if self.lang == "fr" else float(self) == 1.0
        return (one if singular else many).replace("#", number)


class Name(str):
    """A player's name in a sentence: one that begins with it keeps the name as written
    (`written` is False for a stand-in such as "seat 2", which a sentence capitalises)."""

    written: bool = True

    def __format__(self, spec: str) -> str:
        """`{who:de}`: French "de" joined to the name, elided before a vowel (« d'Ann »)."""
        if spec == "de":
            return f"d'{self}" if self[:1].lower() in "aeiouyàâéèêëîïôöùûüh" else f"de {self}"
        return str.__format__(self, spec)


class Word:
    """A value shown in a sentence by form: `format(word, spec)` is `forms(spec)` ("" the plain
    name). A game's places, for instance, are words with forms "in", "from", "to"..."""

    def __init__(self, forms: Callable[[str], str]) -> None:
        self.forms = forms

    def __format__(self, spec: str) -> str:
        return self.forms(spec)

    def __str__(self) -> str:
        return self.forms("")


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


class Sentence(str):
    """A sentence that opens on its catalogue's own words ("Vous gardez…"), not on a name, a place
    or a number: joined after a colon in French or Italian, it starts in lower case (« C'est
    fait : vous gardez… »), which a sentence opening on a proper noun never does."""


AFTER_COLON = re.compile(r":[ \u00a0]*\{(\w+)(?:[:!][^}]*)?\}")
"""A parameter a text puts right after a colon ("Fatto: {what}", « Pas fait : {detail} »)."""


def after_colon(text: Any, lang: str) -> Any:
    """`text` as it reads after a colon in `lang`: French and Italian write a common word there in
    lower case (English keeps the sentence's capital, as its style allows). Only a `Sentence`
    changes, and only when its first word is a word, not an acronym ("OK", "UE")."""
    if lang in ("fr", "it") and isinstance(text, Sentence) and text[:1].isupper() \
            and not text[1:2].isupper():
        return text[:1].lower() + text[1:]
    return text


def after_colons(template: str, params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """`params` with each one the template puts after a colon written as it reads there."""
    out = dict(params)
    for key in AFTER_COLON.findall(template):
        if key in out:
            out[key] = after_colon(out[key], lang)
    return out


def joined_sentences(sentences: Sequence[str], sep: str = " ") -> str:
    """Sentences joined into one text that opens as its first sentence does (a `Sentence` when
    the first one is)."""
    text = sep.join(sentences)
    return Sentence(text) if sentences and isinstance(sentences[0], Sentence) else text


Show = Callable[[str, Any, str, Sequence[str]], Any]
"""How a catalogue shows one parameter: (name, value, lang, players' names) → what is formatted."""

SEAT_PARAMS = frozenset({"seat", "player", "by", "holder", "against", "owner", "winner", "mover",
                         "who", "asker"})
"""Parameters that name a seat: shown as that seat's player's name."""


def seat_name(seat: Any, names: Sequence[str], lang: str = "en") -> Name:
    """A seat as its player's name; without names (a log line for operators), "seat N"."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return Name(names[seat])
    if isinstance(seat, str) and seat.isdigit() and int(seat) < len(names):
        return Name(names[int(seat)])
    stand_in = Name(("seat {seat}", "place {seat}", "posto {seat}")[language_index(lang)]
                    .format(seat=seat))
    stand_in.written = False
    return stand_in


def show_plain(key: str, value: Any, lang: str, names: Sequence[str]) -> Any:
    """The default way to show a parameter: seats by name, numbers that agree, lists joined, a
    text given in every language ({"en": …, "fr": …}) in the reader's, anything else as text."""
    if key in SEAT_PARAMS and value is not None:
        return seat_name(value, names, lang)
    if key == "seats" and isinstance(value, list):
        return ", ".join(seat_name(s, names, lang) for s in value)
    if isinstance(value, bool):
        return ("yes", "oui", "sì")[language_index(lang)] if value else \
            ("no", "non", "no")[language_index(lang)]
    if isinstance(value, int):
        return Count(value, lang)
    if isinstance(value, Mapping) and "en" in value:
        return value.get(lang) or value["en"]
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if value is None:
        return "—"
    return value


_FIRST = re.compile(r"^\{(\w+)")


@dataclass(frozen=True)
class Catalogue:
    """Texts by key in (en, fr, it). `sentences`: each text is a sentence (capitalised)."""

    texts: Mapping[str, tuple[str, str, str]]
    show: Show = show_plain
    sentences: bool = True

    def __contains__(self, key: object) -> bool:
        return key in self.texts

    def render(self, key: str, params: Mapping[str, Any] | None = None, lang: str = "en",
               names: Sequence[str] = ()) -> str:
        """The text of `key` in `lang` (English when we do not have `lang`), params shown."""
        template = self.texts[key][language_index(lang)]
        lang = supported(lang)
        shown = after_colons(template, {k: self.show(k, v, lang, names)
                                        for k, v in (params or {}).items()}, lang)
        text = template.format(**shown)
        first = _FIRST.match(template)
        if not self.sentences:
            return text  # a fragment is written as meant
        if first is None:  # a sentence that opens on its own words is written as meant
            return Sentence(text)
        opening = shown.get(first.group(1))
        return text if isinstance(opening, Name) and opening.written else capitalised(text)

    __call__ = render
