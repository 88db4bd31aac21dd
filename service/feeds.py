"""The calendar feed: the deadlines of all one's games as iCalendar (RFC 5545), at a private link.

The link's secret is never stored: it is an HMAC of the player's id and their `calendar_key` (a
random value kept in `players`) with the service's secret key, so a copy of the database alone
does not open anyone's feed. Regenerating draws a new key (the old link stops working at once);
revoking clears it (no link works). The link carries the player's id and the secret; a wrong or
revoked one is a 404 that says no more.

Each open deadline of the player's games in play is an event at the moment the time runs out
(UTC), titled in the player's language and naming the players by name: the player's own ("Your
move in <game> with Ann and Bob") and the others' ("<game>: Bob's time to play runs out"), so a glance at
the week shows where one is awaited. The text is written by the `icalendar` library, which folds
long lines, escapes commas, semicolons and line breaks, and writes UTC times as RFC 5545 says.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

from icalendar import Calendar, Event
from sqlalchemy import select, update

from domain.core import surface
from domain.core.i18n import Name
from service import account, db, progress
from service.context import Context
from service.i18n import add, t
from service.tables import deadlines, games, players, seats

add({
    "feed.name": ("{site}: my games' deadlines", "{site} : échéances de mes parties",
                  "{site}: scadenze delle mie partite"),
    "feed.mine": ("Your move in {title} with {others}", "À vous de jouer à {title} avec {others}",
                  "Tocca a te a {title} con {others}"),
    "feed.mine_alone": ("Your move in {title}", "À vous de jouer à {title}",
                        "Tocca a te a {title}"),
    "feed.theirs": ("{title}: {name}'s time to play runs out",
                    "{title} : {name} doit avoir joué",
                    "{title}: {name} deve aver giocato"),
    "feed.body": ("The game's page: {url}", "La page de la partie : {url}",
                  "La pagina della partita: {url}"),
})


def _mac(ctx: Context, player_id: int, key: str) -> str:
    message = f"calendar:{player_id}:{key}".encode()
    return hmac.new(ctx.settings.secret_key.encode(), message, hashlib.sha256).hexdigest()[:32]


def token(ctx: Context, player_id: int) -> str | None:
    """The feed link's last part (`<id>-<secret>`), or None when the player has no feed."""
    with db.read(ctx.engine) as conn:
        key = conn.execute(select(players.c.calendar_key)
                           .where(players.c.id == player_id)).scalar()
    return f"{player_id}-{_mac(ctx, player_id, key)}" if key else None


def regenerate(ctx: Context, player_id: int) -> str:
    """A new link (the old one stops working)."""
    with db.write(ctx.engine) as conn:
        conn.execute(update(players).where(players.c.id == player_id)
                     .values(calendar_key=secrets.token_hex(16)))
    found = token(ctx, player_id)
    assert found is not None
    return found


def revoke(ctx: Context, player_id: int) -> None:
    with db.write(ctx.engine) as conn:
        conn.execute(update(players).where(players.c.id == player_id).values(calendar_key=None))


def owner(ctx: Context, link: str) -> int | None:
    """The player whose feed `link` opens, or None (malformed, wrong, revoked)."""
    head, _, secret = link.partition("-")
    if not head.isdigit() or len(head) > 18 or len(secret) != 32:
        return None
    player_id = int(head)
    with db.read(ctx.engine) as conn:
        key = conn.execute(select(players.c.calendar_key).where(
            players.c.id == player_id, players.c.deleted_at.is_(None))).scalar()
    if not key or not hmac.compare_digest(_mac(ctx, player_id, key), secret):
        return None
    return player_id


def feed(ctx: Context, player_id: int) -> bytes:
    """The player's calendar: one event per open deadline of their games in play."""
    with db.read(ctx.engine) as conn:
        me = conn.execute(select(players.c.language).where(players.c.id == player_id)).one()
        mine = select(seats.c.game_id).where(seats.c.player_id == player_id)
        rows = conn.execute(
            select(deadlines.c.game_id, deadlines.c.seat, deadlines.c.player_id,
                   deadlines.c.due_at, deadlines.c.opened_at, deadlines.c.opened_version,
                   games.c.game)
            .join(games, games.c.id == deadlines.c.game_id)
            .where(deadlines.c.game_id.in_(mine), deadlines.c.closed_at.is_(None),
                   games.c.status == progress.ACTIVE)
            .order_by(deadlines.c.due_at, deadlines.c.game_id, deadlines.c.seat)).all()
        ids = {r.game_id for r in rows}
        sat = conn.execute(select(seats.c.game_id, seats.c.seat, seats.c.player_id)
                           .where(seats.c.game_id.in_(ids))).all() if ids else []
        names = account.shown_names(conn, {s.player_id for s in sat} | {player_id}, me.language)
    lang = me.language
    site = ctx.settings.site(lang)
    host = urlsplit(ctx.settings.base_url).hostname or "localhost"
    cal = Calendar()
    cal.add("prodid", f"-//{site}//deadlines//{lang.upper()}")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", t("feed.name", lang, site=site))
    base = ctx.settings.base_url.rstrip("/")
    for r in rows:
        module = ctx.games.get(r.game)
        title = surface.title(module, lang) if module is not None else r.game
        others = sorted(names.get(s.player_id, "?") for s in sat
                        if s.game_id == r.game_id and s.player_id != player_id)
        if r.player_id == player_id:
            summary = (t("feed.mine", lang, title=Name(title), others=", ".join(others))
                       if others else t("feed.mine_alone", lang, title=Name(title)))
        else:
            summary = t("feed.theirs", lang, name=names.get(r.player_id, "?"), title=Name(title))
        event = Event()
        event.add("uid", f"{r.game_id}-{r.seat}-{r.opened_version}@{host}")
        event.add("dtstamp", _utc(r.opened_at))  # when this deadline (the event) came to be
        event.add("dtstart", _utc(r.due_at))
        event.add("dtend", _utc(r.due_at) + timedelta(minutes=30))
        event.add("summary", summary)
        url = f"{base}/games/{r.game_id}"
        event.add("url", url)
        event.add("description", t("feed.body", lang, url=url))
        cal.add_component(event)
    return bytes(cal.to_ical())


def _utc(stamp: datetime) -> datetime:
    return stamp.replace(tzinfo=UTC) if stamp.tzinfo is None else stamp.astimezone(UTC)
