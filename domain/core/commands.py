"""Commands: what a seat (or the system) asks the game to do."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.core.errors import RuleError

SYSTEM = None
"""The seat of commands issued by the system itself (e.g. `resolve` once all secrets are in)."""


@dataclass(frozen=True)
class Command:
    type: str
    seat: int | None = SYSTEM
    params: Mapping[str, Any] = field(default_factory=dict)

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
        params = {k: v for k, v in data.items() if k not in ("type", "seat")}
        return cls(type=kind, seat=seat if seat is not None else data.get("seat"), params=params)
