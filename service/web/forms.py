"""Decision forms: from the engine's pending decision to a form, and from the posted form to a command.

The forms are generated from what `pending` gives (its `options`, or its `constraint` when the set
is large); the engine's `decide` stays the one validator. Field names carry the command's parameter
paths: `p.places.aragon=2` → `{"places": {"aragon": 2}}`, `p.moves.0.from=galicia` → a list of
move objects, `p.steps[]` → a list. Empty fields and empty rows are dropped, and zero counts inside
maps are dropped (the engine wants positive numbers there).
"""

from __future__ import annotations

import re
from typing import Any

from werkzeug.datastructures import MultiDict

from domain.elgrande.data import CASTILLO, REGION_IDS
from service.api.http import read_json

_INT = re.compile(r"^-?\d{1,6}$")
_NAME = re.compile(r"^p\.[a-z_0-9.\-]{1,80}(\[\])?$")
MAX_FIELDS = 200


class FormError(ValueError):
    """The posted form cannot be read as a command."""


def _value(raw: str) -> Any:
    raw = raw.strip()
    if _INT.match(raw):
        return int(raw)
    return raw


def params_from_form(form: MultiDict[str, str]) -> dict[str, Any]:
    """The command parameters a decision form posted."""
    params: dict[str, Any] = {}
    names = [n for n in form if n.startswith("p.")]
    if len(names) > MAX_FIELDS:
        raise FormError("Too many fields.")
    for name in names:
        if not _NAME.match(name):
            raise FormError(f"Unexpected field {name[:40]!r}.")
        is_list = name.endswith("[]")
        path = name[2:].removesuffix("[]").split(".")
        if is_list:
            value: Any = [_value(v) for v in form.getlist(name) if v.strip()]
        else:
            value = form.get(name, "")
            if not value.strip():
                continue
            value = _value(value)
        node = params
        for key in path[:-1]:
            node = node.setdefault(key, {})
            if not isinstance(node, dict):
                raise FormError(f"Field {name[:40]!r} clashes with another.")
        node[path[-1]] = value
    extra = form.get("json", "").strip()
    if extra:
        try:
            parsed = read_json(extra)
        except ValueError as error:
            raise FormError(f"The JSON parameters are not valid JSON: {error}.") from None
        if not isinstance(parsed, dict):
            raise FormError("The JSON parameters must be an object.")
        params.update(parsed)
    params = _clean(params, top=True)
    combined = params.pop("boardto", None)  # a scoreboard and its destination, as one choice
    if isinstance(combined, str) and "|" in combined:
        params["board"], params["to"] = combined.split("|", 1)
    return params


def _clean(value: Any, top: bool = False) -> Any:
    if isinstance(value, dict):
        if value and all(k.isdigit() for k in value):  # numbered rows → a list
            rows = [_clean(value[k]) for k in sorted(value, key=int)]
            return [r for r in rows if _complete_row(r)]
        out = {}
        for k, v in value.items():
            v = _clean(v)
            if not top and v == 0:
                continue
            if v in ({}, [], None):
                continue
            out[k] = v
        return out
    return value


def _complete_row(row: Any) -> bool:
    if not isinstance(row, dict):
        return row not in ("", None)
    if "from" in row or "to" in row:  # a move needs both ends and a positive count
        return bool(row.get("from")) and bool(row.get("to")) and row.get("count", 1) != 0
    return bool(row)


def map_targets(decisions: list[dict[str, Any]]) -> tuple[list[str], str | None]:
    """Which places a click on the map may choose, and for which form (`place` or `pick`)."""
    places = set(REGION_IDS) | {CASTILLO}
    for d in decisions:
        if d["kind"] == "act" and "place" in (d["constraint"] or {}):
            return list(d["constraint"]["place"]["places"]), "place"
        if d["kind"] == "secret":
            choices = [o["choice"] for o in d["options"] or []]
            return [c for c in choices if c in places], "pick"
    return [], None
