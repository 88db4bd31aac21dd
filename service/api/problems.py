"""Every error as `application/problem+json` (RFC 9457): type, title, status, and a `detail` that
says what is wrong and what is allowed, in the reader's language (the authenticated player's, else
Accept-Language) with the players named; `key` and `params` say the same for programs, stable
whatever the language, and `allowed` carries the legal options."""

from __future__ import annotations

import logging
from typing import Any, ClassVar

import marshmallow as ma
from flask import Response, current_app, json
from flask_smorest import Api
from sqlalchemy import exc as sa_exc
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from domain.core.errors import RuleError
from service.errors import Rejected, ServiceError
from service.i18n import field_error, t

log = logging.getLogger(__name__)

PROBLEM = "application/problem+json"
TYPE_BASE = "https://pbem.example/problems/"


class ProblemSchema(ma.Schema):
    type = ma.fields.String(metadata={"description": "A URI naming the kind of problem"})
    title = ma.fields.String()
    status = ma.fields.Integer()
    detail = ma.fields.String(metadata={"description": "What is wrong, and what is allowed, in "
                                                     "the caller's language"})
    key = ma.fields.String(metadata={"description": "The refusal's message key (stable)"})
    params = ma.fields.Dict(metadata={"description": "The message key's parameters (seats as "
                                                     "seat numbers, places and cards as ids)"})
    allowed = ma.fields.Raw(allow_none=True,
                            metadata={"description": "What would have been legal, if known"})
    errors = ma.fields.Dict(metadata={"description": "Field by field validation errors"})
    version = ma.fields.Integer(metadata={"description": "The game's current version"})


def problem(status: int, slug: str, title: str, detail: str, *, allowed: Any = None,
            headers: dict[str, str] | None = None, **extra: Any) -> Response:
    body: dict[str, Any] = {"type": TYPE_BASE + slug, "title": title, "status": status,
                            "detail": detail}
    if allowed is not None:
        body["allowed"] = allowed
    body.update({k: v for k, v in extra.items() if v is not None})
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def reader() -> tuple[str, list[str]]:
    """Who reads a problem: their language (the authenticated player's, else the request's
    Accept-Language) and the names of the game's players (when the request is about a game)."""
    from flask import g, request

    from domain.core.i18n import LANGUAGES
    from service import queries
    from service.api.state import ctx
    from service.i18n import best_language

    player = g.get("pbem_player")
    lang = player.language if player is not None and player.language in LANGUAGES \
        else best_language(request.accept_languages)
    game_id = (request.view_args or {}).get("game_id")
    names: list[str] = []
    if isinstance(game_id, str):
        try:
            names = [s["name"] for s in queries.header(ctx(), game_id, None).seats]
        except Exception:  # no such game, or the database is away: the refusal says it anyway
            names = []
    return lang, names


def _reader_language() -> str:
    """The caller's language (their own, else their browser's), without the game's names."""
    from flask import g, request

    from domain.core.i18n import LANGUAGES
    from service.api import auth
    from service.i18n import best_language

    try:  # the body is checked before the view asks who calls: ask now
        player = g.get("pbem_player") or auth.caller()
    except Exception:  # wrong credentials, the database away: the browser's language
        player = None
    if player is not None and player.language in LANGUAGES:
        return str(player.language)
    return best_language(request.accept_languages)


def from_service_error(error: ServiceError) -> Response:
    headers = {"WWW-Authenticate": 'Bearer realm="pbem"'} if error.status == 401 else None
    lang, names = reader() if error.key is not None or error.rule is not None else ("en", [])
    return problem(error.status, error.slug, error.title, error.render(lang, names),
                   allowed=error.allowed, headers=headers, **error.to_json(), **error.extra)


def _describe_field_errors(messages: Any, prefix: str = "", lang: str = "en") -> list[str]:
    out: list[str] = []
    if isinstance(messages, dict):
        for key, value in messages.items():
            if key in ("json", "query", "headers", "path", "form") and not prefix:
                out += _describe_field_errors(value, "", lang)
            else:
                out += _describe_field_errors(value, f"{prefix}.{key}" if prefix else str(key),
                                              lang)
    elif isinstance(messages, list):
        texts = [field_error(m, lang) for m in messages if isinstance(m, str)]
        if texts:
            colon = " : " if lang == "fr" else ": "
            out.append(f"{prefix or 'body'}{colon}{' '.join(texts)}")
        for m in messages:
            if not isinstance(m, str):
                out += _describe_field_errors(m, prefix, lang)
    else:
        out.append(f"{prefix or 'body'}: {messages}")
    return out


class ProblemApi(Api):
    """flask-smorest's Api with problem+json errors (documented and sent), and its OpenAPI
    document built once per process and configuration.

    The document depends on the code and the app's configuration only, yet flask-smorest builds
    it again for every app (every view's schemas through apispec: about 0.15 s, more than the
    rest of `create_app`). A process that makes many apps — the test suite makes one per test —
    builds it once; the apps after the first register their blueprints without it and serve the
    first one's document (`finish` keeps it)."""

    ERROR_SCHEMA = ProblemSchema
    _documents: ClassVar[dict[str, dict[str, Any]]] = {}

    def __init__(self, app: Any, *, spec_kwargs: dict[str, Any] | None = None) -> None:
        self._key = json.dumps([{k: v for k, v in app.config.items()
                                 if k.startswith(("API_", "OPENAPI_"))}, spec_kwargs or {}],
                               sort_keys=True, default=repr)
        self._document = self._documents.get(self._key)
        super().__init__(app, spec_kwargs=spec_kwargs)

    def register_blueprint(self, blp: Any, *, parameters: Any = None, **options: Any) -> None:
        if self._document is None:  # the first app of its configuration: the document is built
            super().register_blueprint(blp, parameters=parameters, **options)
            return
        self._app.extensions["flask-smorest"]["blp_name_to_api"][options.get("name", blp.name)] \
            = self
        self._app.register_blueprint(blp, **options)

    def finish(self) -> None:
        """Every blueprint is registered: keep the document for the next app of this
        configuration."""
        if self._document is None:
            self._document = self._documents[self._key] = self.spec.to_dict()

    def _openapi_json(self) -> Response:
        document = self._document if self._document is not None else self.spec.to_dict()
        return current_app.response_class(json.dumps(document, indent=2, sort_keys=False),
                                          mimetype="application/json")

    def handle_http_exception(self, error: HTTPException) -> Response:
        data = getattr(error, "data", None) or {}
        messages = data.get("errors") or data.get("messages")
        code = error.code or 500
        if messages:
            lang = _reader_language()
            lines = _describe_field_errors(messages, lang=lang)
            colon, semi = (" : ", " ; ") if lang == "fr" else (": ", "; ")
            detail = t("field.lead", lang) + colon + semi.join(lines).rstrip(".") + "."
            return problem(code, "invalid-request", "The request is not valid", detail,
                           errors=messages)
        slug = (error.name or "error").lower().replace(" ", "-")
        detail = data.get("message") or error.description or error.name
        if code == 413:
            limit = current_app.config.get("MAX_CONTENT_LENGTH") or 0
            detail = f"The request body is larger than the {limit // 1024} KiB this service accepts."
        response = problem(code, slug, error.name or "Error", str(detail),
                           headers=dict(data.get("headers") or {}))
        if isinstance(error, MethodNotAllowed) and error.valid_methods:
            response.headers["Allow"] = ", ".join(error.valid_methods)
        return response


RETRY_AFTER = 30
"""Seconds a client should wait after a 503 (a database restart or fail-over takes about that)."""


def database_unavailable(error: BaseException) -> bool:
    """Whether `error` says the database cannot be reached or used right now (a server down or
    restarting, a connection dropped, the pool exhausted, SQLite unable to open or locked): the
    client should retry later (503), it is not a bug in the request or in the service."""
    if isinstance(error, sa_exc.OperationalError | sa_exc.InterfaceError | sa_exc.TimeoutError):
        return True
    return isinstance(error, sa_exc.DBAPIError) and error.connection_invalidated


def register(app: Any) -> None:
    @app.errorhandler(ServiceError)
    def _service_error(error: ServiceError) -> Response:
        return from_service_error(error)

    @app.errorhandler(RuleError)
    def _rule_error(error: RuleError) -> Response:
        return from_service_error(Rejected.of(error))

    @app.errorhandler(Exception)
    def _unexpected(error: Exception) -> Response:
        if isinstance(error, HTTPException):
            api: ProblemApi = app.extensions["pbem_api"]
            return api.handle_http_exception(error)
        if database_unavailable(error):
            log.warning("database unavailable: %s", error)
            return problem(503, "unavailable", "The service is unavailable",
                           "The game service cannot reach its database just now. Try again in a "
                           "minute; a command sent with an Idempotency-Key is safe to repeat.",
                           headers={"Retry-After": str(RETRY_AFTER)})
        log.exception("unhandled error")
        return problem(500, "internal-error", "Internal error",
                       "Something went wrong on our side; nothing you sent was stored unless the "
                       "game's version moved.")
