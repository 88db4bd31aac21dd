"""The web board: server-rendered pages (Flask + Jinja) to sign in, see the games and play them.

`init_app(app)` adds the pages to the API's Flask app: the blueprint, CSRF protection on the web
forms only (the API uses bearer tokens, not cookies), secure session cookies and the sign-in rate
limits. Pages show only what the game module's `view`, `redact` and `describe` give the viewer.
"""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import urlsplit

from flask import Flask
from flask_wtf.csrf import CSRFProtect
from jinja2.bccache import Bucket, BytecodeCache

from service.context import Context
from service.web import ratelimit


def secure_cookies(base_url: str) -> bool:
    """Cookies are `Secure` unless the service is reached over plain http. A browser never
    sends a Secure cookie over http, so on an http address (this machine, or the address in the
    local network that `pbem serve` puts in links) nobody could stay signed in."""
    return urlsplit(base_url).scheme.lower() != "http"


class SharedBytecode(BytecodeCache):
    """The pages' templates compiled once per process, not once per app.

    Each Flask app has its own Jinja environment, which compiles every template again (a game
    page's dozen templates: about 40 ms). A process makes one app — except the test suite, which
    makes one per test and spent a fifth of its web tests compiling. Jinja keys each entry by the
    template's name and a checksum of its source, so an edited template is compiled anew; every
    app's environment has the same options (Flask's), which the compiled code depends on."""

    def __init__(self) -> None:
        self._compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if (data := self._compiled.get(bucket.key)) is not None:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._compiled[bucket.key] = bucket.bytecode_to_string()


COMPILED = SharedBytecode()


def init_app(app: Flask, service: Context) -> None:
    # Each page family adds its pages to the one blueprint (service/web/common.py) when imported.
    from service.web import (  # noqa: F401
        auth,
        boards,
        chat,
        common,
        create,
        games,
        meet,
        people,
        play,
        record,
        seating,
        site,
        table,
    )

    app.jinja_env.bytecode_cache = COMPILED
    settings = service.settings
    app.config.update(  # Flask has its own defaults for these: set them, not setdefault
        SECRET_KEY=app.config.get("SECRET_KEY") or settings.secret_key,
        SESSION_COOKIE_NAME="pbem_session",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=secure_cookies(settings.base_url),
        PERMANENT_SESSION_LIFETIME=timedelta(seconds=settings.session_max_age),
    )
    # CSRF: checked by the web blueprint itself (site.py, common.check_csrf), never on the bearer-token API.
    app.config.setdefault("WTF_CSRF_CHECK_DEFAULT", False)
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)  # the token lives as long as the session
    app.config.setdefault("WTF_CSRF_SSL_STRICT", True)
    csrf = CSRFProtect(app)
    app.extensions["pbem_web"] = {"csrf": csrf}
    app.register_blueprint(common.blp)
    # Sign-in requests per client and per address asked for, invitations (service/web/ratelimit.py).
    app.extensions["pbem_web"]["limiter"] = ratelimit.init_app(app, service, common.blp.name)
