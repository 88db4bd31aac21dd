"""A game's record: the log as sentences (the game page's tail, the log pages further back)
and the replay of a finished game.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from flask import abort, render_template, request, url_for

from domain.core import surface
from domain.core.game import Message, texts_of
from service import audit, db, progress, queries, seats
from service.api.state import ctx
from service.errors import Invalid
from service.web import i18n
from service.web.boards import board_context
from service.web.chat import readable, with_talk
from service.web.common import blp, lang, me, names_of, small_int, tz_of

LOG_LIMIT = 1000
LOG_TAIL = 60
"""Events the game page describes: the latest ones. A page that re-read and re-described the whole
log cost five times more at the end of a game than at its start (benchmarks/pages.py); the earlier
part is one link away, on the log pages (`/games/<id>/log`), LOG_PAGE events each."""
LOG_PAGE = 300


_SAID: OrderedDict[tuple[Any, ...], tuple[Any, list[str]]] = OrderedDict()
"""The log's sentences already written, per event, language and names: the messages are checked on
the way out (the same list, from service/audit's cache), so a sentence never outlives its event's
description. Bounded, least recently used first out; per process."""
_SAID_SIZE = 20_000
_SAID_LOCK = threading.Lock()


Seating = seats.Holders


def seating_of(game_id: str, language: str) -> Seating:
    with db.read(ctx().engine) as conn:
        return seats.holders(conn, game_id, language)


def _change_line(change: seats.Change, seating: Seating, language: str) -> str:
    """A seat's change of hands, as the log says it."""
    who = seating.names.get(change.from_player or -1, "?")
    to = seating.names.get(change.to_player or -1, "?")
    if change.kind == seats.RESIGNED:
        key = "log.seat.resigned.bot" if change.bot else "log.seat.resigned.open"
    else:
        key = f"log.seat.{change.kind}"
    return i18n.t(key, language, who=who, to=to, level=change.bot or "")


def render_log(module: Any, entries: list[dict[str, Any]], language: str,
               names: list[str], seating: Seating | None = None,
               game_id: str | None = None) -> list[dict[str, Any]]:
    """The log's entries as sentences in the game's words (a message the game's texts cannot
    render shows its key), each with the names of the seats' holders of its time, and the seats'
    changes of hands where they happened. With `game_id`, sentences written before are reused."""
    texts = texts_of(module)
    out = []
    first = entries[0]["seq"] if entries else 0
    changes = [c for c in (seating.changes if seating else []) if c.version >= first - 1]
    for entry in entries:
        then = seating.names_at(entry["seq"]) if seating else names
        key = (game_id, entry["seq"], language, tuple(then)) if game_id else None
        said = _SAID.get(key) if key else None
        if said is not None and said[0] is entry["messages"]:
            sentences = said[1]
        else:
            sentences = []
            for m in entry["messages"]:
                try:
                    sentences.append(texts.render(Message(m["key"], m["params"]), language,
                                                  then))
                except (KeyError, IndexError, ValueError):
                    sentences.append(m["key"])
            if key:
                with _SAID_LOCK:
                    _SAID[key] = (entry["messages"], sentences)
                    while len(_SAID) > _SAID_SIZE:
                        _SAID.popitem(last=False)
        while seating is not None and changes and changes[0].version < entry["seq"]:
            change = changes.pop(0)
            out.append({"seq": change.version, "sentences": [_change_line(change, seating,
                                                                           language)],
                        "at": change.at, "undone": False, "seat_change": True})
        out.append({"seq": entry["seq"], "sentences": sentences, "at": entry["created_at"],
                    "undone": bool(entry.get("undone"))})
    for change in changes:
        assert seating is not None
        out.append({"seq": change.version, "sentences": [_change_line(change, seating,
                                                                       language)],
                    "at": change.at, "undone": False, "seat_change": True})
    return out


def live(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries still in force: neither undone nor an undo."""
    return [e for e in entries if not e.get("undone") and not e.get("undo")]


def earlier(game_id: str, entries: list[dict[str, Any]], spectate: bool) -> str | None:
    """The address of the log's part before `entries`, or None when they start the game."""
    first = min((e["seq"] for e in entries), default=1)
    if first <= 1:
        return None
    params: dict[str, Any] = {"upto": first - 1, **({"watch": 1} if spectate else {})}
    return url_for("web.log", game_id=game_id, **params)


def ranking_names(seating: Seating, language: str) -> list[str]:
    """Each seat's name for the final ranking: its last holder, and who held it before."""
    return seating.ranking_names(language)


@blp.get("/games/<game_id>/log")
def log(game_id: str) -> str:
    """The log up to event `upto` (LOG_PAGE events, newest first), as the game page shows its
    latest part, with a link further back: what happened earlier, without making the game page
    pay for it on every view."""
    spectate = request.args.get("watch") == "1"
    head = queries.header(ctx(), game_id, None if spectate else me())
    try:
        upto = min(int(request.args.get("upto", head.version)), head.version)
    except ValueError:
        abort(400)
    upto = max(upto, 0)
    module = queries.module_of(ctx(), head)
    language = lang()
    entries = audit.entries(ctx(), head, after=max(0, upto - LOG_PAGE), upto=upto,
                            lang=language)
    seating = seating_of(game_id, language)
    back = url_for("web.watch" if spectate else "web.game", game_id=game_id)
    return render_template(
        "web/log.html", game_title=surface.title(module, language), back=back, tz=tz_of(me()),
        log=with_talk([e for e in reversed(render_log(module, entries, language, seating.now(),
                                                      seating, game_id)) if e["sentences"]],
                      readable(head, spectate), seating.now()),
        earlier=earlier(game_id, entries, spectate) if entries else None)


@blp.get("/games/<game_id>/replay")
def replay(game_id: str) -> str | tuple[str, int]:
    head = queries.header(ctx(), game_id, me())
    language = lang()
    if head.status != progress.OVER:
        return render_template("web/error.html", message=i18n.t("replay.only_over", language)), 409
    last = head.version
    at = small_int(request.args.get("at", ""))
    at = last if at is None else max(1, min(at, last))
    names = names_of(head)
    module = queries.module_of(ctx(), head)
    problem = None
    try:
        _v, view = queries.view(ctx(), head, at=at, revealed=True)
    except Invalid:
        view, problem = None, i18n.t("replay.cannot_show", language)
    entries = queries.log(ctx(), head, after=0, upto=last, limit=LOG_LIMIT * 10)
    jumps = [{"at": e["seq"], "label": label}
             for e in entries for m in e["messages"]
             if (label := surface.milestone(module, Message(m["key"], m["params"]), language))]
    around = [e for e in render_log(module, [e for e in entries
                                             if at - AROUND <= e["seq"] <= at + AROUND],
                                    language, names) if e["sentences"] or e["seq"] == at]
    # What was said between these steps, as this reader may read it (the table's messages, and
    # their own private ones): placed after the step it was said at.
    around = list(reversed(with_talk(list(reversed(around)), readable(head, False),
                                     names, upto=min(at + AROUND, last))))
    event = [e for e in around if e["seq"] == at]
    return render_template("web/replay.html", head=head, at=at, last=last, view=view,
                           problem=problem, event=event, names=names, tz=tz_of(me()),
                           jumps=jumps, around=around, rules=queries.rules_version(ctx(), head),
                           game_title=surface.title(module, language),
                           **board_context(module, view, language, names,
                                    title=i18n.t("replay.step", language, at=at, last=last)))


AROUND = 6
"""How many steps before and after the replay's step its log shows."""
