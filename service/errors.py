"""What can go wrong in a service call, as exceptions that carry their HTTP meaning.

Each says what is wrong and what is allowed as a message key and its parameters (`key`,
`params`: a `service.…` key of `service/i18n.py`, or the game's refusal it carries), rendered for
whoever reads it — `render(lang, names)`, in their language with the players' names — and `detail`,
the English sentence (logs, programs that want a line); `allowed` (JSON) is for programs. The API
turns them into `application/problem+json` responses, the mail replies and the web pages into
sentences in the player's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.core import errors
from domain.core.errors import RuleError
from service import i18n as _i18n  # noqa: F401 (registers the service's refusals)


class ServiceError(Exception):
    status = 400
    slug = "bad-request"
    title = "Bad request"

    def __init__(self, detail: str | None = None, allowed: Any = None, *,
                 key: str | None = None, params: dict[str, Any] | None = None,
                 rule: RuleError | None = None, **extra: Any) -> None:
        self.key = key
        self.params = dict(params or {})
        self.rule = rule
        self.detail = detail if detail is not None else self.render("en")
        super().__init__(self.detail)
        self.allowed = allowed
        self.extra = extra

    @classmethod
    def of(cls, key: str | RuleError, *, allowed: Any = None, extra: dict[str, Any] | None = None,
           **params: Any) -> ServiceError:
        """The error for a message key and its parameters, or carrying a game's refusal."""
        if isinstance(key, RuleError):
            return cls(key=key.key, params=key.params, rule=key,
                       allowed=key.allowed if allowed is None else allowed, **(extra or {}))
        return cls(key=key, params=params, allowed=allowed, **(extra or {}))

    def render(self, lang: str = "en", names: Sequence[str] = ()) -> str:
        """What a player reads: in `lang`, seats as the players' `names`."""
        if self.rule is not None:
            return self.rule.render(lang, names)
        if self.key is not None:
            return errors.render(self.key, self.params, lang, names)
        return self.detail

    def to_json(self) -> dict[str, Any]:
        """The machine-readable part of a problem: its key and parameters (when it has a key)."""
        return {"key": self.key, "params": self.params} if self.key is not None else {}


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
