"""Pending decisions: who must decide what now, and what is legal."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from domain.core.constraints import Answer, Field, Form, OneOf


@dataclass(frozen=True)
class Decision:
    """One decision the game waits for.

    `seat` is None for a system decision (e.g. `resolve` once every secret is in). `options` is an
    enumeration of complete legal commands (JSON objects without the seat) when the set is small.
    `form` is the decision as typed data (`domain.core.constraints`): the commands that answer it
    and the shape of each parameter, what every client (the web's forms, API programs) builds its
    widgets from without knowing the game. The game gives it as `build_form`, called on first use
    only: bots and simulations call `pending` in tight loops and never read it (it may read the
    state `pending` was given, which nobody modifies: states are values, `evolve` returns a new
    one). `constraint` is the game's own summary of the space in
    its own terms, read by the game's own helpers (its words for replies, its bots, its default move);
    one key is shared by all games: `commands`, the command types that answer the decision when
    they are not enumerated (the generic command language reads it). The command's one validator
    is `decide`. `secret` marks simultaneous choices: submitted in any
    order, hidden until revealed together.
    """

    seat: int | None
    kind: str
    secret: bool = False
    options: list[dict[str, Any]] | None = None
    constraint: dict[str, Any] | None = None
    info: dict[str, Any] = field(default_factory=dict)
    build_form: Callable[[], Form] | None = field(default=None, repr=False, compare=False)

    @cached_property
    def form(self) -> Form | None:
        """The game's form, or one made from the enumerated `options` (a game that gives no
        forms of its own still gets buttons and choices on the web)."""
        if self.build_form is not None:
            return self.build_form()
        return form_of_options(self.options) if self.seat is not None else None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "secret": self.secret,
            "options": self.options,
            "constraint": self.constraint,
            "form": self.form.to_json() if self.form is not None else None,
            "info": self.info,
        }


def form_of_options(options: list[dict[str, Any]] | None) -> Form | None:
    """A form from enumerated commands: per command type, one choice when its commands differ
    in one parameter only (`bid` with `amount` 1…5), else one button per command."""
    if not options:
        return None
    answers: list[Answer] = []
    for kind in dict.fromkeys(o.get("type", "") for o in options):
        mine = [o for o in options if o.get("type", "") == kind]
        keys = {tuple(sorted(k for k in o if k != "type")) for o in mine}
        if len(mine) > 1 and len(keys) == 1 and len(next(iter(keys))) == 1:
            key = next(iter(keys))[0]
            values = tuple(o[key] for o in mine)
            answers.append(Answer(kind, (Field(key, OneOf(values, "value")),)))
        else:
            answers += [Answer(kind, (), fixed={k: v for k, v in o.items() if k != "type"})
                        for o in mine]
    return Form(tuple(answers))
