"""Who is calling: a bearer token names a player; no token, a spectator."""

from __future__ import annotations

from flask import g, request

from service import players
from service.api.state import ctx
from service.errors import Unauthorized
from service.players import Player

SECURITY: list[dict[str, list[str]]] = [{"bearerAuth": []}]


def caller() -> Player | None:
    """The authenticated player, or None when no credentials were sent (a spectator).

    Credentials that are sent but wrong are refused, rather than silently treated as a spectator,
    so that a client with an expired token learns it.
    """
    if "pbem_player" in g:
        return g.pbem_player  # type: ignore[no-any-return]
    header = request.headers.get("Authorization")
    player = None
    if header is not None:
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Unauthorized.of("service.auth.scheme")
        player = players.authenticate(ctx(), token.strip())
        if player is None:
            raise Unauthorized.of("service.auth.invalid")
    g.pbem_player = player
    return player


def required() -> Player:
    player = caller()
    if player is None:
        raise Unauthorized.of("service.auth.needed")
    return player
