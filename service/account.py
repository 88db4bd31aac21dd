"""A player's own data: download it, and delete the account (issue 26, "Data").

**Download** (`export`): everything the service keeps about the player, as JSON — the account and
its preferences (vacations included), every game they sit in or sat in (their seat, the other
players by name, the moves they made: their commands as recorded, with when and from where), the
seats that changed hands, the mails sent to them (the outbox) and the mails they sent (the
replies received, as received), their finished games' places and their ratings.

**Deletion** (`delete`): the name and the address leave the service. The player's row stays (every
event's `actor` is `player:<id>`, a number, so the hash-chained records need no change and every
game still verifies) but holds a neutral name ("Deleted account" / « Compte supprimé » /
"Account eliminato", `shown_names`) and an address that is never delivered
(`deleted-<id>@deleted.invalid`). Games in play: the player resigns each first (the seat goes to
the table's bot level, or stays open for a replacement: service/seats.py), so nobody waits on an
account that no longer exists. Games not started yet keep the seat, which can no longer accept
(the creator sees who has not). The profile stops being public and the calendar link stops.
Their tokens, reply addresses, vacations, mail about new open games, the mails sent to them
and the mails they sent are deleted; their pending seat offers lapse. What is in the events is
the game's own data — moves, seats as numbers, `player:<id>` — and never a name or an address
(tests/service/test_account.py checks it after a whole game played by web, API and mail).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import Connection, delete, or_, select, update

from service import db, meet, players, progress, seats, store
from service.context import Context
from service.errors import Invalid, ServiceError
from service.i18n import add, t
from service.players import Player
from service.tables import (
    command_tokens,
    events,
    games,
    idempotency_keys,
    inbound_mail,
    open_game_mail,
    outbox,
    ratings,
    reply_tokens,
    results,
    seat_changes,
    seat_offers,
    tokens,
    vacations,
)
from service.tables import players as players_t
from service.tables import seats as seats_t

DELETED_DOMAIN = players.DELETED_DOMAIN
DELETED_NAME = "Deleted account"

add({
    "account.deleted_name": ("Deleted account", "Compte supprimé", "Account eliminato"),
    "account.open_seat": ("Open seat", "Place libre", "Posto libero"),
})


def is_deleted_email(email: str) -> bool:
    return email.lower().endswith("@" + DELETED_DOMAIN)


def shown_names(conn: Connection, ids: Iterable[int], lang: str) -> dict[int, str]:
    """Players' names as a reader in `lang` sees them: a deleted account's is the neutral one, an
    open seat's placeholder says so."""
    wanted = sorted(set(ids))
    if not wanted:
        return {}
    rows = conn.execute(select(players_t.c.id, players_t.c.name, players_t.c.email,
                               players_t.c.deleted_at).where(players_t.c.id.in_(wanted)))
    return {r.id: t("account.deleted_name", lang) if r.deleted_at is not None
            else t("account.open_seat", lang) if seats.is_open_seat(r.email) else r.name
            for r in rows}


def export(ctx: Context, player: Player) -> dict[str, Any]:
    """Everything the service keeps about `player` (see the module's doc), as JSON data."""
    with db.read(ctx.engine) as conn:
        me = conn.execute(select(players_t).where(players_t.c.id == player.id)).one()
        held = {r.game_id: r.seat for r in conn.execute(
            select(seats_t.c.game_id, seats_t.c.seat).where(seats_t.c.player_id == player.id))}
        changed = conn.execute(select(seat_changes).where(or_(
            seat_changes.c.from_player == player.id, seat_changes.c.to_player == player.id))
            .order_by(seat_changes.c.id)).all()
        actor = f"player:{player.id}"
        played = conn.execute(select(events.c.game_id).where(events.c.actor == actor)
                              .distinct()).scalars().all()
        ids = sorted(set(held) | {c.game_id for c in changed} | set(played))
        game_rows = {g.id: g for g in conn.execute(select(games).where(games.c.id.in_(ids)))}
        seated = conn.execute(select(seats_t.c.game_id, seats_t.c.seat, seats_t.c.player_id)
                              .where(seats_t.c.game_id.in_(ids))).all()
        names = shown_names(conn, [s.player_id for s in seated], me.language)
        moves = conn.execute(select(events.c.game_id, events.c.seq, events.c.command,
                                    events.c.source, events.c.created_at)
                             .where(events.c.actor == actor, events.c.command.is_not(None))
                             .order_by(events.c.game_id, events.c.seq)).all()
        away = conn.execute(select(vacations.c.starts_at, vacations.c.ends_at)
                            .where(vacations.c.player_id == player.id)
                            .order_by(vacations.c.starts_at)).all()
        sent = conn.execute(select(outbox.c.game_id, outbox.c.kind, outbox.c.payload,
                                   outbox.c.created_at, outbox.c.sent_at)
                            .where(outbox.c.player_id == player.id)
                            .order_by(outbox.c.id)).all()
        received = conn.execute(select(inbound_mail.c.message_id, inbound_mail.c.received_at,
                                       inbound_mail.c.status, inbound_mail.c.game_id,
                                       inbound_mail.c.raw)
                                .where(_theirs(player)).order_by(inbound_mail.c.id)).all()
        placed = conn.execute(select(results).where(results.c.player_id == player.id)
                              .order_by(results.c.created_at, results.c.game_id)).all()
        rated = conn.execute(select(ratings).where(ratings.c.player_id == player.id)
                             .order_by(ratings.c.game)).all()
        asked = conn.execute(select(open_game_mail.c.game, open_game_mail.c.language)
                             .where(open_game_mail.c.player_id == player.id)
                             .order_by(open_game_mail.c.game, open_game_mail.c.language)).all()
    stamp = store.stamp_text
    return {
        "format": "pbem-player-data/1",
        "exported_at": stamp(store.now()),
        "account": {"id": me.id, "email": me.email, "name": me.name, "language": me.language,
                    "time_zone": me.time_zone, "created_at": stamp(me.created_at)},
        "preferences": {"daily_digest": me.daily_digest,
                        "email_notifications": me.email_notifications,
                        "vacations": [{"starts_at": stamp(v.starts_at),
                                       "ends_at": stamp(v.ends_at)} for v in away],
                        "profile_public": bool(me.profile_public),
                        "calendar_feed": me.calendar_key is not None,
                        "open_game_mail": [{"game": a.game, "language": a.language}
                                           for a in asked]},
        "results": [{"game_id": r.game_id, "game": r.game, "seat": r.seat, "rank": r.rank,
                     "score": r.score, "rated": r.rated, "mu_before": r.mu_before,
                     "sigma_before": r.sigma_before, "mu_after": r.mu_after,
                     "sigma_after": r.sigma_after, "created_at": stamp(r.created_at)}
                    for r in placed],
        "ratings": [{"game": r.game, "mu": r.mu, "sigma": r.sigma, "games": r.games,
                     "updated_at": stamp(r.updated_at)} for r in rated],
        "games": [{
            "id": gid, "game": game_rows[gid].game, "status": game_rows[gid].status,
            "created_at": stamp(game_rows[gid].created_at), "seat": held.get(gid),
            "seats": [{"seat": s.seat, "name": names.get(s.player_id)}
                      for s in sorted(seated, key=lambda s: s.seat) if s.game_id == gid],
            "moves": [{"seq": m.seq, "command": m.command, "source": m.source,
                       "created_at": stamp(m.created_at)} for m in moves if m.game_id == gid],
        } for gid in ids if gid in game_rows],
        "seat_changes": [{"game_id": c.game_id, "seat": c.seat, "kind": c.kind,
                          "version": c.version, "you": _your_part(c, player.id),
                          "bot": c.bot,
                          "created_at": stamp(c.created_at)} for c in changed],
        "mails_to_you": [{"game_id": m.game_id, "kind": m.kind, "payload": m.payload,
                          "created_at": stamp(m.created_at),
                          "sent_at": stamp(m.sent_at) if m.sent_at else None} for m in sent],
        "mails_from_you": [{"message_id": m.message_id, "received_at": stamp(m.received_at),
                            "status": m.status, "game_id": m.game_id,
                            "raw": bytes(m.raw).decode("utf-8", "replace")} for m in received],
    }


def _your_part(change: Any, player_id: int) -> str:
    """In a seat's change: `left` it, `took` it, or `kept` it (a bot played it for a while)."""
    if change.from_player == player_id and change.to_player != player_id:
        return "left"
    return "took" if change.from_player != player_id else "kept"


def _theirs(player: Player) -> Any:
    return or_(inbound_mail.c.player_id == player.id,
               inbound_mail.c.envelope_from == player.email)


def delete_account(ctx: Context, player: Player, *, confirm: str) -> dict[str, Any]:
    """Delete `player`'s account (see the module's doc); `confirm` must be their address.
    Returns what was done: the games resigned."""
    if players.normalise_email(confirm) != player.email:
        raise Invalid.of("service.account.confirm")
    with db.write(ctx.engine) as conn:
        # First, so that no open game can start with this player from now on: one that started
        # before is read below as a game in play, and resigned.
        left = meet.release(conn, player.id)  # the open games not started: seats free again
    with db.read(ctx.engine) as conn:
        playing = conn.execute(
            select(seats_t.c.game_id).join(games, games.c.id == seats_t.c.game_id)
            .where(seats_t.c.player_id == player.id, games.c.status == progress.ACTIVE)
            .order_by(seats_t.c.game_id)).scalars().all()
    resigned = []
    for game_id in playing:
        try:
            seats.resign(ctx, game_id, player)
        except ServiceError:  # it ended (or changed) meanwhile: nothing to resign
            continue
        resigned.append(game_id)
    with db.write(ctx.engine) as conn:
        conn.execute(update(seat_offers).where(
            or_(seat_offers.c.to_player == player.id, seat_offers.c.by_player == player.id),
            seat_offers.c.status == seats.PENDING).values(status=seats.LAPSED,
                                                          decided_at=store.now()))
        conn.execute(delete(tokens).where(tokens.c.player_id == player.id))
        conn.execute(update(command_tokens).where(command_tokens.c.player_id == player.id,
                                                  command_tokens.c.revoked_at.is_(None))
                     .values(revoked_at=store.now()))
        conn.execute(update(reply_tokens).where(reply_tokens.c.player_id == player.id,
                                                reply_tokens.c.revoked_at.is_(None))
                     .values(revoked_at=store.now()))
        conn.execute(delete(vacations).where(vacations.c.player_id == player.id))
        conn.execute(delete(open_game_mail).where(open_game_mail.c.player_id == player.id))
        conn.execute(delete(idempotency_keys).where(idempotency_keys.c.player_id == player.id))
        conn.execute(delete(outbox).where(outbox.c.player_id == player.id))
        conn.execute(delete(inbound_mail).where(_theirs(player)))
        conn.execute(update(players_t).where(players_t.c.id == player.id).values(
            email=f"deleted-{player.id}@{DELETED_DOMAIN}", name=DELETED_NAME, language="en",
            time_zone="UTC", daily_digest=False, email_notifications=False,
            profile_public=False, calendar_key=None, deleted_at=store.now()))
    players.forget()  # no process-local trust in this player's tokens
    return {"deleted": True, "resigned": resigned, "open_games_left": left}
