"""Per-client rate limits (flask-limiter) on the requests that make the service send mail, and the
answer every 429 gets.

Limited: asking for a sign-in link (the web form and `POST /api/auth/magic-link` share one count
per client IP, scope "sign-in"), using one (web), and creating a game (`POST /api/games`: its
invitations, counted per inviting player at one per invited person, and only when the game was
created). Every other request skips the limiter altogether: its bookkeeping is a measurable share
of an API call's time.

Storage: memory (each process counts alone) unless `PBEM_RATELIMIT_STORAGE` or `PBEM_REDIS_URL`
names a Redis, which every process then shares. The per-address limits do not depend on it: they
are counted in the database (service/limits.py).

A 429 says when to come back (`Retry-After`, and `retry_after` in the problem) in the reader's
language: the signed-in player's, else the request's Accept-Language — never that of the address a
sign-in link was asked for, which would tell that the address is a player's.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from flask import Flask, Response, g, request
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address

from service import limits
from service.context import Context
from service.errors import ServiceError
from service.limits import SendLimited

REDEEM_LIMITS = "20 per minute"  # using a sign-in link (a valid ticket is needed anyway)
SIGN_IN_ENDPOINTS = ("web.sign_in_post", "account.MagicLinkRequest")
GAMES_ENDPOINT = "games.Games"
WEB_CREATE_ENDPOINT = "web.new_game_post"
"""The create-game page's form: its invitations count with the API's, per inviting player."""


def init_app(app: Flask, service: Context, web_blueprint: str) -> Limiter:
    settings = service.settings
    app.config.setdefault("RATELIMIT_STORAGE_URI", settings.ratelimit_storage)
    app.config.setdefault("RATELIMIT_KEY_PREFIX", "pbem")
    # Retry-After is set by the 429 answers below; the limiter's own headers would put one on
    # every successful answer of a limited route too.
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", False)
    limiter = Limiter(get_remote_address, app=app, default_limits=[])
    limited_api = {*SIGN_IN_ENDPOINTS, GAMES_ENDPOINT}
    limiter.request_filter(lambda: request.blueprint != web_blueprint and not (
        request.method == "POST" and request.endpoint in limited_api))

    def wrap(endpoint: str, decorate: Callable[[Any], Any]) -> None:
        app.view_functions[endpoint] = decorate(app.view_functions[endpoint])

    if limits.rules(settings.sign_in_client_limits):
        sign_in = limiter.shared_limit(settings.sign_in_client_limits, scope="sign-in",
                                       methods=["POST"])
        for endpoint in SIGN_IN_ENDPOINTS:
            wrap(endpoint, sign_in)
    wrap("web.redeem_post", limiter.limit(REDEEM_LIMITS, methods=["POST"]))
    if limits.rules(settings.invite_client_limits):
        invites = limiter.shared_limit(
            settings.invite_client_limits, scope="invitations", methods=["POST"],
            key_func=inviter_key, cost=invitations, exempt_when=lambda: invitations() == 0,
            deduct_when=created)
        wrap(GAMES_ENDPOINT, invites)
        wrap(WEB_CREATE_ENDPOINT, invites)
    app.register_error_handler(RateLimitExceeded, _limited_problem)
    app.register_error_handler(SendLimited, _send_limited_problem)
    return limiter


def _inviter() -> Any:
    """Who creates the game: the web page's signed-in player, else the API's bearer."""
    from service.api import auth

    if request.endpoint == WEB_CREATE_ENDPOINT:
        return g.get("web_player")
    try:
        return auth.caller()
    except ServiceError:
        return None


def inviter_key() -> str:
    """Invitations are counted per inviting player, on the API and the web page alike (their IP
    when the token is not valid: the request is refused with 401 anyway)."""
    player = _inviter()
    return f"player:{player.id}" if player is not None else get_remote_address()


def invitations() -> int:
    """How many people a game creation would invite: its seats given as addresses, except the
    creator's own (bot seats are never mailed)."""
    seats: Any
    if request.endpoint == WEB_CREATE_ENDPOINT:  # the page's rows: `seat.N.kind` = "email"
        form = request.form
        seats = [form.get(f"seat.{n[5:-5]}.email", "") for n, kind in form.items()
                 if n.startswith("seat.") and n.endswith(".kind") and kind == "email"]
    else:
        body = request.get_json(silent=True)
        seats = body.get("seats") if isinstance(body, dict) else None
    if not isinstance(seats, list):
        return 0
    player = _inviter()
    mine = player.email if player is not None else None
    return sum(1 for s in seats if isinstance(s, str) and s.strip().lower() != mine)


def created(response: Response) -> bool:
    """A game was created: the API's 201, the page's redirect to the new game."""
    return response.status_code == 201 or (request.endpoint == WEB_CREATE_ENDPOINT
                                           and response.status_code == 302)


# --- the answers -----------------------------------------------------------------------------


def reader_language() -> str:
    from service.web import i18n

    player = g.get("pbem_player") or g.get("web_player")
    if player is not None and player.language in i18n.LANGUAGES:
        return str(player.language)
    return i18n.best_language(request.accept_languages)


def breach_wait() -> int:
    """Seconds until the breached per-client window lets a request through again."""
    from flask import current_app

    limiter = current_app.extensions["pbem_web"]["limiter"]
    current = limiter.current_limit
    return max(1, int(current.reset_at - time.time()) + 1) if current is not None else 60


def message(scope: str, wait: int, lang: str, address: str | None = None) -> str:
    from service.web import i18n

    key = {limits.SIGN_IN: "limit.sign_in", limits.INVITE: "limit.invitee"}.get(scope,
                                                                                "limit.inviter")
    return i18n.t(key, lang, wait=limits.wait_text(wait), email=address or "")


def _problem(detail: str, wait: int) -> Response:
    from service.api.problems import problem

    return problem(429, "too-many-requests", "Too many requests", detail,
                   headers={"Retry-After": str(wait)}, retry_after=wait)


def _limited_problem(error: RateLimitExceeded) -> Response:
    wait = breach_wait()
    scope = limits.SIGN_IN if request.endpoint in SIGN_IN_ENDPOINTS else "inviter"
    return _problem(message(scope, wait, reader_language()), wait)


def _send_limited_problem(error: SendLimited) -> Response:
    return _problem(message(error.scope, error.retry_after, reader_language(), error.address),
                    error.retry_after)
