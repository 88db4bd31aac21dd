"""Sending the outbox: each notification once, with retries and exponential backoff.

A sender claims a row for a short lease (`claimed_by`, `claimed_until`: a compare-and-set, so two
senders never hold the same row), renews the claim every `heartbeat` while it builds and sends the
mail (a slow SMTP server does not lose it its claim), and marks it sent (`sent_at`, and a
`tracking` row ("mail", outbox id) in the same transaction) as soon as the server accepted the
DATA. A failed attempt releases the claim and sets the next attempt after a backoff doubling each
time, until the row is marked failed. A sender that dies stops renewing: its claim lapses after
the lease (30 s), and the next drain (every 5 s) sends the mail — within a minute of the death.

What remains, and cannot be closed with SMTP: a sender that dies after the server accepted the
mail and before its "sent" commit (a few milliseconds) leaves a mail that is sent again. The copy
has the SAME Message-ID (derived from the outbox id), so a receiver can recognise the two as one
message (many mail clients and servers fold them).

Without `PBEM_SMTP_HOST` (the embedded default) mails are written as .eml files to
`<instance>/mail/`, named by their Message-ID, where they can be read.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import smtplib
import ssl
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Protocol

from sqlalchemy import or_, select, update

from emails import bounces, render
from emails.outbound import build_message
from emails.render import outdated
from service import clock, db, metrics, talk
from service import players as players_mod
from service.context import Context
from service.tables import outbox, players
from workers.config import MailSettings, Smtp
from workers.jobs import HOOKS, track

log = logging.getLogger(__name__)

# Kinds a player can switch off (players.email_notifications); the others always go.
OPTIONAL = frozenset({"your-turn", "reminder", "final-warning", "digest", "scoring",
                      "notice", "table-talk", "talk-digest", "open-game"})
# Kinds still sent to an address that bounces (players.mail_failing_at): asked for by the player
# (a sign-in link), or going to another address (the confirmation of a new one).
TO_FAILING = frozenset({"magic-link", "email-confirm"})


class Transport(Protocol):
    def send(self, message: EmailMessage, envelope_from: str | None = None) -> None: ...

    def close(self) -> None: ...


class FolderTransport:
    """Writes each message to `<folder>/<Message-ID>.eml` (the same file on every attempt)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def send(self, message: EmailMessage, envelope_from: str | None = None) -> None:
        if envelope_from and message["Return-Path"] is None:  # what the last server would add
            message["Return-Path"] = f"<{envelope_from}>"
        self.folder.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9._@-]", "_", str(message["Message-ID"]).strip("<>"))
        target = self.folder / f"{name}.eml"
        temporary = target.with_suffix(f".tmp{os.getpid()}.{threading.get_ident()}")
        temporary.write_bytes(message.as_bytes())
        temporary.replace(target)

    def close(self) -> None:
        pass


class SmtpTransport:
    """smtplib, one connection per drain (opened at the first message)."""

    def __init__(self, smtp: Smtp) -> None:
        self.smtp = smtp
        self._conn: smtplib.SMTP | None = None

    def _connect(self) -> smtplib.SMTP:
        s = self.smtp
        if s.security == "ssl":
            conn: smtplib.SMTP = smtplib.SMTP_SSL(s.host, s.port, timeout=s.timeout,
                                                  context=ssl.create_default_context())
        else:
            conn = smtplib.SMTP(s.host, s.port, timeout=s.timeout)
            if s.security == "starttls":
                conn.starttls(context=ssl.create_default_context())
        if s.user:
            conn.login(s.user, s.password or "")
        return conn

    def send(self, message: EmailMessage, envelope_from: str | None = None) -> None:
        """`envelope_from`: the return path (MAIL FROM), where delivery reports go."""
        if self._conn is None:
            self._conn = self._connect()
        try:
            self._conn.send_message(message, from_addr=envelope_from)
        except (smtplib.SMTPServerDisconnected, smtplib.SMTPRecipientsRefused,
                smtplib.SMTPResponseException, OSError):
            self.close()
            raise

    def close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):  # already gone
                self._conn.quit()
            self._conn = None


def transport_for(ctx: Context, settings: MailSettings) -> Transport:
    if settings.smtp is None:
        return FolderTransport(Path(ctx.settings.instance) / "mail")
    return SmtpTransport(settings.smtp)


def backoff(settings: MailSettings, attempts: int) -> timedelta:
    return min(settings.max_backoff, settings.backoff * (2 ** max(0, attempts - 1)))


def drain(ctx: Context, now: datetime | None = None, settings: MailSettings | None = None, *,
          worker: str | None = None, limit: int = 100,
          transport: Transport | None = None) -> dict[str, int]:
    """Send the outbox rows that are due. Returns counts: sent, failed (attempts), skipped."""
    now = now or clock.now()
    settings = settings or MailSettings.of(ctx.settings)
    worker = worker or f"{os.uname().nodename}:{os.getpid()}:{threading.get_ident()}"
    with db.read(ctx.engine) as conn:
        ids = conn.execute(
            select(outbox.c.id)
            .where(outbox.c.sent_at.is_(None), outbox.c.failed_at.is_(None),
                   or_(outbox.c.next_attempt_at.is_(None), outbox.c.next_attempt_at <= now),
                   or_(outbox.c.claimed_until.is_(None), outbox.c.claimed_until < now))
            .order_by(outbox.c.id).limit(limit)).scalars().all()
    counts = {"sent": 0, "failed": 0, "skipped": 0}
    if not ids:
        return counts
    own = transport is None
    transport = transport or transport_for(ctx, settings)
    try:
        for outbox_id in ids:
            counts[_send_one(ctx, outbox_id, now, settings, worker, transport)] += 1
    finally:
        if own:
            transport.close()
    return counts


@contextmanager
def _claimed(ctx: Context, outbox_id: int, now: datetime, settings: MailSettings,
             worker: str) -> Iterator[Any]:
    """The row, claimed by `worker` for the lease and renewed every heartbeat until the block
    ends; None if another sender holds it or it went meanwhile. The lease runs from the claim
    (a drain's later rows are claimed long after its `now`)."""
    moment = max(now, clock.now())
    with db.write(ctx.engine) as conn:
        claimed = conn.execute(
            update(outbox)
            .where(outbox.c.id == outbox_id, outbox.c.sent_at.is_(None),
                   outbox.c.failed_at.is_(None),
                   or_(outbox.c.claimed_until.is_(None), outbox.c.claimed_until < moment))
            .values(claimed_by=worker, claimed_until=moment + settings.lease)).rowcount
    if not claimed:
        yield None
        return
    with db.read(ctx.engine) as conn:  # not held open while the mail is sent
        row = conn.execute(select(outbox).where(outbox.c.id == outbox_id)).one()
    with _heartbeat(ctx, outbox_id, worker, settings, now):
        yield row


@contextmanager
def _heartbeat(ctx: Context, outbox_id: int, worker: str, settings: MailSettings,
               now: datetime) -> Iterator[None]:
    """Renew `worker`'s claim on the row every `settings.heartbeat` until the block ends (a
    thread: the sender itself is blocked in SMTP). A renewal that fails (the database away) is
    logged and tried again at the next beat; should the lease lapse meanwhile, another sender
    may send the mail again, with the same Message-ID."""
    stop = threading.Event()
    started = clock.now()

    def beat() -> None:
        while not stop.wait(settings.heartbeat.total_seconds()):
            # The drain's `now` moved on by the time spent (tests drive `now` and freeze the
            # clock: then the claim is renewed from the drain's own time).
            moment = max(now + (clock.now() - started), clock.now())
            try:
                with db.write(ctx.engine) as conn:
                    conn.execute(update(outbox).where(
                        outbox.c.id == outbox_id, outbox.c.claimed_by == worker,
                        outbox.c.sent_at.is_(None)).values(claimed_until=moment + settings.lease))
            except Exception as error:
                log.warning("outbox %s: could not renew the claim: %s", outbox_id, error)

    thread = threading.Thread(target=beat, name=f"outbox-{outbox_id}-heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def _send_one(ctx: Context, outbox_id: int, now: datetime, settings: MailSettings, worker: str,
              transport: Transport) -> str:
    with _claimed(ctx, outbox_id, now, settings, worker) as row:
        if row is None:
            return "skipped"  # another sender holds it, or it went meanwhile
        mine = (outbox.c.id == outbox_id, outbox.c.claimed_by == worker)
        note = None
        try:
            HOOKS.before_send(outbox_id)
            player = _player(ctx, row.player_id)
            with db.read(ctx.engine) as conn:
                upto = talk.latest_id(conn)
            if player is None:
                note = "not sent: no recipient"
            elif players_mod.is_unmailable(getattr(player, "email", "")):
                note = "not sent: a bot plays this seat"
            elif row.kind in OPTIONAL and not getattr(player, "email_notifications", True):
                note = "not sent: the player switched notifications off"
            elif outdated(ctx, row):
                note = "not sent: the player has answered since"
            elif getattr(player, "mail_failing_at", None) is not None \
                    and row.kind not in TO_FAILING:
                note = "not sent: the address bounces"
            elif row.kind in TALK_ONLY and not _talk(ctx, row, player, upto):
                note = "not sent: nothing new was said (an earlier mail carried it)"
            else:
                message = build_message(row, player, sender=settings.sender,
                                        links=_links(ctx, row, player), talk_upto=upto)
                sign(message, settings)
                # returns once the server accepted the DATA
                transport.send(message, bounces.bounce_address(settings.sender,
                                                               ctx.settings.secret_key, row.id))
                HOOKS.after_send(outbox_id)
        except Exception as error:
            attempts = row.attempts + 1
            final = attempts >= settings.attempts
            log.warning("outbox %s: attempt %s failed%s: %s", outbox_id, attempts,
                        " (giving up)" if final else "", error)
            with db.write(ctx.engine) as conn:
                conn.execute(update(outbox).where(*mine).values(
                    attempts=attempts, claimed_by=None, claimed_until=None,
                    last_error=f"{type(error).__name__}: {error}"[:500],
                    next_attempt_at=now + backoff(settings, attempts),
                    failed_at=now if final else None))
            metrics.MAILS.labels("error").inc()
            return "failed"
        with db.write(ctx.engine) as conn:
            conn.execute(update(outbox).where(*mine, outbox.c.sent_at.is_(None)).values(
                sent_at=now, attempts=row.attempts + 1, claimed_by=None, claimed_until=None,
                last_error=note))
            if note is None and player is not None:  # the table talk it carried: not again
                talk.mark_mailed(conn, player.id, [m["id"] for m in render.talk_of(
                    conn, row.kind, row.game_id, player.id, upto)])
            track(conn, "mail", str(outbox_id), now)
        metrics.MAILS.labels("sent" if note is None else "skipped").inc()
        return "sent"


TALK_ONLY = frozenset({"table-talk", "talk-digest"})
"""Mails that carry table talk only: not sent when another mail carried it already."""


def _talk(ctx: Context, row: Any, player: Any, upto: int) -> bool:
    with db.read(ctx.engine) as conn:
        return bool(render.talk_of(conn, row.kind, row.game_id, player.id, upto))


def _player(ctx: Context, player_id: int | None) -> Any:
    if player_id is None:
        return None
    with db.read(ctx.engine) as conn:
        row = conn.execute(select(players).where(players.c.id == player_id)).first()
    return None if row is None else SimpleNamespace(**row._asdict())


def sign(message: EmailMessage, settings: MailSettings) -> None:
    """A DKIM-Signature (dkimpy) when a key is configured, over the headers a receiver shows and
    threads by; the body is the one sent (the message's own bytes)."""
    if settings.dkim is None:
        return
    import dkim

    signature = dkim.sign(message.as_bytes(), settings.dkim.selector.encode(),
                          settings.dkim.domain.encode(), settings.dkim.key,
                          canonicalize=(b"relaxed", b"relaxed"),
                          include_headers=[h.encode() for h in DKIM_HEADERS if message[h]])
    name, _, value = signature.decode().partition(":")
    message[name] = " ".join(value.split())  # unfolded: our policy writes it on one line


DKIM_HEADERS = ("From", "To", "Subject", "Date", "Message-ID", "Reply-To", "In-Reply-To",
                "References", "Content-Type", "MIME-Version", "List-Unsubscribe",
                "List-Unsubscribe-Post", "Auto-Submitted")
"""What the signature covers: who it is from and to, what it says it is, and the one-click
unsubscribe (RFC 8058 asks that it be signed)."""


def _links(ctx: Context, row: Any, player: Any) -> dict[str, str]:
    """Links made when the mail is sent, not stored: a sign-in link asked for on the web, or by a
    reply ("link", emails/requests.py)."""
    asked = row.kind == "mail-reply" and any(
        isinstance(n, dict) and n.get("kind") == "link"
        for n in (row.payload or {}).get("requests", []))
    if row.kind == "magic-link" or asked:
        return {"login": players_mod.magic_link(ctx, player.id)}
    if row.kind == "email-confirm":
        return {"confirm": players_mod.email_confirm_link(ctx, player.id, (row.payload or {})
                                                           .get("to", ""), player.email)}
    return {}
