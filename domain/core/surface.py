"""What the rest of the system asks of any game, with the generic answer where a game gives less.

A game module must have the rules surface (`domain.core.game.GameModule`); everything else is a
facet it may provide. The service, the workers, the emails, the bots' runner and the simulator go
through these functions, never through a game's own modules, so a new game that has only rules is
still playable everywhere (a random bot from `sample_command`, no extra invariants), and a game
that has more gets it used.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.core import formspace
from domain.core.commands import Command
from domain.core.decisions import Decision
from domain.core.errors import RuleError
from domain.core.events import Event, thaw
from domain.core.game import RULES, GameModule, Message, OptionSpec, texts_of
from domain.core.i18n import LANGUAGES, Amount, language_index


def title(module: GameModule, lang: str = "en") -> str:
    names: Mapping[str, str] = getattr(module, "title", None) or {}
    return names.get(lang) or names.get("en") or module.name


def round_word(module: GameModule, lang: str = "en") -> str | None:
    """The game's own word for a round ("tour", "turno" in El Caballero, whose boards say so), for
    the mails' subjects; None: the service's generic word."""
    words: Mapping[str, str] = getattr(module, "round_word", None) or {}
    return words.get(lang) or words.get("en")


def _titles(module: GameModule) -> dict[str, str]:
    """The game's name in every language (a refusal's parameter, shown in the reader's)."""
    return {lang: title(module, lang) for lang in LANGUAGES}


def shown(value: Any) -> str:
    """An option's value as a refusal shows it: as JSON writes it (true, 3, "x")."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def option_specs(module: GameModule) -> tuple[OptionSpec, ...]:
    return tuple(getattr(module, "option_specs", ()) or ())


def player_range(module: GameModule) -> tuple[int, int]:
    return int(getattr(module, "min_players", 1)), int(getattr(module, "max_players", 8))


def check_players(module: GameModule, count: int) -> None:
    """A RuleError unless the game can be played by `count` players."""
    low, high = player_range(module)
    if not low <= count <= high:
        raise RuleError.of("core.players", game=_titles(module), low=low, high=high, count=count,
                           allowed={"players": [low, high]})


def check_options(module: GameModule, raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options with their defaults filled in, or a RuleError naming the first wrong one.

    Booleans must be booleans and numbers numbers (`1` is not `True`): an option's value is stored
    in the game's first event for ever, so it is checked for its exact type."""
    specs = {spec.name: spec for spec in option_specs(module)}
    raw = dict(raw or {})
    unknown = sorted(set(raw) - set(specs))
    if unknown:
        raise RuleError.of("core.option.unknown", count=len(unknown), names=unknown,
                           allowed=sorted(specs))
    values: dict[str, Any] = {}
    for name, spec in specs.items():
        value = raw.get(name, spec.default)
        if value not in spec.allowed or type(value) is not type(spec.default):
            raise RuleError.of("core.option.value", name=name, value=shown(value),
                               values=[shown(a) for a in spec.allowed],
                               allowed={name: list(spec.allowed)})
        values[name] = value
    return values


def parse_option(module: GameModule, text: str) -> tuple[str, Any]:
    """`name=value` from a command line, the value read as the option's own type."""
    name, sep, raw = text.partition("=")
    name = name.strip()
    specs = {spec.name: spec for spec in option_specs(module)}
    if not sep or name not in specs:
        raise RuleError.of("core.option.not_option", text=text, game=_titles(module),
                           allowed=sorted(specs))
    for value in specs[name].allowed:
        if str(value).lower() == raw.strip().lower():
            return name, value
    raise RuleError.of("core.option.value", name=name, value=raw.strip(),
                       values=[shown(a) for a in specs[name].allowed],
                       allowed={name: list(specs[name].allowed)})


def secret_setup(module: GameModule) -> frozenset[str]:
    """The set-up fields that fix hidden information (El Grande: `stacks`, the face-down order):
    whoever gives them knows what the players must not, so a creator who takes a seat may not.
    None for a game that declares none."""
    return frozenset(getattr(module, "secret_setup", ()) or ())


OPTION_MARK = re.compile(r"\[\[(\w+)(?:=([\w-]+))?\]\]")
"""An option named in a game's rules text: `[[name]]`, or `[[name=value]]` for one of its values."""

QUOTED = ("“{}”", "« {} »", "«{}»")
COLON = ("{}: {}", "{} : {}", "{}: {}")


def options_named(text: str, specs: Sequence[OptionSpec], lang: str = "en") -> str:
    """A rules text with each option it names (`[[round_card_choice=always]]`) in the words the
    create-game page offers it: its caption and the value's label, quoted (“King and Intrigue
    cards with 4 or 5 players: a choice, as with 2 or 3 players”), never its raw name or value."""
    by_name = {spec.name: spec for spec in specs}
    i = language_index(lang)

    def named(match: re.Match[str]) -> str:
        spec = by_name.get(match.group(1))
        if spec is None:
            return match.group(0)
        words = spec.caption(lang)
        if match.group(2) is not None:
            value = next((a for a in spec.allowed if str(a).lower() == match.group(2).lower()),
                         match.group(2))
            words = COLON[i].format(words, spec.label(value, lang) or match.group(2))
        return QUOTED[i].format(words)

    return OPTION_MARK.sub(named, text)


def rules_page(module: GameModule, lang: str = "en") -> dict[str, Any]:
    """The rules page players read (`{"title", "sections": [{"title", "paragraphs"}]}`): the
    game's own (`module.rules_page(lang)`), else its title and the few lines its texts give a
    mail's "rules" request."""
    own: Callable[[str], dict[str, Any]] | None = getattr(module, "rules_page", None)
    if own is not None:
        page = own(lang)
        specs = option_specs(module)
        return {**page, "sections": [
            {**section, "paragraphs": [options_named(p, specs, lang)
                                       for p in section.get("paragraphs", ())]}
            for section in page.get("sections", ())]}

    lines = texts_of(module).rules(lang)
    return {"title": title(module, lang),
            "sections": [{"title": title(module, lang), "paragraphs": lines}] if lines else []}


# --- the rules version a game plays ------------------------------------------------------------


def rules_version(module: GameModule) -> int:
    """The rules version the module creates new games under: its `rules_version`, 1 for a game
    that declares none."""
    version = getattr(module, "rules_version", 1)
    return version if isinstance(version, int) and not isinstance(version, bool) else 1


def record_rules(first: Mapping[str, Any]) -> int | None:
    """The rules version a record was made under, from its first event's payload: its `rules`, 1
    when it has none (a record made before versions were written), None when the value is not a
    positive whole number (a damaged or crafted record)."""
    version = first.get(RULES, 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        return None
    return version


def opening_as_recorded(expected: Sequence[Event], first: Mapping[str, Any]) -> list[Event]:
    """The opening today's `create` makes, with the rules version the record's first event
    carries (or none, as recorded before versions were written): what a verifier compares the
    recorded opening with. Today's `create` writes the current version; the rest of an opening
    does not depend on it (a game whose opening did would say so in its `create`)."""
    if not expected:
        return []
    head, rest = expected[0], list(expected[1:])
    payload = {k: v for k, v in thaw(head.payload).items() if k != RULES}
    if RULES in first:
        payload[RULES] = first[RULES]
    return [Event(head.type, payload, head.version), *rest]


# --- the seed: committed at the opening, revealed at the end ---------------------------------


def seed_commitment(module: GameModule, first: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """(the published commitment, the seed) from the payload of a game's first event.

    The convention every game follows unless it says otherwise (`module.seed_commitment`): the
    opening's first event publishes `seed_hash` (`domain.core.rng.seed_commitment`) and carries
    `seed`, which `redact` hides from everyone until the end."""
    own: Callable[[Mapping[str, Any]], tuple[str | None, str | None]] | None = \
        getattr(module, "seed_commitment", None)
    if own is not None:
        return own(first)
    committed, seed = first.get("seed_hash"), first.get("seed")
    return (committed if isinstance(committed, str) else None,
            seed if isinstance(seed, str) else None)


def revealed_seed(module: GameModule, payloads: Sequence[tuple[int, Mapping[str, Any]]]
                  ) -> tuple[int, str] | None:
    """(seq, seed) of the event that reveals the seed once the game is over: by convention the
    last event after the opening whose payload carries `seed` (`module.revealed_seed` if the game
    says otherwise). `payloads` are (seq, payload) in order."""
    own: Callable[..., tuple[int, str] | None] | None = getattr(module, "revealed_seed", None)
    if own is not None:
        return own(payloads)
    for seq, payload in reversed(payloads[1:]):
        if isinstance(payload.get("seed"), str):
            return seq, payload["seed"]
    return None


# --- a finished game's replay -------------------------------------------------------------------


def revealed_view(module: GameModule, state: Any, viewer: int | None) -> dict[str, Any]:
    """The view a finished game's replay shows at any step: everything the game agrees to reveal
    once it is over (`module.revealed_view`), else the viewer's ordinary view."""
    own: Callable[[Any, int | None], dict[str, Any]] | None = getattr(module, "revealed_view",
                                                                       None)
    if own is not None:
        return own(state, viewer)
    return module.view(state, viewer)


def milestone(module: GameModule, message: Message, lang: str) -> str | None:
    """A replay's jump label for one of the log's messages ("Round 3"), or None: the game's
    texts say which steps count (`Texts.milestone`); a game that says nothing has none."""
    own = getattr(texts_of(module), "milestone", None)
    return own(message, lang) if own is not None else None


def headline(module: GameModule, view: Mapping[str, Any] | None, lang: str,
             names: Sequence[str] = ()) -> str:
    """The game in one line for a list of games (`Boards.headline`), or ""."""
    from domain.core.game import boards_of

    own = getattr(boards_of(module), "headline", None)
    return own(view, lang, names) if own is not None and view else ""


def round_shown(module: GameModule, view: Mapping[str, Any]) -> Any:
    """The view's round as the game's players count it (`Boards.round_shown`: the number its
    board shows), else the view's `round` as it is."""
    from domain.core.game import boards_of

    own = getattr(boards_of(module), "round_shown", None)
    return own(view) if own is not None else view.get("round", "")


# --- bots --------------------------------------------------------------------------------------


class SampleBot:
    """The generic random bot for a game that has none of its own: a move drawn from what the
    decision's form offers (`formspace.draw_legal`) that the rules take, else the game's
    default move.

    Checking a draw needs a state: `bind` gives it the true state. That leaks nothing a player
    could not know, because only the seat's own moves are checked, which depend only on what the
    seat may see."""

    level = "random"

    def __init__(self, module: GameModule, budget: float | None = None) -> None:
        self.module = module
        self.state: Any = None

    def bind(self, state: Any) -> SampleBot:
        self.state = state
        return self

    def choose(self, view: dict[str, Any], decision: Decision, rng: random.Random) -> Command:
        if self.state is None:
            raise RuleError.of("core.bot.needs_state")
        state = self.state

        def legal(command: Command) -> bool:
            return self.module.validate(state, command) is None

        return formspace.draw_legal(decision, legal, rng) or self.module.default_command(state, decision)


BotFactory = Callable[[float | None], Any]


@dataclass(frozen=True)
class BotLevel:
    """A bot level as a game declares it: how to make one (called with the per-move budget, like
    any `BotFactory`), and what it is, per language, for the pages that offer it. A level that
    searches has a `default_budget` (seconds a move when the service sets none), and its `about`
    may say `{seconds:# second|# seconds}`: the budget it will have."""

    make: BotFactory
    about: Mapping[str, str]
    default_budget: float | None = None

    def __call__(self, budget: float | None) -> Any:
        return self.make(budget)


RANDOM_ABOUT = {"en": "plays a legal move at random",
                "fr": "joue un coup permis au hasard",
                "it": "gioca una mossa consentita a caso"}


def bot_levels(module: GameModule) -> dict[str, BotFactory]:
    """The game's bot levels by name; `random` is the generic one unless the game has its own."""
    levels: Mapping[str, BotFactory] = getattr(module, "bots", None) or {}
    generic = BotLevel(lambda budget: SampleBot(module, budget), RANDOM_ABOUT)
    return {"random": generic, **levels}


def bot_about(module: GameModule, level: str, lang: str = "en",
              budget: float | None = None) -> str:
    """What a level is, in `lang` ("plays the best-looking move now", "looks ahead, about 2
    seconds a move"); `budget` is the service's seconds a move (None: the level's default).
    The level's name itself for a level that says nothing."""
    factory = bot_levels(module).get(level)
    about: Mapping[str, str] = getattr(factory, "about", None) or {}
    text = about.get(lang) or about.get("en")
    if not text:
        return level
    seconds = budget if budget is not None else getattr(factory, "default_budget", None)
    return text.format(seconds=Amount(seconds or 0.0, lang))


# --- words of the decision forms ----------------------------------------------------------------


def prompt(module: GameModule, message: Message, lang: str, names: Sequence[str] = ()) -> str:
    """A decision form's message in `lang`: the game's words, else the message key with its
    parameters (a game that brings no words of its own)."""
    own: Callable[..., str] | None = getattr(module, "prompt", None)
    if own is not None:
        return own(message, lang, names)
    params = ", ".join(f"{k} {v}" for k, v in message.params.items())
    return f"{message.key} ({params})" if params else message.key


def label(module: GameModule, of: str, value: Any, lang: str, names: Sequence[str] = (),
          view: Mapping[str, Any] | None = None) -> str:
    """How a value of kind `of` (a place, a seat, a card…) reads in a form; the value itself for
    a game that brings no words of its own (a seat is its player's name)."""
    own: Callable[..., str] | None = getattr(module, "label", None)
    if own is not None:
        return own(of, value, lang, names, view)
    if of == "seat" and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    return str(value)


# --- invariants ---------------------------------------------------------------------------------


def check_invariants(module: GameModule, before: Any, after: Any, event: Event) -> None:
    """The game's own invariants after one event (InvariantViolation), if it has any."""
    check: Callable[[Any, Any, Event], None] | None = getattr(module, "invariants", None)
    if check is not None:
        check(before, after, event)
