"""Players meet: open games to join (service/meet.py), profiles, leaderboards (service/ratings.py
and service/profiles.py) and the calendar feed's link (service/feeds.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import marshmallow as ma
from flask import request
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import fields, validate

from domain.core import surface
from domain.core.i18n import LANGUAGES
from service import feeds, meet, profiles, queries, schedule
from service.api import auth
from service.api.http import no_nul, problems_for
from service.api.schemas import RANGE, Int, Strict
from service.api.state import ctx
from service.context import Context
from service.errors import NotFound
from service.players import Player

blp = Blueprint("meet", __name__, url_prefix="/api",
                description="Open games anyone signed in may join, players' profiles and "
                            "ratings, the calendar feed of one's deadlines.")
problems = problems_for(blp)


class OpenGameIn(Strict):
    game = fields.String(required=True, validate=validate.Length(min=1, max=40),
                         metadata={"description": "the game's id (GET /api/catalogue)"})
    players = Int(required=True, validate=validate.Range(min=1, max=8, error=RANGE),
                  metadata={"description": "how many seats, the creator's included"})
    options = fields.Dict(keys=fields.String(), load_default=dict)
    turn_hours = Int(load_default=schedule.DEFAULT_TURN_HOURS,
                     validate=validate.Range(min=1, max=schedule.MAX_TURN_HOURS, error=RANGE))
    timeout_policy = fields.String(load_default="default",
                                   validate=validate.OneOf(["default", "pause", "bot"]))
    languages = fields.List(fields.String(validate=validate.OneOf(LANGUAGES)),
                            load_default=list, validate=validate.Length(max=len(LANGUAGES)),
                            metadata={"description": "the languages welcome at the table "
                                                     "(none: any)"})


class OptionLine(ma.Schema):
    caption = fields.String(metadata={"description": "the option, in the caller's language"})
    value = fields.String(metadata={"description": "its value in the game's words"})


class SitterOut(ma.Schema):
    seat = fields.Integer()
    name = fields.String()
    profile = fields.String(allow_none=True,
                            metadata={"description": "the public profile's address, if public"})


class OpenGameOut(ma.Schema):
    id = fields.String()
    game = fields.String()
    title = fields.String()
    options = fields.Dict(metadata={"description": "the options as the game takes them"})
    option_lines = fields.List(fields.Nested(OptionLine))
    turn_hours = fields.Integer()
    languages = fields.List(fields.String())
    seats = fields.Integer()
    free = fields.Integer()
    players = fields.List(fields.Nested(SitterOut), metadata={"description": "who is in"})
    created_at = fields.String()


class OpenGameList(ma.Schema):
    games = fields.List(fields.Nested(OpenGameOut))


class OpenArgs(Strict):
    game = fields.String(validate=validate.Length(min=1, max=40))
    lang = fields.String(validate=validate.OneOf(LANGUAGES))


class Joined(ma.Schema):
    id = fields.String()
    started = fields.Boolean()


class RemoveIn(Strict):
    seat = Int(required=True, validate=validate.Range(min=0, max=7, error=RANGE))


class StartIn(Strict):
    bot = fields.String(required=True, validate=validate.Length(min=1, max=16),
                        metadata={"description": "the level of the bots taking the free seats"})


def _lang() -> str:
    player = auth.caller()
    asked = request.args.get("lang")
    return asked if asked in LANGUAGES else (player.language if player else "en")


def open_json(game: meet.OpenGame, lang: str) -> dict[str, Any]:
    module = ctx().games[game.game]
    return {
        "id": game.id, "game": game.game, "title": surface.title(module, lang),
        "options": game.options,
        "option_lines": [{"caption": c, "value": v}
                         for c, v in meet.option_lines(module, game.options, lang)],
        "turn_hours": game.turn_hours, "languages": game.languages, "seats": game.seats,
        "free": game.free, "created_at": game.created_at.isoformat(),
        "players": [{"seat": s.seat, "name": s.name,
                     "profile": f"/players/{s.player_id}" if s.public else None}
                    for s in game.seated]}


@blp.route("/open-games")
class OpenGames(MethodView):
    @blp.doc(security=[{}, *auth.SECURITY])
    @blp.arguments(OpenArgs, location="query")
    @blp.response(200, OpenGameList)
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """The open games waiting for players, newest first: the game, its options in words,
        the turn time, the languages welcome and who is in (`?game=` one game only)."""
        no_nul(args)  # a NUL in `?game=` is no game's name (PostgreSQL cannot even compare it)
        lang = args.get("lang") or _lang()
        found = [g for g in meet.listed(ctx(), game=args.get("game")) if g.game in ctx().games]
        return {"games": [open_json(g, lang) for g in found]}

    @blp.doc(security=auth.SECURITY)
    @blp.arguments(OpenGameIn)
    @blp.response(201, Joined)
    @problems(401, 409, 422)
    def post(self, body: dict[str, Any]) -> tuple[dict[str, Any], int]:
        """Create an open game: you take the first seat, any signed-in player may take the
        others. 409 when you already have 3 open games waiting for players."""
        player = auth.required()
        no_nul(body)
        game_id = meet.create(ctx(), player, game=body["game"], count=body["players"],
                              options=body["options"], turn_hours=body["turn_hours"],
                              languages=body["languages"],
                              timeout_policy=body["timeout_policy"])
        return {"id": game_id, "started": False}, 201


def _checked(game_id: str) -> str:
    if not queries.is_game_id(game_id):
        raise NotFound.of("service.no_game", game=game_id[:40])
    return game_id


def _seat_change(game_id: str, change: Callable[[Context, str, Player], bool | None]
                 ) -> dict[str, Any]:
    """What the four seat changes share: the caller signed in (401 before anything), the game's
    id checked, the change made, and the same answer: the game, and whether it started."""
    player = auth.required()
    started = change(ctx(), _checked(game_id), player)
    return {"id": game_id, "started": bool(started)}


@blp.route("/open-games/<game_id>/join")
class Join(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.response(200, Joined)
    @problems(401, 404, 409)
    def post(self, game_id: str) -> dict[str, Any]:
        """Take a free seat; the game starts when this fills the last. 409 when the game is
        full or started, you are already in it, or you hold seats in 5 open games not
        started."""
        return _seat_change(game_id, meet.join)


@blp.route("/open-games/<game_id>/leave")
class Leave(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.response(200, Joined)
    @problems(401, 403, 404, 409)
    def post(self, game_id: str) -> dict[str, Any]:
        """Give your seat back before the start."""
        return _seat_change(game_id, meet.leave)


@blp.route("/open-games/<game_id>/remove")
class Remove(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.arguments(RemoveIn)
    @blp.response(200, Joined)
    @problems(401, 403, 404, 409, 422)
    def post(self, body: dict[str, Any], game_id: str) -> dict[str, Any]:
        """The creator frees the seat a player took (before the start)."""
        return _seat_change(game_id, lambda c, g, p: meet.remove(c, g, p, body["seat"]))


@blp.route("/open-games/<game_id>/start")
class Start(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.arguments(StartIn)
    @blp.response(200, Joined)
    @problems(401, 403, 404, 409, 422)
    def post(self, body: dict[str, Any], game_id: str) -> dict[str, Any]:
        """The creator starts the game now; bots of level `bot` take the free seats."""
        return _seat_change(game_id, lambda c, g, p: meet.start(c, g, p, body["bot"]))


class StatOut(ma.Schema):
    game = fields.String()
    title = fields.String()
    played = fields.Integer()
    won = fields.Integer()
    average_rank = fields.Float()
    rating = fields.Float(allow_none=True, metadata={"description": "mu - 3 sigma (OpenSkill)"})
    mu = fields.Float(allow_none=True)
    sigma = fields.Float(allow_none=True)
    rated_games = fields.Integer()


class GameLine(ma.Schema):
    id = fields.String()
    game = fields.String()
    title = fields.String()
    status = fields.String()
    players = fields.List(fields.String())
    rank = fields.Integer(allow_none=True)
    score = fields.Integer(allow_none=True)
    rated = fields.Boolean()
    change = fields.Float(allow_none=True, metadata={"description": "the rating's change"})


class ProfileOut(ma.Schema):
    id = fields.Integer()
    name = fields.String()
    public = fields.Boolean()
    stats = fields.List(fields.Nested(StatOut))
    playing = fields.List(fields.Nested(GameLine))
    finished = fields.List(fields.Nested(GameLine))


class ProfileIn(Strict):
    public = fields.Boolean(required=True,
                            metadata={"description": "whether others may see your profile"})


class Standing(ma.Schema):
    rank = fields.Integer()
    player = fields.Integer()
    name = fields.String()
    rating = fields.Float()
    mu = fields.Float()
    sigma = fields.Float()
    games = fields.Integer()


class Board(ma.Schema):
    game = fields.String()
    title = fields.String()
    players = fields.List(fields.Nested(Standing))


class FeedOut(ma.Schema):
    url = fields.String(allow_none=True,
                        metadata={"description": "the private iCalendar link (null: none)"})


@blp.route("/players/<int:player_id>")
class Profile(MethodView):
    @blp.doc(security=[{}, *auth.SECURITY])
    @blp.response(200, ProfileOut)
    @problems(404)
    def get(self, player_id: int) -> dict[str, Any]:
        """A player's profile: games in play and finished, per game played, won, average rank
        and rating. 404 unless it is public or yours; never an address."""
        found = profiles.profile(ctx(), player_id, auth.caller(), _lang())
        return found.to_json()


@blp.route("/me/profile")
class MyProfile(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.arguments(ProfileIn)
    @blp.response(200, ProfileOut)
    @problems(401, 422)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Make your profile public (or private again)."""
        player = auth.required()
        profiles.set_public(ctx(), player.id, body["public"])
        return profiles.profile(ctx(), player.id, player, _lang()).to_json()


@blp.route("/leaderboard/<game>")
class Leaderboard(MethodView):
    @blp.doc(security=[{}, *auth.SECURITY])
    @blp.response(200, Board)
    @problems(404)
    def get(self, game: str) -> dict[str, Any]:
        """The game's rated players with a public profile, best first (mu - 3 sigma)."""
        return profiles.board(ctx(), game, _lang()).to_json()


class Asked(ma.Schema):
    game = fields.String(required=True, validate=validate.Length(min=1, max=40))
    language = fields.String(required=True, validate=validate.OneOf(LANGUAGES))


class OpenGameMail(Strict):
    subscriptions = fields.List(fields.Nested(Asked), required=True,
                                validate=validate.Length(max=meet.MAX_SUBSCRIPTIONS),
                                metadata={"description": "one mail per new open game of each "
                                                         "game welcoming that language"})


@blp.route("/me/open-game-mail")
class MyOpenGameMail(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.response(200, OpenGameMail)
    @problems(401)
    def get(self) -> dict[str, Any]:
        """The games and languages you get a mail about each new open game of."""
        return _asked(auth.required().id)

    @blp.doc(security=auth.SECURITY)
    @blp.arguments(OpenGameMail)
    @blp.response(200, OpenGameMail)
    @problems(401, 422)
    def put(self, body: dict[str, Any]) -> dict[str, Any]:
        """Exactly these (an empty list: none)."""
        player = auth.required()
        meet.subscribe(ctx(), player.id, [(a["game"], a["language"])
                                          for a in body["subscriptions"]])
        return _asked(player.id)


def _asked(player_id: int) -> dict[str, Any]:
    return {"subscriptions": [{"game": g, "language": c}
                              for g, c in meet.subscriptions(ctx(), player_id)]}


@blp.route("/me/calendar")
class Calendar(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.response(200, FeedOut)
    @problems(401)
    def get(self) -> dict[str, Any]:
        """Your calendar feed's private link, or null."""
        found = feeds.token(ctx(), auth.required().id)
        return {"url": feed_url(found)}

    @blp.doc(security=auth.SECURITY)
    @blp.response(200, FeedOut)
    @problems(401)
    def post(self) -> dict[str, Any]:
        """A new private link (the old one stops working)."""
        return {"url": feed_url(feeds.regenerate(ctx(), auth.required().id))}

    @blp.doc(security=auth.SECURITY)
    @blp.response(200, FeedOut)
    @problems(401)
    def delete(self) -> dict[str, Any]:
        """No feed: the link stops working."""
        feeds.revoke(ctx(), auth.required().id)
        return {"url": None}


def feed_url(token: str | None) -> str | None:
    base = ctx().settings.base_url.rstrip("/")
    return f"{base}/calendar/{token}.ics" if token else None
