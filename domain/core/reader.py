"""Reading a reply against what the seat is asked: the pending decision's typed form, not a grammar.

Why: a keyword grammar sinks a whole reply on one word it does not know ("je joue la carte …",
"3 to the castillo", "10, 20, 30 …"). The form already states the exact legal space, so the
reader only has to find in the text what fills each field of one of its answers (design.md,
"Reading a reply is the same problem run backwards"):

- the text's words are tagged: numbers, names of values (a place, a card, a power card…: the
  game's words for each `of`, in en/fr/it, with or without articles), action words (the game's
  words per answer type: "veto", « passer », "no special"), "or" and negations; every other word
  fills nothing and falls away (greetings, thanks, "for me", signatures) — listed as *not read*;
- an answer is a reading of a stretch of the text when every tagged word of the stretch fills
  one of its fields (or names it), every field is filled, and `decide` accepts the command;
- several moves in one reply: the longest stretch (up to a comma, "and", "then" or a line end)
  that reads as exactly one answer of the decision pending now is played on the session, and
  the rest is read against the decision that follows, in the order written;
- two readings, or an "or" between values, are asked back (`Ambiguous`, with the readings), never
  guessed; a negation the vocabulary does not know as a phrase ("no special") is not read at all.

`read` returns None when the form holds a constraint this reader does not cover (moves, cells on
a grid, picks) or when some tagged word fills nothing: the caller then falls back to the game's
older grammar, which refuses with its own explanations.

The game gives only words (`Vocabulary`); the machinery is shared and pure.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.core.constraints import Counts, Number, OneOf, Parts, Subset
from domain.core.language import (
    NUMBER_WORDS,
    CommandRefused,
    Parsed,
    ParseError,
    Session,
    normalise,
    phrase,
    tokens,
)

MAX_WORDS = 8
WEAK = frozenset({("ok",), ("okay",), ("so",), ("yes",), ("oui",), ("si",), ("d", "accord"),
                  ("va", "bene"), ("do",), ("faire",)})
"""Words of some move that people also write as filler ("ok so 60"): never a sign of another."""
NEGATIONS = frozenset({"not", "no", "don", "dont", "ne", "pas", "non", "never", "jamais", "mai",
                       "nessun", "nessuna", "niente", "without", "sans", "senza", "n"})
OR_WORDS = frozenset({"or", "ou", "o", "either", "oppure", "soit"})
EXCEPT_WORDS = ("except", "but", "sauf", "excepte", "hormis", "tranne", "eccetto", "salvo",
                "all but", "everything except", "tout sauf", "tutte tranne", "tutti tranne")
SEQUENCE_WORDS = ("then", "and then", "puis", "ensuite", "et puis", "poi", "e poi", "quindi",
                  "after that", "apres", "dopo", "and", "et", "e")
ALL_WORDS = ("all", "all of them", "everything", "tout", "tous", "toutes", "tutti", "tutte",
             "tutto", "max")
ARTICLES = ("the", "le", "la", "les", "l", "il", "lo", "i", "gli", "a", "al", "alla", "au",
            "aux", "du", "des", "de", "del", "della", "dei", "nei", "nel", "nella", "in", "en",
            "to", "vers")


@dataclass(frozen=True)
class Vocabulary:
    """A game's words for the reader. `actions`: answer type → the phrases that name it (any
    language; the longest phrase wins, so "no special" can name `decline` while "special" names
    `special`); `names`: `of` → {phrase: value}, what a field of that kind may be filled with
    besides numbers (places, cards by name…); `label`: optional, the game's label of a value in a
    language (its words on the forms), read as a name too."""

    actions: Mapping[str, Sequence[str]]
    names: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    label: Callable[[str, Any, str, Mapping[str, Any] | None], str | Sequence[str]] | None = None
    known: Sequence[str] = ()
    """The game's other words (every place, card, colour): one of them that fills nothing in the
    pending answers means the reply says something this reading would drop, so it is not read."""


class Ambiguous(ParseError):
    """Two readings or more: asked back with each reading (a list of commands), never guessed."""

    def __init__(self, message: str, readings: list[list[dict[str, Any]]], *, lang: str) -> None:
        super().__init__(message, lang=lang)
        self.readings = readings


_ASK = ("Your reply can be read in {n} ways; write the one you mean:",
        "Votre réponse peut se lire de {n} façons ; écrivez celle que vous voulez dire :",
        "La tua risposta si può leggere in {n} modi; scrivi quello che intendi:")


@dataclass
class Tag:
    start: int
    end: int
    kind: str  # number | name | action | or | neg | except | all
    value: Any = None
    of: str = ""
    after_break: bool = False


def _table(words: Mapping[str, Any]) -> dict[tuple[str, ...], Any]:
    out: dict[tuple[str, ...], Any] = {}
    for text, value in words.items():
        key = phrase(text)
        if key:
            out.setdefault(key, value)
    return out


class Reader:
    """One reply read for one seat (see the module's docstring)."""

    def __init__(self, text: str, session: Session, vocabulary: Vocabulary,
                 trial: Callable[[Any, dict[str, Any]], bool]) -> None:
        self.session = session
        self.vocabulary = vocabulary
        self.trial = trial
        self.words = tokens(text)
        self.actions: dict[tuple[str, ...], set[str]] = {}
        for kind, ways in vocabulary.actions.items():
            for way in ways:
                key = phrase(way)
                if key:
                    self.actions.setdefault(key, set()).add(kind)
        self.lang = session.lang
        self.ignored: list[str] = []
        self._singles: set[str] | None = None
        self.actions_kinds = {k for kinds in self.actions.values() for k in kinds}
        self.known = {k for k in (phrase(w) for w in vocabulary.known) if k}

    # --- tagging -------------------------------------------------------------------------------

    def _names(self, form: Any) -> dict[tuple[str, ...], set[tuple[str, Any]]]:
        """Every way of writing each value a field of the form may take: the game's words per
        `of`, its labels in the three languages, with and without a leading article."""
        out: dict[tuple[str, ...], set[tuple[str, Any]]] = {}
        wanted: dict[str, set[Any]] = {}
        for answer in form.answers:
            for f in answer.fields:
                c = f.constraint
                if isinstance(c, (OneOf, Subset)):
                    wanted.setdefault(c.of, set()).update(_hashable(v) for v in c.options)
                elif isinstance(c, Counts):
                    wanted.setdefault(c.of, set()).update(c.bounds)
        view = self.session.view() if self.vocabulary.label is not None else None
        for of, values in wanted.items():
            pairs = list(self.vocabulary.names.get(of, {}).items())
            if self.vocabulary.label is not None:
                for value in values:
                    for lang in ("en", "fr", "it"):
                        try:
                            said = self.vocabulary.label(of, value, lang, view)
                        except Exception:
                            continue
                        pairs += [(text, value) for text in ([said] if isinstance(said, str)
                                                             else said)]
            for text, value in pairs:
                if _hashable(value) not in values:
                    continue
                key = phrase(normalise(str(text)).replace(":", " "))
                for k in {key, _unarticled(key)}:
                    if k and not (len(k) == 1 and k[0].isdigit()):
                        out.setdefault(k, set()).add((of, _hashable(value)))
        return out

    def tag(self, start: int, end: int, names: Mapping[tuple[str, ...], set[tuple[str, Any]]],
            types: frozenset[str] = frozenset()) -> tuple[list[Tag], list[str]]:
        tags: list[Tag] = []
        loose: list[str] = []
        i = start
        w = self.words
        excepts = {phrase(x) for x in EXCEPT_WORDS}
        alls = {phrase(x) for x in ALL_WORDS}
        seq = {phrase(x)[0] for x in SEQUENCE_WORDS if len(phrase(x)) == 1}
        while i < end:
            if w[i] in (",", "\n") or w[i] in seq:
                i += 1
                continue
            best: tuple[int, Tag | None] = (0, None)
            for n in range(min(MAX_WORDS, end - i), 0, -1):  # the move's own words first
                key = tuple(w[i:i + n])
                if "," in key or "\n" in key:
                    continue
                if key in self.actions and self.actions[key] & types:
                    kinds = self.actions[key] & types
                    negative = "negative" if NEGATIONS & set(key) else ""
                    best = (n, Tag(i, i + n, "action", frozenset(kinds), negative))
                    break
                if key in names:
                    best = (n, Tag(i, i + n, "name", frozenset(names[key])))
                    break
            for n in range(min(MAX_WORDS, end - i), best[0], -1):  # then the game's other words
                key = tuple(w[i:i + n])
                if "," in key or "\n" in key:
                    continue
                if key in self.actions and types and key not in WEAK:
                    best = (n, Tag(i, i + n, "foreign"))
                elif key in excepts:
                    best = (n, Tag(i, i + n, "except"))
                elif key in alls:
                    best = (n, Tag(i, i + n, "all"))
                elif key in self.known and not (best[1] and best[1].kind == "name"):
                    best = (n, Tag(i, i + n, "alien"))
                else:
                    continue
                break
            n, found = best
            if found is not None:
                tags.append(found)
                i += n
                continue
            word = w[i]
            if word.isdigit() and len(word) <= 4:
                tags.append(Tag(i, i + 1, "number", int(word)))
            elif word in NUMBER_WORDS and NUMBER_WORDS[word] > 0 and word not in ("un", "une",
                                                                                   "uno", "una"):
                tags.append(Tag(i, i + 1, "number", NUMBER_WORDS[word]))
            elif word in OR_WORDS:
                tags.append(Tag(i, i + 1, "or"))
            elif word in NEGATIONS:
                tags.append(Tag(i, i + 1, "neg"))
            elif self._near_a_name(word, names):
                tags.append(Tag(i, i + 1, "alien"))  # "castile", "valenica": not ours to guess
            else:
                loose.append(word)
            i += 1
        for before, tag in zip([None, *tags], tags, strict=False):
            start = before.end if before is not None else start
            tag.after_break = any(x in (",", "\n") or x in seq for x in w[start:tag.start])
        return tags, loose

    def _near_a_name(self, word: str, names: Mapping[tuple[str, ...], Any]) -> bool:
        """A word that is part of a longer name, or a near miss of a name (difflib): the player
        meant a place or a card, so the reply is not read without it."""
        if len(word) < 5 or word.isdigit():
            return False
        singles = self._singles
        if singles is None:
            actions = {w for key in self.actions for w in key}
            singles = {w for text in self.vocabulary.names.get("place", {})
                       for w in phrase(text) if len(w) >= 5 and w not in actions}
            self._singles = singles
        if word in singles:
            return True
        return bool(difflib.get_close_matches(word, singles, n=1, cutoff=0.8))

    # --- one stretch against one decision ------------------------------------------------------

    def readings(self, form: Any, tags: list[Tag]) -> list[dict[str, Any]] | None:
        """The commands that read `tags` whole (None: a word here this reader cannot place)."""
        if any(t.kind == "alien" for t in tags):
            return None
        first = next((i for i, t in enumerate(tags) if t.kind != "foreign"), len(tags))
        if 0 < first < len(tags) and not tags[first].after_break \
                and tags[first].kind in ("number", "name"):
            return None  # "take 1" where a card is asked: that 1 was said for another move
        if any(t.kind == "foreign" and t.after_break for t in tags[first:]):
            return None  # a word for another move after this one's: "carte 2, … passe"
        tags = [t for t in tags[first:] if t.kind != "foreign"]
        if any(t.kind == "neg" for t in tags) and not any(
                t.kind == "action" and t.of == "negative" for t in tags):
            return None  # "no, I don't cross": not read unless the phrase itself says no
        tags = [t for t in tags if t.kind != "neg"]
        tags = [t for i, t in enumerate(tags)  # "hi all": "all" only after the move's word
                if t.kind != "all" or any(x.kind == "action" for x in tags[:i])]
        if any(t.kind == "or" for t in tags):
            alternatives = [t for t in tags if t.kind != "or"]
            out: list[dict[str, Any]] = []
            for tag in alternatives:  # "7 or 8": each value alone, with the action words kept
                if tag.kind == "action":
                    continue
                rest = [t for t in alternatives if t.kind == "action" or t is tag]
                out += self.readings(form, rest) or []
            return _unique(out) if len(_unique(out)) > 1 else None
        out = []
        partial = not all(_covered(a) for a in form.answers)
        for answer in form.answers:
            if not _covered(answer):
                continue
            if partial and not any(t.kind == "action" for t in tags):
                return None  # it could be the answer this reader does not read: not guessed
            command = self._fill(answer, tags)
            if command is not None and self.trial(self.session, command):
                out.append(command)
        return _unique(out)

    def _fill(self, answer: Any, tags: list[Tag]) -> dict[str, Any] | None:
        used: set[int] = set()
        command: dict[str, Any] = {"type": answer.type, **dict(answer.fixed)}
        named = [i for i, t in enumerate(tags) if t.kind == "action"]
        for i in named:
            if answer.type not in tags[i].value:
                return None
            used.add(i)
        for f in answer.fields:
            value = self._field(f.constraint, tags, used)
            if value is _MISSING:
                if isinstance(f.constraint, Parts):
                    continue
                return None
            command[f.name] = value
        if len(used) != len(tags):
            return None
        if not answer.fields and not named:
            return None  # an answer with nothing to fill is read only when named
        if answer.combos is not None:
            rows = answer.combos.values()
            mine = {k: command.get(k) for k in answer.combos.fields}
            if mine not in rows:
                return None
        return command

    def _field(self, c: Any, tags: list[Tag], used: set[int]) -> Any:
        free = [i for i, t in enumerate(tags) if i not in used]
        if isinstance(c, OneOf):
            options = {_hashable(o): o for o in c.options}
            hits = [i for i in free if (tags[i].kind == "name" and any(
                        of == c.of and v in options for of, v in tags[i].value))
                    or (tags[i].kind == "number" and tags[i].value in options)]
            values: set[Any] = set()
            if not hits:
                return _MISSING
            for i in hits:
                t = tags[i]
                values |= {v for of, v in t.value if of == c.of and v in options} \
                    if t.kind == "name" else {t.value}
            if len(values) != 1 or hits != list(range(hits[0], hits[0] + len(hits))):
                return _MISSING  # a value said twice, apart: "card king, king to …" is two things
            used.update(hits)
            return options[next(iter(values))]
        if isinstance(c, Number):
            hits = [i for i in free if tags[i].kind == "number" and c.min <= tags[i].value <= c.max]
            alls = [i for i in free if tags[i].kind == "all"
                    and any(t.kind == "action" for t in tags[:i])]  # "take all", not "hi all"
            if len(hits) == 1 and not alls:
                used.update(hits)
                return tags[hits[0]].value
            if alls and not hits:
                used.update(alls)
                return c.max
            return _MISSING
        if isinstance(c, Subset):
            options = {_hashable(o): o for o in c.options}
            chosen: list[Any] = []
            hits = []
            for i in free:
                t = tags[i]
                if t.kind == "number" and t.value in options:
                    chosen.append(t.value)
                    hits.append(i)
                elif t.kind == "name":
                    values = {v for of, v in t.value if of == c.of and v in options}
                    if len(values) == 1:
                        chosen.append(next(iter(values)))
                        hits.append(i)
            excepts = [i for i in free if tags[i].kind in ("except", "all")]
            if excepts and any(tags[i].kind == "except" for i in excepts):
                if any(i < min(excepts) for i in hits):
                    return _MISSING
                chosen = [o for o in options if o not in set(chosen)]
                hits += excepts
            if len(set(chosen)) != len(chosen) or not c.min <= len(chosen) <= c.max:
                return _MISSING
            used.update(hits)
            return [options[v] for v in chosen]
        if isinstance(c, Counts):
            counts: dict[str, int] = {}
            hits = []
            for i in free:
                t = tags[i]
                if t.kind != "name" or i in hits:
                    continue
                places = {v for of, v in t.value if of == c.of and v in c.bounds}
                if len(places) != 1:
                    continue
                place = next(iter(places))
                number = None
                for j in (i - 1, i + 1):  # "2 castillo", "castillo 2", "2 to the castillo"
                    if 0 <= j < len(tags) and j in free and j not in hits \
                            and tags[j].kind == "number":
                        number = j
                        break
                if number is None:  # a place alone: one Caballero there
                    counts[place] = counts.get(place, 0) + 1
                    hits.append(i)
                    continue
                counts[place] = counts.get(place, 0) + tags[number].value
                hits += [i, number]
            if not counts:
                return _MISSING
            used.update(hits)
            return counts
        return _MISSING

    # --- the whole reply -----------------------------------------------------------------------

    def breaks(self) -> list[int]:
        """Where a stretch may end: after a comma, a line end, or before "and"/"then"."""
        seq = {phrase(x) for x in SEQUENCE_WORDS}
        out = set()
        for i, word in enumerate(self.words):
            if word in (",", "\n"):
                out.add(i)
            for n in (1, 2):
                if tuple(self.words[i:i + n]) in seq:
                    out.add(i)
        out.add(len(self.words))
        return sorted(out)

    def _said(self, start: int, end: int, names: Mapping[tuple[str, ...], set[tuple[str, Any]]],
              types: frozenset[str]) -> str:
        """The words between `start` and `end` that filled nothing, on the lines that held the
        move ("for me", "this round"): a line with nothing of the move on it (a greeting, a
        signature) falls away unlisted."""
        out: list[str] = []
        i = start
        while i < end:
            j = i
            while j < end and self.words[j] != "\n":
                j += 1
            tags, loose = self.tag(i, j, names, types)
            if any(t.kind not in ("neg", "foreign") for t in tags):
                out += loose
            i = j + 1
        return " ".join(out)

    def _next_starts(self, end: int, names: Mapping[tuple[str, ...], set[tuple[str, Any]]]
                     ) -> bool:
        """Whether a move may end at `end`: the text ends there, or what follows starts with an
        action word or on a new line (a list is never cut: "keep … and 10" is fourteen cards)."""
        rest, _ = self.tag(end, len(self.words), names, frozenset(self.actions_kinds))
        if not rest:
            return True
        if rest[0].kind == "action":
            return True
        return "\n" in self.words[end:rest[0].start]

    def run(self) -> Parsed | None:
        commands: list[dict[str, Any]] = []
        rest: list[str] = []
        pos = 0
        ends = self.breaks()
        while True:
            decision = self.session.decision()
            tags_left, loose = self.tag(pos, len(self.words), {})
            if decision is None:
                if any(t.kind != "neg" for t in tags_left):
                    return None  # words for later decisions: the game's grammar keeps them apart
                break
            form = decision.form
            if form is None or not any(_covered(a) for a in form.answers):
                return None
            names = self._names(form)
            types = frozenset(a.type for a in form.answers)
            all_tags, _ = self.tag(pos, len(self.words), names, types)
            if not all_tags:
                break
            found = None
            for end in reversed([e for e in ends if e > pos]):
                tags, loose = self.tag(pos, end, names, types)
                if not tags:
                    continue
                readings = self.readings(form, tags)
                if readings is None or not readings:
                    continue
                if not self._next_starts(end, names):
                    continue
                if len(readings) > 1:
                    raise Ambiguous(_ASK[_index(self.lang)].format(n=len(readings)),
                                    [[*commands, r] for r in readings], lang=self.lang)
                found = (end, readings[0], loose)
                break
            if found is None:
                return None
            end, command, loose = found
            said = self._said(pos, end, names, types)
            if said:
                self.ignored.append(said)
            self.session.advance(command)
            commands.append(command)
            pos = end
            while pos < len(self.words) and self.words[pos] in (",", "\n"):
                pos += 1
            seq = {phrase(x) for x in SEQUENCE_WORDS}
            for n in (2, 1):
                if tuple(self.words[pos:pos + n]) in seq:
                    pos += n
                    break
        if not commands:
            return None
        return Parsed(commands, self.ignored, rest, asks=self.session.decision() is not None)


_MISSING: Any = object()


def _index(lang: str) -> int:
    return {"fr": 1, "it": 2}.get(lang, 0)


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _unarticled(key: tuple[str, ...]) -> tuple[str, ...]:
    arts = {phrase(a) for a in ARTICLES}
    while key and (key[:1] in arts) and len(key) > 1:
        key = key[1:]
    return key


def _unique(commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for c in commands:
        if c not in out:
            out.append(c)
    return out


def _covered(answer: Any) -> bool:
    """Whether every field of the answer is of a kind this reader fills (else the game's older
    grammar reads a reply meant as it)."""
    return all(isinstance(f.constraint, (OneOf, Number, Subset, Counts, Parts))
               for f in answer.fields)


def read(text: str, session: Session, vocabulary: Vocabulary,
         trial: Callable[[Any, dict[str, Any]], bool]) -> Parsed | None:
    """The reply's moves read against the seat's pending decisions (see the module's docstring);
    None when this reader cannot read it whole; `Ambiguous` when two readings remain."""
    try:
        return Reader(text, session, vocabulary, trial).run()
    except CommandRefused:
        return None


__all__ = ["Ambiguous", "Reader", "Vocabulary", "read"]
