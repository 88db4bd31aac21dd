"""Per-seat reply addresses: `<local>+<token>@<domain>`, the token random (160 bits), stored in
`reply_tokens`, revocable. A reply is taken for a seat only when it is sent to a live token's
address AND comes from that seat's player (emails/inbound.py)."""

from __future__ import annotations

import re
import secrets
from email.utils import parseaddr
from typing import Any

from sqlalchemy import Connection, insert, select, update

from service.store import now
from service.tables import command_tokens, reply_tokens

TOKEN = re.compile(r"^[a-z0-9]{20,64}$")


def token_for(conn: Connection, game_id: str, seat: int, player_id: int) -> str:
    """The seat's live token, minted (in the caller's transaction) if it has none."""
    row = conn.execute(select(reply_tokens.c.token).where(
        reply_tokens.c.game_id == game_id, reply_tokens.c.seat == seat,
        reply_tokens.c.player_id == player_id, reply_tokens.c.revoked_at.is_(None))
        .order_by(reply_tokens.c.id.desc())).first()
    if row is not None:
        return row.token
    token = secrets.token_hex(20)
    conn.execute(insert(reply_tokens).values(game_id=game_id, seat=seat, player_id=player_id,
                                             token=token, created_at=now()))
    return token


def revoke(conn: Connection, game_id: str, seat: int | None = None) -> int:
    """Revoke the game's (or one seat's) tokens; the next mail carries a new one."""
    query = update(reply_tokens).where(reply_tokens.c.game_id == game_id,
                                       reply_tokens.c.revoked_at.is_(None))
    if seat is not None:
        query = query.where(reply_tokens.c.seat == seat)
    return conn.execute(query.values(revoked_at=now())).rowcount


def lookup(conn: Connection, token: str) -> Any:
    """The live token's row (game_id, seat, player_id), or None."""
    if not TOKEN.match(token):
        return None
    return conn.execute(select(reply_tokens).where(reply_tokens.c.token == token,
                                                   reply_tokens.c.revoked_at.is_(None))).first()


def player_token(conn: Connection, player_id: int) -> str:
    """The player's own live token, for no game (minted in the caller's transaction if none):
    a mail to its address opens a game (`emails/opening.py`). Like a seat's, it is taken only
    from its player's address."""
    row = conn.execute(select(command_tokens.c.token).where(
        command_tokens.c.player_id == player_id, command_tokens.c.revoked_at.is_(None))
        .order_by(command_tokens.c.id.desc())).first()
    if row is not None:
        return str(row.token)
    token = secrets.token_hex(20)
    conn.execute(insert(command_tokens).values(player_id=player_id, token=token,
                                               created_at=now()))
    return token


def lookup_player(conn: Connection, token: str) -> Any:
    """The live player token's row (player_id), or None."""
    if not TOKEN.match(token):
        return None
    return conn.execute(select(command_tokens).where(command_tokens.c.token == token,
                                                     command_tokens.c.revoked_at.is_(None))
                        ).first()


def reply_address(sender: str, token: str) -> str:
    """`pbem+<token>@domain` from the service's own address `pbem@domain`."""
    address = parseaddr(sender)[1] or "pbem@localhost"
    local, _, domain = address.partition("@")
    return f"{local.split('+')[0]}+{token}@{domain or 'localhost'}"


def token_in(address: str) -> str | None:
    """The token of a reply address (`anything+<token>@domain`), lower-cased, or None."""
    local = parseaddr(address)[1].partition("@")[0]
    if "+" not in local:
        return None
    token = local.rpartition("+")[2].lower()
    return token if TOKEN.match(token) else None
