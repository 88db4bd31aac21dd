"""Comparing moves by what they do: two commands that make the same events are the same move.

Why: the reader writes a move as the decision's form gives it (a cell `{x, y, rotation}`, a card
by its stack), where older tests wrote it as the grammar did (`[x, y]` and a `turn`, the stack
with the card's name); the game decides both alike."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.core.commands import Command


def effects(module: Any, state: Any, seat: int, commands: Sequence[dict[str, Any]]) -> list[Any]:
    """The events each command makes, decided one after the other on `state` for `seat`."""
    out = []
    for command in commands:
        events = module.decide(state, Command.from_json(dict(command), seat=seat))
        out.append(events)
        state = module.fold(events, state)
    return out
