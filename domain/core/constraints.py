"""Typed constraints: what answers a decision, as data a client can turn into widgets.

A game's `pending` describes each decision with a `Form`: the commands that answer it (`Answer`,
one per command type, or several when a command comes in fixed variants such as the halves of a
card), and for each parameter of a command a `Field` holding one constraint from a small vocabulary
that every game shares:

- `OneOf`: one value from a list (a place, a card, a power card...);
- `Number`: a whole number in a range;
- `Counts`: a number per key (per place), each within its bound, the total within limits;
- `Moves`: rows of moves (whose, from, to, how many) within a total and per-seat limits;
- `Picks`: one value per key (a region for each player);
- `Parts`: some of an ordered list of parts (the parts of an action to veto);
- `Subset`: from `min` to `max` different values of a list (exactly 13 of 18 cards: min == max);
- `GridCell`: a cell of a square grid and a rotation (a tile laid on an open grid).

Two shapes state a joint space where the fields' own ranges would offer more than the rules allow:

- `Combos` (on an `Answer`): the legal combinations of several of its fields, as a list of rows
  (a face-up tile × a cell and rotation where it fits), with columns of information for each row
  (what it costs); a client offers a field only among the rows that fit the fields filled before
  it, in the answer's field order;
- `Routes` (on `Moves`): choices that depend on another field's value: per seat the sources where
  it has pieces (and how many), per source the targets they may reach;
- `TotalBy` (on `Counts`): the exact total for each value of another field (a distribution too
  large to list, stated by limits a client checks as the player fills it in).

`of` names what the values are ("place", "seat", "card"...) so that the game, not the client, gives
them their labels. Prompts are the game's translatable `Message`s. The vocabulary describes the
space: the engine's `decide` stays the one validator. A game states its space exactly: every value
offered on its own, every row of a `Combos` and every route is legal as such; only what is too large
to list (distributions of counts, several rows of moves together) is stated by its limits, which a
value may still break (a Caballero moved twice), to be refused in the engine's words.
Everything serialises with `to_json()` (the shape `GET /api/games/{id}/decisions` documents).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:  # the game surface imports this module; a Message is only carried here
    from domain.core.game import Message


@dataclass(frozen=True)
class OneOf:
    """One of `options` (JSON values), each labelled by the game as an `of`."""

    options: tuple[Any, ...]
    of: str
    type: ClassVar[str] = "one_of"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "of": self.of, "options": list(self.options)}


@dataclass(frozen=True)
class Number:
    """A whole number from `min` to `max`; `of` and `at`, when given, name where the pieces it
    counts come from, as a value of that kind (a place: "provinces", "court"), so that a client
    drawing that value may let a click there count one more."""

    min: int
    max: int
    of: str | None = None
    at: str | None = None
    type: ClassVar[str] = "number"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "min": self.min, "max": self.max}
        if self.of is not None and self.at is not None:
            out.update(of=self.of, at=self.at)
        return out


@dataclass(frozen=True)
class TotalBy:
    """The exact total of a `Counts` field for each value of another field of the answer (keys:
    that value as a string): how many Caballeros a region must spread when it is the source, how
    many the regions must give when the provinces give the rest."""

    field: str
    totals: Mapping[str, int]

    def to_json(self) -> dict[str, Any]:
        return {"field": self.field, "totals": dict(self.totals)}


@dataclass(frozen=True)
class Counts:
    """A number per key: `{key: n}` with 0 <= n <= bounds[key] (zeros may be left out), and a total
    from `min_total` to `max_total` (None: no limit of its own); with `total_by`, exactly the total
    it gives for the value chosen in its other field (`min_total`..`max_total` then span them).
    `source`, when given, names where the pieces counted come from, as a value of `of` (a place:
    "court"), so that a client drawing it may show what leaves it as the player counts."""

    bounds: Mapping[str, int]
    of: str
    min_total: int = 0
    max_total: int | None = None
    total_by: TotalBy | None = None
    source: str | None = None
    type: ClassVar[str] = "counts"

    def to_json(self) -> dict[str, Any]:
        out = {"type": self.type, "of": self.of, "bounds": dict(self.bounds),
               "min_total": self.min_total, "max_total": self.max_total,
               "total_by": self.total_by.to_json() if self.total_by is not None else None}
        if self.source is not None:
            out["source"] = self.source
        return out


@dataclass(frozen=True)
class SeatLimit:
    """At most `max` pieces of these seats in all the rows together, and at least `min`."""

    seats: tuple[int, ...]
    max: int
    min: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "max": self.max, "min": self.min}


@dataclass(frozen=True)
class Route:
    """Where one seat's pieces may leave `source` for: at most `most` of them, to one of `to`."""

    most: int
    to: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"most": self.most, "to": list(self.to)}


Routes = Mapping[int, Mapping[str, Route]]
"""Per seat, per source where that seat has pieces the move may take, the route they may take."""


@dataclass(frozen=True)
class Moves:
    """Rows `{"seat", "from", "to", "count"}`: whose pieces, from a source to a target (both
    labelled as `of`), `count` >= 1; at most `max_total` pieces in all, within each of `limits`
    (from its `min` to its `max` pieces of its seats); with `one_source` every row leaves the same
    source. Between one row and `max_total` rows; a client leaves out the rows with no source or
    no target.

    `routes` (as every game of the service gives them) is the exact space of one row: per seat the
    sources where it has pieces this move may take, and per source how many and where they may
    go. A row is then offered only as a route (seat, source, target): `seats`, `sources` and
    `targets` are empty and serialise as null, so that no client offers their product, which the
    rules would refuse. Without routes (a game that states none) a row is any seat of `seats`,
    source of `sources` and target of `targets`. What stays for `decide` is what joins rows: the
    totals, a piece moved twice."""

    seats: tuple[int, ...]
    sources: tuple[str, ...]
    targets: tuple[str, ...]
    max_total: int
    of: str = "place"
    one_source: bool = False
    limits: tuple[SeatLimit, ...] = ()
    routes: Routes | None = None
    type: ClassVar[str] = "moves"

    @classmethod
    def of_routes(cls, routes: Routes, max_total: int, *, of: str = "place",
                  one_source: bool = False, limits: tuple[SeatLimit, ...] = ()) -> Moves:
        """Moves stated by their routes only (a seat with no route is left out, and so is a source
        no seat may leave)."""
        kept = {seat: {src: r for src, r in by.items() if r.most > 0 and r.to}
                for seat, by in routes.items()}
        kept = {seat: by for seat, by in kept.items() if by}
        return cls((), (), (), max_total, of, one_source, limits, kept)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": self.type, "of": self.of, "seats": None, "sources": None, "targets": None,
            "max_total": self.max_total, "one_source": self.one_source,
            "limits": [lim.to_json() for lim in self.limits], "routes": None}
        if self.routes is not None:
            out["routes"] = {str(seat): {src: r.to_json() for src, r in by.items()}
                             for seat, by in self.routes.items()}
        else:
            out.update(seats=list(self.seats), sources=list(self.sources),
                       targets=list(self.targets))
        return out


@dataclass(frozen=True)
class Picks:
    """One value per key: `{key: value}` with a value of `choices[key]` for every key. Keys are
    strings (JSON object keys), labelled as `key_of`; values are labelled as `of`."""

    choices: Mapping[str, tuple[Any, ...]]
    key_of: str
    of: str
    type: ClassVar[str] = "picks"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "key_of": self.key_of, "of": self.of,
                "choices": {k: list(v) for k, v in self.choices.items()}}


@dataclass(frozen=True)
class Parts:
    """Some of an ordered list of parts, as their indices (`[0, 2]`); the game labels each part (a
    string of its own making) as `of`. Leaving the field out means all of them."""

    parts: tuple[str, ...]
    of: str = "part"
    type: ClassVar[str] = "parts"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "of": self.of, "parts": list(self.parts)}


@dataclass(frozen=True)
class Subset:
    """From `min` to `max` different values of `options`, as a list (`[10, 40, 90]`), each
    labelled as `of`. "Choose exactly k of these n" is `min == max == k`: a client shows a box to
    tick per option and how many are ticked, where `Counts` of 1 would show a number per option."""

    options: tuple[Any, ...]
    of: str
    min: int
    max: int
    type: ClassVar[str] = "subset"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "of": self.of, "options": list(self.options),
                "min": self.min, "max": self.max}


@dataclass(frozen=True)
class GridCell:
    """A cell of a square grid and a rotation: `{"x", "y", "rotation"}`, (x, y) one of `cells`
    (the open cells where something may go) and `rotation` one of that cell's `rotations` (degrees,
    keyed by the cell as "x,y"): per cell, so that every cell and rotation offered fits
    (`GridCell.uniform` when every rotation fits every cell)."""

    cells: tuple[tuple[int, int], ...]
    rotations: Mapping[str, tuple[int, ...]]
    type: ClassVar[str] = "grid_cell"

    @classmethod
    def uniform(cls, cells: tuple[tuple[int, int], ...],
                rotations: tuple[int, ...] = (0, 90, 180, 270)) -> GridCell:
        return cls(cells, {f"{x},{y}": rotations for x, y in cells})

    @classmethod
    def of_values(cls, values: Any) -> GridCell:
        """The cells and rotations of some `{"x", "y", "rotation"}` values, exactly."""
        by: dict[str, list[int]] = {}
        cells: list[tuple[int, int]] = []
        for v in values:
            key = f"{v['x']},{v['y']}"
            if key not in by:
                by[key] = []
                cells.append((v["x"], v["y"]))
            if v["rotation"] not in by[key]:
                by[key].append(v["rotation"])
        return cls(tuple(cells), {k: tuple(sorted(r)) for k, r in by.items()})

    def values(self) -> list[dict[str, int]]:
        return [{"x": x, "y": y, "rotation": r} for x, y in self.cells
                for r in self.rotations.get(f"{x},{y}", ())]

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "cells": [list(c) for c in self.cells],
                "rotations": {k: list(v) for k, v in self.rotations.items()}}


Constraint = OneOf | Number | Counts | Moves | Picks | Parts | Subset | GridCell


def _message(message: Message | None) -> dict[str, Any] | None:
    return message.to_json() if message is not None else None


@dataclass(frozen=True)
class Field:
    """One parameter of a command: its name, its constraint, the value a client shows first
    (a legal one where the game knows it), and the game's label for it."""

    name: str
    constraint: Constraint
    default: Any = None
    label: Message | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "constraint": self.constraint.to_json(),
                "default": self.default, "label": _message(self.label)}


@dataclass(frozen=True)
class Combos:
    """The legal combinations of several fields of one answer: each row gives a value for each of
    `fields` (as the command carries it: a `GridCell`'s `{"x", "y", "rotation"}`), then one value
    for each of `info` (what the row means for the player: its `cost`). Every row is legal as it
    stands; a combination that is no row is not. Each of these fields' own constraint offers
    exactly the values its column holds (every one of them part of a legal row, a grid cell with
    only its own rotations); a client offers each field, in the answer's order, only among the
    rows that fit the values chosen before it, or offers the rows themselves as one choice."""

    fields: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    info: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"fields": list(self.fields), "info": list(self.info),
                "rows": [list(row) for row in self.rows]}

    def values(self) -> list[dict[str, Any]]:
        """Each row as the command parameters it gives (its info columns left out)."""
        return [dict(zip(self.fields, row[:len(self.fields)], strict=True)) for row in self.rows]


@dataclass(frozen=True)
class Answer:
    """One command that answers the decision: its `type`, its fields, and `fixed` parameters sent
    as they are (a card's half, the scoreboard being moved). `prompt` says what it does, `submit`
    names its button (both the game's messages). `combos`, when given, is the exact joint space of
    some of its fields (each field's own constraint then offers exactly the values of its column)."""

    type: str
    fields: tuple[Field, ...] = ()
    fixed: Mapping[str, Any] = field(default_factory=dict)
    prompt: Message | None = None
    submit: Message | None = None
    combos: Combos | None = None

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "fixed": dict(self.fixed),
                "fields": [f.to_json() for f in self.fields],
                "prompt": _message(self.prompt), "submit": _message(self.submit),
                "combos": self.combos.to_json() if self.combos is not None else None}


@dataclass(frozen=True)
class Form:
    """A decision as data: a title, notes to read first, and the commands that answer it."""

    answers: tuple[Answer, ...]
    title: Message | None = None
    notes: tuple[Message, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"title": _message(self.title), "notes": [n.to_json() for n in self.notes],
                "answers": [a.to_json() for a in self.answers]}


__all__ = ["Answer", "Combos", "Constraint", "Counts", "Field", "Form", "GridCell", "Moves",
           "Number", "OneOf", "Parts", "Picks", "Route", "Routes", "SeatLimit", "Subset",
           "TotalBy"]
