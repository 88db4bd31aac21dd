"""The service context of the running app."""

from __future__ import annotations

from flask import current_app

from service.context import Context


def ctx() -> Context:
    return current_app.extensions["pbem"]  # type: ignore[no-any-return]
