"""Decision forms: from a game's typed decisions to HTML forms, and from a posted form to a command.

Every game describes its decisions with the same small vocabulary of typed constraints
(`domain.core.constraints`, as the JSON that `GET /api/games/{id}/decisions` shows): the web knows
those types, never a game's decision kinds. Each answer of a decision becomes one form; each field
one widget, named after the command's parameter:

- `one_of` → `p.NAME` (radio buttons; buttons when it is the answer's only field, a pick on the map
  when its values are places); `number` → `p.NAME`;
- `counts` → `p.NAME.KEY` per key; `picks` → `p.NAME.KEY` per key (a select each);
- `moves` → `p.NAME.I.seat|from|to|count` per row; `parts` → `p.NAME` checkboxes (the indices);
- `subset` → `p.NAME` checkboxes (the values, with how many are ticked);
- `grid_cell` → `p.NAME.cell` ("x,y") and `p.NAME.rotation`.

An answer's `combos`, a `moves` field's `routes` and a `counts` field's `total_by` go into the page
as data attributes that `static/forms.js` reads, so that each widget offers only what fits the
choices made before it (the page without JavaScript lists every value of each field).

A field of a constraint type the page has no widget for gets a JSON box (`json` in the form's
parameters, as the API takes them): nowhere else, since every typed field has its widget.

Posted forms are read back by the same constraint (the one the game gives now), so every value
comes back with its type: a seat 0 stays a seat, a row with no source and no target is an unused
row whatever its other widgets say, a map keyed by seat stays a map. The engine's `decide` stays
the one validator: what cannot be read is passed on as it was typed, for the engine to refuse in
its own words with what is allowed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from werkzeug.datastructures import MultiDict

from service.api.http import read_json

_INT = re.compile(r"^-?\d{1,6}$")
MAX_FIELDS = 200
MAP_OF = "place"
"""The values a click on the board's map can give: a place (`data-place` of the SVG)."""


class FormError(ValueError):
    """The posted form cannot be read as a command: a key of the web's catalogue and its
    parameters, said in the player's language (`render`); `str()` is the English line."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key, self.params = key, params
        super().__init__(self.render("en"))

    def render(self, lang: str) -> str:
        from service.web import i18n

        return i18n.t(self.key, lang, **self.params)


# --- from the decisions to the forms ----------------------------------------------------------------

def prepare(decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seat's decisions with their forms laid out: per answer an HTML id (`TYPE-form`, then
    `TYPE-form-2`...), whether it is a row of buttons, and which one field the map fills."""
    seen: dict[str, int] = {}
    map_taken = False
    out = []
    for d in decisions:
        form = d.get("form") or {}
        answers = []
        for index, answer in enumerate(form.get("answers", [])):
            kind = answer["type"]
            seen[kind] = seen.get(kind, 0) + 1
            suffix = "" if seen[kind] == 1 else f"-{seen[kind]}"
            fields = answer["fields"]
            map_field = None
            if not map_taken:
                map_field = next((f["name"] for f in fields if _on_map(f["constraint"])), None)
                map_taken = map_field is not None
            buttons = (len(fields) == 1 and fields[0]["constraint"]["type"] == "one_of"
                       and not _on_map(fields[0]["constraint"]))
            # The JSON box only where the page has no widget for a field: every typed form is
            # filled in with its widgets, and API users have the API.
            json_box = any(f["constraint"]["type"] not in READERS for f in fields)
            answers.append({**answer, "index": index, "id": f"{kind}-form{suffix}",
                            "submit_id": f"{kind}-submit{suffix}", "buttons": buttons,
                            "map_field": map_field, "json": json_box})
        out.append({**d, "title": form.get("title"), "notes": form.get("notes", []),
                    "answers": answers})
    return out


def _on_map(constraint: dict[str, Any]) -> bool:
    return constraint.get("of") == MAP_OF and constraint["type"] in ("counts", "one_of")


def map_targets(prepared: list[dict[str, Any]]) -> tuple[list[str], str | None]:
    """Which places a click on the map may choose, and how: add one (`count`) or pick (`pick`)."""
    for d in prepared:
        for answer in d["answers"]:
            if answer["map_field"]:
                field = next(f for f in answer["fields"] if f["name"] == answer["map_field"])
                c = field["constraint"]
                if c["type"] == "counts":
                    return list(c["bounds"]), "count"
                return [str(o) for o in c["options"]], "pick"
    return [], None


# --- from the posted form to the command ------------------------------------------------------------

def answer_for(decisions: list[dict[str, Any]], kind: str, index: str | None
               ) -> dict[str, Any] | None:
    """The answer a posted form claims to be (its command type and its place in the decision's
    form), among the seat's decisions now; None when the game no longer asks it."""
    for d in decisions:
        answers: list[dict[str, Any]] = (d.get("form") or {}).get("answers", [])
        if index is not None and index.isdigit() and int(index) < len(answers) \
                and answers[int(index)]["type"] == kind:
            return answers[int(index)]
        same = [a for a in answers if a["type"] == kind]
        if same:
            return same[0]
    return None


def params_from_form(answer: dict[str, Any] | None, form: MultiDict[str, str]) -> dict[str, Any]:
    """The command parameters a decision form posted: its fixed ones, each field read by its
    constraint, and the advanced JSON box on top."""
    if sum(1 for n in form if n.startswith("p.")) > MAX_FIELDS:
        raise FormError("form.too_many", most=MAX_FIELDS)
    params: dict[str, Any] = {}
    if answer is not None:
        params.update(answer.get("fixed") or {})
        for field in answer["fields"]:
            constraint = field["constraint"]
            value = READERS[constraint["type"]](form, f"p.{field['name']}", constraint)
            if value is not None:
                params[field["name"]] = value
    extra = form.get("json", "").strip()
    if extra:
        try:
            parsed = read_json(extra)
        except ValueError as error:
            raise FormError("form.bad_json", error=str(error)[:200]) from None
        if not isinstance(parsed, dict):
            raise FormError("form.json_object")
        params.update(parsed)
    return params


def _text(form: MultiDict[str, str], name: str) -> str:
    return form.get(name, "").strip()[:200]


def _typed(raw: str) -> Any:
    """A value that none of the options matched, as the player typed it (a number if it is one)."""
    return int(raw) if _INT.match(raw) else raw


def _choice(raw: str, options: list[Any]) -> Any:
    """The option the posted text names (options may be numbers: a seat, a power card)."""
    for option in options:
        if str(option) == raw:
            return option
    return _typed(raw)


def _count(raw: str, name: str) -> int | None:
    if not raw:
        return None
    if not _INT.match(raw):
        raise FormError("form.not_number", typed=raw[:20])
    return int(raw)


def _one_of(form: MultiDict[str, str], name: str, c: dict[str, Any]) -> Any:
    raw = _text(form, name)
    return _choice(raw, c["options"]) if raw else None


def _number(form: MultiDict[str, str], name: str, c: dict[str, Any]) -> Any:
    raw = _text(form, name)
    return _typed(raw) if raw else None


def _counts(form: MultiDict[str, str], name: str, c: dict[str, Any]) -> dict[str, int]:
    out = {}
    for key in c["bounds"]:
        n = _count(_text(form, f"{name}.{key}"), f"{name}.{key}")
        if n:
            out[key] = n
    return out


def _moves(form: MultiDict[str, str], name: str, c: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for i in range(c["max_total"]):
        row = f"{name}.{i}"
        source, target = _text(form, f"{row}.from"), _text(form, f"{row}.to")
        if not source and not target:  # an unused row, whatever its seat and count say
            continue
        move: dict[str, Any] = {"from": source or None, "to": target or None}
        seat = _text(form, f"{row}.seat")
        if seat:
            move["seat"] = _choice(seat, c["seats"])
        count = _count(_text(form, f"{row}.count"), f"{row}.count")
        move["count"] = 1 if count is None else count
        rows.append(move)
    return rows


def _picks(form: MultiDict[str, str], name: str, c: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for key, options in c["choices"].items():
        raw = _text(form, f"{name}.{key}")
        if raw:
            out[key] = _choice(raw, options)
    return out


def _parts(form: MultiDict[str, str], name: str, c: dict[str, Any]) -> list[int] | None:
    chosen = sorted({int(v) for v in form.getlist(name)
                     if v.strip().isascii() and v.strip().isdigit() and len(v.strip()) <= 6})
    return chosen or None  # none ticked: the field is left out, which means all of them


def _subset(form: MultiDict[str, str], name: str, c: dict[str, Any]) -> list[Any]:
    """The ticked values in the options' order; none ticked is an empty list (not left out), so
    that the engine says how many it needs."""
    ticked = {v.strip() for v in form.getlist(name)}
    chosen = [o for o in c["options"] if str(o) in ticked]
    unknown = sorted(ticked - {str(o) for o in c["options"]})
    return chosen + [_typed(v[:20]) for v in unknown]  # for the engine to refuse in its words


def _grid_cell(form: MultiDict[str, str], name: str, c: dict[str, Any]) -> dict[str, Any] | None:
    cell = _text(form, f"{name}.cell")
    if not cell:
        return None
    x, _, y = cell.partition(",")
    rotation = _text(form, f"{name}.rotation")
    return {"x": _typed(x.strip()), "y": _typed(y.strip()),
            "rotation": _typed(rotation) if rotation else c["rotations"][0]}


READERS: dict[str, Callable[[MultiDict[str, str], str, dict[str, Any]], Any]] = {
    "one_of": _one_of, "number": _number, "counts": _counts, "moves": _moves, "picks": _picks,
    "parts": _parts, "subset": _subset, "grid_cell": _grid_cell,
}
