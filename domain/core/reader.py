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

`read` returns None when some tagged word fills nothing (or a decision has no form); `parse`, the
one entry every channel calls, then has `refusal` say why, from the decision: the game's own
refusal of the move meant, or where the reading stopped and what may be written now.

The game gives only words (`Vocabulary`); the machinery is shared and pure.
"""

from __future__ import annotations

import contextlib
import copy
import difflib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.core.commands import Command
from domain.core.constraints import (
    Counts,
    GridCell,
    Moves,
    Number,
    OneOf,
    Parts,
    Picks,
    Subset,
)
from domain.core.errors import RuleError
from domain.core.i18n import language_index
from domain.core.language import (
    NUMBER_WORDS,
    CommandRefused,
    Parsed,
    ParseError,
    Session,
    core_text,
    normalise,
    phrase,
    suggestion,
    tokens,
)
from domain.core.surface import round_shown

MAX_WORDS = 8
WEAK = frozenset({("ok",), ("okay",), ("so",), ("yes",), ("oui",), ("si",), ("d", "accord"),
                  ("va", "bene"), ("do",), ("faire",)})
"""Words of some move that people also write as filler ("ok so 60"): never a sign of another."""
NEGATIONS = frozenset({"not", "no", "don", "dont", "ne", "pas", "non", "never", "jamais", "mai",
                       "nessun", "nessuna", "niente", "without", "sans", "senza", "cannot", "cant",
                       "wont", "didn", "doesn", "isn", "wouldn", "couldn", "shouldn"})
"""(French "n'" is always paired with "pas"/"jamais", and "n°6" is a number: "n" is not one.
"ne" alone says no only inside a phrase of the game's (« je ne place rien »): written alone it is
Italian's "of them" as often as French's ("ne prendo 2", « je ne prends que 2 »), and French
pairs it with "pas"/"jamais", which say it.)"""
SAYS_NONE = NEGATIONS | {"aucun", "aucune", "rien", "nessuno", "nulla", "none", "nothing"}
"""Words that make a phrase of the game's a "no" (« je n'en place aucun »: none placed)."""
MORE_NUMBERS = {
    "seven": 7, "sept": 7, "sette": 7, "eight": 8, "huit": 8, "otto": 8, "nine": 9, "neuf": 9,
    "nove": 9, "ten": 10, "dix": 10, "dieci": 10, "eleven": 11, "onze": 11, "undici": 11,
    "twelve": 12, "douze": 12, "dodici": 12, "thirteen": 13, "treize": 13, "tredici": 13,
    "twenty": 20, "vingt": 20, "venti": 20, "thirty": 30, "trente": 30, "trenta": 30,
    "forty": 40, "quarante": 40, "quaranta": 40, "fifty": 50, "cinquante": 50,
    "cinquanta": 50, "sixty": 60, "soixante": 60, "sessanta": 60, "seventy": 70,
    "settanta": 70, "eighty": 80, "ottanta": 80, "ninety": 90, "novanta": 90,
    "hundred": 100, "cent": 100, "cento": 100,
}
ZERO_WORDS = frozenset({"none", "zero", "aucun", "aucune", "nessuno", "nessuna"})
"""Words for 0 that say a count ("none, I keep them"); "nothing", « rien », "niente" are left to
phrases ("niente veto"), they say more often something else."""
FROM_WORDS = frozenset({"from", "de", "du", "des", "d", "da", "dal", "dalla", "dallo", "dai",
                        "dagli", "dall", "dalle", "out"})
TO_WORDS = frozenset({"to", "into", "onto", "towards", "vers", "au", "aux", "a", "al", "alla",
                      "allo", "ai", "agli", "all", "alle", "in", "nel", "nella", "nei", "negli",
                      "en", "dans", "verso", "sur", "sull", "sulla", "sul"})
"""Where a place stands in a move: "from Aragon to the Castillo", « d'Aragon vers … », « dai
Paesi Baschi alla … »: read only by a field that needs it (a move's source and target)."""
SELF_WORDS = frozenset({"mine", "my", "moi", "mes", "miens", "miennes", "miei", "mie", "mio",
                        "own"})
OR_WORDS = frozenset({"or", "ou", "o", "either", "oppure", "soit"})
EXCEPT_WORDS = ("except", "but", "sauf", "excepte", "hormis", "tranne", "eccetto", "salvo",
                "all but", "everything except", "tout sauf", "tutte tranne", "tutti tranne")
SEQUENCE_WORDS = ("then", "and then", "puis", "ensuite", "et puis", "poi", "e poi", "quindi",
                  "after that", "apres", "dopo", "and", "et", "e")
THEN = frozenset(phrase(x) for x in ("then", "and then", "puis", "ensuite", "et puis", "poi",
                                       "e poi", "quindi", "after that", "apres", "dopo"))
"""The words that start a new move (a list goes on after "and", never after "then")."""
ALL_WORDS = ("all", "all of them", "everything", "tout", "tous", "toutes", "tutti", "tutte",
             "tutto", "max", "the max", "le maximum", "il massimo", "massimo", "maximum")
SEQUENCES = frozenset(phrase(x) for x in SEQUENCE_WORDS)
SEQUENCE_SINGLES = frozenset(key[0] for key in SEQUENCES if len(key) == 1)
EXCEPTS = frozenset(phrase(x) for x in EXCEPT_WORDS)
ALLS = frozenset(phrase(x) for x in ALL_WORDS)
CONTRACTED = frozenset({"s", "l", "d", "j", "n", "m", "t", "c", "qu", "ll", "re", "ve", "i", "je",
                        "io"})
"""What is left of "Bruno's", "I'll", « j'en », « l'azione » once the apostrophe is gone, and
"I", « je », "io": never listed as words not read."""
ONE_PIECE = frozenset({"un", "une", "uno", "una", "a", "an", "one"})
BETWEEN_MOVES = frozenset({"con", "avec", "with", "un", "une", "uno", "una", "a", "an",
                           "and", "et", "e"})
"""Words between a value and the next move's word on one line ("k14 con una nave")."""
ROUND_WORDS = frozenset({"round", "manche", "turno", "giro", "tour", "rnd"})
"""Words before a number that name the round it is ("round 3", « manche 8 »), never a value."""
REF_WORDS = frozenset({"col", "coi", "with", "avec", "using", "con", "del", "du", "of"})
"""Words before a number that point at something the player has ("my 60", « col 60 », "with
my 5"): where the move asked takes no number, that number names what the move is done with,
and fills nothing."""
DEFINITE = frozenset({"the", "les", "i", "gli", "ces", "these", "those", "queste", "questi",
                      "quei", "quelle", "quelli"})
"""Words before a number that say which pieces ("the two", « i due », "these 3"): where the
move takes no number, that number says how many the player has, and fills nothing."""
REMARK_STARTS = frozenset(phrase(x) for x in (
    "so", "cosi", "donc", "because", "car", "parce que", "perche", "puisque", "siccome",
    "since", "histoire de", "ainsi", "visto che", "dato che", "to get", "to have", "to go",
    "to fill", "in order to", "pour avoir", "pour remplir", "pour passer", "pour jouer",
    "pour etre", "per avere", "per passare", "per giocare", "per riempire", "per essere",
    "pour poser", "per posare", "to lay", "pour placer", "per piazzare", "so that", "afin de",
    "per poter", "so i can", "c est a", "c est pour", "it s next", "it s to", "which is",
    "ce qui", "qui est", "parce", "as it", "siccome", "visto", "ca me", "that way",
    "comme ca", "comme ca je", "cosi ho", "pour que", "affinche", "in modo che", "where i",
    "ou j ai", "dove ho", "it s land", "it s sea", "che mi fa", "che mi permette",
    "qui me permet", "which lets me", "which gives me", "ou se trouve", "where my",
    "dove si trova", "dove c e", "with its", "avec son", "con il suo", "con la sua", "vu que",
    "pour"))
REASONS = frozenset(phrase(x) for x in (
    "because", "car", "parce", "perche", "puisque", "siccome", "since", "where i", "ou j ai",
    "dove ho", "which is", "ce qui", "qui est", "visto che", "dato che", "pour que",
    "affinche", "in modo che", "che mi fa", "che mi permette", "qui me permet",
    "which lets me", "which gives me", "ou se trouve", "where my", "dove si trova"))
"""The remark starts that say a reason wherever they stand, before any move too."""
"""Words after a move that start a remark on it ("Gioco l'11 così passo per prima", "the 1
to get six back"): the move may end before them."""
SAME_WORDS = frozenset({"dessus", "sopra", "it", "there"})
"""Words that put a move where the one before it went (« nouveau caballero en j14, et un
castillo dessus », "with a castle on it"): a cell left unsaid is that move's cell."""
BOTH_WORDS = frozenset({"both", "entrambi", "entrambe", "ambedue", "ambo"})
APOSTROPHED = frozenset({"it", "that", "what", "there", "he", "she", "let", "here", "who",
                         "i", "you", "we", "they", "don", "can", "won", "isn", "doesn", "didn"})
"""Words a contraction's letter follows ("it's", "that's", "I'll"): that letter is no value."""
RATHER = frozenset(phrase(x) for x in (
    "rather than", "instead of", "plutot que", "au lieu de", "au lieu du", "piuttosto che",
    "invece di", "invece del", "invece della", "anziche"))
"""Words before the value not chosen ("my card 30 rather than the Intrigue")."""
BOTH_PHRASES = frozenset({("tutti", "e", "due"), ("tutte", "e", "due"), ("tous", "les", "deux"),
                          ("toutes", "les", "deux")})
PLURAL_WORDS = frozenset({"them", "they", "les", "li", "tous", "toutes", "tutti", "tutte", "all"})
"""Words that say several pieces without a number (with the game's plural pieces,
`Vocabulary.pieces`): a place said with them and no count is not read as one ("je les pose à
Séville" after taking two)."""
"""The word lists above as the tagger looks them up (built once: `tag` runs for every stretch
of every reply)."""
EVERYDAY = frozenset({
    "hello", "hallo", "salut", "salve", "ciao", "bonjour", "bonsoir", "buongiorno", "buonasera",
    "thanks", "thank", "merci", "grazie", "cheers", "regards", "saluti", "cordialement", "amici",
    "amis", "friends", "voila", "voici", "ecco", "allora", "alors", "donc", "quindi", "sorry",
    "desole", "scusate", "scusa", "please", "prego", "bravo", "bene", "bien", "good", "great",
    "luck", "chance", "fortuna", "tutti", "tous", "everyone", "team", "gang", "folks",
    "altri", "autres", "others", "prima", "first", "premier", "premiere", "worth", "would",
    "could", "should", "their", "where", "while", "there", "these", "those"})
"""Everyday words of a mail (greetings, thanks): never offered as a typo of a move's word
("salut" is no misspelt « salto »)."""
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
    cell: Callable[[str], tuple[int, int] | None] | None = None
    """A grid's cell as written ("m14" → (0, 1)), for `GridCell` fields and `OneOf` fields of
    `cell` ("x,y")."""
    numbered: Callable[[str, Mapping[str, Any] | None], Mapping[int, Any]] | None = None
    """Values a player names by their number in a list the mail shows (El Caballero's face-up
    tiles "tile 2"): `of`, view → {number: value}."""
    fields: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """A field's own words: a number beside one fills that field ("3 from my court")."""
    flags: Sequence[str] = ()
    """Fields (of `fields`) that say yes or no: the field's word alone says yes ("cross Aragón
    2 leave"), never taking the number before it."""
    defaults: Mapping[str, Any] = field(default_factory=dict)
    """`of` → the value a field of it takes when the reply does not say one (a ship bought, not
    taken from the court)."""
    pieces: Mapping[str, int] = field(default_factory=dict)
    """The game's pieces by name: singular → 1 (« un caballero », "a knight": one, where "un"
    alone is an article), plural → 2 ("caballeros" with a place and no count says several, not
    how many)."""
    number_phrases: Mapping[str, int] = field(default_factory=dict)
    """Phrases that say a number in words of the game ("without turning it" → a rotation of
    0)."""
    marked: Mapping[str, Mapping[str, Sequence[str]]] = field(default_factory=dict)
    """Answers read only on their own words: answer type → a parameter the answer fixes → the
    phrases that name that answer. Why: an answer such as El Caballero's `end_turn {lay: true}`
    (the deadline's move, which lays the tile still due for the player) does more than its type's
    word says; a bare "end" must not be read as it (the player forgot the tile and is refused),
    only "end auto" and the like. Those phrases name no other answer of the type."""


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
    kind: str  # number | name | action | or | neg | except | all | cell | role | self | field
    value: Any = None
    of: str = ""
    after_break: bool = False
    role: str = ""  # "from" / "to": the word before a place in a move
    alt: frozenset[tuple[str, Any]] | None = None
    """An action word that is also a value's name ("grande": El Caballero's Grande, and the
    flag that lays a Caballero tile with it): the values it names where another answer is read."""


SOFT = ("role", "self", "same", "rather")
"""Tags read only by a field that needs them (a move's source and target, whose Caballeros): they
never make a reading fail."""
LEFTOVER = ("all", "or", "neg", "except")
"""Tags that fill nothing without a move's word or value beside them: once a move is read, a
rest holding only these is a farewell ("Good luck all", « Bonne chance à tous », "Buona fortuna a
tutti"), not a second move the reader would drop."""


def _table(words: Mapping[str, Any]) -> dict[tuple[str, ...], Any]:
    out: dict[tuple[str, ...], Any] = {}
    for text, value in words.items():
        key = phrase(text)
        if key:
            out.setdefault(key, value)
    return out


@dataclass(frozen=True)
class _Words:
    """A vocabulary's phrases as the reader looks them up: built once per game (`_words`), not
    for every reading of every reply."""

    actions: dict[tuple[str, ...], set[str]]
    actions_kinds: set[str]
    value_words: set[str]
    """The words of the game's values (places, cards, colours): a move's word after one starts
    another move ("… castillo special granada")."""
    known: set[tuple[str, ...]]
    known_words: set[str]
    action_words: set[str]
    fields: dict[tuple[str, ...], str]
    number_phrases: dict[tuple[str, ...], int]


_WORDS: dict[int, tuple[Vocabulary, _Words]] = {}


def _words(vocabulary: Vocabulary) -> _Words:
    held = _WORDS.get(id(vocabulary))
    if held is not None and held[0] is vocabulary:
        return held[1]
    actions: dict[tuple[str, ...], set[str]] = {}
    for kind, ways in vocabulary.actions.items():
        for way in ways:
            if key := phrase(way):
                actions.setdefault(key, set()).add(kind)
    for kind, params in vocabulary.marked.items():
        for param, ways in params.items():
            for way in ways:
                if key := phrase(way):
                    actions.setdefault(key, set()).add(_marked(kind, param))
    known = {k for k in (phrase(w) for w in vocabulary.known) if k}
    words = _Words(
        actions=actions, actions_kinds={k for kinds in actions.values() for k in kinds},
        value_words={w for table in vocabulary.names.values() for text in table
                     for w in phrase(str(text)) if len(w) >= 3 and w not in ARTICLE_SET},
        known=known, known_words={w for key in known for w in key},
        action_words={w for key in actions for w in key},
        fields={k: name for name, ways in vocabulary.fields.items()
                for k in (phrase(w) for w in ways) if k},
        number_phrases={k: n for text, n in vocabulary.number_phrases.items()
                        if (k := phrase(text))})
    _WORDS[id(vocabulary)] = (vocabulary, words)  # (the vocabulary kept: its id stays its own)
    return words


class Reader:
    """One reply read for one seat (see the module's docstring)."""

    def __init__(self, text: str, session: Session, vocabulary: Vocabulary,
                 trial: Callable[[Any, dict[str, Any]], bool], *, lenient: bool = False,
                 asides: bool = True) -> None:
        self.session = session
        self.lenient = lenient
        """Read as if every value of a field's kind were offered (a card not in hand, a region
        not next to the King): only to find the move a refused reply meant, so that the game
        says why it is refused (`refusal`). Never played."""
        self._alone: dict[str, int] = {}
        self._bare_kinds: set[str] = set()
        self._near_actions: dict[tuple[str, frozenset[str]], bool] = {}
        self._action_pools: dict[frozenset[str], set[str]] = {}
        self._near_names: dict[tuple[str, tuple[str, ...], int], bool] = {}
        self._names_kept: dict[int, Any] = {}
        self._form_fields: set[str] = set()
        self._form_ofs: set[tuple[str, Any]] = set()
        self.stuck: int | None = None
        """Where the reading stopped, when it did not read the reply whole."""
        self.vocabulary = vocabulary
        self.trial = trial
        brackets: list[tuple[int, int]] = []
        self.words = tokens(text, brackets)
        self.brackets = dict(brackets)
        """Each bracketed group: its opening break → its closing one. What a player writes in
        brackets is said aside ("I'll play my 6 (3 caballeros)"): it ends the move before it,
        and it is never a move kept for later."""
        self.aside = {i for a, b in brackets for i in range(a, b + 1)}
        self.bracketed_aside = False
        words = _words(vocabulary)  # the vocabulary's tables, built once per game
        self.markers = {i for i, x in enumerate(self.words)
                        if x.isdigit() and len(x) <= 2 and (i == 0 or self.words[i - 1] == "\n")
                        and i + 2 < len(self.words) and self.words[i + 1] == ","
                        and any(tuple(self.words[i + 2:i + 2 + n]) in words.actions
                                for n in (1, 2, 3))}
        """The numbers of a numbered list of moves, each at a line's start before its move's
        word ("1. Place …"): never "13, 10, 20 …", a list of values."""
        self.actions = words.actions
        self.actions_kinds = words.actions_kinds
        self.value_words = words.value_words
        self.known = words.known
        self.known_words = words.known_words
        self.action_words = words.action_words
        self.fields = words.fields
        self.number_phrases = words.number_phrases
        outside = [x for i, x in enumerate(self.words) if i not in self.aside]
        self.bracketed_aside = asides and bool(self.aside) and self._something_above(outside)
        """Whether bracketed words are only said aside (never a move: "card 3 (score the
        4-regions)" restates the card, it does not do its action): where the words outside
        the brackets say something of the game; else the brackets hold the move ("just do it
        for me (end auto)")."""
        self.lang = session.lang
        self.ignored: list[str] = []
        self._singles: set[str] | None = None
        self.done: list[dict[str, Any]] = []
        self.answered: list[Any] = []
        self._name_words: tuple[Mapping[tuple[str, ...], Any], set[str], set[str]] | None = None
        self._player_words = {k for name in session.names for k in phrase(normalise(name))}
        self.own_colour = {k for w, seat in vocabulary.names.get("seat", {}).items()
                           if seat == session.seat and (k := phrase(str(w)))}
        """The player's own colour ("je place 2 rouges", « piazzo 1 rosso »): said along with a
        move of their own pieces, it fills nothing and falls away."""
        self._numbers: dict[str, dict[int, Any]] = {}
        self._drop_signature()

    def _drop_signature(self) -> None:
        """The reply's last line, after a blank line, a few words with no number and no word of
        a move, is a signature even when it reads like a place ("Sev", "Gra"): not read."""
        w = self.words
        while w and w[-1] in (",", "\n"):
            w = w[:-1]
        if "\n" not in w:
            return
        start = len(w) - w[::-1].index("\n")
        last = [x for x in w[start:] if x != ","]
        players = {phrase(normalise(n)) for n in self.session.names}
        if last and tuple(last) in players and self._something_above(w[:start]):
            self.words = w[:start]  # "Thanks!\nAnn": a name alone on the last line signs
            return  # the reply (even where a move may name a player's Caballeros)
        blank = start >= 2 and w[start - 2] == "\n"
        if blank and 0 < len(last) <= 3 and not any(x.isdigit() for x in last) and not any(
                tuple(last[i:i + n]) in self.actions for i in range(len(last))
                for n in range(1, len(last) - i + 1)) and self._something_above(w[:start]):
            self.words = w[:start]

    def _something_above(self, words: list[str]) -> bool:
        """Whether the words above a would-be signature hold a number, a move's word or a name
        of the game: else that last line is the reply ("Hello,\n\nSeville this round")."""
        return any(x.isdigit() or tuple(words[i:i + n]) in self.actions
                   or tuple(words[i:i + n]) in self.known
                   for i, x in enumerate(words) for n in range(1, 4))

    def numbered(self, of: str) -> dict[int, Any]:
        """The values of `of` by their number in the list the player read when the reply began
        ("tile 1 …, tile 2 …" names the same tiles whatever the first lays)."""
        if self.vocabulary.numbered is None:
            return {}
        if of not in self._numbers:
            self._numbers[of] = dict(self.vocabulary.numbered(of, self.session.view()))
        return self._numbers[of]

    def _cell(self, i: int) -> tuple[tuple[int, int], int] | None:
        """The grid cell written at word `i` ("m14", "M 14") and how many words it takes."""
        if self.vocabulary.cell is None:
            return None
        word = self.words[i]
        if not word[:1].isalpha():
            return None
        found = self.vocabulary.cell(word) if re.fullmatch(r"[a-z]{1,2}\d{1,3}", word) \
            else None  # "m14", "aa10" (the board grows past z)
        if found is not None:
            return found, 1
        nxt = self.words[i + 1] if i + 1 < len(self.words) else ""
        if len(word) == 1 and word not in "adeilnoswy" and nxt.isdigit():
            # (not "l'8", « d'8 »: an elided article before a number, as the words come apart)
            found = self.vocabulary.cell(word + nxt)
            if found is not None:
                return found, 2
        return None

    def kind(self, answer: Any) -> str:
        """The answer's action kind: its type, or its marked kind when it fixes a parameter the
        vocabulary reads only on that answer's own words (`Vocabulary.marked`)."""
        fixed = dict(answer.fixed)
        for param in self.vocabulary.marked.get(answer.type, {}):
            if param in fixed:
                return _marked(answer.type, param)
        return str(answer.type)

    # --- tagging -------------------------------------------------------------------------------

    def _wanted(self, form: Any) -> dict[str, set[Any]]:
        """The values each kind (`of`) of the form's fields offers, and those its answers fix."""
        wanted: dict[str, set[Any]] = {}
        for answer in form.answers:
            for f in answer.fields:
                c = f.constraint
                if isinstance(c, (OneOf, Subset)):
                    wanted.setdefault(c.of, set()).update(_hashable(v) for v in c.options)
                elif isinstance(c, Counts):
                    wanted.setdefault(c.of, set()).update(c.bounds)
                elif isinstance(c, Picks):  # "red Aragón, blue Sevilla": whose, then where
                    wanted.setdefault(c.key_of, set()).update(
                        int(k) if k.isdigit() else k for k in c.choices)
                    wanted.setdefault(c.of, set()).update(
                        _hashable(v) for vs in c.choices.values() for v in vs)
                elif isinstance(c, Parts):  # parts that are values of the game ("veto on
                    for of, table in self.vocabulary.names.items():  # Aragón and Valencia")
                        named = set(c.parts) & {_hashable(v) for v in table.values()}
                        if named:
                            wanted.setdefault(of, set()).update(named)
                elif isinstance(c, Moves) and c.routes is not None:
                    wanted.setdefault("seat", set()).update(c.routes)
                    wanted.setdefault(c.of, set()).update(
                        p for by in c.routes.values() for src, r in by.items()
                        for p in (src, *r.to))
            for key, value in dict(answer.fixed).items():  # a value the answer fixes, named
                if key in self.vocabulary.names:  # by the game's words ("8/4/0": which board)
                    wanted.setdefault(key, set()).add(_hashable(value))
        return wanted

    def _names(self, form: Any) -> dict[tuple[str, ...], set[tuple[str, Any]]]:
        """Every way of writing each value a field of the form may take: the game's words per
        `of`, its labels in the three languages, with and without a leading article."""
        out: dict[tuple[str, ...], set[tuple[str, Any]]] = {}
        wanted = self._wanted(form)
        view = self.session.view() if self.vocabulary.label is not None else None
        for of, values in wanted.items():
            pairs = list(self.vocabulary.names.get(of, {}).items())
            if of == "seat":  # the players by name ("Bruno's 2"), and by their name's first
                pairs += [(name, seat) for seat, name in enumerate(self.session.names)]
                firsts = _count(k[0] for n in self.session.names if (k := phrase(normalise(n))))
                pairs += [(first, seat) for seat, name in enumerate(self.session.names)
                          if len(key := phrase(normalise(name))) > 1
                          and firsts[(first := key[0])] == 1]  # word ("del Bot": "Bot 4")
            if self.vocabulary.label is not None:
                listed = {_hashable(v) for v in self.numbered(of).values()}
                for value in values | listed:  # a listed value not offered is named, not read
                    for lang in ("en", "fr", "it"):
                        try:
                            said = self.vocabulary.label(of, value, lang, view)
                        except Exception:
                            continue
                        pairs += [(text, value) for text in ([said] if isinstance(said, str)
                                                             else said)]
            full: set[tuple[str, ...]] = set()
            for text, value in pairs:  # every value of the game (one not offered fills
                key = phrase(normalise(str(text)).replace(":", " "))  # nothing: not read)
                for k in {key, _unarticled(key), _compressed(key)}:
                    if k and not (len(k) == 1 and k[0].isdigit()):
                        out.setdefault(k, set()).add((of, _hashable(value)))
                        full.add(k)
            if of == "place":  # a word of longer names ("castilla"): each of them, asked back
                actions = {w for key in self.actions for w in key}
                for text, value in pairs:
                    if _hashable(value) not in values:
                        continue
                    for word in phrase(normalise(str(text))):
                        if len(word) >= 5 and (word,) not in full and word not in actions:
                            out.setdefault((word,), set()).add((of, _hashable(value)))
        return out

    def tag(self, start: int, end: int, names: Mapping[tuple[str, ...], set[tuple[str, Any]]],
            types: frozenset[str] = frozenset()) -> tuple[list[Tag], list[str]]:
        tags: list[Tag] = []
        loose: list[str] = []
        i = start
        w = self.words
        while i < end:
            if w[i] in (",", "\n") or w[i] in SEQUENCE_SINGLES:
                i += 1
                continue
            if i in self.markers:  # "1. Place my 1 Caballero …\n2. Intrigue: …": a list's
                loose.append(w[i])  # number, not a value
                i += 1
                continue
            if i in self.aside and self.bracketed_aside:
                loose.append(w[i])
                i += 1
                continue
            rather = next((n for n in (3, 2) if tuple(w[i:i + n]) in RATHER), 0)
            if rather:  # "rather than the Intrigue", « plutôt que l'Intrigue »: not chosen
                tags.append(Tag(i, i + rather, "rather"))
                i += rather
                continue
            every = _all_of(w, i, end)
            if every is not None:  # « tutti e 4 i caballeros », "all 4": that number
                tags.append(Tag(i, i + every[1], "number", every[0], role="ref"))
                i += every[1]
                continue
            if tuple(w[i:i + 3]) in BOTH_PHRASES and i + 3 < end and (
                    w[i + 3] in TO_WORDS or w[i + 3] in self.vocabulary.pieces
                    or w[i + 3] in ("i", "les", "the")):  # « tutti e due nel … »: 2 (never
                # « Bonjour à toutes les deux », a greeting)
                tags.append(Tag(i, i + 3, "number", 2))
                i += 3
                continue
            if w[i] in ("s", "t", "d", "ll", "re", "ve", "m") and i > start \
                    and (w[i - 1] in APOSTROPHED or w[i - 1] in self._player_words):
                loose.append(w[i])  # "Bruno's", "it's": never the south's "s"
                i += 1
                continue
            best: tuple[int, Tag | None] = (0, None)
            for n in range(min(MAX_WORDS + 2, end - i), 0, -1):  # the move's own words first
                key = tuple(w[i:i + n])
                if "\n" in key:
                    continue
                if "," in key:  # a name with a comma in it, copied from the mail ("Place 2
                    bare = tuple(x for x in key if x != ",")  # anywhere, or move all …")
                    named = _named(bare, names) if key[-1] != "," and len(bare) > 2 else None
                    if named is not None:
                        best = (n, Tag(i, i + n, "name", named))
                        break
                    continue
                if n > MAX_WORDS:
                    continue
                if key in self.actions and self.actions[key] & types:
                    kinds = self.actions[key] & types
                    negative = "negative" if SAYS_NONE & set(key) else ""
                    best = (n, Tag(i, i + n, "action", frozenset(kinds), negative,
                                   alt=_named(key, names)))
                    break
                named = _named(key, names)
                if named is not None:
                    best = (n, Tag(i, i + n, "name", named))
                    break
                if key in self.fields:
                    best = (n, Tag(i, i + n, "field", self.fields[key]))
                    break
            if best[1] is not None and best[1].kind == "name" and best[0] > 1:
                best = self._shorter(i, end, best, names, types)
            for n in range(min(MAX_WORDS, end - i), best[0], -1):  # then the game's other words
                key = tuple(w[i:i + n])
                if "," in key or "\n" in key:
                    continue
                if key in self.actions and types and key not in WEAK \
                        and not (n == 1 and key[0] in self.vocabulary.pieces) \
                        and not self._own_inside(i, n, types) \
                        and _named(_unarticled(key), names) is None \
                        and not self.actions.get(_article_ended(key), set()) & types:
                    # (nor "prendo il", a card's phrase, where "prendo" takes Caballeros: "prendo
                    # il mio caballero")
                    # (not "the castle" where the Castillo is a value asked: a place, though
                    # another move, the Castillo's disc, is named by it)
                    best = (n, Tag(i, i + n, "foreign"))
                elif key in self.own_colour and not best[1]:
                    best = (n, Tag(i, i + n, "self", self.session.seat))
                elif key in EXCEPTS:
                    best = (n, Tag(i, i + n, "except"))
                elif key in ALLS:
                    best = (n, Tag(i, i + n, "all"))
                elif key in self.known and not (best[1] and best[1].kind in ("name", "action",
                                                                             "field")) \
                        and not all(x.isdigit() or x in MORE_NUMBERS or x in NUMBER_WORDS
                                    or (x,) in self.fields for x in key):
                    # ("3 court" names a card's option, and is also a count and a field's word)
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
            cell = self._cell(i)
            if cell is not None:
                tags.append(Tag(i, i + cell[1], "cell", cell[0]))
                i += cell[1]
                continue
            said = next((n for n in (4, 3, 2) if i + n <= end
                         and tuple(w[i:i + n]) in self.number_phrases), 0)
            if said:  # « sans la tourner », "(no turn)": the game's words for a number
                tags.append(Tag(i, i + said, "number", self.number_phrases[tuple(w[i:i + said])]))
                i += said
                continue
            if word.isdigit() and i > start and w[i - 1] in ROUND_WORDS:
                loose.append(word)  # "per il round 3", « manche 8 »: the round, not a value
            elif (word.isdigit() or word in MORE_NUMBERS or (
                    word in NUMBER_WORDS and word not in ONE_PIECE)) and i + 1 < end \
                    and self.vocabulary.pieces.get(w[i + 1], 0) > 1 and (
                    not word.isdigit() or len(word) <= 2):
                value = int(word) if word.isdigit() else MORE_NUMBERS.get(word) \
                    or NUMBER_WORDS[word]
                tags.append(Tag(i, i + 1, "number", value, role="pieces"))  # "for four
                # Caballeros": how many pieces, never a card or a tile chosen
            elif word.isdigit() and len(word) <= 4:
                ref = "ref" if i > start and (w[i - 1] in SELF_WORDS or w[i - 1] in REF_WORDS
                                              or w[i - 1] in DEFINITE) \
                    else ""  # "use my 60 to score", « col 60 », "i miei 5 del Castillo"
                tags.append(Tag(i, i + 1, "number", int(word), role=ref))
            elif word in MORE_NUMBERS:
                ref = "ref" if i > start and (w[i - 1] in SELF_WORDS or w[i - 1] in DEFINITE) \
                    else ""  # « mes sept Caballeros du Castillo »: those I have
                tags.append(Tag(i, i + 1, "number", MORE_NUMBERS[word], role=ref))
            elif word in NUMBER_WORDS and NUMBER_WORDS[word] > 1 and i > start \
                    and (w[i - 1] in SELF_WORDS or w[i - 1] in DEFINITE):
                # "my four in the Castillo", « tolgo i due dall'Aragona »: those I have
                tags.append(Tag(i, i + 1, "number", NUMBER_WORDS[word], role="ref"))
            elif word in ZERO_WORDS and i + 1 < end \
                    and w[i + 1] in ("left", "more", "restant", "restants", "rimasti", "rimasto"):
                loose.append(word)  # "none left": what the player has, not a count said
            elif word in ZERO_WORDS:
                tags.append(Tag(i, i + 1, "number", 0))
            elif (word in ONE_PIECE or word in ("my", "mon", "mio", "ma", "mia")) \
                    and i + 1 < end and self.vocabulary.pieces.get(w[i + 1]) == 1:
                tags.append(Tag(i, i + 1, "number", 1, role="ref"))  # "un caballero del
                # Bot": one (said along where the move takes no number: "a knight on m14")
            elif word in ("one", "un", "une", "uno", "una") and i + 1 < end \
                    and w[i + 1] in TO_WORDS and i > start \
                    and w[i - 1] in ("en", "ne", "n", "mets", "metto", "put", "place", "pose"):
                tags.append(Tag(i, i + 1, "number", 1))  # « j'en mets un au Castillo »,
                # « ne metto uno nel Castillo »: one of them, where it goes
            elif word == "one" and i > start and w[i - 1] in ("last", "other", "remaining") \
                    and i + 1 < end and w[i + 1] in TO_WORDS:
                tags.append(Tag(i, i + 1, "number", 1))  # "and the last one in the Castillo"
            elif word == "one" and i >= start + 2 and w[i - 1] == "last" \
                    and w[i - 2] in SELF_WORDS:
                tags.append(Tag(i, i + 1, "number", 1, role="ref"))  # "I take my last one"
            elif word == "one" and i > start and (
                    w[i - 1] in ("last", "this", "that", "the", "which", "other", "any")
                    or (w[i - 1].isalpha() and (w[i - 1],) not in self.actions
                        and w[i - 1] not in ARTICLE_SET and w[i - 1] not in FROM_WORDS
                        and w[i - 1] not in TO_WORDS and w[i - 1] not in SELF_WORDS
                        and (i + 1 >= end or w[i + 1] in (",", "\n")))):
                # ("the score 4-regions one": the card meant, not a 1)
                loose.append(word)  # "last one - I play 70": not a 1
            elif word in NUMBER_WORDS and NUMBER_WORDS[word] > 0 and (
                    word not in ("un", "une", "uno", "una")
                    or (tags and tags[-1].kind == "action" and tags[-1].end == i
                        and (i + 1 >= end or w[i + 1] in (",", "\n")))):
                # ("un", "uno" are articles, unless alone after a move's word: "la carta uno")
                tags.append(Tag(i, i + 1, "number", NUMBER_WORDS[word]))
            elif word in SAME_WORDS or (word in ("con", "avec", "with") and i == start):
                tags.append(Tag(i, i + 1, "same"))  # « un castillo dessus », "con un castillo"
            elif word in FROM_WORDS:
                tags.append(Tag(i, i + 1, "role", "from"))
            elif word in TO_WORDS:
                tags.append(Tag(i, i + 1, "role", "to"))
            elif word in SELF_WORDS:
                tags.append(Tag(i, i + 1, "self", self.session.seat))
            elif word in OR_WORDS:
                tags.append(Tag(i, i + 1, "or"))
            elif (word in NEGATIONS and word != "ne") or (
                    word in ("can", "won") and i + 1 < end and w[i + 1] == "t"):
                tags.append(Tag(i, i + 1, "neg"))  # ("can't", "won't": "t" is what is left)
            elif self._near_a_name(word, names, w[max(start, i - 3):i + 4]):
                tags.append(Tag(i, i + 1, "alien"))  # "castile", "valenica": not ours to guess
            elif self._near_an_action(word, types):
                tags.append(Tag(i, i + 1, "alien"))  # "reinforcments": a move misspelt is
                # never dropped (the turn was ended without it); its mended reading is offered
            else:
                loose.append(word)
            i += 1
        last = start  # (from the last word that says something: "…, and put a castle":
        for tag in tags:  # the "a" before it is no break's end)
            tag.after_break = any(x in (",", "\n") or x in SEQUENCE_SINGLES
                                  for x in w[last:tag.start])
            if tag.kind not in SOFT:
                last = tag.end
        return tags, loose

    def _then_between(self, start: int, end: int) -> bool:
        """Whether a word that starts a new move ("then", « puis », "poi") stands between."""
        w = self.words
        return any(tuple(w[i:i + n]) in THEN for i in range(start, end) for n in (1, 2))

    def _weak(self, tag: Tag) -> bool:
        return tuple(self.words[tag.start:tag.end]) in WEAK

    def _shorter(self, i: int, end: int, best: tuple[int, Tag | None],
                 names: Mapping[tuple[str, ...], set[tuple[str, Any]]],
                 types: frozenset[str]) -> tuple[int, Tag | None]:
        """The move's word instead of a name that starts with it, where a longer name follows
        that word: « carte décompte secret » is "carte" (choose a card) then « décompte secret »
        (that one card), not « carte décompte » (any scoring card: asked back) and a stray
        « secret »."""
        n = best[0]
        w = self.words
        for m in range(1, n):
            head = tuple(w[i:i + m])
            kinds = self.actions.get(head, set()) & types
            if not kinds:
                continue
            for k in range(min(MAX_WORDS, end - i - m), n - m, -1):
                key = tuple(w[i + m:i + m + k])
                if "," in key or "\n" in key:
                    continue
                if _named(key, names) is not None:
                    negative = "negative" if SAYS_NONE & set(head) else ""
                    return m, Tag(i, i + m, "action", frozenset(kinds), negative)
        return best

    def _own_inside(self, i: int, n: int, types: frozenset[str]) -> bool:
        """Whether a word of the pending answers starts inside words i..i+n: "je prends" names a
        card in one game's phrases, "prends" takes Caballeros where that is asked."""
        for j in range(i + 1, i + n):
            for m in range(i + n - j, 0, -1):
                if self.actions.get(tuple(self.words[j:j + m]), set()) & types:
                    return True
        return False

    def _near_an_action(self, word: str, types: frozenset[str]) -> bool:
        """A near miss of a word of a move asked now ("reinforcments", "scorng"): the player
        meant that move, so the reply is not read without it."""
        if len(word) < 6 or not word.isalpha() or word in EVERYDAY \
                or word in self.action_words or word in self.known_words:
            return False
        bare = frozenset(self._bare_kinds & types if len(types) < 3 else self.actions_kinds)
        # (moves said by their word alone: "pouvior 2" is the 2 whatever the word,
        # "reinforcments" is nothing without it; where many moves are asked, a cell alone
        # says none of them: « alcade su m11 » was dropped, the turn ended without it)
        known = self._near_actions.get((word, bare))
        if known is not None:  # (`tag` runs over the same words many times: asked once)
            return known
        pool = self._action_pools.get(bare)
        if pool is None:
            pool = {x for key, kinds in self.actions.items() if kinds & bare for x in key
                    if len(x) >= 6}
            self._action_pools[bare] = pool
        close = difflib.get_close_matches(word, pool, n=1, cutoff=0.85)
        found = bool(close) and not (word.startswith(close[0]) or close[0].startswith(word))
        self._near_actions[(word, bare)] = found
        return found

    def _near_a_name(self, word: str, names: Mapping[tuple[str, ...], Any],
                     around: Sequence[str] = ()) -> bool:
        key = (word, tuple(around), id(names))  # (`tag` asks of the same words many times;
        held = self._near_names.get(key)  # the names are one decision's, kept while reading)
        if held is not None:
            return held
        found = self._near_a_name_now(word, names, around)
        self._names_kept[id(names)] = names  # (kept alive: its id stays its own)
        self._near_names[key] = found
        return found

    def _near_a_name_now(self, word: str, names: Mapping[tuple[str, ...], Any],
                         around: Sequence[str] = ()) -> bool:
        """A word that is part of a longer name, or a near miss of a name (difflib): the player
        meant a place or a card, so the reply is not read without it."""
        if len(word) < 5 or word.isdigit() or word in EVERYDAY:
            return False
        singles = self._singles
        if singles is None:
            actions = {w for key in self.actions for w in key}
            singles = {w for text in self.vocabulary.names.get("place", {})
                       for w in phrase(text) if len(w) >= 5 and w not in actions}
            self._singles = singles
        if word in singles:
            return True
        if difflib.get_close_matches(word, singles, n=1, cutoff=0.8):
            return True
        # A near miss of a word of another value's name ("Vaulta le regioni da 4" for « Valuta
        # le regioni da 4 »): without it the rest may name another value (stack 4), so the
        # reply is not read (its mended reading is offered back, see `read`).
        # Only beside another word of those names ("these 23" is no misspelt "three").
        held = self._name_words
        if held is not None and held[0] is names:  # the same decision's names: built once
            words, every = held[1], held[2]
        else:
            every = {w for key in names for w in key if len(w) >= 3 and w.isalpha()}
            words = {w for w in every if len(w) >= 5}
            self._name_words = (names, words, every)
        return word not in words and word not in self.known_words \
            and word not in self.action_words and any(x in every for x in around if x != word) \
            and bool(difflib.get_close_matches(word, words, n=1, cutoff=0.8))

    # --- one stretch against one decision ------------------------------------------------------

    def readings(self, form: Any, tags: list[Tag]) -> list[dict[str, Any]] | None:
        """The commands that read `tags` whole (None: a word here this reader cannot place)."""
        self._bare_kinds = {self.kind(a) for a in form.answers if not a.fields}
        if any(t.kind == "alien" for t in tags):
            return None
        first = next((i for i, t in enumerate(tags)  # a greeting's "all" ("Morning all") before
                      if t.kind not in ("foreign", "all", *SOFT)), len(tags))  # the move: none
        if any(t.kind == "foreign" for t in tags[:first]) and first < len(tags) \
                and not tags[first].after_break \
                and tags[first].kind in ("number", "cell", "field"):
            return None  # "take 1" where a card is asked: that 1 was said for another move
        if any(t.kind == "foreign" and t.after_break for t in tags[first:]):
            return None  # a word for another move after this one's: "carte 2, … passe"
        if first < len(tags) - 1 and tags[-1].kind == "foreign":
            return None  # "take 3 card king": "card" starts the next move, not this one's end
        if any(i > first and t.kind == "action" and t.after_break
               and any(x.kind == "foreign" for x in tags[i + 1:]) for i, t in enumerate(tags)):
            return None  # "je prends 3, je prends la carte du Roi": the second is another move
        if first < len(tags) and any(t.kind == "foreign" and self._then_between(
                tags[first].start, t.start) for t in tags[first:]):
            return None  # "prendo 1, poi prendo la carta Il Re": the card is the next move
        tags = [t for t in tags[:first] if t.kind == "same"] \
            + [t for t in tags[first:] if t.kind != "foreign"]  # ("con un castillo": kept)
        for i in [i for i, t in enumerate(tags) if t.kind == "rather"][::-1]:
            drop = 2 if i + 1 < len(tags) and tags[i + 1].kind in ("name", "number", "action") \
                else 1  # the value after "rather than" is the one not chosen: it fills nothing
            tags = tags[:i] + tags[i + drop:]
        strong = {k for t in tags if t.kind == "action" and not self._weak(t) for k in t.value}
        if strong:  # "ok so: veto": "ok" (to allow) is filler beside the veto's own word,
            # before it; after it, a weak word of another move is that move ("put 3 in
            # Cataluña and do the scoring": the special, never dropped)
            head = next(i for i, t in enumerate(tags) if t.kind == "action" and not self._weak(t))
            tags = [t for i, t in enumerate(tags) if not (t.kind == "action" and self._weak(t)
                                                          and not t.value & strong
                                                          and i < head)]
        if any(t.kind == "neg" for t in tags) and not any(
                t.kind == "action" and t.of == "negative" for t in tags):
            return None  # "no, I don't cross": not read unless the phrase itself says no
        tags = [t for t in tags if t.kind != "neg"]
        tags = [Tag(t.start, t.end, "role", "to") if t.kind == "all" and self.words[t.start] == "all"
                and i + 1 < len(tags) and tags[i + 1].start == t.end and tags[i + 1].kind == "name"
                and self.lang == "it" else t for i, t in enumerate(tags)]  # « all'Aragona »
        tags = [t for i, t in enumerate(tags)  # "hi all": "all" only after the move's word
                if t.kind != "all" or any(x.kind == "action" for x in tags[:i])]
        tags = _with_roles(tags)
        split = next((i for i, t in enumerate(tags) if t.kind == "name"
                      and len({v for _, v in t.value}) > 1), None)
        out: list[dict[str, Any]] = []
        if split is not None:  # "castilla": each place it may be, each reading tried
            for pair in sorted(tags[split].value, key=repr):
                one = Tag(tags[split].start, tags[split].end, "name", frozenset({pair}),
                          after_break=tags[split].after_break, role=tags[split].role)
                out += self.readings(form, [*tags[:split], one, *tags[split + 1:]]) or []
            return _unique(out)
        if any(t.kind == "or" for t in tags):
            alternatives = [t for t in tags if t.kind != "or"]
            for tag in alternatives:  # "7 or 8": each value alone, with the action words kept
                if tag.kind == "action":
                    continue
                rest = [t for t in alternatives if t.kind == "action" or t is tag]
                out += self.readings(form, rest) or []
            return _unique(out) if len(_unique(out)) > 1 else None
        partial = not all(_covered(a) for a in form.answers)
        self._form_fields = {f.name for a in form.answers for f in a.fields}
        self._form_ofs = {(of, v) for of, values in self._wanted(form).items() for v in values}
        self._alone = _count(a.type for a in form.answers)  # (an answer told apart by its
        # fields from another of its type never has a field implied: see `_fill`)
        for answer in form.answers:
            if not _covered(answer):
                continue
            if partial and not any(t.kind == "action" for t in tags):
                return None  # it could be the answer this reader does not read: not guessed
            for unsaid in (False, True):
                for command in self._fill(answer, tags, unsaid=unsaid):
                    if self.trial(self.session, command):
                        out.append(command)
                if out:
                    break
        return _unique(out)

    def _fill(self, answer: Any, tags: list[Tag], *, unsaid: bool = False
              ) -> list[dict[str, Any]]:
        """The commands of `answer` that read `tags` whole. A field the reply leaves unsaid takes
        the game's default for it, or (`unsaid`, when the answer is named and another field is
        filled: "tile at m14") each of its few values, for the caller to try and ask back."""
        used: set[int] = set()
        command: dict[str, Any] = {"type": answer.type, **dict(answer.fixed)}
        kind = self.kind(answer)
        tags = [Tag(t.start, t.end, "name", t.alt, after_break=t.after_break, role=t.role)
                if t.kind == "action" and t.alt and not {answer.type, kind} & t.value
                and any(x.kind == "action" and {answer.type, kind} & x.value for x in tags)
                else t for t in tags]  # "caballero n14 face a grande": the flag, not the move
        own = {f.name for f in answer.fields}
        if any(t.kind == "action" and self.fields.get(tuple(self.words[t.start:t.end]))
               in self._form_fields - own for t in tags):
            return []  # "special grande Cataluña": the word of a field another answer has
        tags = [Tag(t.start, t.end, "field", self.fields[key], after_break=t.after_break)
                if t.kind == "action" and (key := tuple(self.words[t.start:t.end])) in self.fields
                and self.fields[key] in own else t
                for t in tags]  # "special grande Sevilla …": the Grande's field, by its word
        named = [i for i, t in enumerate(tags) if t.kind == "action"]
        for n, i in enumerate(named):  # a marked answer also takes its type's word ("end auto")
            if not {answer.type, kind} & tags[i].value and not (
                    n and named[n - 1] == i - 1 and tags[i - 1].end == tags[i].start
                    and {answer.type, kind} & tags[i - 1].value):
                return []  # (a word of another move right after this one's: "special place")
            used.add(i)
        if kind != answer.type and not any(kind in tags[i].value for i in named):
            return []  # "end" alone is not the answer that lays the tile for the player
        fixed = dict(answer.fixed)
        for i, t in enumerate(tags):  # "8/4/0": the answer that fixes that scoreboard
            if t.kind == "name" and any(of in fixed for of, _ in t.value):
                if not any(of in fixed and _hashable(fixed[of]) == v for of, v in t.value):
                    return []  # it names the other one
                used.add(i)
        open_: list[Any] = []
        implied: list[str] = []
        said: list[str] = []
        empty: list[str] = []
        totalled: list[str] = []
        shared = {o for o, n in _count(str(getattr(f.constraint, "of", "")) for f in answer.fields
                                      if isinstance(f.constraint, OneOf)).items() if n > 1}
        for f in sorted(answer.fields, key=lambda f: isinstance(f.constraint, Number)):
            # Numbers last: "take 4 from 1 Castilla, 1 Valencia" gives each place its number
            # first, and the count the one left.
            value = self._field(f, tags, used, unsaid=unsaid,
                                ordered=str(getattr(f.constraint, "of", "")) in shared,
                                command=command)
            if value is _MISSING:
                c = f.constraint
                if isinstance(c, Parts):
                    continue
                same = self._same_cell(c, tags, named)
                if same is not None:
                    command[f.name] = same
                    said.append(f.name)
                    continue
                if isinstance(c, Counts) and c.min_total == 0:
                    empty.append(f.name)  # "3 from my court": no region (when more was said)
                    continue
                of = str(getattr(c, "of", ""))
                if isinstance(c, OneOf) and of in self.vocabulary.defaults \
                        and self.vocabulary.defaults[of] in c.options:
                    command[f.name] = self.vocabulary.defaults[of]
                    continue
                if unsaid and isinstance(c, OneOf) and len(c.options) <= 5:
                    open_.append((f, list(c.options)))
                    continue
                if isinstance(c, Number) and any(
                        isinstance(g.constraint, Counts) and g.constraint.total_by is not None
                        and g.constraint.total_by.field == f.name for g in answer.fields):
                    totalled.append(f.name)  # "take 1 from Galicia": the count the places
                    continue  # give (below)
                if isinstance(c, Number) and c.min == 0 and named and any(
                        tags[i].of == "negative" for i in named):
                    command[f.name] = 0  # « non ne prendo nessuno »: none, by the move's words
                    continue
                if answer.combos is not None and f.name in answer.combos.fields and (
                        isinstance(c, Number) or (isinstance(c, OneOf) and len(c.options) == 1)) \
                        and self._alone.get(answer.type) == 1:
                    # a count, or the only place, maybe settled by what was said; never a
                    # value the player could mean otherwise ("take back m18": the tile, not
                    # the ship on its one sea side)
                    implied.append(f.name)
                    continue
                return []
            command[f.name] = value
            said.append(f.name)
        for name in totalled:  # a count said only by the places' numbers: the count whose
            # total they are, where that count is their sum ("take 1 from Galicia" with the
            # provinces empty; never where the provinces give some, the 1 could be either)
            for g in answer.fields:
                c = g.constraint
                if isinstance(c, Counts) and c.total_by is not None \
                        and c.total_by.field == name and isinstance(command.get(g.name), dict):
                    total = sum(command[g.name].values())
                    if [int(k) for k, v in c.total_by.totals.items() if v == total] != [total]:
                        return []
                    command[name] = total
                    said.append(name)
            if name not in command:
                return []
        if implied:  # "cross 0": no Caballero crosses, so none is left behind, from the one place
            assert answer.combos is not None
            rows = [r for r in answer.combos.values()
                    if all(r[k] == command[k] for k in r if k in command)]
            for name in implied:
                values = {_hashable(r[name]) for r in rows}
                only = next(f.constraint.options for f in answer.fields if f.name == name
                            and isinstance(f.constraint, OneOf) and len(f.constraint.options) == 1
                            ) if any(f.name == name and isinstance(f.constraint, OneOf)
                                     and len(f.constraint.options) == 1
                                     for f in answer.fields) else ()
                if said and len(values) == 1:
                    command[name] = rows[0][name]
                elif said and only:  # the one place there is (the game says if it will do)
                    command[name] = only[0]
                else:
                    return []
        for i, t in enumerate(tags):  # "all of mine …": the answer that moves them all
            if t.kind == "all" and i not in used and "all" in dict(answer.fixed).values():
                used.add(i)
        numeric = any(isinstance(f.constraint, (Number, Counts, Subset, Parts))
                      and f.name not in self.vocabulary.flags for f in answer.fields)
        own_kinds = {str(getattr(f.constraint, attr, "")) for f in answer.fields
                     for attr in ("of", "key_of")}  # ("ship on k14 north" where only the
        # west is sea: a side of this move, never dropped)
        ofs = self._form_ofs  # (the values any answer of the decision offers: "nord" where
        # a ship's side may be taken back is never dropped from "take back k11 nord")
        if any(i not in used for i, t in enumerate(tags) if t.kind not in SOFT
               and not self._own_colour(t)
               and not (t.kind == "field" and t.value not in self._form_fields and named)
               # (« pour remplir ma cour » where a power card is asked: no move here has a court)
               and not (t.kind == "name" and named and not t.value & ofs
                        and not {of for of, _v in t.value} & own_kinds
                        and not any(of in dict(answer.fixed) for of, _v in t.value))
               # ("the King stays in Aragón": a place where the move takes none is said along)
               and not (t.kind == "number" and t.value == 0 and not numeric and named)
               and not (t.kind == "number" and t.role == "pieces" and not numeric
                        and (named or (said and len(self._alone) == 1)))
               and not (t.kind == "number" and t.role == "ref" and not numeric
                        and not self._numbered_field(answer)
                        and (named or (said and len(self._alone) == 1)))):
            # (said alone only where this is the one move asked: "my four go to País Vasco"
            # for the Castillo's disc, never "mes 3 caballeros vont en …" as the King's move)
            # ("cross 0 leave" where nothing can cross: the 0 says what the form leaves out)
            return []  # (the player's own colour said along: "piazzo 1 rosso nel castello")
        if not answer.fields and not named:
            return []  # an answer with nothing to fill is read only when named
        if not said and not named:
            return []  # nothing of this answer was said: it is not this one
        if unsaid and not (named and said):
            return []  # a value left open only where the move is named and partly said
        negative = any(tags[i].of == "negative" for i in named)
        if negative and said:
            return []  # "no Caballeros in Aragón": not one there
        if empty and not said and not negative:
            return []  # a move named by its "none" words ("no Caballeros") places none
        command.update({name: {} for name in empty})
        out = [command]
        for f, values in open_:
            out = [{**c, f.name: v} for c in out for v in values]
        return out

    def _field(self, f: Any, tags: list[Tag], used: set[int], *, unsaid: bool = False,
               ordered: bool = False, command: Mapping[str, Any] | None = None) -> Any:
        """The value of field `f` said by the free `tags` (marked used), or _MISSING.
        `ordered`: the answer has several fields of this kind ("alliance Aragón Sevilla": the
        first and the second region), each taking the next value in the order written."""
        c = f.constraint
        free = [i for i, t in enumerate(tags) if i not in used]
        if isinstance(c, OneOf):
            options = self._offered({_hashable(o): o for o in c.options})
            numbered = {n: v for n, v in self.numbered(c.of).items()
                        if _hashable(v) in options}

            def said(t: Tag) -> set[Any]:
                if t.kind == "name":
                    return {v for of, v in t.value if of == c.of and v in options}
                if t.kind == "number" and t.role == "pieces":
                    return set()  # ("the 6 for four Caballeros": the 4 counts pieces)
                if t.kind == "number":
                    return {_hashable(numbered[t.value])} if t.value in numbered \
                        else {t.value} if t.value in options and not numbered \
                        and not any(isinstance(o, bool) for o in options) else set()
                    # (never a yes-or-no field: 1 == True, and « un caballero » is no Grande)
                if t.kind == "cell" and c.of == "cell":
                    key = f"{t.value[0]},{t.value[1]}"
                    return {key} if key in options else set()
                return set()

            words = [i for i in free if tags[i].kind == "field" and tags[i].value == f.name]
            if words:  # "grande Cataluña": the value right after the field's own word
                j = words[0] + 1
                if j in free and said(tags[j]) and len(said(tags[j])) == 1:
                    used.update((words[0], j))
                    return options[next(iter(said(tags[j])))]
                return _MISSING
            hits = [i for i in free if said(tags[i])]
            if f.name in ("from", "to"):  # a move's source and target by their words
                marked = [i for i in hits if tags[i].role == f.name]
                hits = marked or ([i for i in hits if not tags[i].role][:1] if f.name == "from"
                                  else [i for i in hits if tags[i].role != "from"])
            values: set[Any] = set()
            if not hits:
                return _MISSING
            if ordered:
                hits = hits[:1]
            for i in hits:
                values |= said(tags[i])
            if len(values) != 1 or hits != list(range(hits[0], hits[0] + len(hits))):
                return _MISSING  # a value said twice, apart: "card king, king to …" is two things
            used.update(hits)
            return options[next(iter(values))]
        if isinstance(c, Number):
            words = [i for i in free if tags[i].kind == "field" and tags[i].value == f.name]
            if words and f.name in self.vocabulary.flags and c.min <= 1 == c.max:
                # a yes-or-no field: "leave" says yes, and
                at = words[0]  # a 0 or 1 right after it says which
                if at + 1 in free and tags[at + 1].kind == "number" and tags[at + 1].value in (0, 1):
                    used.update((at, at + 1))
                    return tags[at + 1].value
                used.add(at)
                return 1
            if words:  # "3 from my court": the number beside the field's word
                hard = [i for i in free if tags[i].kind not in SOFT]
                at = hard.index(words[0])
                for j in (hard[at - 1] if at else -1, hard[at + 1] if at + 1 < len(hard) else -1):
                    if j >= 0 and tags[j].kind == "number" and self._within(c, tags[j].value):
                        used.update((words[0], j))
                        return tags[j].value
                return _MISSING
            if unsaid and f.name in self.vocabulary.fields:
                return c.min  # its word not said: the numbers are the other fields'
            hits = [i for i in free if tags[i].kind == "number" and self._within(c, tags[i].value)]
            alls = [i for i in free if tags[i].kind == "all"
                    and any(t.kind == "action" for t in tags[:i])]  # "take all", not "hi all"
            if len(hits) == 1 and not alls:
                used.update(hits)
                return tags[hits[0]].value
            if alls and not hits:
                used.update(alls)
                return c.max
            if len(alls) == 1 and len(hits) == 1 and tags[hits[0]].value == c.max:
                used.update((*alls, *hits))  # "all three", "tutti e 6"
                return c.max
            return _MISSING
        if isinstance(c, Parts):  # "veto on the 2": parts counted from 1, or named
            hits = [i for i in free if tags[i].kind == "number"
                    and 1 <= tags[i].value <= len(c.parts)]
            picked = {tags[i].value - 1 for i in hits}
            for i in free:  # (« veto sur la Vieille-Castille et Grenade »: the parts that
                if tags[i].kind == "name":  # are those places)
                    parts = {n for n, part in enumerate(c.parts)
                             if any(v == part for _of, v in tags[i].value)}
                    if len(parts) == 1:
                        picked |= parts
                        hits.append(i)
            if not hits:
                return _MISSING
            used.update(hits)
            return sorted(picked)
        if isinstance(c, GridCell):
            cells = self._offered({tuple(x): c.rotations.get(f"{x[0]},{x[1]}", ())
                                   for x in c.cells})
            hits = [i for i in free if tags[i].kind == "cell" and tags[i].value in cells]
            if len(hits) != 1:
                return _MISSING
            at = hits[0]
            turns = [j for j in free if j > at and tags[j].kind == "number"
                     and tags[j].value in (0, 90, 180, 270)]
            used.add(at)
            rotation = 0
            if turns:
                used.add(turns[0])
                rotation = tags[turns[0]].value
            x, y = tags[at].value
            return {"x": x, "y": y, "rotation": rotation}
        if isinstance(c, Moves):
            return self._moves(c, tags, free, used)
        if isinstance(c, Picks):
            return self._picks(c, tags, free, used)
        if isinstance(c, Subset):
            options = self._offered({_hashable(o): o for o in c.options})
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
            if c.min == c.max and len(chosen) == c.max + 1 and chosen[0] == c.max \
                    and tags[hits[0]].kind == "number":
                # "I keep these 13: 10, 20, …": the count the list is said with, where the
                # count is also a value (card 13) and the list holds one value too many
                used.add(hits[0])
                hits, chosen = hits[1:], chosen[1:]
            excepts = [i for i in free if tags[i].kind in ("except", "all")]
            if excepts and any(tags[i].kind == "except" for i in excepts):
                if any(i < min(excepts) for i in hits):
                    return _MISSING
                chosen = [o for o in options if o not in set(chosen)]
                hits += excepts
            if len(set(chosen)) != len(chosen) or not (
                    c.min <= len(chosen) <= c.max or (self.lenient and chosen)):
                return _MISSING
            used.update(hits)
            return [options[v] for v in chosen]
        if isinstance(c, Counts):
            bounds = self._offered(dict(c.bounds))
            counts: dict[str, int] = {}
            hits = []
            for i in free:
                t = tags[i]
                if t.kind != "name" or i in hits or (t.role == "from"
                                                     and f.name in ("to", "places")):
                    # "from Valencia" is where Caballeros leave, never where they are put
                    continue
                places = {v for of, v in t.value if of == c.of and v in bounds}
                if len(places) != 1:
                    continue
                place = next(iter(places))
                number = None
                own = i >= 2 and self._own_colour(tags[i - 1])  # "1 rosso nel castello"
                fronted = i >= 2 and tags[i - 1].kind == "action" and all(
                    x in ("li", "le", "les", "them", "ne", "en", "j", "je", "io")
                    or x in self.vocabulary.pieces
                    for x in self.words[tags[i - 2].end:tags[i - 1].start])
                for j in ((i - 2, i + 1) if own or fronted else (i - 1, i + 1)):
                    # ("2 castillo", « 2 li metto nei Paesi Baschi »: the count before the verb)
                    # "castillo 2", "2 to the castillo"
                    if 0 <= j < len(tags) and j in free and j not in hits \
                            and tags[j].kind == "number":
                        number = j
                        break
                total = c.total_by.totals.get(str((command or {}).get(c.total_by.field))) \
                    if c.total_by is not None else None
                if number is None and total is not None and not any(
                        j != i and j in free and tags[j].kind == "name"
                        and {v for of, v in tags[j].value if of == c.of and v in bounds}
                        and tags[j].role != "from" for j in range(len(tags))):
                    counts[place] = total  # "all of mine from Aragón to Granada": the one
                    hits.append(i)  # place they all go to takes the whole total, and "all"
                    hits += [j for j in free if tags[j].kind == "all" and j not in hits]
                    continue
                if number is None:  # a place alone: one Caballero there, unless the words say
                    several = self._several(tags)  # several ("je les pose à Séville": how
                    if several is None:  # many is not said, never guessed as 1)
                        return _MISSING
                    counts[place] = counts.get(place, 0) + several
                    hits.append(i)
                    continue
                counts[place] = counts.get(place, 0) + tags[number].value
                hits += [i, number]
            if not counts:
                zeros = [i for i in free if tags[i].kind == "number" and tags[i].value == 0]
                if c.min_total == 0 and len(zeros) == 1 and not any(
                        tags[i].kind in ("name", "number") for i in free if i not in zeros):
                    used.update(zeros)  # "place 0", « piazzo 0 »: none
                    return {}
                return _MISSING
            used.update(hits)
            return counts
        return _MISSING

    def _same_cell(self, c: Any, tags: list[Tag], named: list[int]) -> Any:
        """The cell of the move read just before, for a cell field left unsaid where the words
        say "on it" (« dessus », "sopra") or start with "with" (« con un castillo » after a
        Caballero tile): that move's cell, when this field may take it. None otherwise."""
        if not named or not isinstance(c, OneOf) or c.of != "cell" or not self.done \
                or not any(t.kind == "same" for t in tags) \
                or any(t.kind == "cell" for t in tags):
            return None
        at = self.done[-1].get("at")
        if isinstance(at, Mapping) and "x" in at and "y" in at:
            at = f"{at['x']},{at['y']}"
        elif isinstance(at, (list, tuple)) and len(at) == 2:
            at = f"{at[0]},{at[1]}"
        return at if at in c.options else None

    def _numbered_field(self, answer: Any) -> bool:
        """Whether a field of `answer` may be filled by a number (a list the mail numbers)."""
        return any(isinstance(f.constraint, OneOf) and (
            self.numbered(f.constraint.of) or any(isinstance(o, int) and not isinstance(o, bool)
                                                  for o in f.constraint.options))
            for f in answer.fields)

    def _several(self, tags: list[Tag]) -> int | None:
        """How many Caballeros the words around a place said without a number: 1 where nothing
        says more, 2 for "both" (« tous les deux », "entrambi"), None where a plural says more
        than one without saying how many ("them", « les », "li", "caballeros")."""
        w = self.words
        lo = min(t.start for t in tags)
        while lo > 0 and w[lo - 1] not in (",", "\n"):
            lo -= 1
        said = w[lo:max(t.end for t in tags)]
        if any(x in BOTH_WORDS for x in said) or any(
                said[k:k + 2] in (["les", "deux"], ["tutti", "due"], ["tutte", "due"])
                or said[k:k + 3] in (["tutti", "e", "due"], ["tutte", "e", "due"])
                for k in range(len(said))):
            return 2
        if any(x in PLURAL_WORDS or self.vocabulary.pieces.get(x, 1) > 1 for x in said):
            # "je prends 2, je les mets en Catalogne": "them" are the ones just taken
            count = self.done[-1].get("count") if self.done and len(self.done[-1]) == 2 \
                else None
            if isinstance(count, int) and not isinstance(count, bool) and count > 1 \
                    and any(x in PLURAL_WORDS for x in said):
                return count
            return None
        return 1

    def _distinct(self, readings: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The readings that do different things: two that the game decides into the same
        events ("cross 0" from either region: nobody crosses) are one move, not a question."""
        module = getattr(self.session, "module", None)
        state = getattr(self.session, "state", None)
        if module is None:
            return readings
        out: list[dict[str, Any]] = []
        seen: list[Any] = []
        for reading in readings:
            try:
                effect = module.decide(state, Command.from_json(reading, seat=self.session.seat))
            except RuleError:
                effect = reading  # (not decided: kept apart)
            if effect not in seen:
                seen.append(effect)
                out.append(reading)
        return out

    def _own_colour(self, t: Tag) -> bool:
        """Whether the tag is the player's own colour and nothing else ("rouge", "rosso")."""
        return t.kind == "name" and {v for _of, v in t.value} == {self.session.seat} \
            and {of for of, _v in t.value} == {"seat"}

    def _offered(self, values: dict[Any, Any]) -> dict[Any, Any]:
        """A field's offered values; when a refusal is being explained (`lenient`), every value
        of its kind counts as offered, so that the game can say why the one written is not."""
        return _Lenient(values) if self.lenient else values

    def _within(self, c: Number, value: int) -> bool:
        return c.min <= value <= c.max or (self.lenient and c.max > 1 and 0 <= value < 1000)
        # (never a yes-or-no field: a number said aside is not a "grande 3" to refuse)

    def _picks(self, c: Picks, tags: list[Tag], free: list[int], used: set[int]) -> Any:
        """One value per key, as pairs written key first: "red Aragón, blue Sevilla",
        « rouge Aragon, bleu Séville », "Bruno: Granada" (a key by its colour or its player's
        name, then its value among that key's choices). A key said twice, or a value with no
        key before it, is not read."""
        picks: dict[str, Any] = {}
        hits: list[int] = []
        key: str | None = None
        for i in free:
            t = tags[i]
            if t.kind != "name":
                continue
            choices = self._offered({k: tuple(_hashable(x) for x in v)
                                     for k, v in c.choices.items()})
            keys = {str(v) for of, v in t.value if of == c.key_of and str(v) in choices}
            if key is None and len(keys) == 1 and next(iter(keys)) not in picks:
                key = next(iter(keys))
                hits.append(i)
                continue
            if key is None:
                return _MISSING
            values = {v for of, v in t.value if of == c.of
                      and (self.lenient or v in c.choices[key])}
            if len(values) != 1:
                return _MISSING
            picks[key] = next(iter(values))
            hits.append(i)
            key = None
        if key is not None or not picks:
            return _MISSING
        used.update(hits)
        return picks

    def _moves(self, c: Moves, tags: list[Tag], free: list[int], used: set[int]) -> Any:
        """Rows of moves as written: "2 red from Aragon to the Castillo, Bruno's 1 from …":
        a count (1 if none), whose (a colour, a name, "mine"; else the one seat with that route),
        a source then a target."""
        routes = c.routes or {}
        rows: list[dict[str, Any]] = []
        row: dict[str, Any] = {}
        hits: list[int] = []
        for i in free:
            t = tags[i]
            seats = {v for of, v in t.value if of == "seat"} if t.kind == "name" else set()
            places = {v for of, v in t.value if of == c.of} if t.kind == "name" else set()
            if t.kind == "number" and "count" not in row and "to" not in row:
                row["count"] = t.value
            elif t.kind == "self" and "seat" not in row and "to" not in row:
                row["seat"] = t.value
            elif len(seats) == 1 and "seat" not in row and "to" not in row:
                row["seat"] = next(iter(seats))
            elif len(seats) == 1 and row.get("seat") == next(iter(seats)) and "from" not in row:
                pass  # "Bruno's 2 blues": the same player, by name and by colour
            elif len(places) == 1 and "from" not in row and t.role != "to":
                row["from"] = next(iter(places))
            elif len(places) == 1 and "from" in row and "to" not in row and t.role != "from":
                row["to"] = next(iter(places))
            else:
                continue
            hits.append(i)
            if "to" in row:
                rows.append(row)
                row = {}
        if row or not rows:
            return _MISSING
        out = []
        for row in rows:
            if "seat" not in row:
                whose = [seat for seat, by in routes.items()
                         if row["from"] in by and row["to"] in by[row["from"]].to]
                if len(whose) != 1:
                    return _MISSING
                row["seat"] = whose[0]
            out.append({"seat": row["seat"], "from": row["from"], "to": row["to"],
                        "count": row.get("count", 1)})
        used.update(hits)
        return out

    # --- the whole reply -----------------------------------------------------------------------

    def breaks(self) -> list[int]:
        """Where a stretch may end: after a comma, a line end, or before "and"/"then" or a
        move's word."""
        out = set()
        for i, word in enumerate(self.words):
            if word in (",", "\n"):
                out.add(i)
            for n in (1, 2):
                if tuple(self.words[i:i + n]) in SEQUENCES:
                    out.add(i)
            if i and any(tuple(self.words[i:i + n]) in REMARK_STARTS for n in (1, 2, 3)) \
                    and (self.words[i - 1].isdigit() or self.words[i - 1] in self.value_words):
                out.add(i)  # "gioco l'11 così …": a remark may follow the move
            j = i - 1  # "take 3 card king place 2 aragon": a move's word after a value,
            while j > 0 and i - j <= 2 and self.words[j] in BETWEEN_MOVES:  # or after "con
                j -= 1  # una" ("castello k14 con una nave k14 ovest")
            if i and j >= 0 and (self.words[j].isdigit() or self.words[j] in self.value_words
                                 or (self.words[j][:1].isalpha() and self._cell(j) is not None)) \
                    and any(tuple(self.words[i:i + n]) in self.actions for n in (1, 2, 3)):
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
            if any(t.kind not in ("neg", "foreign", *SOFT) for t in tags):
                out += [x for x in loose if x not in CONTRACTED]
            i = j + 1
        return " ".join(out)

    def _next_starts(self, end: int, names: Mapping[tuple[str, ...], set[tuple[str, Any]]],
                     types: frozenset[str] = frozenset()) -> bool:
        """Whether a move may end at `end`: the text ends there, or what follows starts with an
        action word or on a new line (a list is never cut: "keep … and 10" is fourteen cards)."""
        if any(tuple(self.words[end:end + n]) in REMARK_STARTS for n in (1, 2, 3)):
            return True  # "… così passo per prima", "… to get six back": a remark follows
        rest, _ = self.tag(end, len(self.words), names, frozenset(self.actions_kinds))
        rest = [t for t in rest if t.kind not in SOFT]
        if all(t.kind == "neg" for t in rest):  # "8 or 9, I don't know": nothing more said
            return True
        if rest[0].kind == "action":
            return True
        if any(i in self.brackets for i in range(end, rest[0].start + 1)):
            return True  # "(3 caballeros)" after the move: said aside, not more of it
        if self._clause_aside(end, names, types):
            return True  # ", così il 3 guarda verso la terra": a remark, not more of the list
        between = self.words[end:rest[0].start]
        if any(tuple(between[i:i + n]) in THEN for i in range(len(between)) for n in (1, 2)):
            return True  # "…, then I want the Castillo scored": a new move, not more of this one
        return "\n" in self.words[end:rest[0].start]

    def _clause_aside(self, start: int, names: Mapping[tuple[str, ...], set[tuple[str, Any]]],
                      types: frozenset[str]) -> bool:
        """Whether the clause that starts at `start` (after its breaks) is a remark said along
        with a move: a few words of a sentence (two at least) with no word of any move and no
        value but one number ("così il 3 guarda verso la terra", "so the 4 faces the land"), or
        words of the game with no value and no word of the moves asked now (« ma cour est
        vide »)."""
        w = self.words
        i = start
        while i < len(w) and w[i] in (",", "\n"):
            i += 1
        j = i
        while j < len(w) and w[j] not in (",", "\n"):
            j += 1
        if i == j or (i - 1 in self.brackets):
            return False
        if any(self.words[k] in SEQUENCE_SINGLES for k in range(i, j)):
            return False  # "then …": a move that follows
        tags, loose = self.tag(i, j, names, frozenset(self.actions_kinds))
        hard = [t for t in tags if t.kind not in (*SOFT, "neg")]
        if len(loose) >= 2 and len(hard) == 1 and hard[0].kind == "number":
            return True
        return bool(loose) and bool(hard) and not any(
            t.kind in ("number", "name", "cell") or (t.kind == "action" and t.value & types)
            for t in hard)

    def _remark(self, pos: int, ends: list[int], form: Any,
                names: Mapping[tuple[str, ...], set[tuple[str, Any]]],
                types: frozenset[str]) -> int | None:
        """Where a remark about the others ends ("Damn, Chiara took the 12.", « le 160 est
        pris. »): a sentence of a few words with no word of a move, whose values are none the
        player may choose now, followed by more text: it falls away (listed as not read) and the
        reading goes on after it. None when the text at `pos` is no such remark."""
        if pos - 1 in self.brackets:  # "(mi servono caballeros)", "(no turn)": said aside
            close = self.brackets[pos - 1]
            inside, _ = self.tag(pos, close, names, types)
            if close < len(self.words) and not any(t.kind == "action" for t in inside) \
                    and not any(self.readings(form, [t]) for t in inside
                                if t.kind in ("number", "name", "cell")):
                return close
        line = pos
        while line < len(self.words) and self.words[line] != "\n":
            line += 1
        alone, _ = self.tag(pos, line, names, types)
        first, stop = pos, line  # (past lines of mere words: a greeting)
        while stop < len(self.words) and not [t for t in self.tag(first, stop, names, types)[0]
                                               if t.kind not in (*SOFT, "neg")]:
            first = stop + 1
            stop = first
            while stop < len(self.words) and self.words[stop] != "\n":
                stop += 1
        heard = [t for t in self.tag(first, stop, names, types)[0]
                 if t.kind not in (*SOFT, "neg")]
        if stop < len(self.words) and heard and not any(
                t.kind in ("number", "name", "cell", "alien") for t in heard) \
                and not any(self.readings(form, [t]) for t in heard if t.kind == "action") \
                and any(t.kind in ("number", "name", "cell") for t in self.tag(
                    stop, len(self.words), names, types)[0]):
            return stop  # « Je m'excuse, je reprends avec les mots du courriel : », "second
            # place there is worth having": a line of words with no value, above the moves
        if line < len(self.words) and len(alone) == 1 and (
                alone[0].kind == "name" or (alone[0].kind == "action" and alone[0].alt)) \
                and not self.readings(form, alone) \
                and any(t.kind not in (*SOFT, "neg") for t in self.tag(line, len(self.words),
                                                                      names, types)[0]):
            return line  # "Grande !" above the move: praise, not a move with nothing to it
        for end in (e for e in ends if e > pos and (e >= len(self.words)
                                                     or self.words[e] in (",", "\n"))):
            # (a remark runs to a comma or a line's end, not to a move's word inside it)
            raw, loose = self.tag(pos, end, names, types)
            tags = [t for t in raw if t.kind not in (*SOFT, "neg")]
            if not tags:
                if raw and loose and end < len(self.words) and self.words[end] == "\n":
                    return end  # « Sans commentaire alors : »: a line with no move in it
                if raw and all(t.kind == "neg" for t in raw) and end < len(self.words) \
                        and self.words[end] in (",", "\n") \
                        and len([x for x in loose if x not in CONTRACTED]) >= 2:
                    return end  # « non ho molta scelta : tolgo … »: a remark, then the move
                if raw and all(t.kind == "neg" for t in raw) and end < len(self.words) \
                        and self.words[end] in (",", "\n"):
                    after, _ = self.tag(end, len(self.words), names, types)
                    after = [t for t in after if t.kind not in SOFT]
                    if after and after[0].kind == "action" and after[0].of != "negative":
                        return end  # "Eh no, Dora! Veto.": an exclamation, then the move
                continue
            if any(t.kind == "neg" for t in raw) and end < len(self.words) \
                    and not any(t.kind in ("number", "name", "cell") or t.of == "negative"
                                for t in tags) \
                    and len([x for x in loose if x not in CONTRACTED]) >= 2 \
                    and any(t.kind in ("number", "name", "cell") for t in self.tag(
                        end, len(self.words), names, types)[0]):
                return end  # « non ho molta scelta: tolgo … dall'Aragona »: a remark with a
                # negation and no value, then the move's values
            if (end >= len(self.words) and not self.done) or any(t.kind == "action"
                                                                 for t in tags):
                return None  # (at the end, only after a move: "…, j'en ai 11 à la cour")
            if any(t.kind == "alien" for t in tags):
                return None  # a word of the game this reading cannot place: never dropped
            if len(tags) >= 2 and all(t.kind == "number" for t in tags) \
                    and end < len(self.words) and not any(self.readings(form, [t]) for t in tags):
                return end  # "73, 72, 69...": the scores, none a card that may be played
            if not any(t.kind in ("number", "name", "cell") for t in tags):
                # "my court is empty,", « ma cour est vide, »: words of the game but no move's
                # word of this decision and no value: a remark before the move
                if not loose and len(tags) < 2:
                    return None
                return end
            said = len(loose) + sum(t.kind in SOFT for t in raw)  # (« j'en ai »: words)
            if said < 2 and all(t.kind == "number" for t in tags) \
                    and not any(self.readings(form, [t]) for t in tags):
                continue  # ("72, 69...": a run of numbers goes on to its end)
            if said < 2 or any(t.kind not in ("number", "name", "foreign", "field", "cell")
                                     for t in tags):
                return None  # (« j'en ai 11 à la cour »: not "take 1" where a card is asked)
            if any(self.readings(form, [t]) for t in tags):
                return None  # a value the player may choose: not a remark
            if len([t for t in tags if t.kind in ("number", "name", "cell")]) >= 2 \
                    and self._could_be_move(form, raw):
                return None  # "two caballeros into Valencia" where Valencia is taboo: a move
                # the game refuses (and says why), never a remark dropped
            return end
        return None

    def _could_be_move(self, form: Any, tags: list[Tag]) -> bool:
        """Whether `tags` read as a move of `form` once any value of each field's kind counts
        and the game's rules are left aside: a move the player meant, whatever the game says
        of it."""
        lenient, trial = self.lenient, self.trial
        self.lenient, self.trial = True, (lambda _s, _c: True)
        try:
            return bool(self.readings(form, tags))
        finally:
            self.lenient, self.trial = lenient, trial

    def _round(self) -> Any:
        """The round the game is in, as its players count it (None where it cannot say)."""
        module = getattr(self.session, "module", None)
        if module is None:
            return None
        try:
            return round_shown(module, self.session.view())
        except Exception:  # a session without a view: no round to tell
            return None

    def run(self) -> Parsed | None:
        commands: list[dict[str, Any]] = []
        rest: list[str] = []
        pos = 0
        ends = self.breaks()
        started = self._round()
        while True:
            decision = self.session.decision()
            if commands and started is not None and self._round() != started:
                # The reply's moves ended the round and the next round asks this player first
                # (« … fin. Le 8 doit se trouver au sud »): what follows was written about the
                # turn just played, never as the next round's move (it was played as power
                # card 8); it waits, unread, as a move for later does.
                decision = None
            if decision is None:
                if not commands:
                    self.stuck = pos
                    return None
                rest = self._rest(pos)  # the turn has passed: what follows waits, unread
                break
            form = decision.form
            if form is None or not any(_covered(a) for a in form.answers):
                return None  # a decision with no form (a game that brings none)
            names = self._names(form)
            types = frozenset(k for a in form.answers for k in (a.type, self.kind(a)))
            self._bare_kinds = {self.kind(a) for a in form.answers if not a.fields}
            another = self._about_another(pos, form)
            if another is not None:  # "Parfait, Sara a posé le 53.": a remark on another
                self.ignored.append(" ".join(w for w in self.words[pos:another] if w != ","))
                pos = another
                while pos < len(self.words) and self.words[pos] in (",", "\n"):
                    pos += 1
                continue
            if any(tuple(self.words[pos:pos + n]) in (REMARK_STARTS if commands else REASONS)
                   for n in (1, 2, 3)):
                # "… turned 180 so the 6 points at m14", « … pour avoir 6 contre m11 »: the
                # reason for the move just read, to the clause's end; never a move of its own
                stop = pos
                while stop < len(self.words) and self.words[stop] not in (",", "\n"):
                    stop += 1
                self.ignored.append(" ".join(self.words[pos:stop]))
                pos = stop
                while pos < len(self.words) and self.words[pos] in (",", "\n"):
                    pos += 1
                continue
            all_tags, _ = self.tag(pos, len(self.words), names, types)
            if not [t for t in all_tags if t.kind not in (*SOFT, *(LEFTOVER if commands else ()))]:
                break
            found = None
            for end in reversed([e for e in ends if e > pos]):
                tags, loose = self.tag(pos, end, names, types)
                if not tags:
                    continue
                readings = self.readings(form, tags)
                if readings is None or not readings:
                    continue
                if not self._next_starts(end, names, types) and not _bare(readings[0], form):
                    continue
                if len(readings) > 1:
                    readings = self._distinct(readings)
                if len(readings) > 1 and commands and not any(t.kind == "action" for t in tags):
                    same = [r for r in readings if r["type"] == commands[-1]["type"]]
                    if len(same) == 1:  # "castillos sur j11 et sur j14": a bare value after a
                        readings = same  # move goes on with that move, not with another
                if len(readings) > 1 and not self.lenient:  # (a refusal explains the first)
                    raise Ambiguous(_ASK[language_index(self.lang)].format(n=len(readings)),
                                    [[*commands, r] for r in readings], lang=self.lang)
                found = (end, readings[0], loose)
                break
            if found is None:
                remark = self._remark(pos, ends, form, names, types)
                if remark is None:
                    self.stuck = pos
                    return None
                self.ignored.append(" ".join(w for w in self.words[pos:remark] if w != ","))
                pos = remark
                continue
            end, command, loose = found
            if set(command) == {"type"} and self._named_again(end, command["type"], names,
                                                                types):
                # "card 3, the 4-regions scoring: 2 to Cataluña …, then the scoring": the
                # card's title said along with it; its action is the one named last
                self.ignored.append(" ".join(w for w in self.words[pos:end] if w != ","))
                pos = end
                while pos < len(self.words) and self.words[pos] in (",", "\n"):
                    pos += 1
                continue
            line = self._said_again_later(pos, end, loose, names, types)
            if line is not None:  # "I'll live with the 8.\n… power 1 for me": the 8 was a
                self.ignored.append(" ".join(w for w in self.words[pos:line] if w != ","))
                pos = line  # remark; the move is the one said with its own word below
                continue
            said = self._said(pos, end, names, types)
            if said:
                self.ignored.append(said)
            self.session.advance(command)
            commands.append(command)
            self.done.append(command)
            self.answered.append(decision)
            pos = end
            while pos < len(self.words) and self.words[pos] in (",", "\n"):
                pos += 1
            for n in (2, 1):
                if tuple(self.words[pos:pos + n]) in SEQUENCES:
                    pos += n
                    break
        if not commands:
            self.stuck = pos
            return None
        return Parsed(commands, self.ignored, rest, asks=self.session.decision() is not None,
                      answered=list(self.answered))

    def _about_another(self, pos: int, form: Any) -> int | None:
        """Where a clause about another player ends ("Parfait, Sara a posé le 53."), where the
        move asked names no player: a clause with their name and no word of a move asked now
        before it, after clauses of mere words ("Parfait,"); a remark, never the player's own
        move. None when the text at `pos` is no such clause."""
        if "seat" in self._wanted(form):
            return None
        others = {k for seat, name in enumerate(self.session.names) if seat != self.session.seat
                  for k in phrase(normalise(name)) if len(k) >= 3}
        if not others:
            return None
        kinds = frozenset(k for a in form.answers for k in (a.type, self.kind(a)))
        start = pos
        while start < len(self.words):
            stop = start
            while stop < len(self.words) and self.words[stop] not in (",", "\n"):
                stop += 1
            at = next((i for i in range(start, stop) if self.words[i] in others), None)
            if at is not None:
                before = self.tag(start, at, {}, kinds)[0]
                if any(t.kind == "action" and t.value & kinds for t in before):
                    return None
                return stop
            if self.tag(start, stop, {}, kinds)[0]:
                return None  # (a clause that says something of the game: read it)
            start = stop + 1
        return None

    def _named_again(self, end: int, kind: str,
                     names: Mapping[tuple[str, ...], set[tuple[str, Any]]],
                     types: frozenset[str]) -> bool:
        """Whether a move with nothing to fill (`kind`: "special") is named again after `end`,
        with another move between: the first naming was said along (a card's title right
        after the card), the move is made where it is named last."""
        later = [t for t in self.tag(end, len(self.words), names, types)[0]
                 if t.kind not in SOFT]
        again = [i for i, t in enumerate(later) if t.kind == "action" and kind in t.value]
        return bool(again) and any((t.kind == "action" and kind not in t.value)
                                   or t.kind in ("number", "name", "cell")
                                   for t in later[:again[-1]])

    def _said_again_later(self, pos: int, end: int, loose: list[str],
                          names: Mapping[tuple[str, ...], set[tuple[str, Any]]],
                          types: frozenset[str]) -> int | None:
        """Where the line of a bare number read at `pos` ends, when that number sat in a
        sentence (three words or more: "Ok, never mind, I'll live with the 8.") and a later
        line says a move of this decision with its own word and a number ("… so power 1 for
        me"): that later move is the one meant, the number above a remark. None otherwise."""
        tags = [t for t in self.tag(pos, end, names, types)[0] if t.kind not in SOFT]
        if len(tags) != 1 or tags[0].kind != "number" \
                or len([x for x in loose if x not in CONTRACTED]) < 3:
            return None
        line = end  # (the clause's end: "The 4 gives me the most, so I'll play the 4.")
        while line < len(self.words) and self.words[line] not in (",", "\n"):
            line += 1
        later = [t for t in self.tag(line, len(self.words), names, types)[0]
                 if t.kind not in SOFT]
        if any(t.kind == "action" and not self._weak(t) and i + 1 < len(later)
               and later[i + 1].kind == "number" for i, t in enumerate(later)):
            return line
        return None

    def _played_numbers(self) -> set[int]:
        """The numbers in the moves read so far (a card played, a count)."""
        out: set[int] = set()
        stack: list[Any] = list(self.done)
        while stack:
            value = stack.pop()
            if isinstance(value, bool):
                continue
            if isinstance(value, int):
                out.add(value)
            elif isinstance(value, dict):
                stack += list(value.values())
            elif isinstance(value, (list, tuple)):
                stack += list(value)
        return out

    def _rest(self, pos: int) -> list[str]:
        """The lines left once the turn has passed to someone else (a Veto holder, the others'
        secret choices, the next power card), as the player wrote them (normalised): they
        cannot be checked now, so they are not read, and the player is told they wait. A line
        with no word of any move (a greeting, a signature) is ignored instead."""
        out: list[str] = []
        every = frozenset(self.actions_kinds)
        while pos < len(self.words):
            end = pos
            while end < len(self.words) and self.words[end] != "\n":
                end += 1
            kept = [i for i in range(pos, end) if i not in self.aside]  # brackets: aside
            text = " ".join(self.words[i] for i in kept).replace(" ,", ",").strip(" ,")
            tags = [t for t in self.tag(pos, end, {}, every)[0] if t.start not in self.aside]
            values = [t for t in tags if t.kind in ("number", "cell")]
            others = {k for seat, name in enumerate(self.session.names)
                      if seat != self.session.seat for k in phrase(normalise(name))}
            if any(tuple(self.words[pos:pos + n]) in REMARK_STARTS for n in (1, 2, 3)) \
                    or others & set(self.words[pos:end]):
                self.ignored.append(" ".join(w for w in self.words[pos:end] if w != ","))
                # ("… così poso due tessere": the reason for the card just played; "Nice move
                # with j14, Gil!": words to another player)
            elif text and any(t.kind == "action" for t in tags) and values and not all(
                    t.kind == "number" and t.value in self._played_numbers() for t in values):
                # a move's word and a value: a move for later ("then I take 5"); not a remark
                # ("I'm running out of knights at court"), nor the card just played said
                # again (« je tente le Joker, la carte 5 »)
                out.append(text)
            elif text:
                self.ignored.append(" ".join(w for w in self.words[pos:end] if w != ","))
            pos = end + 1
        return out


_MISSING: Any = object()


class _Lenient(dict[Any, Any]):
    """The offered values of a field, while a refusal is explained: any name of the field's
    kind is in it, and any number where the offered values are numbers (a card not in hand)."""

    def __init__(self, offered: dict[Any, Any]) -> None:
        super().__init__(offered)
        self.numbers = bool(offered) and all(isinstance(v, int) for v in offered)

    def __contains__(self, value: object) -> bool:
        if isinstance(value, int) and not self.numbers:
            return dict.__contains__(self, value)
        return True

    def __getitem__(self, value: Any) -> Any:
        return dict.get(self, value, value)


def _named(key: tuple[str, ...], names: Mapping[tuple[str, ...], set[tuple[str, Any]]]
           ) -> frozenset[tuple[str, Any]] | None:
    """The values the words `key` name: as written, or with the articles inside a name left out
    ("score the castillo" as "score castillo"), unless the words start with an article."""
    if key[0] not in ARTICLE_SET and _compressed(key) in names:
        return frozenset(names[_compressed(key)])
    if key in names:
        return frozenset(names[key])
    return None


def _marked(kind: str, param: str) -> str:
    """The action kind of an answer of type `kind` that fixes `param` (`Vocabulary.marked`)."""
    return f"{kind}+{param}"


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


ARTICLE_SET = frozenset(ARTICLES)


def _compressed(key: tuple[str, ...]) -> tuple[str, ...]:
    """A name without the articles and little words inside it ("score the castillo" → "score
    castillo"); its first and last words stay ("side a" is not "side")."""
    if len(key) < 3:
        return key
    return (key[0], *(w for w in key[1:-1] if w not in ARTICLE_SET), key[-1])


def _with_roles(tags: list[Tag]) -> list[Tag]:
    """The tags with each "from"/"to" word set on the tag it comes before, and dropped."""
    out: list[Tag] = []
    role = ""
    for t in tags:
        if t.kind == "role":
            role = t.value
            continue
        if t.kind in ("name", "cell", "field") and role:
            t = Tag(t.start, t.end, t.kind, t.value, t.of, t.after_break, role)
        if t.kind != "self":
            role = ""
        out.append(t)
    return out


ARTICLE_KEYS = frozenset(phrase(a) for a in ARTICLES)
"""The articles as the tagger's keys, built once (`_names` strips them from every name)."""


def _unarticled(key: tuple[str, ...]) -> tuple[str, ...]:
    while key and (key[:1] in ARTICLE_KEYS) and len(key) > 1:
        key = key[1:]
    return key


def _all_of(w: Sequence[str], i: int, end: int) -> tuple[int, int] | None:
    """(N, words) for « tutti e 4 », « tous les 4 », "all 4", "all four" at `i`."""
    def number(x: str) -> int | None:
        if x.isdigit() and len(x) <= 2:
            return int(x)
        return MORE_NUMBERS.get(x) or (NUMBER_WORDS.get(x) if x not in ONE_PIECE else None)
    if w[i] in ("tutti", "tutte", "tous", "toutes") and i + 2 < end \
            and w[i + 1] in ("e", "les") and number(w[i + 2]):
        return number(w[i + 2]) or 0, 3
    if w[i] == "all" and i + 1 < end and number(w[i + 1]) and not (
            i + 2 < end and w[i + 2] in ("regions", "region")):
        return number(w[i + 1]) or 0, 2
    return None


def _article_ended(key: tuple[str, ...]) -> tuple[str, ...]:
    """The phrase without the articles it ends with ("prendo il" → "prendo")."""
    while len(key) > 1 and key[-1:] in ARTICLE_KEYS:
        key = key[:-1]
    return key


def _count(items: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        out[item] = out.get(item, 0) + 1
    return out


def _unique(commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for c in commands:
        if c not in out:
            out.append(c)
    return out


def _bare(command: Mapping[str, Any], form: Any) -> bool:
    """Whether `command` is an answer with no field that takes a list ("no intrigue", "take
    0"): what follows it cannot be its list, so a move may end after it (« je ne prends aucun
    caballero, j'en ai 11 à la cour »)."""
    return not any(any(not isinstance(f.constraint, (OneOf, Number, GridCell))
                       for f in a.fields)
                   for a in form.answers if a.type == command.get("type")
                   and all(command.get(k) == v for k, v in dict(a.fixed).items()))


def _covered(answer: Any) -> bool:
    """Whether every field of the answer is of a kind this reader fills (a form with a new kind
    of field is not guessed at: the reply is refused with the lines that may be written)."""
    return all(isinstance(f.constraint, (OneOf, Number, Subset, Counts, Parts, GridCell, Moves,
                                         Picks))
               for f in answer.fields)


_GUESS = ("I do not know “{words}”. Did you mean this? Write it back to play it:",
          "Je ne connais pas «\u00a0{words}\u00a0». Vouliez-vous dire ceci\u00a0? Renvoyez-le "
          "pour le jouer\u00a0:",
          "Non conosco «{words}». Intendevi questo? Rimandalo per giocarlo:")


_QUOTED_JOIN = ("”, “", "\u00a0», «\u00a0", "», «")


def _misspelt_words(text: str) -> bool:
    """Whether the text has a word long enough to be a misspelt place (a cheap test, so that
    the session is copied only when a mended reading may be tried)."""
    return any(len(w) >= 5 and w.isalpha() for w in tokens(text))


def _misspelt(reader: Reader) -> list[tuple[int, str]]:
    """Words of the reply that are a near miss of a word of a place's name or of a value the
    pending decision names ("Araogn", « Vechcia », "Vaulta"), each with the one word it is
    nearest to: the reply read with them mended is offered back, never played."""
    families: dict[str, set[Any]] = {}  # each word of a name → the values it belongs to
    for text, value in reader.vocabulary.names.get("place", {}).items():
        for word in phrase(text):
            families.setdefault(word, set()).add(("place", _hashable(value)))
    decision = reader.session.decision()
    if decision is not None and decision.form is not None:
        for key, values in reader._names(decision.form).items():
            for word in key:
                families.setdefault(word, set()).update(values)
        kinds = {k for a in decision.form.answers for k in (a.type, reader.kind(a))}
        for key, of in reader.actions.items():  # a move's word misspelt ("reinforcments")
            if of & kinds:
                for word in key:
                    if len(word) >= 6:
                        families.setdefault(word, set()).add(("action", word))
    families = {w: v for w, v in families.items() if len(w) >= 5 and w.isalpha()}
    own = {w for key in (*reader.actions, *reader.known) for w in key}
    out = []
    for i, word in enumerate(reader.words):
        if len(word) < 5 or not word.isalpha() or word in families or word in own:
            continue
        close = difflib.get_close_matches(word, families, n=3, cutoff=0.8)
        if not close:
            continue
        ratios = [difflib.SequenceMatcher(None, word, c).ratio() for c in close]
        one = len(set().union(*(families[c] for c in close))) == 1  # « Valenica »: one place
        if one or len(close) == 1 or ratios[0] > ratios[1]:  # however many of its names
            out.append((i, close[0]))
    return out


def read(text: str, session: Session, vocabulary: Vocabulary,
         trial: Callable[[Any, dict[str, Any]], bool]) -> Parsed | None:
    """The reply's moves read against the seat's pending decisions (see the module's docstring);
    None when this reader cannot read it whole; `Ambiguous` when two readings remain, or when it
    reads whole only with a misspelt place mended (one reading, offered back: never guessed)."""
    fresh = copy.copy(session) if _misspelt_words(text) else None  # the reading moves the
    # session on (a new state each move): the mended one starts from the same decision
    inside = _fresh(session) if "(" in text or "[" in text else None
    try:
        reader = Reader(text, session, vocabulary, trial)
        found = reader.run()
    except CommandRefused:
        found, reader = None, None
    except Ambiguous:
        found = _with_brackets(text, session, inside, vocabulary, trial)
        if found is None:
            raise
    if found is None and inside is not None:
        found = _with_brackets(text, session, inside, vocabulary, trial)
    if found is not None or reader is None:
        return found
    mends = _misspelt(reader)
    if not mends or fresh is None:
        return None
    words = list(reader.words)
    for i, fix in mends:
        words[i] = fix
    try:
        mended = Reader(" ".join(words), fresh, vocabulary, trial).run()
    except (CommandRefused, Ambiguous):
        return None
    if mended is None or not mended.commands:
        return None
    typed = list(dict.fromkeys(reader.words[i] for i, _ in mends))
    lang = language_index(session.lang)
    message = _GUESS[lang].format(words=_QUOTED_JOIN[lang].join(typed))
    raise Ambiguous(message, [list(mended.commands)], lang=session.lang)


def _with_brackets(text: str, session: Session, inside: Any, vocabulary: Vocabulary,
                   trial: Callable[[Any, dict[str, Any]], bool]) -> Parsed | None:
    """The reply read with its brackets as part of the moves, where reading them aside did
    not read it whole or left two readings: « j'augmente ma tuile en n11 (face b, tourne 0) »
    says its side and turn in brackets, "card 3 (score the 4-regions)" only restates the card.
    `session` takes the state this reading reached."""
    if inside is None:
        return None
    try:
        found = Reader(text, inside, vocabulary, trial, asides=False).run()
    except (CommandRefused, Ambiguous):
        return None
    if found is not None:
        vars(session).update(vars(inside))
    return found


def decides(session: Any, command: dict[str, Any]) -> bool:
    """Whether the game accepts `command` now (the reader's readings are only legal moves)."""
    try:
        session.module.decide(session.state, Command.from_json(command, seat=session.seat))
    except RuleError:
        return False
    return True


HelpLines = Callable[[Any, Mapping[str, Any] | None, str], list[str]]


def parse(text: str, session: Session, vocabulary: Vocabulary, help_lines: HelpLines,
          trial: Callable[[Any, dict[str, Any]], bool] = decides) -> Parsed:
    """A reply's moves, for every text channel (a mail reply, the web page's text box): read
    against the seat's pending decisions (`read`), each advanced on `session`; or why not.

    Raises `Ambiguous` (two readings, or a misspelt name mended: asked back),
    `CommandRefused` (the moves the reply means, but the game refuses one: its own message, in
    any language) or `ParseError` (what could not be read, and what may be written now)."""
    lang = session.lang if session.lang in ("en", "fr", "it") else "en"
    if session.decision() is None:
        if not _says_a_move(Reader(text, _fresh(session), vocabulary, trial), 0):
            error = ParseError(core_text("none_found", lang), lang=lang)
            error.nothing = True  # words for the table, thanks: no move was meant
            raise error
        raise ParseError(core_text("nothing_pending", lang), lang=lang)
    start = _fresh(session)
    found = read(text, session, vocabulary, trial)
    if found is not None:
        return found
    raise refusal(text, start, vocabulary, help_lines, trial)


def _fresh(session: Session) -> Any:
    """A copy of the session to read again from the same decision (the reading moves a session
    on, one state per move)."""
    out = copy.copy(session)
    if isinstance(getattr(out, "applied", None), list):
        out.applied = []  # type: ignore[attr-defined]
    return out


def refusal(text: str, session: Session, vocabulary: Vocabulary, help_lines: HelpLines,
            trial: Callable[[Any, dict[str, Any]], bool] = decides
            ) -> ParseError | CommandRefused:
    """Why a reply is not played, written from the decision rather than by a grammar:

    - the move it means, when every word of it fills a field once any value of the field's kind
      counts (a power card not in hand, a region the King's card does not reach, 12 cards to
      keep where 13 are asked): the game refuses that move, and says why (`CommandRefused`);
    - else where the reading stopped, quoted, with a "did you mean …?" for a mistyped word of a
      move, and the lines that may be written now (`ParseError`); a reply with no word of any
      move at all (thanks, a greeting) is "no command found" (`nothing`: a mail's requests
      alone, such as "board please", are then what it asked)."""
    lang = session.lang if session.lang in ("en", "fr", "it") else "en"
    try:
        Reader(text, _fresh(session), vocabulary, lambda _s, _c: True, lenient=True).run()
    except CommandRefused as refused:  # the first move the game refuses
        return refused
    except Ambiguous:
        pass
    strict = Reader(text, _fresh(session), vocabulary, trial)
    with contextlib.suppress(CommandRefused, Ambiguous):
        strict.run()
    stuck = strict.stuck if strict.stuck is not None else 0
    at = _past_greetings(strict, stuck)
    if not [w for w in strict.words[at:] if w not in (",", "\n")]:
        at = stuck  # (nothing after it: the line where the reading stopped, never an empty quote)
    decision = strict.session.decision()
    allowed = help_lines(decision, strict.session.view(), lang) if decision is not None else []
    if decision is None:
        return ParseError(core_text("nothing_pending", lang), lang=lang)
    words = strict.words
    if not _says_a_move(strict, at):
        error = ParseError(core_text("none_found", lang), allowed=allowed, lang=lang)
        error.nothing = not strict.done
        return error
    end = at
    while end < len(words) and words[end] != "\n":
        end += 1
    near = " ".join(w for w in words[at:end] if w != ",")[:80]
    other = _other_move(strict, at, end, decision, lang)
    if other is not None:  # "placer 1 Valence" where a take is asked: the game says what is
        return ParseError(other, near=near, allowed=allowed, lang=lang)  # asked now
    bare = _bare_refusal(strict, at, end, decision)
    if bare is not None:  # "end" while a tile is due: the game says why not, not "not
        return bare  # understood"
    taught = {w for line in allowed for w in phrase(str(line).split(" — ")[0])}
    typo = _typo(strict, at, end, taught=taught)
    if typo is not None:
        return ParseError(suggestion(typo[0], [typo[1]], lang), near=near, allowed=allowed,
                          lang=lang)
    return ParseError(core_text("not_understood", lang, near=near), allowed=allowed, lang=lang)


def _bare_refusal(reader: Reader, start: int, end: int, decision: Any) -> CommandRefused | None:
    """The game's refusal of a move named by its word alone, where the form offers that move
    only as an answer read on other words (El Caballero's "end" while a tile is due: its one
    end answer lays the tile for the player, read only on "end auto"): "that's the end of my
    turn" is then refused with the game's reason, not as words not understood."""
    form = decision.form
    names = reader._names(form)
    types = frozenset(k for a in form.answers for k in (a.type, reader.kind(a)))
    tags = [t for t in reader.tag(start, end, names, types)[0] if t.kind not in (*SOFT, "neg")]
    if len(tags) != 1 or tags[0].kind != "action":
        return None
    kinds = {k for k in tags[0].value if any(a.type == k for a in form.answers)}
    if len(kinds) != 1:
        return None
    kind = next(iter(kinds))
    if not all(a.fixed and not a.fields for a in form.answers if a.type == kind):
        return None  # (only where every answer of that move fixes what the word leaves out)
    session = _fresh(reader.session)
    try:
        session.advance({"type": kind})
    except CommandRefused as refused:
        return refused
    return None


def _past_greetings(reader: Reader, at: int) -> int:
    """Where a refusal should point: the reading stopped at `at`, but a line there with nothing
    of a move (a greeting, "Oops, that was just a greeting :)") is not what failed, so the
    first line after it that says something of a move."""
    words = reader.words
    every = frozenset(reader.actions_kinds)
    while at < len(words):
        end = at
        while end < len(words) and words[end] != "\n":
            end += 1
        tags, _ = reader.tag(at, end, {}, every)
        if any(t.kind not in ("neg", "or", "all", *SOFT) for t in tags) \
                or any(w.isdigit() for w in words[at:end]) or end >= len(words):
            return at
        at = end + 1
        while at < len(words) and words[at] in (",", "\n"):
            at += 1
    return at


def _other_move(reader: Reader, start: int, end: int, decision: Any, lang: str) -> str | None:
    """When the words where the reading stopped begin with the word of a move that is not
    asked now, the game's own refusal of that move ("“place” is not what you must do now: you
    must take Caballeros…"), in `lang`; else None."""
    form = decision.form
    module = getattr(reader.session, "module", None)
    if form is None or module is None:
        return None
    types = frozenset(k for a in form.answers for k in (a.type, reader.kind(a)))
    tags, _ = reader.tag(start, end, reader._names(form), types)
    hard = [t for t in tags if t.kind not in SOFT]
    if not hard or hard[0].kind != "foreign":
        return None
    written = " ".join(reader.words[hard[0].start:hard[0].end])
    for kind in sorted(reader.actions.get(tuple(reader.words[hard[0].start:hard[0].end]), ())):
        try:
            module.decide(reader.session.state,  # type: ignore[attr-defined]
                          Command.from_json({"type": kind.partition("+")[0]},
                                            seat=reader.session.seat))
        except RuleError as error:
            if "type" in error.params:  # the player's own word, never the move's key
                error.params["type"] = written  # (« choose_action » was shown)
            return error.render(lang, reader.session.names)
    return None


def _says_a_move(reader: Reader, at: int) -> bool:
    """Whether the words from `at` hold anything of a move: a number, a cell, a word of a move
    or a value of the game (else they are thanks, greetings, a name)."""
    every = frozenset(reader.actions_kinds)
    tags, _loose = reader.tag(at, len(reader.words), {}, every)
    return any(t.kind not in ("neg", "or", "all", *SOFT) for t in tags) \
        or any(w.isdigit() for w in reader.words[at:])


def _typo(reader: Reader, start: int, end: int, kinds: set[str] | None = None,
          taught: set[str] | None = None) -> tuple[str, str] | None:
    """The first word from `start` to `end` that is a near miss of a move's word ("plase",
    « prenre »; of a move of `kinds` if given), with that word: (typed, meant). `taught`: the
    words of the lines the mail offers, in the player's language: a near miss of one of them is
    offered first (« plaser » is « placer », not English "player")."""
    words = {w for key, of in reader.actions.items() if kinds is None or of & kinds
             for w in key if len(w) >= 4}
    ours = words & taught if taught else set()
    for word in reader.words[start:end]:
        if len(word) < 4 or not word.isalpha() or word in words or word in reader.known_words \
                or word in EVERYDAY or (taught and word in taught):
            continue  # (not « tourne », a word of the lines the mail teaches)
        for pool in ((ours,) if ours else (words,)):  # (never « corte » to a French player)
            close = difflib.get_close_matches(word, pool, n=1, cutoff=0.8)
            if close and not (word.startswith(close[0]) or close[0].startswith(word)):
                return word, close[0]  # (not "tiles", "cards", "played": the word itself)
    return None


__all__ = ["Ambiguous", "Reader", "Vocabulary", "decides", "parse", "read", "refusal"]
