"""El Grande's rule options: the one place for their names, allowed values and defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from domain.core.errors import RuleError

# name → (allowed values, default, what it means)
OPTION_SPECS: dict[str, tuple[tuple[Any, ...], Any, str]] = {
    "edition": (
        ("decennial", "original"),
        "decennial",
        "Which rulebook decides the cards that differ (kings_return, one_from_each, grande, "
        "eviction).",
    ),
    "castillo_visibility": (
        ("memory", "open"),
        "memory",
        "memory: each player sees only their own Castillo count (the log announces additions); "
        "open: everyone sees every count.",
    ),
    "take_exact": (
        (False, True),
        False,
        "Take exactly the power card's number of Caballeros to court (original rule) instead of "
        "up to it.",
    ),
    "short_game": ((False, True), False, "Skip rounds 1, 4 and 7 (six rounds)."),
}


@dataclass(frozen=True)
class Options:
    edition: str = "decennial"
    castillo_visibility: str = "memory"
    take_exact: bool = False
    short_game: bool = False

    @classmethod
    def parse(cls, raw: Mapping[str, Any] | None) -> Options:
        raw = dict(raw or {})
        unknown = sorted(set(raw) - set(OPTION_SPECS))
        if unknown:
            raise RuleError(
                f"Unknown option(s) {', '.join(unknown)}.", allowed=sorted(OPTION_SPECS)
            )
        values = {}
        for name, (allowed, default, _) in OPTION_SPECS.items():
            value = raw.get(name, default)
            if value not in allowed or type(value) is not type(default):
                shown = ", ".join(repr(a) for a in allowed)
                raise RuleError(f"Option {name} cannot be {value!r}; allowed: {shown}.",
                                allowed={name: list(allowed)})
            values[name] = value
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def original(self) -> bool:
        return self.edition == "original"
