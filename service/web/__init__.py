"""The web board: server-rendered pages (Flask + Jinja) to sign in, see the games and play them.

`init_app(app)` adds the pages to the API's Flask app: the blueprint, CSRF protection on the web
forms only (the API uses bearer tokens, not cookies), secure session cookies and the sign-in rate
limits. Pages show only what the game module's `view`, `redact` and `describe` give the viewer.
"""

from __future__ import annotations

import os
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFProtect

from service.context import Context

SIGN_IN_LIMITS = "5 per minute;30 per hour"  # asking for links, per address
REDEEM_LIMITS = "20 per minute"  # using a link (a valid ticket is needed anyway)
SIGN_IN_PER_EMAIL = "3 per 10 minutes;10 per day"


def secure_cookies(base_url: str) -> bool:
    """Cookies are `Secure` unless the service is reached over plain http. A browser never
    sends a Secure cookie over http, so on an http address (this machine, or the address in the
    local network that `pbem serve` puts in links) nobody could stay signed in."""
    return urlsplit(base_url).scheme.lower() != "http"


def init_app(app: Flask, service: Context) -> None:
    from service.web import views

    settings = service.settings
    app.config.update(  # Flask has its own defaults for these: set them, not setdefault
        SECRET_KEY=app.config.get("SECRET_KEY") or settings.secret_key,
        SESSION_COOKIE_NAME="pbem_session",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=secure_cookies(settings.base_url),
        PERMANENT_SESSION_LIFETIME=timedelta(seconds=settings.session_max_age),
    )
    # CSRF: checked by the web blueprint itself (views.check_csrf), never on the bearer-token API.
    app.config.setdefault("WTF_CSRF_CHECK_DEFAULT", False)
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)  # the token lives as long as the session
    app.config.setdefault("WTF_CSRF_SSL_STRICT", True)
    storage = os.environ.get("PBEM_RATELIMIT_STORAGE") or os.environ.get("PBEM_REDIS_URL")
    app.config.setdefault("RATELIMIT_STORAGE_URI", storage or "memory://")
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)
    csrf = CSRFProtect(app)
    limiter = Limiter(get_remote_address, app=app, default_limits=[])
    # Only the web pages have limits (below): every other request skips the limiter's
    # per-request bookkeeping, a measurable share of an API call's time.
    limiter.request_filter(lambda: request.blueprint != views.blp.name)
    app.extensions["pbem_web"] = {"csrf": csrf, "limiter": limiter}
    app.register_blueprint(views.blp)
    # Sign-in requests: per address, and per email asked for (so nobody floods one inbox).
    for endpoint in ("web.sign_in_post",):
        view: Any = app.view_functions[endpoint]
        view = limiter.limit(SIGN_IN_LIMITS, methods=["POST"])(view)
        view = limiter.limit(SIGN_IN_PER_EMAIL, methods=["POST"], key_func=views.email_key)(view)
        app.view_functions[endpoint] = view
    app.view_functions["web.redeem_post"] = limiter.limit(REDEEM_LIMITS, methods=["POST"])(
        app.view_functions["web.redeem_post"])
