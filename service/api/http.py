"""HTTP details: ETags and conditional requests, documented problem responses, NUL checks, and
JSON bodies read within bounds."""

from __future__ import annotations

import json as std_json
import sys
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Response, json, request

from service import progress
from service.api.problems import PROBLEM, ProblemSchema
from service.errors import Invalid, Unreadable
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
    409: "The game moved on (the command is no longer legal) or is not in play; or, creating "
         "a game of bots only, you have as many of them in play as one may",
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


MAX_JSON_DEPTH = 32
"""How deeply a client's JSON may nest. The deepest real body (a set-up's stacks, a move list)
nests 3 levels; Python's parser would recurse until RecursionError on a few thousand."""


def read_json(text: str | bytes) -> Any:
    """A client's JSON, or ValueError saying what is wrong with it in words a client can act on:
    malformed, nested deeper than MAX_JSON_DEPTH, or a number longer than Python converts
    (`sys.get_int_max_str_digits()`: a 5,000-digit integer is refused by int() itself)."""
    try:
        value = std_json.loads(text)
    except RecursionError:
        raise ValueError(f"it nests deeper than {MAX_JSON_DEPTH} levels") from None
    except std_json.JSONDecodeError as error:
        raise ValueError(f"{error.msg} (line {error.lineno}, column {error.colno})") from None
    except UnicodeDecodeError:
        raise ValueError("it is not UTF-8 text") from None
    except ValueError:
        raise ValueError(f"a number in it has more than {sys.get_int_max_str_digits()} "
                         "digits") from None
    if _depth(value) > MAX_JSON_DEPTH:
        raise ValueError(f"it nests deeper than {MAX_JSON_DEPTH} levels")
    return value


def _depth(value: Any) -> int:
    """How deeply `value` nests (a scalar: 0), without recursing."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        node, level = todo.pop()
        children = node.values() if isinstance(node, dict) else node \
            if isinstance(node, list) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        if level <= MAX_JSON_DEPTH:
            todo.extend((child, level + 1) for child in children)
    return deepest


def check_json_body() -> None:
    """Refuse a JSON request body the API cannot read, before any view parses it (400).

    Runs for every request (`before_request`): the views' parser (webargs) knows only malformed
    JSON, and a body nested thousands deep or with a 5,000-digit number made it raise something
    else (a 500). An empty body is left to the view, which says which fields are required."""
    if not request.is_json:
        return
    data = request.get_data(cache=True)
    if not data:
        return
    try:
        read_json(data)
    except ValueError as error:
        raise Unreadable(f"The request body is not JSON the API can read: {error}. Send a JSON "
                         f"object nested at most {MAX_JSON_DEPTH} levels deep.") from None
