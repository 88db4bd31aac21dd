"""Immutable, typed, versioned events that round-trip through plain JSON.

An event is a fact that happened in a game. Its `type` names the fact, its `version` is the schema
version of the payload. When a payload's shape changes, the game registers an upcaster from the old
version to the next one; events are upcast when read, never rewritten where stored.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

JSON = Any


_ATOMS = frozenset({str, int, float, bool, type(None)})
# (Exact type tests first: every stored event is frozen when read, and an isinstance test against
# the abstract Mapping costs several times more than a lookup in a set of types.)


def _freeze(value: JSON) -> JSON:
    """Deep-freeze a JSON value so an event's payload cannot be mutated after creation."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict or kind is MappingProxyType or isinstance(value, Mapping):
        return MappingProxyType({k if type(k) is str else str(k): _freeze(v)
                                 for k, v in value.items()})
    if kind is list or kind is tuple or isinstance(value, list | tuple):
        return tuple([_freeze(v) for v in value])
    return value


def thaw(value: JSON) -> JSON:
    """The plain (mutable, JSON-serialisable) form of a frozen value."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is MappingProxyType or kind is dict or isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if kind is tuple or kind is list or isinstance(value, tuple | list):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Event:
    type: str
    payload: Mapping[str, JSON] = field(default_factory=dict)
    version: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.payload, MappingProxyType):
            object.__setattr__(self, "payload", _freeze(self.payload))

    def __getitem__(self, key: str) -> JSON:
        return self.payload[key]

    def get(self, key: str, default: JSON = None) -> JSON:
        return self.payload.get(key, default)

    def to_json(self) -> dict[str, JSON]:
        return {"type": self.type, "version": self.version, "payload": thaw(self.payload)}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Event:
        return cls(type=data["type"], payload=data.get("payload", {}), version=data.get("version", 1))


Upcaster = Callable[[dict[str, JSON]], dict[str, JSON]]


class Upcasters:
    """Per game: (event type, version) → function turning that payload into the next version's."""

    def __init__(self) -> None:
        self._steps: dict[tuple[str, int], Upcaster] = {}

    def register(self, event_type: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
        def deco(fn: Upcaster) -> Upcaster:
            self._steps[(event_type, from_version)] = fn
            return fn

        return deco

    def upcast(self, event: Event) -> Event:
        version, payload = event.version, None
        while (event.type, version) in self._steps:
            payload = self._steps[(event.type, version)](thaw(payload or event.payload))
            version += 1
        if payload is None:
            return event
        return Event(type=event.type, payload=payload, version=version)

    def load(self, data: Mapping[str, JSON]) -> Event:
        return self.upcast(Event.from_json(data))
