"""Open games: a game whose free seats any signed-in player may take, for players who do not know
each other's address (issue 27).

An open game is an ordinary game (`service.lobby`) whose free seats are held, until someone takes
them, by placeholders (the "open seat" players `service.seats` already uses for a seat left open:
they can neither sign in nor be mailed, and every page names them "open seat" in the reader's
language). Taking a seat puts the player in the placeholder's row, accepted: the player asked to
play, as a creator does by creating. The game starts, exactly as an invited game does, when the
last seat is accepted (`lobby.begin`, the same opening that was checked at creation); or its
creator starts it earlier and bots of a chosen level take the free seats. Before the start the
creator may remove a player who took a seat (the seat is free again), and a player may leave.

Limits, checked in the write transaction after locking the player's row (two requests at once
cannot both take the last place): a player has at most MAX_CREATED open games waiting for
players, and at most MAX_TAKEN seats taken in others' open games that have not started. An open
game invites nobody by address: it is mailed only to the players who asked for mail about new
open games of that game in a language it welcomes (`subscribe`), once, from the transaction that
creates it, and only for the creator's first MAX_MAILED open games in 24 hours.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, and_, delete, func, insert, select, true, update

from domain.core import surface
from domain.core.errors import RuleError
from domain.core.i18n import LANGUAGES
from service import commands, db, lobby, players, progress, schedule, store
from service import seats as seats_mod
from service.context import Context
from service.errors import Conflict, Forbidden, Invalid, NotFound, ServiceError
from service.i18n import REFUSALS, add, t
from service.players import Player
from service.tables import games, open_game_mail, seats
from service.tables import players as players_table

MAX_CREATED = 3
"""Open games a player may have waiting for players at once."""
MAX_TAKEN = 5
"""Seats a player may hold in others' open games that have not started."""
MAX_LISTED = 200
MAX_MAILED = 5
"""Open games a player may open in 24 hours that are mailed to the players who asked for them
(more are created and listed, but mailed to nobody): opening one and starting it at once with
bots, over and over, must not mail every subscriber each time."""
MAX_SUBSCRIPTIONS = 30

add({
    "meet.yes": ("yes", "oui", "sì"),
    "meet.no": ("no", "non", "no"),
})
REFUSALS.update({  # the service's refusals (rendered like a game's, in the reader's language)
    "service.meet.too_many_created": (
        "You already have {count} open games waiting for players (at most {most}): start one, "
        "or wait until they fill.",
        "Vous avez déjà {count} parties ouvertes qui attendent des joueurs (au plus {most}) : "
        "lancez-en une, ou attendez qu'elles se remplissent.",
        "Hai già {count} partite aperte che aspettano giocatori (al massimo {most}): avviane "
        "una, o aspetta che si riempiano."),
    "service.meet.too_many_taken": (
        "You already have a seat in {count} open games that have not started (at most {most}).",
        "Vous avez déjà une place dans {count} parties ouvertes pas encore commencées (au plus "
        "{most}).",
        "Hai già un posto in {count} partite aperte non ancora iniziate (al massimo {most})."),
    "service.meet.not_open": (
        "This game has no open seats: only its invited players sit at it.",
        "Cette partie n'a pas de places ouvertes : seuls ses joueurs invités y siègent.",
        "Questa partita non ha posti aperti: vi siedono solo i giocatori invitati."),
    "service.meet.started": (
        "This game has already started: its seats can no longer be taken or changed.",
        "Cette partie a déjà commencé : ses places ne peuvent plus être prises ni changées.",
        "Questa partita è già iniziata: i suoi posti non possono più essere presi né cambiati."),
    "service.meet.seated": (
        "You already have a seat in this game.",
        "Vous avez déjà une place dans cette partie.",
        "Hai già un posto in questa partita."),
    "service.meet.full": (
        "Every seat of this game is taken.",
        "Toutes les places de cette partie sont prises.",
        "Tutti i posti di questa partita sono presi."),
    "service.meet.turned_away": (
        "The game's creator gave your seat in this game back: you cannot take one again.",
        "Le créateur de la partie a libéré votre place : vous ne pouvez pas en reprendre une.",
        "Chi ha creato la partita ha liberato il tuo posto: non puoi prenderne un altro."),
    "service.meet.creator_only": (
        "Only the game's creator can do this.",
        "Seul le créateur de la partie peut faire cela.",
        "Solo chi ha creato la partita può farlo."),
    "service.meet.no_player": (
        "Nobody who took a seat sits at seat {seat}: the seats you may free are {allowed_seats}.",
        "Personne n'a pris la place {seat} : les places que vous pouvez libérer sont "
        "{allowed_seats}.",
        "Nessuno ha preso il posto {seat}: i posti che puoi liberare sono {allowed_seats}."),
    "service.meet.not_seated": (
        "You have no seat in this game to leave.",
        "Vous n'avez pas de place à quitter dans cette partie.",
        "Non hai un posto da lasciare in questa partita."),
    "service.meet.creator_stays": (
        "The creator cannot leave an open game; it stays listed until it starts.",
        "Le créateur ne peut pas quitter une partie ouverte ; elle reste affichée jusqu'à son "
        "début.",
        "Chi ha creato una partita aperta non può lasciarla; resta in elenco finché non inizia."),
    "service.meet.language": (
        "“{given}” is not a language of this service: choose among {languages}.",
        "« {given} » n'est pas une langue de ce service : choisissez parmi {languages}.",
        "«{given}» non è una lingua di questo servizio: scegli tra {languages}."),
    "service.meet.subscriptions": (
        "At most {most} games and languages can be asked for by mail.",
        "On peut demander au plus {most} jeux et langues par courriel.",
        "Si possono chiedere al massimo {most} giochi e lingue per email."),
    "service.meet.hours": (
        "The time for each decision is a whole number of hours from 1 to {most}.",
        "Le temps pour chaque décision est un nombre entier d'heures de 1 à {most}.",
        "Il tempo per ogni decisione è un numero intero di ore da 1 a {most}."),
})


def option_lines(module: Any, options: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    """The game's options as (caption, value) in `lang`, in the words of the game's option specs
    (a yes/no option in words too), never their keys: what the list of open games shows."""
    chosen = surface.check_options(module, dict(options))
    out = []
    for spec in surface.option_specs(module):
        value = chosen.get(spec.name, spec.default)
        word = spec.label(value, lang)
        if word is None:
            word = (t("meet.yes" if value else "meet.no", lang)
                    if isinstance(value, bool) else str(value))
        out.append((spec.caption(lang), word))
    return out


def _placeholder(conn: Connection, game_id: str, seat: int) -> Player:
    """The open seat's holder: one per seat of the game (`seats.is_open_seat` knows its address),
    found again when a seat is freed."""
    return players.ensure(conn, f"open-{game_id}-{seat}-lobby@{players.BOT_DOMAIN}",
                          name="Open seat")


def create(ctx: Context, creator: Player, *, game: str, count: int,
           options: Mapping[str, Any] | None = None, turn_hours: int = schedule.DEFAULT_TURN_HOURS,
           languages: Sequence[str] = (), timeout_policy: str = "default") -> str:
    """An open game of `count` seats, the creator in the first, the others free; its id."""
    module = lobby.module_for(ctx, game)
    try:
        surface.check_players(module, count)
        surface.check_options(module, options)
    except RuleError as error:
        raise Invalid.of(error) from None
    if isinstance(turn_hours, bool) or not isinstance(turn_hours, int) \
            or not 1 <= turn_hours <= schedule.MAX_TURN_HOURS:
        raise Invalid.of("service.meet.hours", most=schedule.MAX_TURN_HOURS,
                         allowed={"min": 1, "max": schedule.MAX_TURN_HOURS})
    if timeout_policy not in ("default", "pause", "bot"):
        raise Invalid(f"The timeout policy is one of default, pause, bot, not {timeout_policy!r}.",
                      allowed=["default", "pause", "bot"])
    wanted = list(dict.fromkeys(languages))
    if bad := next((w for w in wanted if w not in LANGUAGES), None):
        raise Invalid.of("service.meet.language", given=str(bad)[:20],
                         languages=", ".join(LANGUAGES), allowed=list(LANGUAGES))
    options = dict(options or {})
    seed = secrets.token_hex(16)
    lobby.opening(module, count, options, seed, None)  # refuse a game that could not start
    game_id = lobby.new_game_id()
    stamp = store.now()
    with db.write(ctx.engine) as conn:
        lobby.lock_player(conn, creator.id)
        waiting = conn.execute(select(func.count()).select_from(games).where(
            games.c.created_by == creator.id, games.c.open_seats.is_(True),
            games.c.status == progress.INVITED)).scalar_one()
        if waiting >= MAX_CREATED:
            raise Conflict.of("service.meet.too_many_created", count=waiting, most=MAX_CREATED,
                              allowed={"max_open_created": MAX_CREATED})
        conn.execute(insert(games).values(
            id=game_id, game=module.name, options=options, setup=None, seed=seed, players=count,
            status=progress.INVITED, version=0, waiting_on=[], created_by=creator.id,
            created_at=stamp, updated_at=stamp, turn_hours=turn_hours,
            timeout_policy=timeout_policy, open_seats=True, languages=wanted or None))
        holders = [creator] + [_placeholder(conn, game_id, i) for i in range(1, count)]
        conn.execute(insert(seats), [
            {"game_id": game_id, "seat": i, "player_id": p.id, "bot": None,
             "accepted_at": stamp if i == 0 else None} for i, p in enumerate(holders)])
        _mail_subscribers(conn, game_id, module.name, creator, wanted, stamp)
    return game_id


def _mail_subscribers(conn: Connection, game_id: str, game: str, creator: Player,
                      languages: Sequence[str], stamp: datetime) -> None:
    """Queue one mail about the new open game to each player who asked for this game in a
    language it welcomes (no language chosen: it welcomes every one), in the transaction that
    creates it: the game is mailed once it exists, and only then. Never to its creator (the
    only one seated yet; a subscriber who takes a seat before the mail goes is skipped by the
    sender, `emails.render.outdated`), nor to a deleted account; nobody past the creator's
    MAX_MAILED in 24 hours."""
    recent = conn.execute(select(func.count()).select_from(games).where(
        games.c.created_by == creator.id, games.c.open_seats.is_(True),
        games.c.created_at > stamp - timedelta(hours=24))).scalar_one()
    if recent > MAX_MAILED:  # this game counted: the creator's sixth in a day is not mailed
        return
    welcome = open_game_mail.c.language.in_(list(languages)) if languages else true()
    readers = conn.execute(
        select(open_game_mail.c.player_id).distinct()
        .join(players_table, players_table.c.id == open_game_mail.c.player_id)
        .where(open_game_mail.c.game == game, welcome,
               open_game_mail.c.player_id != creator.id, players_table.c.deleted_at.is_(None))
        .order_by(open_game_mail.c.player_id)).scalars().all()
    progress.notify(conn, game_id, "open-game", readers,
                    {"game_id": game_id, "game": game, "creator": creator.name})


def subscriptions(ctx: Context, player_id: int) -> list[tuple[str, str]]:
    """The (game, language) pairs the player gets a mail about each new open game of."""
    with db.read(ctx.engine) as conn:
        rows = conn.execute(select(open_game_mail.c.game, open_game_mail.c.language)
                            .where(open_game_mail.c.player_id == player_id)
                            .order_by(open_game_mail.c.game, open_game_mail.c.language)).all()
    return [(r.game, r.language) for r in rows if r.game in ctx.games]


def subscribe(ctx: Context, player_id: int, wanted: Sequence[tuple[str, str]]) -> None:
    """The player's mail about new open games is exactly `wanted`, (game, language) pairs: a
    game of this service and one of its languages each (422 in the player's language, nothing
    changed, if not)."""
    pairs = list(dict.fromkeys((str(g), str(lang)) for g, lang in wanted))
    for game, lang in pairs:
        lobby.module_for(ctx, game)
        if lang not in LANGUAGES:
            raise Invalid.of("service.meet.language", given=lang[:20],
                             languages=", ".join(LANGUAGES), allowed=list(LANGUAGES))
    if len(pairs) > MAX_SUBSCRIPTIONS:
        raise Invalid.of("service.meet.subscriptions", most=MAX_SUBSCRIPTIONS,
                         allowed={"max": MAX_SUBSCRIPTIONS})
    stamp = store.now()
    with db.write(ctx.engine) as conn:
        conn.execute(delete(open_game_mail).where(open_game_mail.c.player_id == player_id))
        if pairs:
            conn.execute(insert(open_game_mail), [
                {"player_id": player_id, "game": g, "language": lang, "created_at": stamp}
                for g, lang in pairs])


def unsubscribe(ctx: Context, player_id: int, game: str) -> None:
    """No more mail about new open games of `game`, in any language (the mail's link)."""
    with db.write(ctx.engine) as conn:
        conn.execute(delete(open_game_mail).where(open_game_mail.c.player_id == player_id,
                                                  open_game_mail.c.game == game))


def still_waiting_without(ctx: Context, game_id: str, player_id: int) -> bool:
    """Whether the open game still waits for players and `player_id` has no seat in it: what
    makes its mail worth sending still (`emails.render.outdated`)."""
    with db.read(ctx.engine) as conn:
        waiting = conn.execute(select(games.c.id).where(
            games.c.id == game_id, games.c.open_seats.is_(True),
            games.c.status == progress.INVITED)).first()
        seated = conn.execute(select(seats.c.seat).where(
            seats.c.game_id == game_id, seats.c.player_id == player_id)).first()
    return waiting is not None and seated is None


def _open_game(conn: Connection, game_id: str) -> Any:
    row = conn.execute(select(games).where(games.c.id == game_id).with_for_update()).first()
    if row is None:
        raise NotFound.of("service.no_game", game=game_id[:40])
    if not row.open_seats:
        raise Conflict.of("service.meet.not_open")
    if row.status != progress.INVITED:
        raise Conflict.of("service.meet.started")
    return row


def _seat_rows(conn: Connection, game_id: str) -> list[Any]:
    return list(conn.execute(select(seats.c.seat, seats.c.player_id, seats.c.accepted_at,
                                    players_table.c.email)
                             .join(players_table, players_table.c.id == seats.c.player_id)
                             .where(seats.c.game_id == game_id).order_by(seats.c.seat)).all())


def join(ctx: Context, game_id: str, player: Player) -> bool:
    """Take the first free seat of an open game; True if that filled it and it started."""
    with db.write(ctx.engine) as conn:
        lobby.lock_player(conn, player.id)
        row = _open_game(conn, game_id)
        table = _seat_rows(conn, game_id)
        if any(r.player_id == player.id for r in table):
            raise Conflict.of("service.meet.seated")
        if player.id in (row.turned_away or []):
            raise Forbidden.of("service.meet.turned_away")
        free = [r for r in table if seats_mod.is_open_seat(r.email)]
        if not free:
            raise Conflict.of("service.meet.full")
        taken = conn.execute(
            select(func.count()).select_from(seats)
            .join(games, games.c.id == seats.c.game_id)
            .where(seats.c.player_id == player.id, games.c.open_seats.is_(True),
                   games.c.status == progress.INVITED, games.c.created_by != player.id)
        ).scalar_one()
        if taken >= MAX_TAKEN:
            raise Conflict.of("service.meet.too_many_taken", count=taken, most=MAX_TAKEN,
                              allowed={"max_open_taken": MAX_TAKEN})
        conn.execute(update(seats).where(seats.c.game_id == game_id,
                                         seats.c.seat == free[0].seat)
                     .values(player_id=player.id, accepted_at=store.now()))
        conn.execute(update(games).where(games.c.id == game_id).values(updated_at=store.now()))
        queued = lobby.begin(conn, ctx, row.id) if len(free) == 1 else None
    if queued:
        commands.run_queued(ctx, game_id)
    return queued is not None


def leave(ctx: Context, game_id: str, player: Player) -> None:
    """Give back one's seat in an open game before it starts (the creator cannot)."""
    with db.write(ctx.engine) as conn:
        row = _open_game(conn, game_id)
        if row.created_by == player.id:
            raise Conflict.of("service.meet.creator_stays")
        mine = next((r for r in _seat_rows(conn, game_id) if r.player_id == player.id), None)
        if mine is None:
            raise Forbidden.of("service.meet.not_seated")
        _free(conn, game_id, mine.seat)


def remove(ctx: Context, game_id: str, creator: Player, seat: int) -> None:
    """The creator frees a seat a player took, before the start."""
    with db.write(ctx.engine) as conn:
        row = _open_game(conn, game_id)
        if row.created_by != creator.id:
            raise Forbidden.of("service.meet.creator_only")
        table = _seat_rows(conn, game_id)
        others = [r.seat for r in table
                  if r.player_id != creator.id and not seats_mod.is_open_seat(r.email)]
        if isinstance(seat, bool) or seat not in others:
            raise Invalid.of("service.meet.no_player", seat=str(seat)[:10],
                             allowed_seats=", ".join(str(s) for s in others) or "—",
                             allowed=others)
        freed = next(r.player_id for r in table if r.seat == seat)
        _free(conn, game_id, seat)
        conn.execute(update(games).where(games.c.id == game_id).values(
            turned_away=[*(row.turned_away or []), int(freed)]))


def release(conn: Connection, player_id: int) -> list[str]:
    """A deleted account's part in the open games not yet started (`account.delete_account`, in
    its transaction): its seats are free again for others, and the games it opened are withdrawn
    from the list, their other players freed to take seats elsewhere (a game whose creator is
    gone would never start, and its seats would count against their limit). The games touched.

    The player's row, then each game's row, is locked as `join` locks them (the same order: no
    deadlock), and the games are chosen under the lock: a game that another player's `join`
    filled and started meanwhile is no longer waiting, so its seat is not freed (a started game
    with a seat nobody plays would wait for it forever); the caller resigns it as a game in
    play instead."""
    lobby.lock_player(conn, player_id)
    rows = conn.execute(
        select(games.c.id, games.c.created_by, seats.c.seat)
        .join(seats, seats.c.game_id == games.c.id)
        .where(seats.c.player_id == player_id, games.c.open_seats.is_(True),
               games.c.status == progress.INVITED).order_by(games.c.id)
        .with_for_update(of=games)).all()
    for row in rows:
        if row.created_by != player_id:
            _free(conn, row.id, row.seat)
            continue
        for other in _seat_rows(conn, row.id):
            if other.player_id != player_id and not seats_mod.is_open_seat(other.email):
                _free(conn, row.id, other.seat)
        conn.execute(update(games).where(games.c.id == row.id).values(open_seats=False))
    return [row.id for row in rows]


def _free(conn: Connection, game_id: str, seat: int) -> None:
    holder = _placeholder(conn, game_id, seat)
    conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat)
                 .values(player_id=holder.id, accepted_at=None))
    conn.execute(update(games).where(games.c.id == game_id).values(updated_at=store.now()))


def start(ctx: Context, game_id: str, creator: Player, bot: str) -> bool:
    """The creator starts the game now: a bot of level `bot` takes each free seat. True (it
    started), as `join` answers when it starts the game."""
    with db.write(ctx.engine) as conn:
        row = _open_game(conn, game_id)
        if row.created_by != creator.id:
            raise Forbidden.of("service.meet.creator_only")
        module = lobby.module_for(ctx, row.game)
        levels = sorted(surface.bot_levels(module))
        if bot not in levels:
            raise Invalid.of("service.lobby.bot_level", levels=", ".join(levels), allowed=levels)
        stamp = store.now()
        for r in _seat_rows(conn, game_id):
            if seats_mod.is_open_seat(r.email):
                holder = players.ensure(conn, f"bot-{game_id}-{r.seat}@{players.BOT_DOMAIN}",
                                        name=f"Bot {r.seat + 1} ({bot})")
                conn.execute(update(seats).where(seats.c.game_id == game_id,
                                                 seats.c.seat == r.seat)
                             .values(player_id=holder.id, bot=bot, accepted_at=stamp))
        queued = lobby.begin(conn, ctx, game_id)
    if queued:
        commands.run_queued(ctx, game_id)
    return True


@dataclass(frozen=True)
class Sitter:
    seat: int
    player_id: int
    name: str
    public: bool


@dataclass(frozen=True)
class OpenGame:
    id: str
    game: str
    options: dict[str, Any]
    turn_hours: int
    languages: list[str]
    seats: int
    seated: list[Sitter]  # the people in, in seat order (the creator first)
    created_by: int
    created_at: datetime

    @property
    def free(self) -> int:
        return self.seats - len(self.seated)


def listed(ctx: Context, *, game: str | None = None, game_id: str | None = None
           ) -> list[OpenGame]:
    """The open games waiting for players, newest first (of one kind, or one game)."""
    query = select(games).where(games.c.open_seats.is_(True),
                                games.c.status == progress.INVITED)
    if game is not None:
        query = query.where(games.c.game == game)
    if game_id is not None:
        query = query.where(games.c.id == game_id)
    with db.read(ctx.engine) as conn:
        rows = conn.execute(query.order_by(games.c.created_at.desc(), games.c.id)
                            .limit(MAX_LISTED)).all()
        ids = [r.id for r in rows]
        sat = conn.execute(
            select(seats.c.game_id, seats.c.seat, seats.c.player_id, players_table.c.name,
                   players_table.c.email, players_table.c.profile_public)
            .join(players_table, players_table.c.id == seats.c.player_id)
            .where(seats.c.game_id.in_(ids)).order_by(seats.c.seat)).all() if ids else []
    by_game: dict[str, list[Sitter]] = {i: [] for i in ids}
    for s in sat:
        if not seats_mod.is_open_seat(s.email):
            by_game[s.game_id].append(Sitter(s.seat, s.player_id, s.name, bool(s.profile_public)))
    return [OpenGame(r.id, r.game, dict(r.options or {}), int(r.turn_hours),
                     list(r.languages or []), int(r.players), by_game[r.id], r.created_by,
                     r.created_at) for r in rows]


def is_open(ctx: Context, game_id: str) -> bool:
    with db.read(ctx.engine) as conn:
        return bool(conn.execute(select(games.c.id).where(
            and_(games.c.id == game_id, games.c.open_seats.is_(True),
                 games.c.status == progress.INVITED))).first())


__all__ = ["MAX_CREATED", "MAX_TAKEN", "OpenGame", "ServiceError", "create", "join", "leave",
           "listed", "release", "remove", "start", "still_waiting_without", "subscribe",
           "subscriptions", "unsubscribe"]
