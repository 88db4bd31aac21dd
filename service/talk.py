"""Table talk: what players say to the whole table or to one player, on every channel.

    say(ctx, game_id, seat, text, to=None, source=Source("web")) → Said

is the ONE way a message is said: the game page, the API and the mail reader (a reply's lines
marked "say …" / « dire … » / "dire …", see `emails/talk.py`) all call it, so the limits and the
checks hold everywhere. Messages are not game events: they change no state, live in their own
append-only table (`messages`), never enter the game's hash chain and outlive an undo (what was
said stays said). Each records the game's version when it was said, which places it in the log
and the replay.

Who reads what (`visible`): a table message is read by everyone who may look at the game; a
private one (`to_seat`) by its two players only — never by spectators, the other seats, the
public record, another's replay or another's export. A player who muted another reads nothing of
theirs (mutes are the reader's: the muted player is not told).

How it reaches a player by mail is the player's setting (`players.talk_mail`): `next` — in the
next mail of that game (the default), `now` — a mail at once, `digest` — one mail a day,
`off` — never by mail (the page and the API still show it). `message_mails` records what was
mailed to whom, so nothing is mailed twice.

Limits, checked in the transaction that stores the message (so two processes cannot both pass):
a message has 1 to MAX_LENGTH characters; a player says at most PER_SEAT messages per
PER_SEAT_SECONDS in a game, and a game takes at most PER_GAME per PER_GAME_SECONDS — a table
cannot be flooded, and a quarrel cannot fill everyone's mailbox.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, and_, case, delete, exists, func, insert, or_, select

from service import db, progress
from service.context import Context
from service.errors import Forbidden, Invalid, NotFound, ServiceError
from service.players import BOT_DOMAIN
from service.store import Source, now, stamp_text
from service.tables import games, message_mails, messages, mutes, players, seats

MAX_LENGTH = 1000
PER_SEAT, PER_SEAT_SECONDS = 10, 600
PER_GAME, PER_GAME_SECONDS = 60, 3600
MAIL_CHOICES = ("next", "now", "digest", "off")
SOURCES = ("web", "api", "email")


class TooManyMessages(ServiceError):
    """Over a rate limit: nothing was stored; `retry_after` says when one may speak again."""

    status, slug, title = 429, "too-many-messages", "Too many messages"


@dataclass(frozen=True)
class Said:
    id: int
    game_id: str
    seat: int
    to: int | None
    version: int
    text: str
    created_at: datetime
    source: str

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        """For the API and the page's poll: players by name (and seat, for programs)."""
        def name(seat: int | None) -> str | None:
            return names[seat] if seat is not None and 0 <= seat < len(names) else None

        return {"id": self.id, "seat": self.seat, "from": name(self.seat), "to_seat": self.to,
                "to": name(self.to), "private": self.to is not None, "version": self.version,
                "text": self.text, "at": stamp_text(self.created_at)}


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def clean(text: str) -> str:
    """Plain text as it will be shown: NFC, no control or direction-override characters (which
    could make a message look like another's), lines kept, blank runs and edges trimmed."""
    text = unicodedata.normalize("NFC", str(text)).replace("\r\n", "\n").replace("\r", "\n")
    text = _CONTROL.sub("", text.replace("\t", " "))
    text = re.sub(r"\n{3,}", "\n\n", text)
    return "\n".join(line.rstrip() for line in text.strip().split("\n"))


def _seated(conn: Connection, game_id: str) -> list[Any]:
    """The table; a seat no person holds (an open seat's placeholder) counts as a bot's: it is
    nobody to talk to."""
    nobody = players.c.email.like(f"%@{BOT_DOMAIN}")
    bot = case((nobody, func.coalesce(seats.c.bot, "nobody")), else_=seats.c.bot).label("bot")
    return list(conn.execute(select(seats.c.seat, seats.c.player_id, bot, players.c.name,
                                    players.c.talk_mail)
                             .join(players, players.c.id == seats.c.player_id)
                             .where(seats.c.game_id == game_id).order_by(seats.c.seat)).all())


def seat_of(table: Sequence[Any], to: int | str | None, seat: int) -> int | None:
    """The seat a private message goes to: given as a seat number (API) or a player's name
    (mail, page), case and accents aside. Never one's own, never a bot."""
    if to is None or to == "":
        return None
    others = [r for r in table if r.seat != seat and r.bot is None]
    allowed = [r.name for r in others]
    found = None
    if isinstance(to, int) and not isinstance(to, bool):
        found = next((r for r in others if r.seat == to), None)
    elif isinstance(to, str):
        wanted = _folded(to)
        found = next((r for r in others if _folded(r.name) == wanted), None)
    if found is None:
        raise Invalid.of("service.talk.to", allowed=allowed, to=str(to)[:60],
                         names=", ".join(allowed) or "—")
    return int(found.seat)


def _folded(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def say(ctx: Context, game_id: str, seat: int, text: str, to: int | str | None = None, *,
        source: Source) -> Said:
    """Say `text` at the game's table (or to the player `to` only), as `seat`'s player.
    Refused with a ServiceError (in the sayer's language when rendered) and nothing stored when
    the text is empty or too long, `to` is nobody at the table, the seat is a bot's, or a limit is
    reached. The players who want table talk at once get a mail in the same transaction."""
    if source.kind not in SOURCES:
        raise ValueError(f"table talk comes from {SOURCES}, not {source.kind!r}")
    body = clean(text)
    if not body:
        raise Invalid.of("service.talk.empty", allowed={"max_length": MAX_LENGTH},
                         max_length=MAX_LENGTH)
    if len(body) > MAX_LENGTH:
        raise Invalid.of("service.talk.long", allowed={"max_length": MAX_LENGTH},
                         length=len(body), most=MAX_LENGTH)
    stamp = now()
    with db.write(ctx.engine) as conn:
        game = conn.execute(select(games.c.version).where(games.c.id == game_id)
                            .with_for_update()).first()  # queues the game's writers of talk
        if game is None:
            raise NotFound.of("service.no_game", game=game_id[:40])
        table = _seated(conn, game_id)
        me = next((r for r in table if r.seat == seat), None)
        if me is None or me.bot is not None:
            raise Forbidden.of("service.talk.not_seated")
        to_seat = seat_of(table, to, seat)
        _check_rate(conn, game_id, seat, stamp)
        message_id = conn.execute(insert(messages).values(
            game_id=game_id, seat=seat, to_seat=to_seat, version=game.version, text=body,
            source=source.kind, source_ref=(source.ref or None) and source.ref[:998],
            created_at=stamp).returning(messages.c.id)).scalar_one()
        readers = [r for r in table if r.seat != seat and r.bot is None
                   and (to_seat is None or r.seat == to_seat)]
        muting = _muters(conn, me.player_id, [r.player_id for r in readers])
        at_once = [r.player_id for r in readers
                   if r.talk_mail == "now" and r.player_id not in muting]
        progress.notify(conn, game_id, "table-talk", at_once, {"game_id": game_id})
    return Said(message_id, game_id, seat, to_seat, game.version, body, stamp, source.kind)


def _check_rate(conn: Connection, game_id: str, seat: int, stamp: datetime) -> None:
    for count, span, where, key in (
            (PER_SEAT, PER_SEAT_SECONDS, [messages.c.seat == seat], "service.talk.rate_seat"),
            (PER_GAME, PER_GAME_SECONDS, [], "service.talk.rate_game")):
        since = stamp - timedelta(seconds=span)
        recent = conn.execute(select(func.count(), func.min(messages.c.created_at)).where(
            messages.c.game_id == game_id, messages.c.created_at > since, *where)).one()
        if recent[0] >= count:
            oldest = recent[1]
            if oldest is not None and oldest.tzinfo is None:
                oldest = oldest.replace(tzinfo=stamp.tzinfo)
            wait = max(1, int(((oldest or stamp) + timedelta(seconds=span) - stamp)
                              .total_seconds()) + 1)
            raise TooManyMessages.of(key, allowed={"messages": count, "seconds": span},
                                     extra={"retry_after": wait}, count=count,
                                     minutes=span // 60)


def _muters(conn: Connection, speaker: int, readers: Sequence[int]) -> set[int]:
    if not readers:
        return set()
    return set(conn.execute(select(mutes.c.player_id).where(
        mutes.c.muted_id == speaker, mutes.c.player_id.in_(list(readers)))).scalars())


def _row(r: Any) -> Said:
    return Said(r.id, r.game_id, r.seat, r.to_seat, r.version, r.text, r.created_at, r.source)


def _visible_to(seat: int | None, player_id: int | None, game_id: str) -> list[Any]:
    """The WHERE of what `seat` (None: a spectator, the public record) may read in a game."""
    where: list[Any] = [messages.c.game_id == game_id]
    if seat is None:
        where.append(messages.c.to_seat.is_(None))
    else:
        where.append(or_(messages.c.to_seat.is_(None), messages.c.seat == seat,
                         messages.c.to_seat == seat))
    if player_id is not None and seat is not None:
        muted_seats = select(seats.c.seat).join(mutes, mutes.c.muted_id == seats.c.player_id) \
            .where(seats.c.game_id == game_id, mutes.c.player_id == player_id)
        where.append(messages.c.seat.not_in(muted_seats))
    return where


def visible(conn: Connection, game_id: str, seat: int | None, player_id: int | None = None, *,
            since: int = 0, upto_version: int | None = None, limit: int = 500) -> list[Said]:
    """What `seat` may read of a game's talk (a spectator and the public record: table messages
    only), oldest first, after message id `since`, said at a game version up to `upto_version`.
    `player_id`: the reader, whose mutes apply (None: nobody's, e.g. an export)."""
    where = _visible_to(seat, player_id, game_id)
    if since:
        where.append(messages.c.id > since)
    if upto_version is not None:
        where.append(messages.c.version <= upto_version)
    rows = conn.execute(select(messages).where(*where).order_by(messages.c.id).limit(limit))
    return [_row(r) for r in rows]


def read(ctx: Context, game_id: str, seat: int | None, player_id: int | None = None, *,
         since: int = 0, upto_version: int | None = None) -> list[Said]:
    with db.read(ctx.engine) as conn:
        return visible(conn, game_id, seat, player_id, since=since, upto_version=upto_version)


# --- mail ------------------------------------------------------------------------------------------


def unmailed(conn: Connection, player_id: int, game_id: str | None = None, *,
             upto: int | None = None) -> list[Said]:
    """The messages `player_id` may read and has not been mailed yet (nor said themselves),
    in one game or all of theirs, up to message id `upto`."""
    table = select(seats.c.game_id, seats.c.seat).where(seats.c.player_id == player_id)
    if game_id is not None:
        table = table.where(seats.c.game_id == game_id)
    out: list[Said] = []
    for g, seat in conn.execute(table).all():
        where = _visible_to(seat, player_id, g)
        where += [messages.c.seat != seat, ~exists().where(
            message_mails.c.message_id == messages.c.id, message_mails.c.player_id == player_id)]
        if upto is not None:
            where.append(messages.c.id <= upto)
        out += [_row(r) for r in conn.execute(select(messages).where(*where)
                                              .order_by(messages.c.id).limit(200))]
    return out


def latest_id(conn: Connection) -> int:
    """The newest message's id: what a mail being built may include at most."""
    return int(conn.execute(select(func.coalesce(func.max(messages.c.id), 0))).scalar_one())


def mark_mailed(conn: Connection, player_id: int, ids: Sequence[int]) -> None:
    """Record that these messages went to the player by mail (in the transaction that records
    the mail as sent): the next mail does not repeat them."""
    if not ids:
        return
    done = set(conn.execute(select(message_mails.c.message_id).where(
        message_mails.c.player_id == player_id,
        message_mails.c.message_id.in_(list(ids)))).scalars())
    rows = [{"message_id": i, "player_id": player_id, "created_at": now()}
            for i in dict.fromkeys(ids) if i not in done]
    if rows:
        conn.execute(insert(message_mails), rows)


def mail_choice(conn: Connection, player_id: int) -> str:
    return str(conn.execute(select(players.c.talk_mail).where(players.c.id == player_id))
               .scalar() or "next")


def digest_due(conn: Connection) -> list[int]:
    """The players who chose a daily digest of table talk and have something unmailed."""
    ids = conn.execute(select(players.c.id).where(players.c.talk_mail == "digest")).scalars()
    return [p for p in ids if unmailed(conn, p)]


# --- mutes -----------------------------------------------------------------------------------------


def mute(ctx: Context, game_id: str, player_id: int, seat: int, muted: bool = True) -> None:
    """Hide (or show again) the messages of the player at `seat` from `player_id`, in every
    game. Nobody else is affected, and the muted player is not told."""
    with db.write(ctx.engine) as conn:
        target = conn.execute(select(seats.c.player_id, seats.c.bot).where(
            seats.c.game_id == game_id, seats.c.seat == seat)).first()
        names = [r.name for r in _seated(conn, game_id)]
        if target is None or target.player_id == player_id or target.bot is not None:
            others = [n for r, n in zip(_seated(conn, game_id), names, strict=True)
                      if r.player_id != player_id and r.bot is None]
            raise Invalid.of("service.talk.mute", allowed=others, names=", ".join(others) or "—")
        conn.execute(delete(mutes).where(mutes.c.player_id == player_id,
                                         mutes.c.muted_id == target.player_id))
        if muted:
            conn.execute(insert(mutes).values(player_id=player_id, muted_id=target.player_id,
                                              created_at=now()))


def muted_seats(ctx: Context, game_id: str, player_id: int) -> list[int]:
    with db.read(ctx.engine) as conn:
        return sorted(conn.execute(select(seats.c.seat).join(
            mutes, and_(mutes.c.muted_id == seats.c.player_id, mutes.c.player_id == player_id))
            .where(seats.c.game_id == game_id)).scalars())
