"""Creating games, inviting seats, accepting, starting.

A game is created with its seats (by email) and its options, and is checked at once by asking the
module for its opening events. Those events are appended only when the game starts, which is when
every seat has accepted: nobody is made to play a game they never agreed to, and an invitation is
the only mail a player can make the service send to an address of their choosing (limited per
invited address, service/limits.py). The creator's own seat is accepted by creating the game (they
asked to play), a bot seat at once; so a game of the creator and bots starts at its creation. The
creator's `start` (at creation or later) cannot skip anyone: it is refused, naming who has not
accepted yet. The seed is drawn here, kept in `games` (never shown to a client), and given to the
module again at the start, so the opening is the one that was checked.

A given set-up may fix hidden information (the module's `secret_setup`, e.g. a face-down order
of cards): its creator then knows what the players must not, so a creator who takes a seat may not
give it. An organiser who does not play may; every seat's view says which stacks were given.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, exists, insert, select, update

from domain.core import surface
from domain.core.errors import RuleError
from domain.core.events import Event
from domain.core.game import GameModule
from service import commands, db, limits, players, progress, store
from service import seats as seats_mod
from service.context import Context
from service.errors import Conflict, Forbidden, Invalid, NotFound, ServiceError, TooManyBotGames
from service.players import Player
from service.tables import games, seats
from service.tables import players as players_table

log = logging.getLogger(__name__)

MAX_SEATS = 8


class NotAccepted(ServiceError):
    """A start asked for while invited players have not accepted (listed in `not_accepted`)."""

    status, slug, title = 409, "seats-not-accepted", "Not every seat has accepted"


@dataclass(frozen=True)
class Created:
    game_id: str
    started: bool


def new_game_id() -> str:
    """12 lower-case letters and digits: short enough for a mail subject, 62 bits of chance."""
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
    return "".join(secrets.choice(alphabet) for _ in range(12))


def module_for(ctx: Context, name: str) -> GameModule:
    module = ctx.games.get(name)
    if module is None:
        raise Invalid.of("service.lobby.no_game", game=str(name)[:40],
                         games=", ".join(sorted(ctx.games)), allowed=sorted(ctx.games))
    return module


def opening(module: GameModule, count: int, options: Mapping[str, Any], seed: str,
            setup: Mapping[str, Any] | None) -> list[Event]:
    try:
        return module.create(count, options, seed, setup)
    except RuleError as error:
        raise Invalid.of(error) from None
    except Exception:  # the module could not read what was given: a client error, not ours
        log.exception("create() failed on options=%r setup=%r", options, setup)
        raise Invalid("The options or the set-up could not be understood by the game.") from None


def create(ctx: Context, creator: Player, *, game: str, emails: Sequence[str | Mapping[str, str]],
           options: Mapping[str, Any] | None = None, setup: Mapping[str, Any] | None = None,
           start: bool = False, leave_to: str | None = None) -> Created:
    """`emails`: one per seat, in seat order; a seat may instead be `{"bot": level}`:
    it gets its own per-game player row, accepted at once, and the workers play it. `start`:
    start at once, refused (`NotAccepted`, nothing created) unless nobody is invited."""
    module = module_for(ctx, game)
    leave_to = seats_mod.check_leave_to(module, leave_to)
    if not 1 <= len(emails) <= MAX_SEATS:
        raise Invalid.of("service.lobby.seats", most=MAX_SEATS, count=len(emails))
    bots = {i: _bot_level(module, s) for i, s in enumerate(emails) if not isinstance(s, str)}
    humans = {i: players.normalise_email(s) for i, s in enumerate(emails) if isinstance(s, str)}
    if len(set(humans.values())) != len(humans):
        twice = next(e for e in humans.values() if list(humans.values()).count(e) > 1)
        raise Invalid.of("service.lobby.same_email", email=twice)
    if far := next((e for e in humans.values() if not players.deliverable(e)), None):
        raise Invalid.of("service.lobby.undeliverable", email=far[:80] + "…" * (len(far) > 80),
                         most=players.MAX_ADDRESS, allowed={"max": players.MAX_ADDRESS,
                                                            "ascii": True})
    if bot_address := next((e for e in humans.values() if players.is_unmailable(e)), None):
        raise Invalid.of("service.lobby.bot_address", domain=players.BOT_DOMAIN, email=bot_address)
    try:  # what the game says it takes, checked before it is asked to create anything
        surface.check_players(module, len(emails))
        surface.check_options(module, options)
    except RuleError as error:
        raise Invalid.of(error) from None
    invitees = [e for e in humans.values() if e != creator.email]
    if start and invitees:
        raise NotAccepted(
            "The game cannot start before the invited players accept: "
            f"{', '.join(invitees)} will be asked. Create it without \"start\": it starts when "
            "the last of them accepts.", not_accepted=invitees)
    options = dict(options or {})
    seed = secrets.token_hex(16)
    opening(module, len(emails), options, seed, setup)  # refuse a game that cannot start
    hidden = surface.secret_setup(module)
    secret = sorted(set(setup or {}) & hidden)
    if secret and creator.email in humans.values():
        raise Invalid(
            f"You take a seat in this game, so you cannot give its set-up's {', '.join(secret)}: "
            "you alone would know what the other players may not (the order of the face-down "
            "cards). Leave it out to have it drawn, or create the game without a seat for "
            "yourself.", allowed=sorted(set(setup or {}) - hidden))
    game_id = new_game_id()
    stamp = store.now()
    with db.write(ctx.engine) as conn:
        if not humans:
            _check_bot_games(conn, creator, ctx.settings.max_bot_games)
        limits.hit(conn, limits.INVITE, invitees, ctx.settings.invite_limits)
        seated = [players.ensure(conn, humans[i]) if i in humans else
                  players.ensure(conn, f"bot-{game_id}-{i}@{players.BOT_DOMAIN}",
                                 name=f"Bot {i + 1} ({bots[i]})")
                  for i in range(len(emails))]
        conn.execute(insert(games).values(
            id=game_id, game=module.name, options=options, setup=dict(setup) if setup else None,
            seed=seed, players=len(seated), status=progress.INVITED, version=0, waiting_on=[],
            created_by=creator.id, created_at=stamp, updated_at=stamp, leave_to=leave_to))
        conn.execute(insert(seats), [
            {"game_id": game_id, "seat": i, "player_id": p.id, "bot": bots.get(i),
             "accepted_at": stamp if p.id == creator.id or i in bots else None}
            for i, p in enumerate(seated)])
        invited = [p.id for i, p in enumerate(seated) if p.id != creator.id and i not in bots]
        progress.notify(conn, game_id, "invitation", invited,
                        {"game_id": game_id, "game": module.name, "inviter": creator.name})
        started = not invited
        queued = begin(conn, ctx, game_id) if started else False
    if queued:
        commands.run_queued(ctx, game_id)
    return Created(game_id, started)


def lock_player(conn: Connection, player_id: int) -> None:
    """Hold the player's row until the transaction ends, so that the player's own requests count
    their limits one after the other (open games' seats and games, games of bots).
    `FOR NO KEY UPDATE`, not `FOR UPDATE`: it excludes the same lock, but not the key-share lock a
    foreign key takes when another transaction queues a mail to this player (the game-started
    mails of a game they sit in, filled meanwhile by someone else's `join`), which would otherwise
    wait for us while we wait for its game: a deadlock, seen as a 503
    (tests/service/test_meet_races.py)."""
    conn.execute(select(players_table.c.id).where(players_table.c.id == player_id)
                 .with_for_update(key_share=True))


def _check_bot_games(conn: Connection, creator: Player, most: int) -> None:
    """Refuse a game of bots only if the creator already has `most` of them in play
    (`PBEM_MAX_BOT_GAMES`, 3 by default: each keeps the workers busy until it ends, one bot move
    after another; 0: no such games at all).

    The creator's row is locked first (`lock_player`; SQLite's write transaction holds the
    database), so two requests at once cannot both take the last place."""
    lock_player(conn, creator.id)
    human_seat = exists().where(seats.c.game_id == games.c.id, seats.c.bot.is_(None))
    playing = conn.execute(
        select(games.c.id).where(games.c.created_by == creator.id,
                                 games.c.status != progress.OVER, ~human_seat)
        .order_by(games.c.created_at).limit(most + 1)).scalars().all()
    if len(playing) >= most:
        raise TooManyBotGames.of(
            "service.lobby.bot_games_off" if most == 0 else "service.lobby.bot_games",
            playing=len(playing), most=most, allowed={"max_bot_games": most},
            extra={"games": list(playing)})


def _bot_level(module: GameModule, seat: Any) -> str:
    levels = sorted(surface.bot_levels(module))
    level = seat.get("bot") if isinstance(seat, Mapping) else None
    if level not in levels:
        raise Invalid.of("service.lobby.bot_level", levels=", ".join(levels), allowed=levels)
    return str(level)


def accept(ctx: Context, game_id: str, player: Player) -> bool:
    """Record the player's acceptance; start the game if it was the last. True if started now."""
    with db.write(ctx.engine) as conn:
        row = _lock_game(conn, game_id)
        seat = conn.execute(select(seats.c.seat, seats.c.accepted_at).where(
            seats.c.game_id == game_id, seats.c.player_id == player.id)).first()
        if seat is None:
            raise Forbidden("You have no seat in this game, so there is nothing to accept.")
        if row.status != progress.INVITED:
            return False  # already started: accepting again changes nothing
        if seat.accepted_at is None:
            conn.execute(update(seats).where(seats.c.game_id == game_id,
                                             seats.c.seat == seat.seat)
                         .values(accepted_at=store.now()))
        waiting = conn.execute(select(seats.c.seat).where(
            seats.c.game_id == game_id, seats.c.accepted_at.is_(None))).first()
        if waiting is None:
            queued = begin(conn, ctx, game_id)
        else:
            return False
    if queued:
        commands.run_queued(ctx, game_id)
    return True


def start(ctx: Context, game_id: str, player: Player) -> None:
    """The creator asks for the start: refused while a human seat has not accepted (naming its
    player), since the game starts by itself at the last acceptance."""
    with db.write(ctx.engine) as conn:
        row = _lock_game(conn, game_id)
        if row.created_by != player.id:
            raise Forbidden("Only the game's creator can start it.")
        if row.status != progress.INVITED:
            raise Conflict("The game has already started.")
        waiting = conn.execute(
            select(players_table.c.name, players_table.c.email)
            .join(seats, seats.c.player_id == players_table.c.id)
            .where(seats.c.game_id == game_id, seats.c.accepted_at.is_(None))
            .order_by(seats.c.seat)).all()
        if waiting:
            who = [f"{w.name} <{w.email}>" for w in waiting]
            raise NotAccepted("The game cannot start before every invited player accepts; not "
                              f"accepted yet: {', '.join(who)}. It starts by itself when the last "
                              "of them accepts.", not_accepted=[w.email for w in waiting])
        queued = begin(conn, ctx, game_id)
    if queued:
        commands.run_queued(ctx, game_id)


def _lock_game(conn: Connection, game_id: str) -> Any:
    """The game's row, locked until the transaction ends (PostgreSQL; SQLite locks the file)."""
    row = conn.execute(select(games).where(games.c.id == game_id).with_for_update()).first()
    if row is None:
        raise NotFound(f"There is no game {game_id!r}.")
    return row


def begin(conn: Connection, ctx: Context, game_id: str) -> bool:
    """Start the game in the caller's transaction, which holds its row lock and has just seated
    every player: append the opening (drawn again from the seed kept at creation, so it is the
    one that was checked then), record it and queue the game-started mails. True if it queued
    work for the workers (run it after the commit: `commands.run_queued`).

    Public because a game whose seats are filled another way than by invitation (the open games
    of `service.meet`, taken seat by seat or by bots) must start exactly as an invited game
    starts at its last acceptance: one way to start a game, not two that could drift apart."""
    row = conn.execute(select(games).where(games.c.id == game_id)).one()
    module = module_for(ctx, row.game)
    events = opening(module, row.players, row.options, row.seed, row.setup)
    version = store.append(conn, game_id, 0, events, actor="system", source=store.SYSTEM_SOURCE)
    state = module.fold(events)
    seat_map = progress.seat_players(conn, game_id)
    queued = progress.record(conn, game_id, module, expected=0, version=version, before=None,
                             after=state, players=seat_map, announce=False)
    progress.notify(conn, game_id, "game-started", seat_map.values(),
                    {"game_id": game_id, "version": version})
    return queued
