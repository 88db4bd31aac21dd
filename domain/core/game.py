"""The surface every game module exposes to the rest of the system.

The service, the workers, the emails and the bots know only this surface, so adding a game never
touches them. A viewer is a seat number, or None for a spectator.

Besides the rules (`GameModule`), a module may carry three optional facets, everything a channel
needs to show the game to a person and read their moves back:

- `language` (`Language`): the command language of mail replies and the web's text box;
- `boards` (`Boards`): the board as a picture (SVG), as plain text, and as tables (`Summary`);
- `texts` (`Texts`): the game's sentences and words (the log, "what you must decide now"); its
  refusals (`RuleError.of("<game>.…")`) are the game package's too, registered with
  `domain.core.errors.catalogue` so that any channel renders them in its reader's language.

Channels ask through `language_of`, `boards_of` and `texts_of`, which give the game's facet or a
generic one, so a game that brings none is still playable by mail and on the web:
`<type> key=value` commands, its view as text, message keys as they are.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from domain.core.boards import GenericBoards, Summary
from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.events import Event, Upcasters
from domain.core.language import GenericLanguage, Parsed, Session

Viewer = int | None

RULES = "rules"
"""The key of a game's rules version in its `game_created` event's data (see
`GameModule.rules_version`)."""


@dataclass(frozen=True)
class Message:
    """A translatable sentence: a message key and its parameters (ids, numbers, seats)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


@dataclass(frozen=True)
class OptionSpec:
    """One rule option of a game: its name, allowed values, default, and what it means (en/fr/it).

    The API validates `options` against these, the create-game page offers them, and the game's
    `create` still has the last word (it raises a RuleError for a value it cannot take)."""

    name: str
    allowed: tuple[Any, ...]
    default: Any
    description: Mapping[str, str]
    title: Mapping[str, str] = field(default_factory=dict)
    """The option's name as a player reads it, per language (the create-game page's caption);
    without one, its `name`."""
    labels: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """Per language, one word per allowed value, in `allowed`'s order (the create-game page's
    choices); without them a value is shown as it is (yes/no for a boolean)."""

    def caption(self, lang: str = "en") -> str:
        return self.title.get(lang) or self.title.get("en") or self.name

    def label(self, value: Any, lang: str = "en") -> str | None:
        """The word for one allowed value in `lang`, or None when the game gives none."""
        words = self.labels.get(lang) or self.labels.get("en")
        if not words or value not in self.allowed:
            return None
        index = next(i for i, a in enumerate(self.allowed)
                     if a == value and type(a) is type(value))
        return words[index] if index < len(words) else None

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {"name": self.name, "allowed": list(self.allowed), "default": self.default,
                "description": self.description.get(lang) or self.description.get("en", ""),
                "title": self.caption(lang),
                "labels": [self.label(a, lang) for a in self.allowed]}


class InvariantViolation(AssertionError):
    """A game's invariant failed after an event (raised by `invariants`, reported by simulate)."""


class GameModule(Protocol):
    """The rules surface every game has. Optional facets, each with a generic fallback for a game
    that brings none: `language`, `boards`, `texts` (below: `language_of`, `boards_of`,
    `texts_of`); `bots` (level name → factory of a `domain.bots.Bot`), `invariants(before, after,
    event)` for `pbem simulate`, and the words of decision forms, `prompt(message, lang, names)`
    (a form's title, note, field label, button) and `label(of, value, lang, names, view)` (a value
    of a typed constraint — a place, a seat, a card — as players read it): `domain.core.surface`."""

    name: str
    upcasters: Upcasters
    title: Mapping[str, str]
    """The game's name as players read it, by language."""
    min_players: int
    max_players: int
    option_specs: tuple[OptionSpec, ...]
    rules_version: int
    """The rules version new games are created under (`RULES` in their `game_created` event's
    data). Fixing a rule in a way that can change an outcome bumps it and keeps the old behaviour
    for the older versions, so a game goes on, and its record verifies, under the rules it began
    with. A record whose `game_created` has no `RULES` key is version 1; a module without this
    attribute plays version 1 (`domain.core.surface.rules_version`)."""

    def create(
        self, players: int, options: Mapping[str, Any], seed: str, setup: Mapping[str, Any] | None
    ) -> list[Event]:
        """The opening events of a new game (seeded, or with a fully given set-up)."""

    def initial(self) -> Any:
        """The state before any event."""

    def evolve(self, state: Any, event: Event) -> Any:
        """Pure: the state after one more event (the argument is not modified)."""

    def fold(self, events: Iterable[Event], state: Any = None) -> Any:
        """The state after the events (from `state`, or from the start); never modifies `state`."""

    def decide(self, state: Any, command: Command) -> list[Event]:
        """The events the command causes, or a RuleError saying what is wrong and what is allowed."""

    def pending(self, state: Any) -> list[Decision]:
        """Who must decide what now, with the legal options."""

    def validate(self, state: Any, command: Command) -> RuleError | None:
        """None if the command is legal now, else the error (the validator behind a constraint)."""

    def view(self, state: Any, viewer: Viewer) -> dict[str, Any]:
        """What the viewer may see of the state, as plain JSON."""

    def redact(self, event: Event, viewer: Viewer) -> Event:
        """The event as the viewer may see it."""

    def describe(self, event: Event, viewer: Viewer) -> list[Message]:
        """The event, as seen by the viewer, as translatable sentences."""

    def default_command(self, state: Any, decision: Decision) -> Command:
        """The documented safe move applied when a decision's deadline passes."""

    def sample_command(self, state: Any, decision: Decision, rng: random.Random) -> Command:
        """A uniformly chosen legal command for the decision (random play, tests, bots)."""

    def reveals(self, event: Event, state: Any) -> bool:
        """Whether the event (applied to `state`) draws or reveals hidden information."""

    def is_over(self, state: Any) -> bool: ...

    def ranking(self, state: Any) -> list[dict[str, Any]]: ...


# --- the optional facets -------------------------------------------------------------------------


class Language(Protocol):
    """How players write the game's moves (mail replies, the web's text box), in en/fr/it."""

    def parse(self, text: str, session: Session) -> Parsed:
        """The commands of `text` for `session.seat` (a game with words: the shared reader,
        `domain.core.reader.parse`, with them), each advanced on the session as it is read
        (so a whole text is checked before any of it counts); lines that are not commands
        (greetings, signatures) are listed in `ignored`. Raises `ParseError` (not understood: what,
        where, and what may be written now) or `CommandRefused` (the game refuses one)."""

    def format(self, command: Mapping[str, Any], lang: str, *, decision: Decision | None = None,
               names: Sequence[str] = ()) -> str:
        """The exact line a player would type for `command` (parse reads it back as `command`)."""

    def help_lines(self, decision: Decision | None, view: Mapping[str, Any] | None,
                   lang: str) -> list[str]:
        """The commands that answer `decision`, one line each, in `lang`."""

    def example(self, state: Any, decision: Decision, lang: str,
                names: Sequence[str] = ()) -> str:
        """One legal command for `decision` filled in from the real position, as text."""


class Boards(Protocol):
    """The board as a seat may see it: pure functions of that seat's view."""

    def svg(self, view: Mapping[str, Any], lang: str, names: Sequence[str] = (), *,
            targets: Sequence[str] = (), title: str | None = None) -> str | None:
        """A picture (an SVG document), or None; `targets` are the ids a click may choose
        (elements carrying `data-place`)."""

    def text(self, view: Mapping[str, Any] | None, lang: str, names: Sequence[str] = ()) -> str:
        """A plain-text board (a mail's text part, `pbem replay`)."""

    def summary(self, view: Mapping[str, Any], lang: str,
                names: Sequence[str] = ()) -> Summary | None:
        """The board as tables of plain strings (a mail's HTML part, the web page), or None.
        Besides the board, what a player reads at a glance: the order of play, who leads where,
        the last scoring, the round track (the web page and every turn mail show it)."""

    def headline(self, view: Mapping[str, Any], lang: str, names: Sequence[str] = ()) -> str:
        """The game in one line for a list of games (its round, the scores), or ""."""

    def round_shown(self, view: Mapping[str, Any]) -> Any:
        """The view's round as its players count it (the board's own count: El Grande's short
        game plays rounds 2, 3, 5… and calls its last "round 6"), for a mail's subject."""


class Texts(Protocol):
    """The game's own words, in en/fr/it."""

    scoring: frozenset[str]
    """Message keys that report scoring: a mail lists them apart ("Scoring results")."""

    def render(self, message: Message, lang: str, names: Sequence[str] = ()) -> str:
        """One of `describe`'s messages as a sentence; `names` are the players' names by seat."""

    def decision(self, decision: Decision, lang: str, names: Sequence[str] = ()) -> str:
        """What the seat must decide, as a phrase said to its player ("play a power card", "keep
        13 of your 18 power cards"; for a question about another player's move, that move in
        words, its player named from `names`). Said of others ("the game waits for Bruno (…)"),
        the phrase is `awaited`'s: a game whose phrases say "your" gives its texts a method
        `awaited(decision, lang, names, count)` (see `awaited` below)."""

    def seat(self, seat: int, lang: str) -> str | None:
        """How the game tells a seat apart besides its player's name (a colour), or None."""

    def rules(self, lang: str) -> list[str]:
        """The game in a few lines (a player's "rules" request by mail); [] for none."""

    def milestone(self, message: Message, lang: str) -> str | None:
        """A short label ("Round 3", "General scoring 1") when one of `describe`'s messages
        marks a step a replay may jump to, else None."""


def awaited(texts: Texts, decision: Decision, lang: str, names: Sequence[str] = (),
            count: int = 1) -> str:
    """What `count` players are waited on for, said of them (third person): "keep 13 of their
    39 power cards", « garder 13 de ses 39 cartes » for one, « … de leurs 39 cartes » for
    several who must each do it. The texts' own `awaited` when they have one, else their
    `decision` phrase (a game whose phrases never say "your")."""
    said = getattr(texts, "awaited", None)
    if callable(said):
        return str(said(decision, lang, names, count))
    return texts.decision(decision, lang, names)


class GenericTexts:
    """The texts of a game that brings none: message keys with their parameters, the decision's
    kind, no seat colours."""

    scoring: frozenset[str] = frozenset()

    def render(self, message: Message, lang: str, names: Sequence[str] = ()) -> str:
        def shown(key: str, value: Any) -> str:
            if key in ("seat", "player", "winner") and isinstance(value, int) \
                    and 0 <= value < len(names):
                return names[value]
            return str(value)

        params = ", ".join(f"{k} {shown(k, v)}" for k, v in message.params.items())
        return f"{message.key} ({params})" if params else message.key

    def decision(self, decision: Decision, lang: str, names: Sequence[str] = ()) -> str:
        return decision.kind.replace("_", " ")

    def seat(self, seat: int, lang: str) -> str | None:
        return None

    def rules(self, lang: str) -> list[str]:
        return []

    def milestone(self, message: Message, lang: str) -> str | None:
        return None


def language_of(module: Any) -> Language:
    """The module's command language, or the generic one (`<type> key=value`)."""
    return getattr(module, "language", None) or GenericLanguage(module)


def boards_of(module: Any) -> Boards:
    """The module's boards, or the generic ones (the view as text)."""
    return getattr(module, "boards", None) or GenericBoards()


def texts_of(module: Any) -> Texts:
    """The module's texts, or the generic ones (message keys as they are)."""
    return getattr(module, "texts", None) or GenericTexts()
