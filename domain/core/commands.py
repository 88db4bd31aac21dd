"""Commands: what a seat (or the system) asks the game to do."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.core.errors import RuleError

SYSTEM = None
"""The seat of commands issued by the system itself (e.g. `resolve` once all secrets are in)."""


def canonical(value: Any) -> Any:
    """`value` with the keys of every object in it in one order (by their text); lists keep theirs.

    A JSON object has no order (RFC 8259) and storage does not keep the one it was written in:
    PostgreSQL's JSONB puts shorter keys first, an export sorts them. A game that walks a
    command's object (`{"sevilla": 1, "galicia": 1}`) lists its moves in that walk's order, so the
    same command read back from storage would decide to other events and an honest record would
    look forged. Every `Command` therefore holds its objects in this order: `decide` sees the same
    command however it was written, stored or exported.
    """
    if isinstance(value, Mapping):
        return {k: canonical(value[k]) for k in sorted(value, key=_key_order)}
    if isinstance(value, list):
        return [canonical(v) for v in value]
    if isinstance(value, tuple):
        return tuple(canonical(v) for v in value)
    return value


def _key_order(key: Any) -> tuple[str, str]:
    return str(key), type(key).__name__  # a key 1 (Python) and "1" (JSON) sort alike


@dataclass(frozen=True)
class Command:
    """A move. Its `params` are held in their canonical key order (see `canonical`)."""

    type: str
    seat: int | None = SYSTEM
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", canonical(self.params))

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, **dict(self.params)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], seat: int | None = SYSTEM) -> Command:
        """Build a command from its JSON form; `seat` (from authentication) wins over the body."""
        if not isinstance(data, Mapping):
            raise RuleError.of("core.command.not_object")
        kind = data.get("type")
        if not isinstance(kind, str) or not kind:
            raise RuleError.of("core.command.no_type")
        if any(who is not None and (isinstance(who, bool) or not isinstance(who, int))
               for who in (seat, data.get("seat"))):
            # JSON true is a Python int equal to 1: it would pass for seat 1 everywhere.
            raise RuleError.of("core.command.bad_seat")
        params = {k: v for k, v in data.items() if k not in ("type", "seat")}
        return cls(type=kind, seat=seat if seat is not None else data.get("seat"), params=params)

    def in_key_order(self, params: Mapping[str, Any]) -> Command:
        """This command with `params` (the same values) in the key order given, NOT canonical.

        Only for checking records decided before commands had one order (service.records): their
        events follow the order the command was written in, which a database or an export may
        since have changed, so the verifier tries the orders its objects' keys can take.
        """
        if canonical(params) != self.params:
            raise ValueError("in_key_order takes the command's own parameters, reordered")
        command = Command(self.type, self.seat)
        object.__setattr__(command, "params", params)
        return command

    def reading(self, params: Mapping[str, Any]) -> Command:
        """This command with `params` (a `ReadParams` over its own) taken as they are: the
        canonical order is already theirs, and a copy would not record what the rules read."""
        command = Command(self.type, self.seat)
        object.__setattr__(command, "params", params)
        return command


class ReadParams(Mapping[str, Any]):
    """A command's parameters that remember which names the rules looked up.

    The rules read each parameter by name where they need it (`command.get("places")`), and which
    names a command takes can depend on the state: a special action's parameters are the card's,
    and a card with two halves reads only the chosen half's. What `decide` looked up is therefore
    exactly what the command takes now, with no second list to keep in step with the rules.
    Iterating (`items()`, `dict(...)`, `**`) counts as reading every name."""

    def __init__(self, params: Mapping[str, Any]) -> None:
        self._params = dict(params)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return self._params[key]

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self.read.add(key)
        return key in self._params

    def __iter__(self) -> Iterator[str]:
        self.read.update(self._params)
        return iter(self._params)

    def __len__(self) -> int:  # `if params:` asks whether there are any, and reads none
        return len(self._params)


def decide_known(decide: Callable[[Any, Command], list[Any]], state: Any,
                 command: Command, pending: Callable[[Any], Sequence[Any]] | None = None
                 ) -> list[Any]:
    """`decide(state, command)`, refusing a command that carries parameters the rules never
    looked at: they would otherwise be stored in the append-only log forever, unread.

    The RuleError says which parameters the command takes (its `allowed`). A command the rules
    refuse for another reason gets that reason first.

    Before the rules see it, a parameter of the wrong JSON type is refused, for every game
    (`check_types`): in Python `13.0 == 13` and `True == 1`, so a game comparing a parameter with
    its legal values would take `{"card": 13.0}` and store the float in the record forever.
    `pending(state)` (the game's decisions) gives the types each decision's answers take."""
    check_types(command, pending(state) if pending is not None else ())
    params = ReadParams(command.params)
    events = decide(state, command.reading(params))
    unknown = sorted(set(command.params) - params.read)
    if unknown:
        takes = sorted(params.read)
        raise RuleError.of("core.command.unknown_params" if takes else "core.command.no_params",
                           kind=command.type[:64], names=_quoted([n[:40] for n in unknown[:5]],
                                                                 more=len(unknown) > 5),
                           takes=_quoted(takes), allowed=takes)
    return events


def check_types(command: Command, decisions: Sequence[Any] = ()) -> None:
    """Refuse a command parameter of the wrong JSON type (a RuleError naming it and what it
    takes):

    - a number with a fraction, anywhere in the parameters: no game's move takes one (cards,
      counts, seats, rotations are whole numbers; `13.0` is refused too: JSON says it is a
      fraction's notation, and the record would keep it as a float);
    - for the decisions of the command's seat that enumerate their legal commands: a value whose
      type differs from every legal command's there (`{"card": true}` where the options are
      1…13: JSON's true is no number).

    Shared here, so that every game has it and a new game cannot forget it."""
    for name, value in command.params.items():
        if _has_fraction(value):
            raise RuleError.of("core.command.whole_number", kind=command.type[:64],
                               name=str(name)[:40], allowed=["integer"])
    for decision in decisions:
        if decision.seat != command.seat:
            continue
        for name, values in _values_taken(decision, command.type).items():
            types = {type(v) for v in values}
            if name in command.params and type(command.params[name]) not in types:
                legal = _legal_values(values)
                if types == {int}:
                    raise RuleError.of("core.command.whole_number", kind=command.type[:64],
                                       name=str(name)[:40], allowed=legal)
                wanted = sorted({_JSON_TYPES.get(t, t.__name__) for t in types})
                raise RuleError.of("core.command.wrong_type", kind=command.type[:64],
                                   name=str(name)[:40], takes=" / ".join(wanted),
                                   allowed=legal)


_JSON_TYPES = {int: "integer", str: "string", bool: "boolean", float: "number", list: "array",
               dict: "object", type(None): "null"}


def _has_fraction(value: Any) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, Mapping):
        return any(_has_fraction(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_has_fraction(v) for v in value)
    return False


def _values_taken(decision: Any, command_type: str) -> dict[str, list[Any]]:
    """The legal values of each top-level parameter of a `command_type` answer to `decision`,
    where the decision enumerates its legal commands (`options`, literal commands). A form's
    fields are not used: a form may show a value otherwise than the command carries it (a cell
    as "1,1" for [1, 1])."""
    taken: dict[str, list[Any]] = {}
    for option in decision.options or []:
        if isinstance(option, Mapping) and option.get("type") == command_type:
            for name, value in option.items():
                if name != "type":
                    taken.setdefault(name, []).append(value)
    return taken


def _legal_values(values: list[Any]) -> list[Any]:
    """The distinct legal values, in order, as a refusal's `allowed`."""
    out: list[Any] = []
    for v in values:
        if v not in out or not any(type(o) is type(v) and o == v for o in out):
            out.append(v)
    return out


def _quoted(names: list[str], more: bool = False) -> dict[str, str]:
    """Parameter names quoted as each language quotes (shown in the reader's), "…" if cut short."""
    marks = {"en": ("“", "”"), "fr": ("« ", " »"), "it": ("«", "»")}
    return {lang: ", ".join(f"{o}{n}{c}" for n in names) + (", …" if more else "")
            for lang, (o, c) in marks.items()}
