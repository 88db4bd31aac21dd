"""A game's timing settings and a player's mail preferences (the API's small part of issue 4)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, insert, select, update

from service import db
from service.context import Context
from service.errors import Invalid
from service.tables import players, vacations
from workers import schedule
from workers.clock import aware

MAX_VACATIONS = 20
MAX_VACATION = timedelta(days=366)
EARLIEST, LATEST = datetime(2000, 1, 1, tzinfo=UTC), datetime(2200, 1, 1, tzinfo=UTC)


def configure_game(ctx: Context, game_id: str, turn_hours: int | None,
                   timeout_policy: str | None) -> None:
    try:
        with db.write(ctx.engine) as conn:
            schedule.configure_game(conn, game_id, turn_hours=turn_hours,
                                    timeout_policy=timeout_policy)
    except ValueError as error:
        raise Invalid(str(error)) from None


def get(ctx: Context, player_id: int) -> dict[str, Any]:
    with db.read(ctx.engine) as conn:
        digest = conn.execute(select(players.c.daily_digest)
                              .where(players.c.id == player_id)).scalar_one()
        windows = conn.execute(select(vacations.c.starts_at, vacations.c.ends_at)
                               .where(vacations.c.player_id == player_id)
                               .order_by(vacations.c.starts_at)).all()
    return {"daily_digest": bool(digest),
            "vacations": [{"starts_at": aware(w.starts_at), "ends_at": aware(w.ends_at)}
                          for w in windows]}


def update_player(ctx: Context, player_id: int, *, daily_digest: bool | None = None,
                  vacations_: Sequence[dict[str, datetime]] | None = None) -> dict[str, Any]:
    """Set the digest switch and/or replace the vacation windows; open deadlines follow."""
    windows = None
    if vacations_ is not None:
        if len(vacations_) > MAX_VACATIONS:
            raise Invalid(f"At most {MAX_VACATIONS} vacation windows.")
        windows = []
        for w in vacations_:
            start, end = (_utc(w["starts_at"]), _utc(w["ends_at"]))
            if not EARLIEST <= start < end <= LATEST:
                raise Invalid("A vacation ends after it starts, between 2000 and 2200.")
            if end - start > MAX_VACATION:
                raise Invalid("A vacation window lasts at most 366 days.")
            windows.append((start, end))
    with db.write(ctx.engine) as conn:
        if daily_digest is not None:
            conn.execute(update(players).where(players.c.id == player_id)
                         .values(daily_digest=daily_digest))
        if windows is not None:
            conn.execute(delete(vacations).where(vacations.c.player_id == player_id))
            if windows:
                conn.execute(insert(vacations), [
                    {"player_id": player_id, "starts_at": s, "ends_at": e} for s, e in windows])
            schedule.recompute(conn, player_id=player_id)
    return get(ctx, player_id)


def _utc(stamp: datetime) -> datetime:
    return stamp.replace(tzinfo=UTC) if stamp.tzinfo is None else stamp.astimezone(UTC)
