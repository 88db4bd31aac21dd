"""/api/games/{id}: undo (own move, by consent), the audit log's shapes, the public record."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import Response
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import fields, validate

from service import queries, records, undo
from service.api import auth
from service.api.http import if_match_version, json_with_etag, no_nul, problems_for
from service.api.schemas import MAX_INT, RANGE, CommandResult, EventOut, Int, Strict
from service.api.state import ctx
from service.errors import Forbidden
from service.render import event_for
from service.store import Source

blp = Blueprint("audit", __name__, url_prefix="/api/games",
                description="Undo, undo by consent, the game's record.")
problems = problems_for(blp)


class WhoOut(ma.Schema):
    kind = fields.String(metadata={"description": "player | system"})
    seat = fields.Integer(allow_none=True)
    name = fields.String(allow_none=True)


class AuditEventOut(EventOut):
    batch = fields.Integer(metadata={"description": "The first event of the command it belongs to"})
    who = fields.Nested(WhoOut)
    source_ref = fields.String(allow_none=True,
                               metadata={"description": "The mail's Message-ID, the worker's "
                                                        "reason"})
    undone = fields.Boolean()
    undone_by = fields.Integer(allow_none=True, metadata={"description": "The undo's event"})
    undo = fields.Boolean(metadata={"description": "This event is an undo"})
    command = fields.Dict(metadata={"description": "The command (yours, or all once the game "
                                                   "has ended)"})
    hash = fields.String(metadata={"description": "The hash chain (once the game has ended)"})


class AuditPage(ma.Schema):
    version = fields.Integer()
    events = fields.List(fields.Nested(AuditEventOut))


class UndoIn(Strict):
    count = Int(load_default=1, validate=validate.Range(min=1, max=50, error=RANGE),
                metadata={"description": "How many of your last moves to undo"})


class UndoRequestIn(Strict):
    back_to = Int(required=True, validate=validate.Range(min=1, max=MAX_INT),
                  metadata={"description": "Bring the game back to right after this "
                                           "event (the end of a move in force)"})
    reason = fields.String(load_default="", validate=validate.Length(max=500))


class UndoRequestOut(ma.Schema):
    id = fields.Integer()
    seat = fields.Integer(metadata={"description": "Who asks"})
    back_to = fields.Integer()
    version = fields.Integer(metadata={"description": "The game's version when asked: the "
                                                      "request lapses if the game moves on"})
    status = fields.String(metadata={"description": "pending | applied | refused | lapsed"})
    answers = fields.Dict(keys=fields.String(), values=fields.String())
    reason = fields.String()
    crosses_reveal = fields.Boolean(metadata={"description": "Rewinds past hidden information"})
    created_at = fields.DateTime()
    expires_at = fields.DateTime()
    decided_at = fields.DateTime(allow_none=True)
    undo_seq = fields.Integer(allow_none=True)


class UndoRequestList(ma.Schema):
    requests = fields.List(fields.Nested(UndoRequestOut))


class RequestsArgs(Strict):
    all = fields.Boolean(load_default=False,
                         metadata={"description": "Also the answered and lapsed ones"})


def _seated(game_id: str) -> tuple[queries.Header, int]:
    """The game's header and the caller's seat in it: 403 for a spectator."""
    head = queries.header(ctx(), game_id, auth.required())
    if head.seat is None:
        raise Forbidden("You have no seat in this game.")
    return head, head.seat


@blp.route("/<game_id>/undo")
class Undo(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.arguments(UndoIn)
    @blp.response(200, CommandResult)
    @problems(401, 403, 404, 409, 412, 422)
    def post(self, body: dict[str, Any], game_id: str) -> Response:
        """Undo your last move(s): allowed while nobody else has acted since and no hidden
        information was drawn or revealed since; otherwise ask for consent (undo-requests)."""
        head, seat = _seated(game_id)
        outcome = undo.undo_own(ctx(), game_id, seat, count=body["count"],
                                source=Source("api"), expected_version=if_match_version(),
                                player=auth.required().id)
        module = queries.module_of(ctx(), head)
        events = [event_for(module, r, seat) for r in outcome.events or ()]
        result = CommandResult().dump({"version": outcome.version, "replayed": False,
                                       "events": events})
        return json_with_etag(result, f'"{outcome.version}"')


@blp.route("/<game_id>/undo-requests")
class UndoRequests(MethodView):
    @blp.doc(security=[{}, *auth.SECURITY])
    @blp.arguments(RequestsArgs, location="query")
    @blp.response(200, UndoRequestList)
    @problems(401, 404)
    def get(self, args: dict[str, Any], game_id: str) -> dict[str, Any]:
        """The game's pending undo requests (with `all`: every request and how it ended)."""
        queries.header(ctx(), game_id, auth.caller())
        found = undo.pending(ctx(), game_id, include_done=args["all"])
        return {"requests": [r.to_json() for r in found]}

    @blp.doc(security=auth.SECURITY)
    @blp.arguments(UndoRequestIn)
    @blp.response(201, UndoRequestOut)
    @problems(401, 403, 404, 409, 422)
    def post(self, body: dict[str, Any], game_id: str) -> tuple[dict[str, Any], int]:
        """Ask the other seats to agree to bring the game back to right after event `back_to`.
        Each is notified; all must approve; it lapses if the game moves on or at its deadline."""
        no_nul(body)
        _, seat = _seated(game_id)
        made = undo.request(ctx(), game_id, seat, body["back_to"], reason=body["reason"])
        return made.to_json(), 201


def _answer(game_id: str, request_id: int, approve: bool) -> dict[str, Any]:
    _, seat = _seated(game_id)
    return undo.answer(ctx(), game_id, request_id, seat, approve).to_json()


@blp.route("/<game_id>/undo-requests/<int:request_id>/approve")
class Approve(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.response(200, UndoRequestOut)
    @problems(401, 403, 404, 409, 422)
    def post(self, game_id: str, request_id: int) -> dict[str, Any]:
        """Approve an undo request; the last approval applies it."""
        return _answer(game_id, request_id, True)


@blp.route("/<game_id>/undo-requests/<int:request_id>/refuse")
class Refuse(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.response(200, UndoRequestOut)
    @problems(401, 403, 404, 409, 422)
    def post(self, game_id: str, request_id: int) -> dict[str, Any]:
        """Refuse an undo request: it ends, nothing is undone."""
        return _answer(game_id, request_id, False)


@blp.route("/<game_id>/record")
class Record(MethodView):
    @blp.doc(security=[{}, *auth.SECURITY])
    @blp.response(200, description="JSON lines: a header, then every event with its hash",
                  content_type="application/x-ndjson")
    @problems(401, 404, 409)
    def get(self, game_id: str) -> Response:
        """A finished game's complete record, for anyone to verify (`pbem import`/`verify`): the
        seed is revealed, every draw can be decided again. The header's `talk`: the table's
        messages, and your own private ones when you played in it (never others')."""
        head = queries.header(ctx(), game_id, auth.caller())
        lines = records.public_record(ctx(), head.id, head.seat)
        return Response("\n".join(lines) + "\n", mimetype="application/x-ndjson")
