"""Loading the reply corpus and checking its own expectations against the rules.

`entries()` reads every `*.yaml` entry file of this folder (not positions.yaml) and every .eml an
entry names; `position_of(entry)` rebuilds the entry's position; `play(position, seat, commands)`
decides the expected commands one after the other, as the game would, and returns the events (a
RuleError if one is not legal: a corpus mistake, caught by tests/emails/test_reply_corpus.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]

from domain.core.commands import Command, decide_known
from domain.core.errors import RuleError
from domain.core.events import Event
from tests.corpus.replies.positions import Position, build

HERE = Path(__file__).parent
EXPECTS = ("play", "ask", "refuse", "request")


@cache
def positions() -> dict[str, dict[str, Any]]:
    """The positions by name, each with its recorded moves where there are (positions.py)."""
    specs = dict(yaml.safe_load((HERE / "positions.yaml").read_text(encoding="utf-8")))
    recorded = json.loads((HERE / "positions.recorded.json").read_text(encoding="utf-8"))
    return {name: {**spec, **({"recorded": recorded[name]} if name in recorded else {})}
            for name, spec in specs.items()}


def entries() -> Iterator[dict[str, Any]]:
    for path in sorted(HERE.glob("*.yaml")):
        if path.name == "positions.yaml":
            continue
        for entry in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            entry = dict(entry, file=path.name)
            if "eml" in entry:
                entry["raw"] = (HERE / entry["eml"]).read_bytes()
            yield entry


@cache
def _position(name: str) -> Position:
    return build(positions()[name])


def position_of(entry: Mapping[str, Any]) -> Position:
    """The entry's position (a fresh state each time: the cached one is never modified, states
    are values and `fold` returns new ones)."""
    return _position(entry["at"])


def play(position: Position, seat: int, commands: Sequence[Mapping[str, Any]]) -> list[Event]:
    """The events of `commands` decided in order from `position` for `seat`, with the system's
    reveals in between as the service makes them."""
    module, state = position.module, position.state
    events: list[Event] = []
    for data in commands:
        state, settled = _settle(module, state)
        events += settled
        command = Command.from_json(dict(data), seat)
        new = decide_known(module.decide, state, command)
        events += new
        state = module.fold(new, state)
    return events


def play_on(module: Any, state: Any, seat: int, data: Mapping[str, Any]) -> list[Event]:
    """One command's events on `state` (a RuleError if it is not legal there)."""
    return decide_known(module.decide, state, Command.from_json(dict(data), seat))


def try_play_on(module: Any, state: Any, seat: int, data: Mapping[str, Any]) -> list[Event] | None:
    """The same, None when it is not legal there."""
    try:
        return play_on(module, state, seat, data)
    except RuleError:
        return None


def _settle(module: Any, state: Any) -> tuple[Any, list[Event]]:
    events: list[Event] = []
    while not module.is_over(state):
        system = next((d for d in module.pending(state) if d.seat is None), None)
        if system is None:
            break
        new = decide_known(module.decide, state, Command(system.kind, None, {}))
        events += new
        state = module.fold(new, state)
    return state, events
