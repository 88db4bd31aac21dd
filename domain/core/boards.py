"""What a board looks like to the channels that show one, in any game.

A game draws its own boards from a seat's view (its module's `boards` facet, e.g.
`domain/elgrande/boards.py`): an SVG picture for the web (rasterised for mail by the service), a
plain-text board for the mail's text part and `pbem replay`, and a `Summary` — tables of plain
strings — that the mail's HTML part and the web page lay out without knowing the game. Boards are
pure functions of a view, so they can show nothing the viewer may not see.

A game without boards gets `GenericBoards`: the view itself as indented text, no picture and no
summary (the web then shows the text board).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Table:
    """A table of plain strings: a header row and body rows.

    `marked`: indexes of body rows to highlight (e.g. where the King stands). `notes` per body row
    (same length as `rows`, or empty): small print after the first cell, e.g. the pieces there.
    `repeats_picture`: the table says what the SVG shows (the web folds it under the picture, for
    screen readers; a mail without images needs it).
    """

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""
    marked: frozenset[int] = frozenset()
    notes: tuple[str, ...] = ()
    repeats_picture: bool = False


@dataclass(frozen=True)
class Summary:
    """A board as text a template can lay out: a title line, tables, and lines below them."""

    title: str = ""
    tables: tuple[Table, ...] = ()
    lines: tuple[str, ...] = field(default_factory=tuple)


def text_of_view(view: Mapping[str, Any] | None) -> str:
    """A view as indented `key: value` lines (lists of plain values on one line): readable in a
    mail and in `pbem replay` for a game that draws no board of its own."""
    if view is None:
        return "—"
    lines: list[str] = []

    def plain(value: Any) -> str:
        return "—" if value is None else str(value)

    def walk(value: Any, indent: str) -> None:
        for key, item in value.items():
            if isinstance(item, Mapping) and item:
                lines.append(f"{indent}{key}:")
                walk(item, indent + "  ")
            elif isinstance(item, list | tuple) and any(isinstance(x, Mapping) for x in item):
                lines.append(f"{indent}{key}:")
                for x in item:
                    if isinstance(x, Mapping):
                        lines.append(f"{indent}  -")
                        walk(x, indent + "    ")
                    else:
                        lines.append(f"{indent}  - {plain(x)}")
            elif isinstance(item, list | tuple):
                lines.append(f"{indent}{key}: {', '.join(plain(x) for x in item) or '—'}")
            else:
                lines.append(f"{indent}{key}: {plain(item) if item != {} else '—'}")

    walk(view, "")
    return "\n".join(lines)


class GenericBoards:
    """The boards of a game that draws none: its view as text, no picture, no summary."""

    def svg(self, view: Mapping[str, Any], lang: str = "en", names: Sequence[str] = (), *,
            targets: Sequence[str] = (), title: str | None = None) -> str | None:
        return None

    def text(self, view: Mapping[str, Any] | None, lang: str = "en",
             names: Sequence[str] = ()) -> str:
        return text_of_view(view)

    def summary(self, view: Mapping[str, Any], lang: str = "en",
                names: Sequence[str] = ()) -> Summary | None:
        return None

    def headline(self, view: Mapping[str, Any], lang: str = "en",
                 names: Sequence[str] = ()) -> str:
        return ""

    def round_shown(self, view: Mapping[str, Any]) -> Any:
        return view.get("round", "")
