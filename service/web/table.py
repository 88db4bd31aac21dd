"""The game table: moves made on the board, sent without reloading the page (issue 25).

The game page carries the seat's decisions exactly as `GET /api/games/{id}/decisions` gives them
(the typed forms of `domain/core/constraints.py`), with the game's words for every value they
offer and the page's own words, as one JSON block (`table_data`, read by `static/table.js`). The
script knows no game: it finds a value on the picture by the attribute the game's own boards put
there (`data-<of>="<value>"`: `data-place`, `data-cell`, `data-tile`…), lights up only the values
the decision offers now (narrowed by a `Combos` to the rows that fit what was chosen, by `Routes`
to the sources and their targets, by `TotalBy` to the exact total), and offers as buttons under
the picture whatever the picture does not draw (a power card, a yes or no).

A move goes to `POST /games/<id>/move` as JSON, signed in by the session and its CSRF token in
the `X-CSRFToken` header, like the web's forms; it takes the same path as every other move
(`commands.handle`, source `web`). A refusal comes back as JSON saying what was wrong in the
player's language (never a page), and nothing was played. `GET /games/<id>/version` is the light
poll that tells the page the others moved: it then fetches the page again and swaps the parts
marked `data-live`. The forms stay as they were, the path for a keyboard or a screen reader.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import Response, jsonify, request, url_for

from domain.core.commands import Command
from domain.core.errors import RuleError
from service import commands, queries
from service.api.state import ctx
from service.errors import ServiceError
from service.store import Source
from service.web import forms, i18n
from service.web.common import blp, lang, me, said

WORDS = ("table.title", "table.hint", "table.send", "table.cancel", "table.rotate",
         "table.rotate_hint", "table.more", "table.less", "table.remove", "table.moves",
         "table.moves_none", "table.source_hint", "table.target_hint", "table.done",
         "table.offline", "table.sending", "table.pick", "table.entry", "table.updated", "table.choose",
         "decide.cost", "decide.total", "decide.total_exactly", "decide.chosen",
         "decide.chosen_between", "decide.route", "decide.whose", "decide.count")
"""The page's own words the script shows, in the reader's language ({n}, {max}… kept for it)."""

PLACEHOLDERS = {"n": "{n}", "max": "{max}", "min": "{min}", "total": "{total}", "whose": "{whose}",
                "from": "{from}", "to": "{to}", "what": "{what}"}


def _values(field: dict[str, Any]) -> list[tuple[str, Any]]:
    """Every (kind, value) a field offers, for the game to name: its options, its keys, its
    routes' seats, sources and targets, its cells."""
    c = field["constraint"]
    kind = c["type"]
    out: list[tuple[str, Any]] = []
    if kind in ("one_of", "subset"):
        out += [(c["of"], o) for o in c["options"]]
    elif kind == "counts":
        out += [(c["of"], k) for k in c["bounds"]]
    elif kind == "moves":
        if c.get("routes") is not None:
            for seat, by in c["routes"].items():
                out.append(("seat", int(seat)))
                for src, route in by.items():
                    out.append((c["of"], src))
                    out += [(c["of"], to) for to in route["to"]]
        else:
            out += [("seat", s) for s in c["seats"]]
            out += [(c["of"], p) for p in [*c["sources"], *c["targets"]]]
    elif kind == "picks":
        for key, options in c["choices"].items():
            out.append((c["key_of"], key))
            out += [(c["of"], o) for o in options]
    elif kind == "parts":
        out += [(c["of"], p) for p in c["parts"]]
    elif kind == "grid_cell":
        out += [("cell", f"{x},{y}") for x, y in c["cells"]]
    return out


def _key(value: Any) -> str:
    """A value as the script writes it (`String(v)`): a flag is "true", not Python's "True" (El
    Caballero's « Avec votre Grande » offered "false" and "true" instead of « non » and « oui »)."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    return str(value)


def table_data(head: queries.Header, decisions: list[dict[str, Any]], version: int,
               label: Callable[[str, Any], str], prompt: Callable[[dict[str, Any]], str]
               ) -> dict[str, Any]:
    """What `static/table.js` reads: the decisions as the API gives them (their answers' index
    within their decision, for the post), the game's words for their values, the page's words."""
    language = lang()
    labels: dict[str, dict[str, str]] = {}
    out = []
    for d in decisions:
        answers = []
        for a in d.get("answers", []):
            for f in a["fields"]:
                for of, value in _values(f):
                    labels.setdefault(of, {}).setdefault(_key(value), str(label(of, value)))
            answers.append({
                "type": a["type"], "index": a["index"], "form": a["id"],
                # the forms' map fills this answer's field: a click on the board goes on to it
                "map": a.get("map_field") is not None,
                "prompt": prompt(a["prompt"]) if a.get("prompt") else None,
                "submit": prompt(a["submit"]) if a.get("submit") else None,
                "fields": [{"name": f["name"], "constraint": f["constraint"],
                            "default": f.get("default"),
                            "label": prompt(f["label"]) if f.get("label") else None}
                           for f in a["fields"]],
                "combos": a.get("combos")})
        out.append({"kind": d["kind"], "secret": d["secret"],
                    "title": prompt(d["title"]) if d.get("title") else None,
                    # what the form says first (why an action cannot be used, what was done)
                    "notes": [prompt(n) for n in d.get("notes") or []],
                    "answers": answers})
    words = {key: i18n.t(key, language, **PLACEHOLDERS) for key in WORDS}
    return {"version": version, "seat": head.seat, "decisions": out, "labels": labels,
            "words": words,
            "move": url_for("web.table_move", game_id=head.id),
            "poll": url_for("web.table_version", game_id=head.id)}


@blp.app_context_processor
def _table_helpers() -> dict[str, Any]:
    return {"table_data": table_data}


def _refusal(text: str, status: int) -> tuple[Response, int]:
    return jsonify({"ok": False, "error": text}), status


@blp.post("/games/<game_id>/move")
def table_move(game_id: str) -> tuple[Response, int]:
    """One move as JSON, `{"type", "answer", "params", "version"}`: the answer's fixed parameters
    are the game's (never the client's), the rest is read by the engine, the one validator."""
    language = lang()
    player = me()
    if player is None:
        return _refusal(i18n.t("table.signed_out", language), 401)
    posted = request.get_json(silent=True)
    body: dict[str, Any] = posted if isinstance(posted, dict) else {}
    params = body.get("params", {})
    kind = body.get("type")
    if not isinstance(params, dict) or not isinstance(kind, str) or not kind:
        return _refusal(i18n.t("decide.failed", language,
                               detail=i18n.t("form.unreadable", language)), 400)
    head = None
    try:
        head = queries.header(ctx(), game_id, player)
        if head.seat is None:
            return _refusal(i18n.t("table.not_seated", language), 403)
        _v, mine = queries.decisions(ctx(), head)
        answer = forms.answer_for(mine, kind, str(body.get("answer", "")))
        fixed = (answer or {}).get("fixed") or {}
        command = Command.from_json({**params, **fixed, "type": kind}, seat=head.seat)
        version = body.get("version")
        expected = version if isinstance(version, int) and not body.get("secret") else None
        outcome = commands.handle(game_id, head.seat, command, Source("web"), ctx=ctx(),
                                  expected_version=expected, actor=f"player:{player.id}")
    except ServiceError as error:
        return _refusal(i18n.t("decide.failed", language, detail=said(error, head)),
                        error.status)
    except RuleError as error:
        return _refusal(i18n.t("decide.failed", language, detail=said(error, head)), 422)
    except (ValueError, TypeError):  # a value no reader expected: nothing was played
        return _refusal(i18n.t("decide.failed", language,
                               detail=i18n.t("form.unreadable", language)), 400)
    return jsonify({"ok": True, "version": outcome.version}), 200


@blp.get("/games/<game_id>/version")
def table_version(game_id: str) -> Response:
    """The light poll: the game's version and status, which the page compares with its own."""
    head = queries.header(ctx(), game_id, None if request.args.get("watch") == "1" else me())
    response = jsonify({"version": head.version, "status": head.status})
    response.headers["Cache-Control"] = "private, no-store"
    return response
