"""/api/me and /api/auth: who am I, and signing in with a magic link."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from service import account, players, preferences
from service.api import auth
from service.api.http import problems_for
from service.api.schemas import (
    DeleteIn,
    MagicRedeem,
    MagicRequest,
    PlayerOut,
    PreferencesIn,
    PreferencesOut,
    SessionOut,
)
from service.api.state import ctx

blp = Blueprint("account", __name__, url_prefix="/api", description="Players and sign-in.")
problems = problems_for(blp)


@blp.route("/me")
class Me(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.response(200, PlayerOut)
    @problems(401)
    def get(self) -> dict[str, Any]:
        """The player the token belongs to."""
        return auth.required().to_json()


@blp.route("/me/data")
class MyData(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.response(200)
    @problems(401)
    def get(self) -> dict[str, Any]:
        """Everything the service keeps about you, as JSON: your account and preferences, your
        games and your moves in them, the seats you left or took, the mails sent to you and the
        mails you sent."""
        return account.export(ctx(), auth.required())


@blp.route("/me/delete")
class DeleteMe(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.arguments(DeleteIn)
    @blp.response(200)
    @problems(401, 422)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Delete your account (`confirm`: your address): you resign every game in play, your
        name and address leave the service, your seats in finished games keep a neutral name,
        and every game's record still verifies; your seats in open games not yet started are free
        again, and the open games you opened leave the list. It cannot be undone."""
        return account.delete_account(ctx(), auth.required(), confirm=body["confirm"])


@blp.route("/me/preferences")
class Preferences(MethodView):
    @blp.doc(security=auth.SECURITY)
    @blp.response(200, PreferencesOut)
    @problems(401)
    def get(self) -> dict[str, Any]:
        """Your mail preferences: the daily digest, and your vacations under way or to come."""
        return preferences.get(ctx(), auth.required().id)

    @blp.doc(security=auth.SECURITY)
    @blp.arguments(PreferencesIn)
    @blp.response(200, PreferencesOut)
    @problems(401, 422)
    def patch(self, body: dict[str, Any]) -> dict[str, Any]:
        """Change them: `daily_digest`, and/or `vacations` (replaces those under way or to come;
        each lasts at most 30 days, ends in the future and within 365 days, at most 5 at once;
        one under way keeps its start, and ends now if left out). Deadlines that run meanwhile
        move at once. A refusal is in your language, with the limits in `allowed`."""
        windows = body.get("vacations")
        return preferences.change(ctx(), auth.required().id, preferences.Change(
            daily_digest=body.get("daily_digest"), talk_mail=body.get("talk_mail"),
            vacations=None if windows is None else [(w["starts_at"], w["ends_at"])
                                                    for w in windows]))


@blp.route("/auth/magic-link")
class MagicLinkRequest(MethodView):
    @blp.arguments(MagicRequest)
    @blp.response(202)
    @problems(422, 429)
    def post(self, body: dict[str, Any]) -> tuple[str, int]:
        """Ask for a sign-in link by mail. The answer is the same whether or not the address is
        known, so it cannot be used to find out who plays here. Limited per client and per
        address asked for: 429 with Retry-After when too many were asked."""
        players.request_magic_link(ctx(), body["email"])
        return "", 202


@blp.route("/auth/session")
class Session(MethodView):
    @blp.arguments(MagicRedeem)
    @blp.response(201, SessionOut)
    @problems(401, 422)
    def post(self, body: dict[str, Any]) -> tuple[dict[str, Any], int]:
        """Exchange the ticket of a magic link (valid once, for a few days) for a session token."""
        player, token, expires = players.redeem_magic_ticket(ctx(), body["ticket"])
        return {"token": token, "expires_at": expires, "player": player.to_json()}, 201
