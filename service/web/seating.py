"""What a player does with seats (service/seats.py): resign, hand their seat to a bot or take it
back, offer a seat, answer an offer; and what the game page offers of these.
"""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, request, url_for
from sqlalchemy import select
from werkzeug.wrappers import Response as BaseResponse

from domain.core import surface
from service import db, progress, queries, seats, tables
from service.api.state import ctx
from service.errors import ServiceError
from service.web import i18n
from service.web.common import blp, lang, me, require_player, said, small_int
from service.web.record import Seating


def seat_actions(head: queries.Header, module: Any, seating: Seating, spectate: bool
                  ) -> dict[str, Any]:
    """What the reader may do with seats: resign, hand theirs to a bot or take it back, offer a
    seat (their own, or one whose player resigned), answer an offer made to them."""
    player = None if spectate else me()
    out: dict[str, Any] = {"seat_bot": None, "bot_levels": [], "offerable": [], "offers": []}
    if player is None or head.status != progress.ACTIVE:
        return out
    out["offers"] = [{"id": o.id, "seat": o.seat, "urls": {
        answer: url_for("web.answer_offer", game_id=head.id, offer_id=o.id, answer=answer)
        for answer in ("accept", "decline")}} for o in seats.offers_for(ctx(), head.id, player.id)]
    if head.seat is None:
        return out
    with db.read(ctx().engine) as conn:
        bot = conn.execute(select(tables.seats.c.bot).where(
            tables.seats.c.game_id == head.id, tables.seats.c.seat == head.seat)).scalar()
        vacated = [s for s in sorted(seating.current)
                   if s != head.seat and seats.is_vacated(conn, head.id, s, seating.current[s])]
        leave_to = conn.execute(select(tables.games.c.leave_to)
                                .where(tables.games.c.id == head.id)).scalar()
    level = seats.leave_level(module, leave_to)
    out["resign_then"] = (i18n.t("seat.then.bot", lang(), level=level) if level is not None
                          else i18n.t("seat.then.open", lang()))
    out["seat_bot"] = bot
    out["bot_levels"] = sorted(surface.bot_levels(module))
    # each level said in words, as the create-game page offers them
    out["bot_level_about"] = {level: surface.bot_about(module, level, lang(),
                                                       ctx().settings.bot_budget)
                              for level in out["bot_levels"]}
    out["offerable"] = [head.seat, *vacated]
    return out


def _seat_change(game_id: str, change: Any, done: str) -> BaseResponse:
    """Run a change of the reader's seat (service/seats.py) and say how it went."""
    language = lang()
    try:
        change()
    except ServiceError as error:
        flash(i18n.t("seat.failed", language, detail=said(error)), "error")
    else:
        flash(i18n.t(done, language), "ok")
    return redirect(url_for("web.game", game_id=game_id))


@blp.post("/games/<game_id>/resign")
def resign(game_id: str) -> BaseResponse:
    """Leave the game for good: only with the form's confirmation ticked."""
    player = require_player()
    queries.header(ctx(), game_id, player)
    if request.form.get("confirm") != "yes":
        flash(i18n.t("seat.confirm_first", lang()), "error")
        return redirect(url_for("web.game", game_id=game_id) + "#seat")
    return _seat_change(game_id, lambda: seats.resign(ctx(), game_id, player), "seat.resigned")


@blp.post("/games/<game_id>/bot")
def hand_to_bot(game_id: str) -> BaseResponse:
    player = require_player()
    queries.header(ctx(), game_id, player)
    level = request.form.get("level", "")[:16]
    return _seat_change(game_id, lambda: seats.to_bot(ctx(), game_id, player, level),
                        "seat.to_bot")


@blp.post("/games/<game_id>/take-back")
def take_back(game_id: str) -> BaseResponse:
    player = require_player()
    queries.header(ctx(), game_id, player)
    return _seat_change(game_id, lambda: seats.take_back(ctx(), game_id, player),
                        "seat.taken_back")


@blp.post("/games/<game_id>/offer")
def offer_seat(game_id: str) -> BaseResponse:
    player = require_player()
    queries.header(ctx(), game_id, player)
    seat = small_int(request.form.get("seat", ""))
    email = request.form.get("email", "")[:320]
    return _seat_change(game_id, lambda: seats.offer(ctx(), game_id, player, email, seat=seat),
                        "seat.offered")


@blp.post("/games/<game_id>/offers/<int:offer_id>/<any(accept, decline):answer>")
def answer_offer(game_id: str, offer_id: int, answer: str) -> BaseResponse:
    player = require_player()
    queries.header(ctx(), game_id, player)
    return _seat_change(
        game_id, lambda: seats.answer(ctx(), game_id, player, answer == "accept", offer_id),
        "seat.offer_accepted" if answer == "accept" else "seat.offer_declined")
