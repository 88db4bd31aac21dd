"""Seats that change hands while a game is played: a player resigns, hands the seat to a bot and
takes it back, or offers it to another person, who accepts (issues 26 and 29).

A seat's holder is `seats.player_id` and `seats.bot` says whether a bot plays it (a bot may play for
a person who handed it their seat: they still hold it, see it, and may take it back). Every change
is ONE transaction that

- raises `games.seating` (the seating's version) on the game's row, guarded by the game being in
  play: this is also the row lock that queues it with the moves. Every move's guarded update
  checks the seating's version it was decided on (`service.progress.record`), so a process that
  remembers the old seating writes nothing, reads the seats again and judges the command on them:
  a player who resigned in one process cannot move in another;
- sets the seat's row, and writes a `seat_changes` row (who holds the seat from which version on:
  the log, the final ranking and the record's header say who played which moves; every move's
  event also records its player as `actor`);
- revokes the leaver's reply addresses for the seat (their mail replies no longer authenticate);
- moves the seat's deadline to its new holder, or queues the bot's move when the game waits on a
  seat a bot now plays;
- tells the table (outbox `seat-changed`), naming players by name.

A resigned seat goes to what the table chose at creation (`games.leave_to`): a bot of that level,
or `open` — a placeholder holds the seat (its moves, when the deadline passes, are the timeout
policy's) until a replacement the others invite accepts. The leaver no longer holds the seat, so no
view, mail or log shows them its secrets from then on (what they saw before stays known to them:
the rules cannot take that back).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, insert, select, update

from domain.core import surface
from domain.core.game import GameModule
from service import commands, db, players, progress, schedule
from service.clock import now as clock_now
from service.context import Context
from service.errors import Conflict, Forbidden, Invalid, NotActive, NotFound
from service.i18n import add, t
from service.players import Player
from service.store import now
from service.tables import deadlines, games, reply_tokens, seat_changes, seat_offers, seats, tasks

log = logging.getLogger(__name__)

add({
    "seats.before": ("{name} (after {before})", "{name} (après {before})",
                     "{name} (dopo {before})"),
    "seats.and": ("{first} and {last}", "{first} et {last}", "{first} e {last}"),
})

OPEN = "open"
"""`games.leave_to`: a resigned seat waits for a replacement instead of a bot."""
RESIGNED, HANDED, BOT, BACK = "resigned", "handed", "bot", "back"
PENDING, ACCEPTED, DECLINED, LAPSED = "pending", "accepted", "declined", "lapsed"


@dataclass(frozen=True)
class Change:
    game_id: str
    seat: int
    kind: str
    version: int
    from_player: int | None
    to_player: int | None
    bot: str | None
    at: datetime | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "version": self.version,
                "from_player": self.from_player, "to_player": self.to_player, "bot": self.bot}


def is_open_seat(email: str) -> bool:
    """The placeholder that holds a resigned seat left open (`resign`)."""
    return email.startswith("open-") and email.endswith("@" + players.BOT_DOMAIN)


def leave_level(module: GameModule, leave_to: str | None) -> str | None:
    """The bot level a resigned seat goes to (None: it stays open for a replacement)."""
    if leave_to == OPEN:
        return None
    levels = sorted(surface.bot_levels(module))
    if leave_to in levels:
        return leave_to
    return "greedy" if "greedy" in levels else levels[0]


def check_leave_to(module: GameModule, leave_to: str | None) -> str | None:
    """The creation's `leave_to`, checked: a bot level of the game, `open`, or None (default)."""
    if leave_to is None:
        return None
    allowed = [*sorted(surface.bot_levels(module)), OPEN]
    if leave_to not in allowed:
        raise Invalid.of("service.seats.leave_to", allowed=allowed, given=str(leave_to)[:20],
                         levels=", ".join(allowed))
    return leave_to


def _bot_level(module: GameModule, level: str) -> str:
    levels = sorted(surface.bot_levels(module))
    if level not in levels:
        raise Invalid.of("service.lobby.bot_level", levels=", ".join(levels), allowed=levels)
    return level


# --- the player's own seat ------------------------------------------------------------------------


def resign(ctx: Context, game_id: str, player: Player) -> Change:
    """`player` leaves the game: their seat goes to the table's bot level, or stays open."""
    def change(conn: Connection, module: GameModule, row: Any, seat: Any) -> tuple[int, str | None]:
        level = leave_level(module, row.leave_to)
        if level is not None:
            holder = players.ensure(conn, f"bot-{game_id}-{seat.seat}-{row.seating + 1}"
                                          f"@{players.BOT_DOMAIN}",
                                    name=f"Bot {seat.seat + 1} ({level})")
        else:
            holder = players.ensure(conn, f"open-{game_id}-{seat.seat}-{row.seating + 1}"
                                          f"@{players.BOT_DOMAIN}", name="Open seat")
        return holder.id, level

    return _own_seat(ctx, game_id, player, RESIGNED, change)


def to_bot(ctx: Context, game_id: str, player: Player, level: str) -> Change:
    """A bot of `level` plays `player`'s seat until they take it back; they keep the seat."""
    def change(conn: Connection, module: GameModule, row: Any, seat: Any) -> tuple[int, str | None]:
        return player.id, _bot_level(module, level)

    return _own_seat(ctx, game_id, player, BOT, change)


def take_back(ctx: Context, game_id: str, player: Player) -> Change:
    """`player` plays their seat again (a bot played it for them)."""
    def change(conn: Connection, module: GameModule, row: Any, seat: Any) -> tuple[int, str | None]:
        if seat.bot is None:
            raise Conflict.of("service.seats.not_handed")
        return player.id, None

    return _own_seat(ctx, game_id, player, BACK, change)


def _own_seat(ctx: Context, game_id: str, player: Player, kind: str, change: Any) -> Change:
    with db.write(ctx.engine) as conn:
        row, module = _lock(ctx, conn, game_id)
        seat = conn.execute(select(seats).where(seats.c.game_id == game_id,
                                                seats.c.player_id == player.id)).first()
        if seat is None:
            raise Forbidden.of("service.seats.no_seat")
        if kind == BOT and seat.bot is not None:
            raise Conflict.of("service.seats.already_bot", level=seat.bot)
        to_player, level = change(conn, module, row, seat)
        done = _apply(conn, row, seat.seat, kind=kind, from_player=player.id,
                      to_player=to_player, bot=level, by=player.id, actor=player.id)
    _after(ctx, game_id, done)
    return done


# --- offering a seat to another person ------------------------------------------------------------


@dataclass(frozen=True)
class Offer:
    id: int
    game_id: str
    seat: int
    by_player: int
    to_player: int
    status: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "seat": self.seat, "by_player": self.by_player,
                "to_player": self.to_player, "status": self.status}


def offer(ctx: Context, game_id: str, player: Player, email: str, *, seat: int | None = None
          ) -> Offer:
    """Offer a seat to the person at `email`: `player`'s own (no `seat`), or a seat whose player
    resigned (a bot or nobody holds it), which any seated player may offer. It changes hands when
    the invited one accepts (`answer`); a later seat change makes the offer lapse."""
    address = players.normalise_email(email)
    if players.is_unmailable(address):
        raise Invalid.of("service.lobby.bot_address", domain=players.BOT_DOMAIN, email=address)
    with db.write(ctx.engine) as conn:
        row, _module = _lock(ctx, conn, game_id, bump=False)
        seated = {r.seat: r for r in conn.execute(select(seats).where(seats.c.game_id == game_id))}
        mine = next((s for s, r in seated.items() if r.player_id == player.id), None)
        if mine is None:
            raise Forbidden.of("service.seats.no_seat")
        target = mine if seat is None else seat
        if target not in seated:
            raise Invalid.of("service.seats.no_such_seat", allowed=sorted(seated))
        if target != mine and not is_vacated(conn, game_id, target, seated[target].player_id):
            raise Forbidden.of("service.seats.not_vacated")
        invitee = players.ensure(conn, address)
        if any(r.player_id == invitee.id for r in seated.values()):
            raise Conflict.of("service.seats.already_seated", email=address)
        conn.execute(update(seat_offers).where(seat_offers.c.game_id == game_id,
                                               seat_offers.c.seat == target,
                                               seat_offers.c.status == PENDING)
                     .values(status=LAPSED, decided_at=now()))
        offer_id = conn.execute(insert(seat_offers).values(
            game_id=game_id, seat=target, by_player=player.id, to_player=invitee.id,
            seating=row.seating, status=PENDING, created_at=now()).returning(seat_offers.c.id)
        ).scalar_one()
        progress.notify(conn, game_id, "seat-offer", [invitee.id],
                        {"game_id": game_id, "offer": offer_id, "seat": None,
                         "offered_seat": target, "by_player": player.id})
    return Offer(offer_id, game_id, target, player.id, invitee.id, PENDING)


def is_vacated(conn: Connection, game_id: str, seat: int, holder: int) -> bool:
    """Whether the seat's holder took it when its player resigned (a bot or an open seat)."""
    last = conn.execute(select(seat_changes.c.kind, seat_changes.c.to_player)
                        .where(seat_changes.c.game_id == game_id, seat_changes.c.seat == seat)
                        .order_by(seat_changes.c.id.desc()).limit(1)).first()
    return last is not None and last.kind == RESIGNED and last.to_player == holder


def offers_for(ctx: Context, game_id: str, player_id: int) -> list[Offer]:
    """The pending offers of a seat of this game to `player_id`."""
    with db.read(ctx.engine) as conn:
        rows = conn.execute(select(seat_offers).where(
            seat_offers.c.game_id == game_id, seat_offers.c.to_player == player_id,
            seat_offers.c.status == PENDING).order_by(seat_offers.c.id)).all()
    return [Offer(r.id, r.game_id, r.seat, r.by_player, r.to_player, r.status) for r in rows]


def answer(ctx: Context, game_id: str, player: Player, accept: bool,
           offer_id: int | None = None) -> Change | None:
    """The invited one accepts (the seat is theirs from now on) or declines an offer, in one
    transaction: an offer made before the seats last changed has lapsed (said, and marked)."""
    if offer_id is not None and not 0 < offer_id < 2**63:  # no row has it (nor can the
        raise NotFound.of("service.seats.no_offer")       # database hold it)
    lapsed = False
    done = None
    with db.write(ctx.engine) as conn:
        row, _module = _lock(ctx, conn, game_id, bump=False)
        query = select(seat_offers).where(seat_offers.c.game_id == game_id,
                                          seat_offers.c.to_player == player.id,
                                          seat_offers.c.status == PENDING)
        if offer_id is not None:
            query = query.where(seat_offers.c.id == offer_id)
        found = conn.execute(query.order_by(seat_offers.c.id.desc())).first()
        if found is None:
            raise NotFound.of("service.seats.no_offer")
        lapsed = found.seating != row.seating
        status = LAPSED if lapsed else ACCEPTED if accept else DECLINED
        conn.execute(update(seat_offers).where(seat_offers.c.id == found.id)
                     .values(status=status, decided_at=now()))
        if accept and not lapsed:
            conn.execute(update(games).where(games.c.id == game_id)
                         .values(seating=games.c.seating + 1))
            holder = conn.execute(select(seats.c.player_id).where(
                seats.c.game_id == game_id, seats.c.seat == found.seat)).scalar_one()
            done = _apply(conn, row, found.seat, kind=HANDED, from_player=holder,
                          to_player=player.id, bot=None, by=found.by_player, actor=player.id)
    if lapsed:  # committed: the offer is marked lapsed, then the player is told why
        raise Conflict.of("service.seats.offer_lapsed")
    if done is not None:
        _after(ctx, game_id, done)
    return done


# --- the one write path of a change ---------------------------------------------------------------


def _lock(ctx: Context, conn: Connection, game_id: str, *, bump: bool = True
          ) -> tuple[Any, GameModule]:
    """The game's row, locked (and its seating's version raised when `bump`); NotActive unless
    the game is in play."""
    guard = (games.c.id == game_id, games.c.status == progress.ACTIVE)
    cols = (games.c.id, games.c.game, games.c.version, games.c.seating, games.c.leave_to,
            games.c.turn_hours, games.c.waiting_on)
    if bump:
        row = conn.execute(update(games).where(*guard).values(seating=games.c.seating + 1)
                           .returning(*cols)).first()
    else:
        row = conn.execute(update(games).where(*guard).values(seating=games.c.seating)
                           .returning(*cols)).first()
    if row is None:
        exists = conn.execute(select(games.c.status).where(games.c.id == game_id)).first()
        if exists is None:
            raise NotFound.of("service.no_game", game=game_id[:40])
        raise NotActive.of("service.over" if exists.status == progress.OVER
                           else "service.not_started")
    module = ctx.games.get(row.game)
    if module is None:
        raise NotActive.of("service.not_run", game=row.game)
    return row, module


def _apply(conn: Connection, row: Any, seat: int, *, kind: str, from_player: int,
           to_player: int, bot: str | None, by: int, actor: int) -> Change:
    """Give `seat` to `to_player` (a bot of level `bot` playing it, or nobody), in the caller's
    transaction, whose `_lock` raised the seating's version."""
    stamp = now()
    game_id = row.id
    conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat)
                 .values(player_id=to_player, bot=bot, accepted_at=stamp))
    conn.execute(insert(seat_changes).values(
        game_id=game_id, seat=seat, version=row.version, kind=kind, from_player=from_player,
        to_player=to_player, bot=bot, created_at=stamp))
    if to_player != from_player:
        conn.execute(update(reply_tokens).where(
            reply_tokens.c.game_id == game_id, reply_tokens.c.seat == seat,
            reply_tokens.c.player_id == from_player, reply_tokens.c.revoked_at.is_(None))
            .values(revoked_at=stamp))
        conn.execute(update(seat_offers).where(
            seat_offers.c.game_id == game_id, seat_offers.c.seat == seat,
            seat_offers.c.status == PENDING).values(status=LAPSED, decided_at=stamp))
    waited = seat in (row.waiting_on or [])
    _follow_seat(conn, game_id, seat, version=row.version, player_id=to_player, bot=bot,
                 waited=waited, turn_hours=row.turn_hours)
    table = [p for p in conn.execute(select(seats.c.player_id).where(seats.c.game_id == game_id))
             .scalars()]
    # The table and the one who left hear of it; not the one who did it (their page or the
    # answer to their mail says it).
    told = sorted((set(table) | {from_player}) - {actor})
    progress.notify(conn, game_id, "seat-changed", told,
                    {"game_id": game_id, "seat": None, "changed_seat": seat, "change": kind,
                     "from_player": from_player,
                     "to_player": to_player, "bot": bot, "by_player": by})
    return Change(game_id, seat, kind, row.version, from_player, to_player, bot)


def _follow_seat(conn: Connection, game_id: str, seat: int, *, version: int, player_id: int,
                 bot: str | None, waited: bool, turn_hours: int) -> None:
    """The seat's deadline follows its new holder (a full turn from now), or the bot's move is
    queued when the game waits on the seat and a bot plays it now."""
    stamp = clock_now()
    conn.execute(update(deadlines).where(deadlines.c.game_id == game_id,
                                         deadlines.c.seat == seat,
                                         deadlines.c.closed_at.is_(None))
                 .values(closed_at=stamp, outcome="left"))
    if not waited:
        return
    if bot is not None:
        done = conn.execute(update(tasks).where(tasks.c.kind == schedule.BOT,
                                                tasks.c.game_id == game_id,
                                                tasks.c.version == version)
                            .values(done_at=None, published_at=None)).rowcount
        if not done:
            conn.execute(insert(tasks).values(kind=schedule.BOT, game_id=game_id,
                                              version=version, created_at=stamp))
        return
    windows = schedule.vacation_windows(conn, [player_id], stamp)[player_id]
    due = schedule.due_at(stamp, timedelta(hours=turn_hours), windows)
    reopened = conn.execute(update(deadlines).where(
        deadlines.c.game_id == game_id, deadlines.c.seat == seat,
        deadlines.c.opened_version == version).values(
        player_id=player_id, opened_at=stamp, due_at=due, closed_at=None, expired_at=None,
        outcome=None)).rowcount
    if not reopened:
        conn.execute(insert(deadlines).values(
            game_id=game_id, seat=seat, player_id=player_id, opened_version=version,
            opened_at=stamp, due_at=due))
    progress.notify(conn, game_id, "your-turn", [player_id],
                    {"game_id": game_id, "seat": seat, "version": version})


def _after(ctx: Context, game_id: str, done: Change) -> None:
    """After the commit: forget this process's seating, and run a bot's move if one was queued."""
    commands.forget(ctx, game_id)
    if done.bot is not None:
        commands.run_queued(ctx, game_id)


# --- reading the history ----------------------------------------------------------------------------


def history(conn: Connection, game_id: str) -> list[Change]:
    rows = conn.execute(select(seat_changes).where(seat_changes.c.game_id == game_id)
                        .order_by(seat_changes.c.id)).all()
    return [Change(game_id, r.seat, r.kind, r.version, r.from_player, r.to_player, r.bot,
                   r.created_at) for r in rows]


@dataclass(frozen=True)
class Holders:
    """Who held each seat when: the seats' changes of hands and every player's name in the
    reader's language (a deleted account's neutral one). What the log, the final ranking and the
    mails' "since your last move" use to name each event's players as they were then."""

    current: dict[int, int]  # seat → player id now
    changes: list[Change]
    names: dict[int, str]  # player id → name

    def names_at(self, seq: int) -> list[str]:
        """The seats' holders' names right after event `seq` (changes made at a version below
        `seq` apply; those made later are undone, newest first)."""
        held = dict(self.current)
        for change in reversed(self.changes):
            if change.version < seq:
                break
            if change.from_player is not None:
                held[change.seat] = change.from_player
        return [self.names.get(held[s], "?") for s in sorted(held)]

    def now(self) -> list[str]:
        return [self.names.get(self.current[s], "?") for s in sorted(self.current)]

    def ranking_names(self, lang: str) -> list[str]:
        """Each seat's name for a final ranking: its last holder, and who held it before
        (« Dan (après Bob et Bot 2 (greedy)) »)."""
        out = self.now()
        for seat in sorted(self.current):
            before: list[str] = []
            for c in self.changes:
                if c.seat == seat and c.from_player is not None \
                        and c.from_player not in (c.to_player, self.current[seat]):
                    name = self.names.get(c.from_player, "?")
                    if name not in before:
                        before.append(name)
            if before:
                joined = before[0] if len(before) == 1 else t(
                    "seats.and", lang, first=", ".join(before[:-1]), last=before[-1])
                out[seat] = t("seats.before", lang, name=out[seat], before=joined)
        return out


def holders(conn: Connection, game_id: str, lang: str) -> Holders:
    from service import account

    current = progress.seat_players(conn, game_id)
    changes = history(conn, game_id)
    ids = set(current.values()) | {p for c in changes for p in (c.from_player, c.to_player)
                                   if p is not None}
    return Holders(current, changes, account.shown_names(conn, ids, lang))
