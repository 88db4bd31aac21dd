"""Table talk on the game page (service/talk.py): what the reader may read, the message box, the
page's light poll, muting a seat.
"""

from __future__ import annotations

from typing import Any

from flask import Response, abort, flash, jsonify, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from service import queries, talk
from service.api.state import ctx
from service.errors import ServiceError
from service.store import Source
from service.web.common import blp, me, names_of, require_player, said, small_int

# --- table talk (service/talk.py) ------------------------------------------------------------------


def readable(head: queries.Header, spectate: bool) -> list[talk.Said]:
    """What the page's reader may read of the game's talk (a spectator: the table's only)."""
    player = None if spectate else me()
    seat = None if spectate else head.seat
    return talk.read(ctx(), head.id, seat, player.id if player is not None and seat is not None
                     else None)


def _talk_line(m: talk.Said, names: list[str]) -> dict[str, Any]:
    who = names[m.seat] if m.seat < len(names) else "?"
    to = names[m.to] if m.to is not None and m.to < len(names) else None
    return {"talk": True, "id": m.id, "seq": m.version, "who": who, "to": to, "text": m.text,
            "at": m.created_at, "sentences": []}


def with_talk(log: list[dict[str, Any]], said: list[talk.Said], names: list[str], *,
              upto: int | None = None) -> list[dict[str, Any]]:
    """The log (newest first) with the messages said while it happened, each placed right after
    the event that was the game's last when it was said. Messages said before the log's first
    entry are left to the page's talk panel (or the earlier log pages)."""
    if not log:
        return log
    first = min(e["seq"] for e in log)
    last = max(e["seq"] for e in log) if upto is None else upto
    lines = [_talk_line(m, names) for m in said if first <= m.version <= last]
    keyed = [((e["seq"], 0, 0), e) for e in log] + [((m["seq"], 1, m["id"]), m) for m in lines]
    return [e for _k, e in sorted(keyed, key=lambda kv: kv[0], reverse=True)]


def talk_context(head: queries.Header, said: list[talk.Said], names: list[str],
                  spectate: bool) -> dict[str, Any]:
    player = None if spectate else me()
    speaking = head.seat is not None and player is not None and not spectate
    others = [{"seat": s["seat"], "name": s["name"]} for s in head.seats
              if s["seat"] != head.seat and s.get("person", True)]  # never a bot or open seat
    return {"talk": [_talk_line(m, names) for m in said[-200:]],
            "talk_last": said[-1].id if said else 0,
            "talk_can": speaking, "talk_others": others if speaking else [],
            "talk_muted": talk.muted_seats(ctx(), head.id, player.id)
            if speaking and player is not None else [],
            "talk_max": talk.MAX_LENGTH}


@blp.post("/games/<game_id>/talk")
def talk_post(game_id: str) -> BaseResponse | tuple[Response, int]:
    """Say something at the table (the page's message box). Without JavaScript: back to the
    page; with it (Accept: application/json): the message or the refusal as JSON."""
    player = require_player()
    head = queries.header(ctx(), game_id, player)
    wants_json = "application/json" in request.headers.get("Accept", "")
    if head.seat is None:
        abort(403)
    raw_to = request.form.get("to", "")
    to = small_int(raw_to) if raw_to else None
    try:
        sent = talk.say(ctx(), game_id, head.seat, request.form.get("text", ""),
                        None if not raw_to else raw_to if to is None else to,
                        source=Source("web"))
    except ServiceError as error:
        if wants_json:
            return jsonify({"error": said(error, head)}), error.status
        flash(said(error, head), "error")
        return redirect(url_for("web.game", game_id=game_id) + "#talk")
    if wants_json:
        return jsonify(sent.to_json(names_of(head))), 201
    return redirect(url_for("web.game", game_id=game_id) + "#talk")


@blp.get("/games/<game_id>/talk.json")
def talk_since(game_id: str) -> Response:
    """The page's light poll: the messages after id `since` the reader may read."""
    spectate = request.args.get("watch") == "1"
    head = queries.header(ctx(), game_id, None if spectate else me())
    since = small_int(request.args.get("since", "0")) or 0
    player = None if spectate else me()
    seat = None if spectate else head.seat
    said_ = talk.read(ctx(), game_id, seat, player.id if player is not None and seat is not None
                      else None, since=since)
    return jsonify({"messages": [m.to_json(names_of(head)) for m in said_]})


@blp.post("/games/<game_id>/mute")
def mute_post(game_id: str) -> BaseResponse:
    player = require_player()
    head = queries.header(ctx(), game_id, player)
    if head.seat is None:
        abort(403)
    seat = small_int(request.form.get("seat", ""))
    if seat is None:
        abort(400)
    talk.mute(ctx(), game_id, player.id, seat, request.form.get("muted") == "1")
    return redirect(url_for("web.game", game_id=game_id) + "#talk")
