"""/api/games: create, list, accept, view, decisions, commands, events, time travel."""

from __future__ import annotations

from typing import Any

from flask import Response, request
from flask.views import MethodView
from flask_smorest import Blueprint

from domain.core.commands import Command
from service import audit, commands, lobby, preferences, queries, seats
from service.api import auth
from service.api.audit import AuditPage
from service.api.http import (
    etag,
    if_match_version,
    json_with_etag,
    no_nul,
    not_modified,
    problems_for,
)
from service.api.schemas import (
    BotIn,
    CommandIn,
    CommandResult,
    DecisionList,
    EventsArgs,
    GameCreate,
    GameDetail,
    GameList,
    GameSummary,
    OfferIn,
    OfferOut,
    SeatChangeOut,
    StateArgs,
    StateOut,
)
from service.api.state import ctx
from service.errors import Forbidden, Invalid
from service.render import event_for
from service.store import Source

blp = Blueprint("games", __name__, url_prefix="/api/games",
                description="Games: create, join, look, move.")
problems = problems_for(blp)
# Built once: a schema instance deep-copies its fields (and its nested schemas') when made, which
# cost a command's response more than dumping it; dumping with a shared instance is thread-safe.
_GAME_DETAIL = GameDetail()
_COMMAND_RESULT = CommandResult()

HEADER_DOCS = {
    "if_none_match": {"in": "header", "name": "If-None-Match", "required": False,
                      "schema": {"type": "string"},
                      "description": "The ETag (game version) you hold: 304 if unchanged"},
    "if_match": {"in": "header", "name": "If-Match", "required": False,
                 "schema": {"type": "string"},
                 "description": "Only act if the game is still at this version (else 412)"},
    "idempotency_key": {"in": "header", "name": "Idempotency-Key", "required": False,
                        "schema": {"type": "string", "maxLength": 255},
                        "description": "Retrying with the same key returns the first result"},
}


@blp.route("")
class Games(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.response(200, GameList)
    @problems(401)
    def get(self) -> dict[str, Any]:
        """The caller's games, with whose turn it is (yours first)."""
        player = auth.required()
        return {"games": [h.summary() for h in queries.games_of(ctx(), player)]}

    @blp.doc(security=auth.SECURITY)
    @blp.arguments(GameCreate)
    @blp.response(201, GameSummary)
    @problems(401, 409, 422, 429)
    def post(self, body: dict[str, Any]) -> tuple[dict[str, Any], int, dict[str, str]]:
        """Create a game; each seat is invited (your own seat counts as accepted, a bot's too).
        It starts when the last invited player accepts. `"start": true` starts it at once, and is
        refused (409, naming them) when anyone is invited. Invitations are limited per inviting
        player and per invited address (429 with Retry-After). A seat may be `{"bot": level}`; a
        player may have at most PBEM_MAX_BOT_GAMES (3) games with bots in every seat in play
        (409 beyond)."""
        player = auth.required()
        no_nul(body)
        created = lobby.create(ctx(), player, game=body["game"], emails=body["seats"],
                               options=body["options"], setup=body["setup"],
                               start=body["start"], leave_to=body["leave_to"])
        preferences.configure_game(ctx(), created.game_id, body["turn_hours"],
                                   body["timeout_policy"])
        head = queries.header(ctx(), created.game_id, player)
        return head.summary(), 201, {"Location": f"/api/games/{head.id}"}


@blp.route("/<game_id>")
class Game(MethodView):
    @blp.doc(security=[{}, *auth.SECURITY], parameters=[HEADER_DOCS["if_none_match"]])
    @blp.response(200, GameDetail)
    @blp.alt_response(304, description="Not modified since the ETag you sent")
    @problems(401, 404)
    def get(self, game_id: str) -> Response:
        """The game as the caller may see it (a seat's view, or the spectators'). ETag: version."""
        head = queries.header(ctx(), game_id, auth.caller())
        tag = etag(head)
        if not_modified(tag):
            return Response(status=304, headers={"ETag": tag, "Vary": "Authorization"})
        version, view = queries.view(ctx(), head)
        rules = queries.rules_version(ctx(), head)
        body = {**head.summary(), "version": version, "view": view, "rules": rules["rules"],
                "rules_current": rules["current"]}
        return json_with_etag(_GAME_DETAIL.dump(body), etag(head, version))


@blp.route("/<game_id>/accept")
class Accept(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.response(200, GameSummary)
    @problems(401, 403, 404)
    def post(self, game_id: str) -> dict[str, Any]:
        """Accept the invitation to your seat; the last acceptance starts the game."""
        player = auth.required()
        queries.header(ctx(), game_id, player)  # 404 before 403
        lobby.accept(ctx(), game_id, player)
        return queries.header(ctx(), game_id, player).summary()


@blp.route("/<game_id>/resign")
class Resign(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.response(200, SeatChangeOut)
    @problems(401, 403, 404, 409)
    def post(self, game_id: str) -> dict[str, Any]:
        """Leave the game: your seat goes to the bot level the table chose at creation, or
        stays open for a replacement the others invite. You no longer see the seat."""
        player = auth.required()
        queries.header(ctx(), game_id, player)  # 404 before 403
        return seats.resign(ctx(), game_id, player).to_json()


@blp.route("/<game_id>/bot")
class HandToBot(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.arguments(BotIn)
    @blp.response(200, SeatChangeOut)
    @problems(401, 403, 404, 409, 422)
    def post(self, body: dict[str, Any], game_id: str) -> dict[str, Any]:
        """A bot of `level` plays your seat until you take it back (`/take-back`); you keep the
        seat and see it."""
        player = auth.required()
        queries.header(ctx(), game_id, player)
        return seats.to_bot(ctx(), game_id, player, body["level"]).to_json()


@blp.route("/<game_id>/take-back")
class TakeBack(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.response(200, SeatChangeOut)
    @problems(401, 403, 404, 409)
    def post(self, game_id: str) -> dict[str, Any]:
        """Play your seat yourself again (a bot played it for you)."""
        player = auth.required()
        queries.header(ctx(), game_id, player)
        return seats.take_back(ctx(), game_id, player).to_json()


@blp.route("/<game_id>/offers")
class Offers(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.response(200, OfferOut(many=True))
    @problems(401, 404)
    def get(self, game_id: str) -> list[dict[str, Any]]:
        """The seats of this game offered to you, waiting for your answer."""
        player = auth.required()
        queries.header(ctx(), game_id, player)
        return [o.to_json() for o in seats.offers_for(ctx(), game_id, player.id)]

    @blp.doc(security=auth.SECURITY)
    @blp.arguments(OfferIn)
    @blp.response(201, OfferOut)
    @problems(401, 403, 404, 409, 422)
    def post(self, body: dict[str, Any], game_id: str) -> dict[str, Any]:
        """Offer your seat (or one whose player resigned: `seat`) to the person at `email`; it
        is theirs when they accept (`/offers/{id}/accept`)."""
        player = auth.required()
        no_nul(body)
        queries.header(ctx(), game_id, player)
        return seats.offer(ctx(), game_id, player, body["email"], seat=body["seat"]).to_json()


@blp.route("/<game_id>/offers/<int:offer_id>/<any(accept, decline):answer>")
class OfferAnswer(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.response(200, GameSummary)
    @problems(401, 404, 409)
    def post(self, game_id: str, offer_id: int, answer: str) -> dict[str, Any]:
        """Accept (the seat is yours from now on: you see it and play it) or decline a seat
        offered to you."""
        player = auth.required()
        queries.header(ctx(), game_id, player)
        seats.answer(ctx(), game_id, player, answer == "accept", offer_id)
        return queries.header(ctx(), game_id, player).summary()


@blp.route("/<game_id>/start")
class Start(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.response(200, GameSummary)
    @problems(401, 403, 404, 409)
    def post(self, game_id: str) -> dict[str, Any]:
        """The creator asks for the start: 409 naming the invited players who have not accepted
        yet (the game starts by itself when the last of them does)."""
        player = auth.required()
        queries.header(ctx(), game_id, player)
        lobby.start(ctx(), game_id, player)
        return queries.header(ctx(), game_id, player).summary()


@blp.route("/<game_id>/decisions")
class Decisions(MethodView):
    @blp.doc(security=[{}, *auth.SECURITY])
    @blp.response(200, DecisionList)
    @problems(401, 404)
    def get(self, game_id: str) -> dict[str, Any]:
        """What the caller must decide now, with the legal options (spectators: nothing)."""
        head = queries.header(ctx(), game_id, auth.caller())
        version, mine = queries.decisions(ctx(), head)
        return {"version": version, "decisions": mine}


@blp.route("/<game_id>/commands")
class Commands(MethodView):
    @blp.doc(security=auth.SECURITY,
             parameters=[HEADER_DOCS["if_match"], HEADER_DOCS["idempotency_key"]])
    @blp.arguments(CommandIn)
    @blp.response(200, CommandResult)
    @problems(401, 403, 404, 409, 412, 422)
    def post(self, body: dict[str, Any], game_id: str) -> Response:
        """Make a move for your seat. 422: not legal (the engine says why, and what is);
        409: the game moved on meanwhile and it is no longer legal; 412: If-Match is stale."""
        player = auth.required()
        no_nul(body)
        seating, seat = commands.seat_for(ctx(), queries.checked_id(game_id), player.id)
        if seat is None:
            raise Forbidden.of("service.spectator")
        claimed = body.get("seat")
        if claimed is not None and claimed != seat:
            raise Forbidden.of("service.other_seat", seat=seat, claimed=claimed, allowed=[seat])
        command = Command.from_json(body, seat=seat)
        key = request.headers.get("Idempotency-Key")
        if key is not None and not 1 <= len(key) <= 255:
            raise Invalid.of("service.key_length")
        idempotency = (commands.Idempotency(player.id, key,
                                            commands.Idempotency.digest(game_id, body))
                       if key else None)
        outcome = commands.handle(game_id, seat, command, Source("api"), ctx=ctx(),
                                  expected_version=if_match_version(), idempotency=idempotency,
                                  player=player.id)
        if outcome.events is not None:
            module = ctx().games[seating.game]
            events = [event_for(module, r, seat) for r in outcome.events]
        else:
            head = queries.header(ctx(), game_id, player)
            events = queries.log(ctx(), head, after=outcome.first - 1, upto=outcome.version)
        result = _COMMAND_RESULT.dump({"version": outcome.version, "replayed": outcome.replayed,
                                       "events": events})
        return json_with_etag(result, f'"{outcome.version}"')


@blp.route("/<game_id>/events")
class Events(MethodView):
    @blp.doc(security=[{}, *auth.SECURITY])
    @blp.arguments(EventsArgs, location="query")
    @blp.response(200, AuditPage)
    @problems(401, 404)
    def get(self, args: dict[str, Any], game_id: str) -> dict[str, Any]:
        """The game's log after event `after`, as the caller may see it, described: per event who,
        when, from where (web, api, email Message-ID, worker and its reason), undone or not.
        Once the game has ended, everything (the seed, the commands, the hash chain)."""
        head = queries.header(ctx(), game_id, auth.caller())
        events = audit.entries(ctx(), head, after=args["after"], limit=args["limit"])
        return {"version": head.version, "events": events}


@blp.route("/<game_id>/state")
class State(MethodView):
    @blp.doc(security=[{}, *auth.SECURITY])
    @blp.arguments(StateArgs, location="query")
    @blp.response(200, StateOut)
    @problems(401, 404, 422)
    def get(self, args: dict[str, Any], game_id: str) -> dict[str, Any]:
        """Time travel: the caller's view as it was right after event `at`."""
        head = queries.header(ctx(), game_id, auth.caller())
        version, view = queries.view(ctx(), head, at=args["at"])
        return {"version": version, "view": view}

