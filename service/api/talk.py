"""/api/games/<id>/messages: table talk (service/talk.py) — say, read since an id, mute."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from service import queries, talk
from service.api import auth
from service.api.http import no_nul, problems_for
from service.api.schemas import MuteIn, TalkArgs, TalkIn, TalkList, TalkOut
from service.api.state import ctx
from service.errors import Forbidden
from service.store import Source

blp = Blueprint("talk", __name__, url_prefix="/api/games",
                description="Table talk: messages to the whole table or to one player.")
problems = problems_for(blp)


@blp.route("/<game_id>/messages")
class Messages(MethodView):
    @blp.doc(security=[{}, *auth.SECURITY])
    @blp.arguments(TalkArgs, location="query")
    @blp.response(200, TalkList)
    @problems(401, 404)
    def get(self, args: dict[str, Any], game_id: str) -> dict[str, Any]:
        """The table talk you may read, oldest first, after message id `since` (poll with the
        last id you hold). A spectator reads the table's messages only; a private message is
        read by its two players only; the players you muted are left out."""
        player = auth.caller()
        head = queries.header(ctx(), game_id, player)
        names = [s["name"] for s in head.seats]
        pid = player.id if player is not None and head.seat is not None else None
        said = talk.read(ctx(), game_id, head.seat, pid, since=args["since"])
        muted = talk.muted_seats(ctx(), game_id, pid) if pid is not None else []
        return {"messages": [m.to_json(names) for m in said], "muted": muted}

    @blp.doc(security=auth.SECURITY)
    @blp.arguments(TalkIn)
    @blp.response(201, TalkOut)
    @problems(401, 403, 404, 422, 429)
    def post(self, body: dict[str, Any], game_id: str) -> tuple[dict[str, Any], int]:
        """Say something to the table, or (`to`: a seat or a name) to one player only. Plain
        text; 422 when empty, over 1000 characters or `to` is nobody else at the table; 429 when
        you said 10 messages in 10 minutes, or the table 60 in an hour (`retry_after`)."""
        player = auth.required()
        no_nul(body)
        head = queries.header(ctx(), game_id, player)
        if head.seat is None:
            raise Forbidden.of("service.talk.not_seated")
        said = talk.say(ctx(), game_id, head.seat, body["text"], body.get("to"),
                        source=Source("api"))
        return said.to_json([s["name"] for s in head.seats]), 201


@blp.route("/<game_id>/mutes")
class Mutes(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.arguments(MuteIn)
    @blp.response(200, TalkList)
    @problems(401, 403, 404, 422)
    def post(self, body: dict[str, Any], game_id: str) -> dict[str, Any]:
        """Mute (or with `"muted": false` unmute) the player at `seat`: their messages are hidden
        from you, in every game; nobody else's view changes and they are not told."""
        player = auth.required()
        head = queries.header(ctx(), game_id, player)
        if head.seat is None:
            raise Forbidden.of("service.talk.not_seated")
        talk.mute(ctx(), game_id, player.id, body["seat"], body["muted"])
        names = [s["name"] for s in head.seats]
        return {"messages": [m.to_json(names) for m in talk.read(ctx(), game_id, head.seat,
                                                                  player.id)],
                "muted": talk.muted_seats(ctx(), game_id, player.id)}
