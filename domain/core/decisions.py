"""Pending decisions: who must decide what now, and what is legal."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Decision:
    """One decision the game waits for.

    `seat` is None for a system decision (e.g. `resolve` once every secret is in). `options` is an
    enumeration of complete legal commands (JSON objects without the seat) when the set is small;
    otherwise None and `constraint` describes the space (the command's validator is `decide`).
    `secret` marks simultaneous choices: submitted in any order, hidden until revealed together.
    """

    seat: int | None
    kind: str
    secret: bool = False
    options: list[dict[str, Any]] | None = None
    constraint: dict[str, Any] | None = None
    info: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "secret": self.secret,
            "options": self.options,
            "constraint": self.constraint,
            "info": self.info,
        }
