"""Starting a game in tests as players do: the creator creates it, every invited player accepts
(the last acceptance starts it). `"start": true` cannot skip them (service/lobby.py)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from service import db, lobby, players
from service.context import Context
from service.tables import seats


def accept_all(ctx: Context, game_id: str) -> None:
    """Each invited player accepts their seat, in seat order."""
    with db.read(ctx.engine) as conn:
        waiting = [players.get(conn, pid) for pid in conn.execute(
            select(seats.c.player_id).where(seats.c.game_id == game_id,
                                            seats.c.accepted_at.is_(None))
            .order_by(seats.c.seat)).scalars()]
    for player in waiting:
        assert player is not None
        lobby.accept(ctx, game_id, player)


def started_game(ctx: Context, creator: Any, **create: Any) -> str:
    """`lobby.create(ctx, creator, **create)`, then everyone accepts: a started game's id."""
    game_id = lobby.create(ctx, creator, **create).game_id
    accept_all(ctx, game_id)
    return game_id


def accept_over_http(clients: list[Any], game_id: str) -> None:
    """Each client (a seated player's HTTP client) accepts; the creator's acceptance is a no-op."""
    for client in clients:
        r = client.post(f"/api/games/{game_id}/accept")
        assert r.status_code == 200, r.get_json()
