"""Driving games through the service for the audit tests."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from domain.core.commands import Command
from domain.core.events import Event
from service import commands, db, lobby, players, records, states
from service.store import Source
from tests.service.seating import started_game


def new_game(ctx: Any, monkeypatch: Any, *, seats: int = 3, seed: str = "audit-seed",
             game: str = "el-grande", options: dict[str, Any] | None = None,
             setup: dict[str, Any] | None = None) -> str:
    """A started game whose seed is `seed` (the lobby draws it otherwise)."""
    import secrets

    monkeypatch.setattr(lobby, "secrets", SimpleNamespace(token_hex=lambda n: seed,
                                                          choice=secrets.choice))
    creator, _ = players.add(ctx, "p0@example.com", name="Ann")
    for i in range(1, seats):
        players.add(ctx, f"p{i}@example.com", name=f"P{i}")
    emails = [f"p{i}@example.com" for i in range(seats)]
    return started_game(ctx, creator, game=game, emails=emails, options=options, setup=setup)


def state(ctx: Any, gid: str) -> Any:
    module = ctx.games[_game_of(ctx, gid)]
    return states.load(ctx.engine, None, gid, module)[1]


def _game_of(ctx: Any, gid: str) -> str:
    from sqlalchemy import select

    from service.tables import games

    with db.read(ctx.engine) as conn:
        return conn.execute(select(games.c.game).where(games.c.id == gid)).scalar_one()


def rows(ctx: Any, gid: str) -> list[records.Row]:
    with db.read(ctx.engine) as conn:
        return records.read_rows(conn, gid)


def events_of(ctx: Any, gid: str, first: int, last: int | None = None) -> list[Event]:
    module = ctx.games[_game_of(ctx, gid)]
    return [r.event(module) for r in rows(ctx, gid) if r.seq >= first
            and (last is None or r.seq <= last)]


def pending_human(module: Any, s: Any) -> list[Any]:
    return [d for d in module.pending(s) if d.seat is not None]


def random_command(module: Any, s: Any, rng: random.Random) -> Command:
    decision = rng.choice(pending_human(module, s))
    return module.sample_command(s, decision, rng)


def play(ctx: Any, gid: str, command: Command, source: Source | None = None) -> commands.Outcome:
    return commands.handle(gid, command.seat, command, source or Source("api"), ctx=ctx)
