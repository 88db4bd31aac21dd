"""HTTP details: ETags and conditional requests, documented problem responses, NUL checks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import Response, json, request

from service import progress
from service.api.problems import PROBLEM, ProblemSchema
from service.errors import Invalid
from service.queries import Header

F = TypeVar("F", bound=Callable[..., Any])


def etag(head: Header, version: int | None = None) -> str:
    """A game's ETag is its version; before the start, the number of acceptances tells apart."""
    if head.status == progress.INVITED:
        return f'"0-{sum(1 for s in head.seats if s["accepted"])}"'
    return f'"{head.version if version is None else version}"'


def _tags(header: str) -> list[str]:
    return [t.strip().removeprefix("W/") for t in header.split(",") if t.strip()]


def not_modified(tag: str) -> bool:
    sent = request.headers.get("If-None-Match")
    return sent is not None and (sent.strip() == "*" or tag in _tags(sent)
                                 or tag.strip('"') in _tags(sent))


def if_match_version() -> int | None:
    """The version named by If-Match ('"12"' or 12), None when absent or '*'."""
    sent = request.headers.get("If-Match")
    if sent is None or sent.strip() == "*":
        return None
    value = sent.strip().removeprefix("W/").strip('"')
    if not value.isdigit() or len(value) > 9:
        raise Invalid("If-Match must be a game version as its ETag gives it, e.g. \"12\".")
    return int(value)


def json_with_etag(body: Any, tag: str) -> Response:
    response = Response(json.dumps(body), mimetype="application/json")
    response.headers["ETag"] = tag
    response.headers["Vary"] = "Authorization"
    return response


def problems_for(blp: Any) -> Callable[..., Callable[[F], F]]:
    """A decorator documenting the problem responses an operation of `blp` may give."""

    def problems(*codes: int) -> Callable[[F], F]:
        def deco(fn: F) -> F:
            for code in codes:
                fn = blp.alt_response(code, schema=ProblemSchema, content_type=PROBLEM,
                                      description=_WHY.get(code, ""))(fn)
            return fn

        return deco

    return problems


_WHY = {
    401: "Missing or invalid bearer token",
    403: "Not your seat, or not yours to do",
    404: "No such game",
    409: "The game moved on (the command is no longer legal) or is not in play",
    412: "If-Match names a version the game has left",
    422: "Not valid or not legal: `detail` says why and `allowed` what is",
    429: "Too many mails asked for (sign-in links, invitations): retry after `Retry-After` s",
}


def no_nul(value: Any) -> None:
    """Refuse text with NUL characters anywhere (PostgreSQL cannot store them)."""
    if isinstance(value, str):
        if "\x00" in value:
            raise Invalid("Text may not contain NUL characters.")
    elif isinstance(value, dict):
        for k, v in value.items():
            no_nul(k)
            no_nul(v)
    elif isinstance(value, list | tuple):
        for v in value:
            no_nul(v)
