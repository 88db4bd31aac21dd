"""What every text channel's reading shares (mail replies, the web's text box), in any game.

A reply is read by the shared form-driven reader (`domain/core/reader.py`) against the decisions
pending, with the game's words (its `language` facet's `Vocabulary`); a game package keeps only
its words, the way it writes a move back (`format`, the help lines, the example), never a grammar.
Here, what the reader and every language need:

- `normalise` / `tokens`: any case, accents optional, apostrophes and dashes as spaces, so that
  "Aragón", "ARAGON" and "aragon" are one word; commas, semicolons, full stops and line ends are
  the breaks between moves;
- `phrases` / `phrase`: tables of (multi-word) phrases → values, as the reader looks them up;
- the number words every language shares;
- `ParseError` (what was not understood, and what is allowed now) and `CommandRefused` (understood,
  but the game refuses it: the engine's message);
- `Session` / `GameSession`: a reading depends on the decision pending at that point: each move read
  is decided on a scratch copy of the game at once, so that a whole text is checked before any of
  it counts;
- `suggest` / `suggestion`: "did you mean Valencia?" (difflib, in the standard library);
- `GenericLanguage`: the language of a game that brings no words — `<type> key=value …`, one
  command a line, formatted back the same way, and help lines listing the decision's options — so
  that every game is playable by mail.
"""

from __future__ import annotations

import difflib
import functools
import json
import random
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.i18n import LANGUAGES, language_index

# --- words ---------------------------------------------------------------------------------------

Phrases = dict[tuple[str, ...], Any]
BREAK = {",", "\n"}


def fold_accents(text: str) -> str:
    """The text without its accents ("Aragón" → "Aragon"): players may or may not type them."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c))


def normalise(text: str) -> str:
    """Lower case, accents off, apostrophes, underscores and dashes as spaces."""
    return re.sub(r"[’'`´_\-–—]", " ", fold_accents(text).lower())


COMMENT = re.compile(r"[ \t]+[—–][ \t].*$", re.M)
"""What follows a spaced dash on a line is a comment: the mails' help lines read "decline — do
not use the special action", and a person who copies one copies its explanation too."""


PRONOUNS = frozenset({"he", "she", "it", "i", "we", "you", "they", "il", "elle", "je", "j",
                      "nous", "vous", "ils", "elles", "lui", "io", "noi", "voi", "lei", "loro",
                      "that", "this", "ça", "ca", "cela", "c'est", "it's", "that's"})
"""Words a sentence goes on with after a dash, which no help line's comment starts with."""


def without_comments(text: str) -> str:
    """The text without its lines' comments; "Hi all — 135 from me" keeps its move: a dash
    with no number before it and one number right after starts the move, not a comment (the
    help lines' comments start with words, "— up to 3 in all", or list the values, "— 1 …,
    2 Veto, …")."""
    def cut(match: re.Match[str]) -> str:
        line_start = text.rfind("\n", 0, match.start()) + 1
        before = text[line_start:match.start()]
        if not re.search(r"\d", before) and re.match(r"[ \t]*[—–][ \t]*\d", match.group()) \
                and len(re.findall(r"\d+", match.group())) == 1:
            return ", " + match.group().lstrip(" \t—–")
        after = match.group().lstrip(" \t—–").split(maxsplit=1)
        if after and after[0].lower().strip(",.!") in PRONOUNS:
            # a sentence's dash ("Then I'd love the King again — he can come and visit me in
            # Valencia. After that, …"): a break, not a comment; a help line's comment never
            # starts with a pronoun ("— up to 3 in all", "— 1 …, 2 Veto, …")
            return ", " + match.group().lstrip(" \t—–")
        return ""
    return COMMENT.sub(cut, text)


UNAPOSTROPHED = {"ill": ["i", "ll"], "im": ["i", "m"], "ive": ["i", "ve"],
                 "cant": ["can", "t"], "wont": ["won", "t"], "thats": ["that", "s"]}
"""English contractions written without their apostrophe ("ill take 10", "im done"), read as
with it (the apostrophe is a break: "i'll" is "i ll"). Never "dont" (French « dont »: "of
which") nor "its"."""


def tokens(text: str, brackets: list[tuple[int, int]] | None = None) -> list[str]:
    """The words of a text, normalised; "," stands for any break inside a line, "\\n" for a line.
    A line's comment (after " — ") is not read. `brackets`, if given, receives each bracketed
    group as (the index of its opening ",", of its closing one or the line's end): words in
    brackets are said aside ("I'll play my 6 (3 caballeros)")."""
    out: list[str] = []
    opened: int | None = None
    spaced = re.sub(r"(?<=\S)[ \t]+-[ \t]+(?=\S)", " , ", without_comments(text))
    # ("turn 0 - it's land all round": a spaced hyphen is a break, as a dash is)
    for match in re.finditer(r"\n|[,;:.!?()\[\]]|>|[a-z0-9]+", normalise(spaced)):
        tok = match.group()
        if brackets is not None:
            if tok in "([" and opened is None:
                opened = len(out)
            elif opened is not None and (tok in ")]" or tok == "\n"):
                brackets.append((opened, len(out)))
                opened = None
        if tok in UNAPOSTROPHED:  # "ill take 10", "im playing": "i ll", "i m"
            out += UNAPOSTROPHED[tok]
            continue
        out.append("\n" if tok == "\n" else "," if tok in ",;:.!?()[]" else tok)
    if brackets is not None and opened is not None:
        brackets.append((opened, len(out)))
    return out


@functools.lru_cache(maxsize=65536)
def phrase(text: str) -> tuple[str, ...]:
    """A phrase as the tuple of words a Cursor matches (breaks inside it are ignored)."""
    return tuple(w for w in tokens(text) if w not in BREAK)


def phrases(entries: Mapping[str, Any]) -> Phrases:
    """A phrase table: each way of writing → its value (empty phrases dropped)."""
    return {key: value for text, value in entries.items() if (key := phrase(text))}


NUMBER_WORDS = {
    "zero": 0, "none": 0, "nothing": 0, "rien": 0, "aucun": 0, "niente": 0, "nessuno": 0,
    "one": 1, "un": 1, "une": 1, "uno": 1, "una": 1, "two": 2, "deux": 2, "due": 2,
    "three": 3, "trois": 3, "tre": 3, "four": 4, "quatre": 4, "quattro": 4,
    "five": 5, "cinq": 5, "cinque": 5, "six": 6, "sei": 6,
}
TO_WORDS = ("to", "into", "a", "au", "aux", "vers", "dans", "in", "en", "nel", "nella", "al",
            "alla", "->", ">", "=>", "onto", "sur", "su")
SEPARATOR_WORDS = ("and", "then", "et", "puis", "e", "poi", "ensuite", "quindi")
FILLER_WORDS = ("the", "le", "la", "les", "l", "il", "lo", "i", "gli", "please", "stp", "svp",
                "per favore", "of", "d", "di", "my turn", "with", "avec", "con")
"""Words a player may write between the words that matter (articles, "please")."""

NUMBERS = phrases(NUMBER_WORDS)
TO = phrases({w: True for w in TO_WORDS})
SEPARATORS = phrases({w: True for w in SEPARATOR_WORDS})


@dataclass(frozen=True)
class Lexicon:
    """The word classes a Cursor needs to find where commands begin and end.

    `keywords`: the words that begin a command, anywhere (→ the command's kind); `verbs`: words
    that begin a command only where one may begin (e.g. "move" in "…, move 2 aragon to …");
    `filler`: words skipped between the words that matter.
    """

    keywords: Phrases
    filler: Phrases
    verbs: Phrases = field(default_factory=dict)
    separators: Phrases = field(default_factory=lambda: SEPARATORS)
    numbers: Phrases = field(default_factory=lambda: NUMBERS)


# --- errors and the parsing session ---------------------------------------------------------------

_CORE_TEXTS: dict[str, tuple[str, str, str]] = {
    "none_found": ("No command was found in your message.",
                   "Aucune commande n'a été trouvée dans votre message.",
                   "Nessun comando trovato nel tuo messaggio."),
    "not_understood": ("“{near}” was not understood.", "« {near} » n'a pas été compris.",
                       "«{near}» non è stato capito."),
    "end_not_understood": ("“{near}”: the end of this command was not understood.",
                           "« {near} » : la fin de cette commande n'a pas été comprise.",
                           "«{near}»: la fine di questo comando non è stata capita."),
    "nothing_pending": ("Nothing is waiting for you in this game right now.",
                        "Rien ne vous attend dans cette partie pour le moment.",
                        "Niente ti aspetta in questa partita per ora."),
    "near": (" (near “{near}”)", " (vers « {near} »)", " (vicino a «{near}»)"),
    "unknown_type": ("“{word}” is not a move you can make now.",
                     "« {word} » n'est pas un coup possible maintenant.",
                     "«{word}» non è una mossa possibile ora."),
    "bad_param": ("“{word}”: write each parameter as name=value.",
                  "« {word} » : écrivez chaque paramètre sous la forme nom=valeur.",
                  "«{word}»: scrivi ogni parametro come nome=valore."),
    "one_of": ("{kind} {key}=… — one of: {values}", "{kind} {key}=… — parmi : {values}",
               "{kind} {key}=… — tra: {values}"),
    "did_you_mean": ("“{word}” is not known here: did you mean {names}?",
                     "« {word} » n'est pas connu ici : vouliez-vous dire {names} ?",
                     "«{word}» non è conosciuto qui: intendevi {names}?"),
    "could_be": ("“{word}” could be {names}: write which one.",
                 "« {word} » peut être {names} : écrivez lequel.",
                 "«{word}» può essere {names}: scrivi quale."),
    "or": (" or ", " ou ", " o "),
    "constraint": ("{kind} name=value … — allowed: {constraint}",
                   "{kind} nom=valeur … — permis : {constraint}",
                   "{kind} nome=valore … — ammessi: {constraint}"),
}


def core_text(text_id: str, lang: str, **params: Any) -> str:
    """The machinery's own sentences (the ones every language may say), in `lang`."""
    return _CORE_TEXTS[text_id][language_index(lang)].format(**params)


class ParseError(Exception):
    """What was not understood, where, and what is allowed now (lines for a human)."""

    def __init__(self, message: str, *, near: str = "", allowed: Sequence[str] = (),
                 lang: str = "en", nothing: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.near = near
        self.allowed = list(allowed)
        self.lang = lang
        self.nothing = nothing
        """No command at all was found (greetings, thanks, a signature only)."""

    def __str__(self) -> str:
        return self.message + (core_text("near", self.lang, near=self.near) if self.near else "")


class CommandRefused(Exception):
    """A command that was understood but the game refuses (the engine's message)."""

    def __init__(self, error: RuleError, command: dict[str, Any], index: int) -> None:
        super().__init__(error.message)
        self.error = error
        self.command = command
        self.index = index


class Session(Protocol):
    """What a language may ask while it reads a text for one seat."""

    seat: int
    names: Sequence[str]
    lang: str

    def decision(self) -> Decision | None: ...

    def view(self) -> dict[str, Any]: ...

    def advance(self, command: dict[str, Any]) -> None: ...


@dataclass
class GameSession:
    """Parses against a scratch copy of a game: each parsed command is decided on it at once, so
    the next is read against the decision it leads to, and an illegal one stops the parse."""

    module: Any
    state: Any
    seat: int
    names: Sequence[str] = ()
    lang: str = "en"
    applied: list[dict[str, Any]] = field(default_factory=list)

    def decision(self) -> Decision | None:
        return next((d for d in self.module.pending(self.state) if d.seat == self.seat), None)

    def view(self) -> dict[str, Any]:
        seen: dict[str, Any] = self.module.view(self.state, self.seat)
        return seen

    def advance(self, command: dict[str, Any]) -> None:
        try:
            events = self.module.decide(self.state, Command.from_json(command, seat=self.seat))
        except RuleError as error:
            raise CommandRefused(error, command, len(self.applied)) from None
        self.state = self.module.fold(events, self.state)
        self.applied.append(command)


@dataclass
class Parsed:
    """A text read: its commands in order, the lines skipped as not commands (greetings…), and
    `rest`: what the text goes on with once the turn has passed to someone else (a Veto holder,
    opponents' secret choices, the next power card): it cannot be checked now, so it is not
    read, and the player is told which lines wait for whom. `asks`: whether the seat still has a
    decision after its commands (so an answer that asks it is the only mail to do so)."""

    commands: list[dict[str, Any]]
    ignored: list[str] = field(default_factory=list)
    rest: list[str] = field(default_factory=list)
    asks: bool = False
    answered: list[Decision | None] = field(default_factory=list)
    """The decision each command answered, in order (when the reader knows them): the echo
    writes each move as that decision shows it ("card The King", not the stack's number)."""


# --- "did you mean …?" ---------------------------------------------------------------------------



def suggest(words: Sequence[str], table: Mapping[tuple[str, ...], Any], *, partial: bool = True,
            shortest: int = 3) -> list[tuple[str, Any]]:
    """What the words at hand (normalised, as a Cursor holds them) may stand for in `table`,
    when they are not one of its phrases: a word that is part of several names ("castile": old
    or new) gives all of them; a mistyped one ("valenica") the closest names (difflib's ratio,
    0.75 at least). (phrase, value) pairs, best first, one per value; [] when nothing is close."""
    words = [w for w in words if w not in BREAK]
    if not words or words[0].isdigit() or len(words[0]) < shortest or (words[0],) in table:
        return []
    found: dict[Any, str] = {}
    for key, value in table.items() if partial else ():  # a word of a longer name
        if len(key) > 1 and words[0] in key and value not in found:
            found[value] = " ".join(key)
    if not found:
        names = {" ".join(k): v for k, v in table.items()}
        for n in (3, 2, 1):
            if len(words) < n:
                continue
            for close in difflib.get_close_matches(" ".join(words[:n]), names, n=4, cutoff=0.75):
                found.setdefault(names[close], close)
            if found:
                break
    return [(phrase, value) for value, phrase in found.items()]


def suggestion(word: str, names: Sequence[str], lang: str) -> str:
    """"“valenica” is not known here: did you mean Valencia?" (one name), or "“castile” could be
    Castilla la Vieja or Castilla la Nueva: write which one." (several)."""
    names = list(dict.fromkeys(names))
    if len(names) == 1:
        return core_text("did_you_mean", lang, word=word, names=names[0])
    joined = ", ".join(names[:-1]) + core_text("or", lang) + names[-1]
    return core_text("could_be", lang, word=word, names=joined)


# --- the cursor ----------------------------------------------------------------------------------


# --- examples ------------------------------------------------------------------------------------


def example_command(module: Any, state: Any, decision: Decision) -> dict[str, Any]:
    """One command for `decision` filled in from the real position: the game's documented default
    move, else a seeded random legal one (the same on every call), as JSON."""
    command = module.default_command(state, decision)
    try:
        module.decide(state, command)
    except RuleError:  # pragma: no cover - a game's default moves are legal by contract
        command = module.sample_command(state, decision, random.Random(0))
    return {"type": command.type, **dict(command.params)}


# --- the generic language: <type> key=value … ----------------------------------------------------

_PAIR = re.compile(r'([A-Za-z_][\w.-]*)=("(?:[^"\\]|\\.)*"|\S+)|(\S+)')


def _value(raw: str) -> Any:
    """A value as typed: JSON when it reads as JSON (numbers, true, "quoted", [..], {..}), else the
    word itself."""
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def _shown(value: Any) -> str:
    """A value as the generic language writes it: a plain word bare, anything else as JSON."""
    if isinstance(value, str) and re.fullmatch(r'[^\s"=;]+', value) and _value(value) == value:
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _kinds(decision: Decision | None) -> list[str]:
    """The command types that answer `decision`: its options' types, else the types its
    constraint lists under `commands` (a decision whose space is too large to enumerate), else its
    own kind."""
    if decision is None:
        return []
    listed = (decision.constraint or {}).get("commands")
    return list(dict.fromkeys(o.get("type", decision.kind) for o in decision.options or [])) \
        or [str(k) for k in listed or ()] or [decision.kind]


class GenericLanguage:
    """The command language of a game that brings none: one command a line (or between ";"),
    `<type> key=value …`, e.g. `bid amount=3`. A value is JSON when it reads as JSON, else the word
    as typed; when every option of that type has a single parameter, the bare value will do
    (`bid 3`). Lines that do not start with a move's type and hold no `=` are skipped as chatter."""

    def __init__(self, module: Any) -> None:
        self.module = module

    def parse(self, text: str, session: Session) -> Parsed:
        lang = session.lang if session.lang in LANGUAGES else "en"
        parsed = Parsed([])
        lines = re.split(r"[\n;]", without_comments(text))
        for index, line in enumerate(lines):
            words = line.strip().split()
            if not words:
                continue
            decision = session.decision()
            if parsed.commands and decision is None:  # the turn has passed to someone else
                for later in (" ".join(w.split()) for w in lines[index:] if w.strip()):
                    looks = "=" in later or any(ch.isdigit() for ch in later)
                    (parsed.rest if looks else parsed.ignored).append(later)
                break
            kind = fold_accents(words[0]).lower()  # a type keeps its underscores
            kinds = _kinds(decision)
            if kind not in kinds:
                if "=" not in line and not any(w.isdigit() for w in words):
                    parsed.ignored.append(" ".join(words))  # a greeting, a signature
                    continue
                if decision is None:
                    raise ParseError(core_text("nothing_pending", lang), lang=lang)
                raise ParseError(core_text("unknown_type", lang, word=words[0]),
                                 allowed=self.help_lines(decision, None, lang), lang=lang)
            command = {"type": kind, **self._params(line.strip()[len(words[0]):], kind, decision,
                                                     lang)}
            session.advance(command)
            parsed.commands.append(command)
        if not parsed.commands:
            raise ParseError(core_text("none_found", lang), lang=lang, nothing=True,
                             allowed=self.help_lines(session.decision(), None, lang))
        parsed.asks = session.decision() is not None
        return parsed

    def _params(self, rest: str, kind: str, decision: Decision | None,
                lang: str) -> dict[str, Any]:
        params: dict[str, Any] = {}
        for match in _PAIR.finditer(rest):
            key, raw, bare = match.groups()
            if key is not None:
                params[key] = _value(raw)
                continue
            single = self._single_key(kind, decision)
            if single is None or single in params:
                raise ParseError(core_text("bad_param", lang, word=bare),
                                 allowed=self.help_lines(decision, None, lang), lang=lang)
            params[single] = _value(bare)
        return params

    @staticmethod
    def _single_key(kind: str, decision: Decision | None) -> str | None:
        keys = {tuple(k for k in o if k != "type") for o in (decision.options or [])
                if o.get("type") == kind} if decision else set()
        if len(keys) == 1 and len(next(iter(keys))) == 1:
            return next(iter(keys))[0]
        return None

    def format(self, command: Mapping[str, Any], lang: str = "en", *,
               decision: Decision | None = None, names: Sequence[str] = ()) -> str:
        params = " ".join(f"{k}={_shown(v)}" for k, v in command.items() if k not in ("type",
                                                                                    "seat"))
        return f"{command['type']} {params}".strip()

    def help_lines(self, decision: Decision | None, view: Mapping[str, Any] | None = None,
                   lang: str = "en") -> list[str]:
        """Per move type: its one parameter's allowed values, or each option written out, or (with
        no options) the decision's constraint as JSON."""
        if decision is None:
            return []
        if not decision.options:
            constraint = json.dumps(decision.constraint or {}, ensure_ascii=False,
                                    separators=(",", ":"))
            return [core_text("constraint", lang, kind=decision.kind, constraint=constraint)]
        lines = []
        for kind in _kinds(decision):
            options = [o for o in decision.options if o.get("type", decision.kind) == kind]
            key = self._single_key(kind, decision)
            if key is not None and len(options) > 1:
                values = ", ".join(_shown(o[key]) for o in options)
                lines.append(core_text("one_of", lang, kind=kind, key=key, values=values))
            else:
                lines += [self.format({"type": kind, **o}, lang) for o in options[:12]]
        return lines

    def example(self, state: Any, decision: Decision, lang: str = "en",
                names: Sequence[str] = ()) -> str:
        return self.format(example_command(self.module, state, decision), lang, decision=decision,
                           names=names)
