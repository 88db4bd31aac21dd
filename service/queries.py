"""The read side: a game's header, a player's games, views, decisions, the log, time travel."""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, select

from domain.core import surface
from domain.core.game import GameModule
from service import db, progress, states, store
from service.context import Context
from service.errors import Invalid, NotFound
from service.players import DELETED_DOMAIN, Player, is_bot_email
from service.render import event_for
from service.tables import events, games, players, seats

_GAME_ID = re.compile(r"^[a-z0-9]{1,32}$")
logger = logging.getLogger(__name__)
MAX_SEQ = 2**31 - 1  # the database's integer: a bound past it would overflow, not just miss


@dataclass(frozen=True)
class Header:
    """A game's row and seats, and where the caller sits (None: a spectator)."""

    id: str
    game: str
    status: str
    version: int
    waiting_on: list[int]
    created_by: int
    seats: list[dict[str, Any]]
    seat: int | None

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game, "status": self.status, "version": self.version,
            "seat": self.seat, "seats": self.seats, "waiting_on": self.waiting_on,
            "your_turn": self.seat is not None and self.seat in self.waiting_on,
        }


def _seat_rows(conn: Any, game_ids: list[str]) -> dict[str, list[Any]]:
    rows = conn.execute(
        select(seats.c.game_id, seats.c.seat, seats.c.player_id, seats.c.accepted_at,
               seats.c.bot, players.c.name, players.c.email)
        .join(players, players.c.id == seats.c.player_id)
        .where(seats.c.game_id.in_(game_ids))
        .order_by(seats.c.game_id, seats.c.seat))
    out: dict[str, list[Any]] = {g: [] for g in game_ids}
    for r in rows:
        out[r.game_id].append(r)
    return out


def _header(row: Any, seat_rows: Sequence[Any], player: Player | None) -> Header:
    seat = next((r.seat for r in seat_rows if player and r.player_id == player.id), None)
    return Header(
        id=row.id, game=row.game, status=row.status, version=row.version,
        waiting_on=list(row.waiting_on or []), created_by=row.created_by,
        seats=[{"seat": r.seat, "name": r.name, "accepted": r.accepted_at is not None,
                "bot": r.bot, "person": r.bot is None and not is_bot_email(r.email),
                # a person's seat handed to a bot (seats.to_bot), not a bot's own seat
                "handed": r.bot is not None and not is_bot_email(r.email),
                # a placeholder's stored name is in English: readers are shown their own words
                "open": r.bot is None and is_bot_email(r.email),
                "deleted": r.email.lower().endswith("@" + DELETED_DOMAIN)}
               for r in seat_rows],
        seat=seat)


def is_game_id(text: str) -> bool:
    """Whether `text` has the shape of a game id (a file name with a dot or a slash never has)."""
    return _GAME_ID.match(text) is not None


def checked_id(game_id: str) -> str:
    """`game_id` if it has the shape of a game id; NotFound (quoting at most 40 characters) if not."""
    if not _GAME_ID.match(game_id):
        raise NotFound.of("service.no_game", game=game_id[:40])
    return game_id


def header(ctx: Context, game_id: str, player: Player | None) -> Header:
    """The game's row with its seats, in one query."""
    checked_id(game_id)
    with db.read(ctx.engine) as conn:
        rows = conn.execute(_HEADER, {"id": game_id}).all()
    if not rows:
        raise NotFound.of("service.no_game", game=game_id[:40])
    return _header(rows[0], rows, player)


# Built once (every request reads a header): only its parameter changes.
_HEADER = (
    select(games.c.id, games.c.game, games.c.status, games.c.version, games.c.waiting_on,
           games.c.created_by, seats.c.game_id, seats.c.seat, seats.c.player_id,
           seats.c.accepted_at, seats.c.bot, players.c.name, players.c.email)
    .join(seats, seats.c.game_id == games.c.id)
    .join(players, players.c.id == seats.c.player_id)
    .where(games.c.id == bindparam("id"))
    .order_by(seats.c.seat))


def rules_version(ctx: Context, head: Header) -> dict[str, int]:
    """The rules version the game plays (`rules`: its first event's, 1 for a game created before
    versions were written; a game not started yet will play the current one) and the version new
    games of its kind are created under (`current`): what its page and the API say."""
    current = surface.rules_version(module_of(ctx, head))
    if head.status == progress.INVITED:
        return {"rules": current, "current": current}
    with db.read(ctx.engine) as conn:
        payload = conn.execute(_FIRST_PAYLOAD, {"id": head.id}).scalar()
    played = surface.record_rules(payload) if isinstance(payload, dict) else None
    return {"rules": played or 1, "current": current}


_FIRST_PAYLOAD = select(events.c.payload).where(events.c.game_id == bindparam("id"),
                                                 events.c.seq == 1)


def games_of(ctx: Context, player: Player) -> list[Header]:
    """The player's games, the ones waiting on them first, then the most recently moved."""
    with db.read(ctx.engine) as conn:
        rows = conn.execute(
            select(games.c.id, games.c.game, games.c.status, games.c.version,
                   games.c.waiting_on, games.c.created_by, games.c.updated_at)
            .join(seats, seats.c.game_id == games.c.id)
            .where(seats.c.player_id == player.id)
            .order_by(games.c.updated_at.desc())).all()
        by_game = _seat_rows(conn, [r.id for r in rows]) if rows else {}
    found = [_header(r, by_game[r.id], player) for r in rows]
    return sorted(found, key=lambda h: not h.summary()["your_turn"])


def module_of(ctx: Context, head: Header) -> GameModule:
    module = ctx.games.get(head.game)
    if module is None:
        raise NotFound.of("service.not_run", game=head.game)
    return module


def view(ctx: Context, head: Header, *, at: int | None = None,
         revealed: bool = False) -> tuple[int, dict[str, Any] | None]:
    """The caller's view now, or as it was after event `at` (time travel). `revealed`: for a
    finished game, everything the game reveals once over, at every step (the replay)."""
    if head.status == progress.INVITED:
        if at not in (None, 0):
            raise Invalid.of("service.not_started")
        return 0, None
    module = module_of(ctx, head)
    if at is not None and at > head.version:
        raise Invalid.of("service.at_range", last=head.version,
                         allowed={"min": 0, "max": head.version})
    if at == 0:
        return 0, None  # before the first event there is nothing to see
    version, state, _ = states.load(ctx.engine, ctx.states, head.id, module, upto=at,
                                    snapshot_every=ctx.snapshot_every, current=head.version)
    if at is None:
        return version, module.view(state, head.seat)
    try:
        if revealed and head.status == progress.OVER:
            return version, surface.revealed_view(module, state, head.seat)
        return version, module.view(state, head.seat)
    except Exception:  # a mid-opening state the game cannot show: refuse, and log for the game
        logger.exception("view() failed on %s after event %s", head.id, at)
        raise Invalid.of("service.at_unshowable", at=at,
                         allowed={"min": 0, "max": head.version}) from None


def decisions(ctx: Context, head: Header) -> tuple[int, list[dict[str, Any]]]:
    """What the caller must decide now: only their own decisions, never another seat's."""
    if head.status != progress.ACTIVE or head.seat is None:
        return head.version, []
    module = module_of(ctx, head)
    version, state, _ = states.load(ctx.engine, ctx.states, head.id, module,
                                    snapshot_every=ctx.snapshot_every, current=head.version)
    mine = [d.to_json() for d in module.pending(state) if d.seat == head.seat]
    return version, mine


def log(ctx: Context, head: Header, *, after: int = 0, upto: int | None = None,
        limit: int = 1000) -> list[dict[str, Any]]:
    """The game's events after `after`, redacted and described for the caller."""
    if head.status == progress.INVITED:
        return []
    module = module_of(ctx, head)
    last = min(after + limit, MAX_SEQ) if upto is None else min(upto, after + limit, MAX_SEQ)
    with db.read(ctx.engine) as conn:
        recorded = store.read(conn, head.id, module.upcasters, after=after, upto=last)
    return [event_for(module, r, head.seat) for r in recorded]
