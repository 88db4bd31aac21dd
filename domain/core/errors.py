"""Rule errors: a refused command, with what was wrong and what is allowed."""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """Raised by `decide` when a command is not legal now. Nothing changes when it is raised.

    `message` says what was wrong; `allowed` (optional, JSON-able) says what would have been legal,
    so the API, the mail replies and the web form can show it.
    """

    def __init__(self, message: str, allowed: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.allowed = allowed

    def __str__(self) -> str:
        return self.message
