"""What can go wrong in a service call, as exceptions that carry their HTTP meaning.

Each has a `detail` a person can act on (what is wrong, and what is allowed) and an optional
`allowed` (JSON) for programs. The API turns them into `application/problem+json` responses; the
mail replies will turn them into sentences.
"""

from __future__ import annotations

from typing import Any

from domain.core.errors import RuleError


class ServiceError(Exception):
    status = 400
    slug = "bad-request"
    title = "Bad request"

    def __init__(self, detail: str, allowed: Any = None, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.allowed = allowed
        self.extra = extra


class Unreadable(ServiceError):
    """The body is not JSON the service reads (malformed, nested too deep, a giant number)."""

    status, slug, title = 400, "invalid-json", "The body is not valid JSON"


class Invalid(ServiceError):
    status, slug, title = 422, "invalid-request", "The request is not valid"


class Unauthorized(ServiceError):
    status, slug, title = 401, "unauthorized", "Authentication needed"


class Forbidden(ServiceError):
    status, slug, title = 403, "forbidden", "Not allowed"


class NotFound(ServiceError):
    status, slug, title = 404, "not-found", "Not found"


class Rejected(ServiceError):
    """The engine refused the command (a RuleError): illegal now, whatever happens meanwhile."""

    status, slug, title = 422, "illegal-command", "The command is not legal"

    @classmethod
    def of(cls, error: RuleError) -> Rejected:
        return cls(error.message, allowed=error.allowed)


class MovedOn(ServiceError):
    """The command was legal when read, but the game moved on meanwhile and now it is not."""

    status, slug, title = 409, "game-moved-on", "The game moved on"


class NotActive(ServiceError):
    status, slug, title = 409, "game-not-active", "The game is not in play"


class Conflict(ServiceError):
    status, slug, title = 409, "conflict", "Conflict"


class TooManyBotGames(ServiceError):
    """The creator already has as many games with bots in every seat in play as one may have."""

    status, slug, title = 409, "too-many-bot-games", "Too many games of bots only"


class Stale(ServiceError):
    """If-Match named a version that is no longer the game's."""

    status, slug, title = 412, "stale-version", "The game is no longer at that version"


class Busy(ServiceError):
    """Too many writers kept winning the race; nothing was stored, the client may retry."""

    status, slug, title = 409, "busy", "The game is too busy right now"
