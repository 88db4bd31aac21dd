"""What every page of the site has: the reader signed in from the session, CSRF on posted
forms, the security headers, the words and names templates use, the error pages (in the reader's
language, JSON under /api), the favicon.
"""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, g, redirect, render_template, request, session, url_for
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as BaseResponse

from service import limits, players
from service.api.state import ctx
from service.errors import ServiceError
from service.limits import SendLimited
from service.web import i18n, ratelimit
from service.web.common import blp, check_csrf, lang, me, said


@blp.before_app_request
def _who() -> None:
    g.web_player = None
    token = session.get("token")
    if isinstance(token, str) and token:
        g.web_player = players.authenticate(ctx(), token)
        if g.web_player is None:
            session.pop("token", None)


@blp.before_request
def _protect() -> None:
    if request.method in ("POST", "PUT", "PATCH", "DELETE"):
        check_csrf()


@blp.after_request
def _headers(response: Response) -> Response:
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.headers.setdefault("X-Frame-Options", "DENY")
    if me() is not None or request.path.startswith("/login"):
        response.headers.setdefault("Cache-Control", "private, no-store")
    response.vary.add("Cookie")
    return response


@blp.app_context_processor
def _helpers() -> dict[str, Any]:
    language = lang() if request else "en"

    def t(key: str, **params: Any) -> str:
        return i18n.t(key, language, **params)

    return {
        "t": t, "lang": language, "me": me(), "languages": i18n.LANGUAGE_NAMES,
        # The site's name (PBEM_SITE_NAME): it hosts every game, so it names none of them.
        "site_name": ctx().settings.site(language),
    }


@blp.app_errorhandler(CSRFError)
def _csrf_error(error: CSRFError) -> tuple[str, int]:
    return render_template("web/error.html", message=i18n.t("error.csrf", lang())), 400


@blp.errorhandler(429)
def _too_many(error: Exception) -> tuple[str, int, dict[str, str]]:
    """A per-client limit (flask-limiter) on asking for or using sign-in links."""
    wait = ratelimit.breach_wait()
    if request.endpoint == ratelimit.WEB_CREATE_ENDPOINT:  # too many invitations sent
        from service.web import create

        return create.too_many(wait)
    message = ratelimit.message(limits.SIGN_IN, wait, lang())
    return render_template("web/sign_in.html", error=message), 429, {"Retry-After": str(wait)}


def too_many(error: SendLimited) -> tuple[str, int, dict[str, str]]:
    """The per-address limit on sign-in links (service/limits.py)."""
    message = ratelimit.message(error.scope, error.retry_after, lang())
    return (render_template("web/sign_in.html", error=message), 429,
            {"Retry-After": str(error.retry_after)})


@blp.errorhandler(ServiceError)
def _service_error(error: ServiceError) -> tuple[str, int]:
    message = i18n.t("error.not_found", lang()) if error.status == 404 else said(error)
    return render_template("web/error.html", message=message), error.status


@blp.errorhandler(HTTPException)
def _http_error(error: HTTPException) -> Any:
    if error.code is None:
        return error
    message = i18n.t("error.not_found", lang()) if error.code == 404 else error.description
    return render_template("web/error.html", message=message), error.code


@blp.app_errorhandler(404)
def _not_found_anywhere(error: HTTPException) -> Any:
    """An unknown address outside the API is a page a person typed or followed: the HTML error
    page in their language, not the API's JSON problem."""
    if request.path.startswith("/api") or request.accept_mimetypes.best == "application/json":
        return current_app.extensions["pbem_api"].handle_http_exception(error)
    return render_template("web/error.html", message=i18n.t("error.not_found", lang())), 404


@blp.app_errorhandler(405)
def _not_allowed_anywhere(error: HTTPException) -> Any:
    if request.path.startswith("/api") or request.accept_mimetypes.best == "application/json":
        return current_app.extensions["pbem_api"].handle_http_exception(error)
    return render_template("web/error.html", message=error.description), 405


@blp.get("/favicon.ico")
def favicon() -> BaseResponse:
    """Browsers ask for it at the root: the icon is the blueprint's static SVG."""
    return redirect(url_for("web.static", filename="favicon.svg"), code=301)
