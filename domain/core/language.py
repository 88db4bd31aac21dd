"""The machinery of a command language: text ⇄ the API's command JSON, for mail replies and the
web's text box, in any game.

A game brings its own words and grammar (its module's `language` facet, e.g.
`domain/elgrande/language.py`); what every such language needs lives here, so that a game package
never imports the service or the mail code (the dependency points from `emails/` to `domain/`):

- `normalise` / `tokens`: any case, accents optional, apostrophes and dashes as spaces, so that
  "Aragón", "ARAGON" and "aragon" are one word; commas, semicolons, full stops and line ends are
  the breaks between commands;
- `phrases`: tables of (multi-word) phrases → values, matched longest first by a `Cursor`;
- the words every language shares: numbers, "all", "from", "to", "and", politeness;
- `ParseError` (what was not understood, and what is allowed now) and `CommandRefused` (understood,
  but the game refuses it: the engine's message);
- `Session` / `GameSession`: a parse may depend on the decision pending at that point (the game's
  grammar asks the session before each command, and tells it each parsed command so that a whole
  text is checked on a scratch copy of the game before any of it counts);
- `Parser`: the loop a language shares (commands one after the other; greetings, thanks and
  signatures skipped, and words before a command on its line — "ok sorry: power 9"; a garbled
  command refused, with "did you mean …?" when a word is close to one the game knows; what
  follows once the turn has passed to someone else kept apart, not refused);
- `suggest`: the names a mistyped or partial word may stand for (difflib, in the standard
  library), so that every game's errors can say "did you mean Valencia?";
- `GenericLanguage`: the language of a game that brings none — `<type> key=value …`, one command a
  line, formatted back the same way, and help lines listing the decision's options — so that every
  game is playable by mail.
"""

from __future__ import annotations

import difflib
import json
import random
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.i18n import LANGUAGES, language_index

# --- words ---------------------------------------------------------------------------------------

Phrases = dict[tuple[str, ...], Any]
BREAK = {",", "\n"}
MAX_PHRASE = 6


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


def without_comments(text: str) -> str:
    return COMMENT.sub("", text)


def tokens(text: str) -> list[str]:
    """The words of a text, normalised; "," stands for any break inside a line, "\\n" for a line.
    A line's comment (after " — ") is not read."""
    out = []
    for match in re.finditer(r"\n|[,;.!?()\[\]]|>|[a-z0-9]+", normalise(without_comments(text))):
        tok = match.group()
        out.append("\n" if tok == "\n" else "," if tok in ",;.!?()[]" else tok)
    return out


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
ALL_WORDS = ("all", "max", "tout", "tous", "toutes", "tutti", "tutto", "tutte")
SELF_WORDS = ("me", "mine", "my", "own", "moi", "mes", "mon", "miens", "miei", "mio", "mie", "io")
FROM_WORDS = ("from", "de", "du", "des", "da", "dal", "dalla", "dai", "out of")
TO_WORDS = ("to", "into", "a", "au", "aux", "vers", "dans", "in", "en", "nel", "nella", "al",
            "alla", "->", ">", "=>", "onto", "sur", "su")
SEPARATOR_WORDS = ("and", "then", "et", "puis", "e", "poi", "ensuite", "quindi")
FILLER_WORDS = ("the", "le", "la", "les", "l", "il", "lo", "i", "gli", "please", "stp", "svp",
                "per favore", "of", "d", "di", "my turn", "with", "avec", "con")
"""Words a player may write between the words that matter (articles, "please")."""

NUMBERS = phrases(NUMBER_WORDS)
ALL = phrases({w: True for w in ALL_WORDS})
SELF = phrases({w: True for w in SELF_WORDS})
FROM = phrases({w: True for w in FROM_WORDS})
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

KEYWORD_TYPO = 4
"""The shortest word taken for a mistyped command word: a three-letter word is a word of the
player's own language far more often (« pas d'action » is no "pass", « per me » no "power"), and
the keywords of all three languages are one table, so the suggestion would be in another."""


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


class Cursor:
    """A position in a text's words, with longest-phrase matching against phrase tables."""

    def __init__(self, words: list[str], lexicon: Lexicon) -> None:
        self.words = words
        self.lexicon = lexicon
        self.pos = 0

    def done(self) -> bool:
        return self.pos >= len(self.words)

    def peek(self, offset: int = 0) -> str | None:
        i = self.pos + offset
        return self.words[i] if i < len(self.words) else None

    def match(self, table: Mapping[tuple[str, ...], Any], at: int | None = None) -> tuple[Any, int]:
        """The longest phrase of `table` at the cursor (or at `at`): (value, length) or (None, 0)."""
        i = self.pos if at is None else at
        for n in range(min(MAX_PHRASE, len(self.words) - i), 0, -1):
            key = tuple(self.words[i:i + n])
            if key in table:
                return table[key], n
        return None, 0

    def take(self, table: Mapping[tuple[str, ...], Any]) -> Any:
        value, n = self.match(table)
        if n:
            self.pos += n
            return value
        return None

    def take_name(self, table: Mapping[tuple[str, ...], Any], longest: int = 14) -> Any:
        """The longest name of `table` at the cursor, read across commas inside it (a title like
        "Place 2, or move all"), never across a line end; None (and no move) if there is none."""
        best, end = None, self.pos
        words: list[str] = []
        i = self.pos
        while i < len(self.words) and len(words) < longest and self.words[i] != "\n":
            if self.words[i] != ",":
                words.append(self.words[i])
                if tuple(words) in table:
                    best, end = table[tuple(words)], i + 1
            i += 1
        self.pos = end
        return best

    def number(self) -> int | None:
        """A number at the cursor, in digits (up to 3) or in words."""
        word = self.peek()
        if word is not None and word.isdigit() and len(word) <= 3:
            self.pos += 1
            return int(word)
        found: int | None = self.take(self.lexicon.numbers)
        return found

    def near(self, at: int | None = None) -> str:
        """The next few words, for an error message."""
        i = self.pos if at is None else at
        return " ".join(w for w in self.words[i:i + 5] if w != "\n").replace(" ,", ",")

    def skip_filler(self) -> None:
        while not self.done() and not self.at_keyword():
            if self.take(self.lexicon.filler) is None:
                return

    def at_keyword(self) -> bool:
        return bool(self.match(self.lexicon.keywords)[1])

    def at_verb(self) -> bool:
        return bool(self.match(self.lexicon.verbs)[1])

    def at_break(self) -> bool:
        return self.peek() in BREAK or bool(self.match(self.lexicon.separators)[1])

    def skip_breaks(self) -> None:
        while not self.done() and (self.peek() in BREAK or self.take(self.lexicon.separators)):
            if self.peek() in BREAK:
                self.pos += 1

    def continues_with(self, *tables: Mapping[tuple[str, ...], Any]) -> bool:
        """After breaks (commas, "and"), does a parameter of one of `tables` (or a number) follow?
        On the next line, a name alone on its line does not: that is a signature ("Sev")."""
        i = self.pos
        separators = self.lexicon.separators
        new_line = False
        while i < len(self.words) and (self.words[i] in BREAK or self.match(separators, i)[1]):
            new_line = new_line or self.words[i] == "\n"
            i += self.match(separators, i)[1] or 1
        if i >= len(self.words) or self.match(self.lexicon.keywords, i)[1] \
                or self.match(self.lexicon.verbs, i)[1]:
            return False
        if self.words[i].isdigit() or self.match(self.lexicon.numbers, i)[1]:
            return True
        length = max((self.match(t, i)[1] for t in tables), default=0)
        if not length:
            return False
        after = self.words[i + length] if i + length < len(self.words) else "\n"
        return not (new_line and after in BREAK)


# --- the parsing loop ----------------------------------------------------------------------------

HelpLines = Callable[[Decision | None, Mapping[str, Any] | None, str], list[str]]


class Parser:
    """The loop a game's grammar shares: read commands one after the other, each advanced on the
    session as it is read; skip lines that hold no command (greetings, thanks, a name), refuse a
    line that looks like a garbled command. A game's grammar subclasses it and implements
    `command()` (None: no command starts here); `looks_like_a_command` may add the game's words
    (its places, say) to what makes a line suspicious."""

    lexicon: Lexicon

    def __init__(self, text: str, session: Session, help_lines: HelpLines) -> None:
        self.session = session
        self.lang = session.lang if session.lang in LANGUAGES else "en"
        self.help_lines = help_lines
        self.cursor = Cursor(tokens(text), self.lexicon)
        self.commands: list[dict[str, Any]] = []
        self.ignored: list[str] = []

    def command(self) -> dict[str, Any] | None:  # pragma: no cover - each grammar has its own
        raise NotImplementedError

    def fits(self, command: Mapping[str, Any]) -> bool:
        """Whether `command` answers the decision pending now. A command that does not is still
        decided (the game says why it is refused) unless a command that fits follows on its line:
        "ok sorry: power 9" is a power card, whatever "ok" means elsewhere."""
        decision = self.session.decision()
        kinds = {o.get("type", decision.kind) for o in decision.options or []} if decision else set()
        return not kinds or command.get("type") in kinds

    def run(self) -> Parsed:
        c = self.cursor
        self.rest: list[str] = []
        while True:
            c.skip_breaks()
            c.skip_filler()
            if c.done():
                break
            if self.commands and self.session.decision() is None:
                self.rest = self._rest(c.pos)  # the turn has passed to someone else
                break
            start = c.pos
            command = self.command()
            if command is None or not self.fits(command):
                read_to = c.pos
                later = self._later_command(start, after_keyword=command is not None)
                if later is not None:
                    command = later
                elif command is None:
                    self._chatter(start)
                    continue
                else:
                    c.pos = read_to
            if c.pos == start:  # pragma: no cover - a parser must consume something
                raise self.error(core_text("not_understood", self.lang, near=c.near(start)))
            c.skip_filler()  # "carte 2 svp"
            if not self._ends_here():
                raise self.error(core_text("end_not_understood", self.lang, near=c.near(start)),
                                 near=c.near())
            self.session.advance(command)
            self.commands.append(command)
        if not self.commands:
            error = self.error(core_text("none_found", self.lang))
            error.nothing = True
            raise error
        return Parsed(self.commands, self.ignored, self.rest,
                      asks=self.session.decision() is not None)

    def _ends_here(self) -> bool:
        c = self.cursor
        return c.done() or c.at_break() or c.at_keyword() or c.at_verb()

    def _line_end(self, start: int) -> int:
        words = self.cursor.words
        end = start
        while end < len(words) and words[end] != "\n":
            end += 1
        return end

    def _later_command(self, start: int, *, after_keyword: bool) -> dict[str, Any] | None:
        """A command that fits the decision further on the line, after words that are not one
        ("gioco il 9", "ok scusate: potere 9"); those words are skipped as chatter. Never past a
        number (it belongs to a command); after a keyword only an explicit command counts, so that
        a misplaced keyword is not silently replaced by a bare number read another way."""
        c = self.cursor
        end = self._line_end(start)
        for i in range(start + 1, end):
            skipped = c.words[i - 1]
            if any(ch.isdigit() for ch in skipped) \
                    or suggest([skipped], self.lexicon.keywords, partial=False,
                               shortest=KEYWORD_TYPO):
                break  # a number, a cell ("m14"), or a mistyped command word: not chatter
            if c.words[i] == ",":
                continue
            if (after_keyword or any(c.match(self.lexicon.keywords, j)[1]
                                     for j in range(start, i))) \
                    and not (c.match(self.lexicon.keywords, i)[1] or c.match(self.lexicon.verbs, i)[1]):
                continue
            c.pos = i
            try:
                command = self.command()
            except ParseError:
                command = None
            if command is not None and c.pos > i and self.fits(command):
                c.skip_filler()
                if self._ends_here():
                    self.ignored.append(" ".join(w for w in c.words[start:i] if w != ","))
                    return command
        c.pos = start
        return None

    def _rest(self, start: int) -> list[str]:
        """The lines (or the end of a line) left once the turn has passed to someone else, as the
        player wrote them (normalised); greetings and signatures among them are ignored."""
        c = self.cursor
        out: list[str] = []
        i = start
        while i < len(c.words):
            end = self._line_end(i)
            text = " ".join(c.words[i:end]).replace(" ,", ",").strip(" ,")
            if text and self.looks_like_a_command(i, end):
                out.append(text)
            elif text:
                self.ignored.append(" ".join(w for w in c.words[i:end] if w != ","))
            i = end + 1
        return out

    def looks_like_a_command(self, start: int, end: int) -> bool:
        c = self.cursor
        return any(w.isdigit() for w in c.words[start:end]) or any(
            c.match(self.lexicon.keywords, i)[1] for i in range(start, end))

    def _chatter(self, start: int) -> None:
        """Skip a line that is not a command; refuse it if it looks like a garbled one (saying
        which known word it is close to). The last line of a reply, a few words without a number
        or a command word, is a signature even when it reads like a place ("Sev", "Gra")."""
        c = self.cursor
        end = self._line_end(start)
        words = [w for w in c.words[start:end] if w != ","]
        typo = suggest(words, self.lexicon.keywords, partial=False, shortest=KEYWORD_TYPO)
        signature = bool(self.commands) and len(words) <= 3 and not typo \
            and all(w in BREAK for w in c.words[end:]) \
            and not any(w.isdigit() for w in words) \
            and not any(c.match(self.lexicon.keywords, i)[1] for i in range(start, end))
        if not signature and self.looks_like_a_command(start, end):
            if typo:
                raise self.error(suggestion(c.words[start], [typo[0][0]], self.lang),
                                 near=c.near(start))
            raise self.error(core_text("not_understood", self.lang, near=c.near(start)),
                             near=c.near(start))
        self.ignored.append(" ".join(words))
        c.pos = end

    def error(self, message: str, *, near: str = "") -> ParseError:
        """A ParseError listing what may be written now."""
        return ParseError(message, near=near, allowed=self.allowed(), lang=self.lang)

    def allowed(self) -> list[str]:
        d = self.session.decision()
        return self.help_lines(d, self.session.view(), self.lang) if d else []


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
