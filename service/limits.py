"""Limits on the mail that anyone can make the service send: sign-in links and invitations.

Two layers, because each stops a different abuse:

- per client (service/web/ratelimit.py, flask-limiter): one IP address cannot ask for many sign-in
  links, one player cannot send many invitations. Shared by every server process when the
  limiter's storage is Redis; per process with the memory storage.
- per target address (here): one inbox cannot be flooded, whoever asks, from however many clients,
  through however many server processes. The counters are rows of `send_limits`, written in the
  transaction that writes the mail's outbox row, so the limit holds on SQLite and PostgreSQL with
  any storage for the limiter.

Fixed windows, like flask-limiter's default strategy: one counter per (scope, address, window
length, window start). An upsert increments it and returns the new count in one statement, atomic
on both databases (PostgreSQL holds the row's lock until the commit; SQLite writes one transaction
at a time), so two processes can never both take the last place. A request over a limit raises
`SendLimited`, which rolls its whole transaction back: a refused request sends nothing and does not
count either, so being refused does not push the wait further.

Addresses are stored only as SHA-256 (with the scope), and an address that belongs to nobody is
counted exactly like a player's: the answer (202, or 429 after the same number of requests) never
tells who plays here.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable
from functools import lru_cache

from limits import RateLimitItem, parse_many
from sqlalchemy import Connection, delete

from service.errors import ServiceError
from service.store import now
from service.tables import send_limits

SIGN_IN = "sign-in"
INVITE = "invite"
OFF = ("", "off", "none")
EXPIRED_GRACE = 3600
"""Expired counters are deleted this long after their window ended (clocks of several machines
never disagree by that much, so no process deletes a window another still counts in)."""


class SendLimited(ServiceError):
    """Too many mails of one kind asked for: 429, with the seconds to wait (Retry-After)."""

    status, slug, title = 429, "too-many-requests", "Too many requests"

    def __init__(self, detail: str, *, retry_after: int, scope: str,
                 address: str | None = None) -> None:
        super().__init__(detail, retry_after=retry_after)
        self.retry_after = retry_after
        self.scope = scope
        self.address = address


@lru_cache(maxsize=64)
def rules(text: str) -> tuple[RateLimitItem, ...]:
    """'3 per 10 minutes;10 per day' → its limits; 'off' (or nothing) → none."""
    if text.strip().lower() in OFF:
        return ()
    try:
        return tuple(parse_many(text))
    except ValueError:
        raise ValueError(f"{text!r} is not a rate limit; write e.g. '3 per 10 minutes;10 per day' "
                         "or 'off'.") from None


def subject(scope: str, address: str) -> str:
    return scope + ":" + hashlib.sha256(address.strip().lower().encode()).hexdigest()


def _increment(conn: Connection, key: str, span: int, start: int) -> int:
    from sqlalchemy.dialects import postgresql, sqlite

    # The two dialects' upserts are spelled alike but are different classes.
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(send_limits).values(subject=key, span=span, window_start=start,
                                                   hits=1, expires=start + span)
    upsert = statement.on_conflict_do_update(
        index_elements=["subject", "span", "window_start"],
        set_={"hits": send_limits.c.hits + 1}).returning(send_limits.c.hits)
    return int(conn.execute(upsert).scalar_one())


def hit(conn: Connection, scope: str, addresses: Iterable[str], limits_text: str) -> None:
    """Count one mail of `scope` to each address, in the caller's transaction; raise
    `SendLimited` (the caller's transaction then rolls back) if any address is over a limit."""
    items = rules(limits_text)
    if not items:
        return
    clock = math.floor(now().timestamp())
    conn.execute(delete(send_limits).where(send_limits.c.expires < clock - EXPIRED_GRACE))
    # In one order for everyone: two transactions counting the same addresses lock their rows
    # in the same order, so they wait for each other and never deadlock (PostgreSQL).
    for address in sorted({a.strip().lower() for a in addresses}):
        key = subject(scope, address)
        wait = 0
        for item in items:
            span = int(item.get_expiry())
            start = clock - clock % span
            if _increment(conn, key, span, start) > item.amount:
                wait = max(wait, start + span - clock)
        if wait:
            raise SendLimited(_detail(scope, address, wait), retry_after=max(1, wait),
                              scope=scope, address=address)


def _detail(scope: str, address: str, wait: int) -> str:
    """The English detail; the web pages and the API's 429 handler say it in the reader's
    language (service/web/ratelimit.py)."""
    if scope == SIGN_IN:
        return f"Too many sign-in links have been asked for; try again in {wait_text(wait)}."
    return f"{address} has received too many invitations; try again in {wait_text(wait)}."


def wait_text(seconds: int) -> str:
    """'7 min', '3 h 5 min': the same abbreviations read right in English, French and Italian."""
    minutes = max(1, math.ceil(seconds / 60))
    if minutes < 60:
        return f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if minutes else f"{hours} h"
