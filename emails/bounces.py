"""Mail that does not arrive: bounces read, addresses marked failing, the table told.

Every mail leaves with an envelope sender of its own (VERP): `pbem+bounce-<outbox id>-<sig>@domain`,
`sig` an HMAC of the id under the service's secret key, so a delivery-status report comes back to
an address that names the very outbox row it is about, and nobody can forge one for another row
(or make the service mark a player's address failing) without the key. The reply intake takes
these addresses beside the reply addresses (`pbem+*@domain` both).

A report is read as RFC 3464 says (`multipart/report; report-type=delivery-status`: the
`message/delivery-status` part's per-recipient blocks, `Action` and `Status`):
- `failed` with a 5.x.x status is a HARD bounce: the address does not take mail. The row is
  marked, the player's address is marked failing (`players.mail_failing_at`, with the status and
  the server's words), and — once per failing spell — every other player at the player's tables
  in play and each game's creator get a `mail-failing` mail (never the failing address: it would
  bounce too), and the game page says it. The player's game mails are no longer sent (a sign-in
  link they ask for still is), until they confirm an address again from their settings page.
- `failed` with a 4.x.x status, or `delayed`, is SOFT: counted (`players.soft_bounces`, the row's
  `bounce`), nothing else: the sending server retries on its own and reports a hard failure when
  it gives up.
- `delivered`, `relayed`, `expanded`: nothing to do.
A report about a mail sent before the player last confirmed their address says nothing about the
address they use now: the row is marked, the player is not.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from email.message import EmailMessage, Message
from email.utils import parseaddr
from typing import Any

from sqlalchemy import Connection, select, update

from service import db, metrics, progress
from service.clock import aware
from service.context import Context
from service.store import now
from service.tables import games, outbox, players, seats

log = logging.getLogger(__name__)

BOUNCE = re.compile(r"^bounce-(\d{1,18})-([0-9a-f]{16})$")
STATUS = re.compile(r"\b([245])\.(\d{1,3})\.(\d{1,3})\b")


# --- the return path ------------------------------------------------------------------------------


def _signature(secret: str, outbox_id: int) -> str:
    return hmac.new(secret.encode(), f"bounce:{outbox_id}".encode(), hashlib.sha256).hexdigest()[:16]


def bounce_address(sender: str, secret: str, outbox_id: int) -> str:
    """The envelope sender of outbox row `outbox_id`: `<local>+bounce-<id>-<sig>@<domain>` on
    the domain of the service's From, where the replies come in too."""
    address = parseaddr(sender)[1] or "pbem@localhost"
    local, _, domain = address.partition("@")
    return f"{local.split('+')[0]}+bounce-{outbox_id}-{_signature(secret, outbox_id)}" \
           f"@{domain or 'localhost'}"


def _tag(address: str) -> str | None:
    local = parseaddr(address)[1].partition("@")[0].lower()
    return local.rpartition("+")[2] if "+" in local else None


def looks_like_bounce_address(address: str) -> bool:
    """Shaped as a return path (the signature is checked when the report is read)."""
    tag = _tag(address)
    return tag is not None and BOUNCE.match(tag) is not None


def outbox_id_of(address: str, secret: str) -> int | None:
    """The outbox row a return path names, when its signature is ours; else None."""
    tag = _tag(address)
    found = BOUNCE.match(tag) if tag else None
    if found is None:
        return None
    outbox_id = int(found.group(1))
    return outbox_id if hmac.compare_digest(found.group(2), _signature(secret, outbox_id)) \
        else None


# --- reading a report -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Failure:
    recipient: str  # Final-Recipient (or Original-Recipient), lower-cased; "" when not given
    original: str
    action: str  # failed | delayed | delivered | relayed | expanded
    status: str  # 5.1.1
    diagnostic: str

    @property
    def kind(self) -> str | None:
        """hard | soft | None (nothing went wrong)."""
        if self.action == "failed":
            return "hard" if self.status.startswith("5") else "soft"
        if self.action == "delayed":
            return "soft"
        return None


def _address_field(value: Any) -> str:
    """`rfc822; ann@example.com` → ann@example.com."""
    text = str(value or "")
    return parseaddr(text.partition(";")[2] if ";" in text else text)[1].lower()


def read_report(msg: EmailMessage) -> list[Failure]:
    """The per-recipient blocks of the message's delivery-status part(s); [] when it has none
    (not an RFC 3464 report)."""
    found: list[Failure] = []
    for part in msg.walk():
        if part.get_content_type() != "message/delivery-status":
            continue
        blocks = part.get_payload()
        if not isinstance(blocks, list):  # a part Python could not split: read it as fields
            import email

            text = str(blocks or "")
            blocks = [email.message_from_string(chunk) for chunk in re.split(r"\n\s*\n", text)
                      if chunk.strip()]
        for block in blocks:
            if not isinstance(block, Message) or block.get("Action") is None:
                continue  # the per-message block
            action = str(block.get("Action")).strip().lower().split()[0]
            status = STATUS.search(str(block.get("Status") or ""))
            diagnostic = " ".join(str(block.get("Diagnostic-Code") or "").split())
            code = ".".join(status.groups()) if status else ("5.0.0" if action == "failed"
                                                             else "")
            found.append(Failure(_address_field(block.get("Final-Recipient")),
                                 _address_field(block.get("Original-Recipient")),
                                 action, code, diagnostic.partition(";")[2].strip()
                                 or diagnostic))
    return found


# --- what a report changes ----------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    status: str  # bounce (read and recorded) | ignored (not a report we can read)
    detail: str
    kind: str | None = None  # hard | soft


def receive(ctx: Context, msg: EmailMessage, recipients: Sequence[str]) -> Outcome | None:
    """Handle `msg` if one of its recipients is a return path of ours; None when none is (the
    pipeline goes on as for a reply). A forged or mangled return path is recorded as ignored."""
    addresses = [a for a in recipients if looks_like_bounce_address(a)]
    if not addresses:
        return None
    outbox_id = next((i for a in addresses if (i := outbox_id_of(a, ctx.settings.secret_key))
                      is not None), None)
    if outbox_id is None:
        log.warning("a delivery report to a return path whose signature is not ours: ignored")
        return Outcome("ignored", "return path not signed by this service")
    failures = [f for f in read_report(msg) if f.kind is not None]
    if not failures:
        return Outcome("ignored", f"outbox {outbox_id}: no failure in the report (not RFC 3464, "
                       "or delivered)")
    failure = next((f for f in failures if f.kind == "hard"), failures[0])
    kind = failure.kind
    assert kind is not None
    with db.write(ctx.engine) as conn:
        row = conn.execute(select(outbox.c.id, outbox.c.player_id, outbox.c.sent_at,
                                  outbox.c.created_at, outbox.c.bounce, outbox.c.kind)
                           .where(outbox.c.id == outbox_id)).first()
        if row is None:
            return Outcome("ignored", f"outbox {outbox_id}: no such row")
        if row.bounce != "hard":  # a soft report after a hard one changes nothing
            conn.execute(update(outbox).where(outbox.c.id == outbox_id).values(
                bounce=kind, bounce_status=failure.status[:16], bounced_at=now()))
        # The confirmation of a new address went to that address, not to the player's own: its
        # bounce says the new one is wrong (the link never arrives), nothing about the other.
        marked = _mark_player(conn, row, failure) \
            if row.player_id is not None and row.kind != "email-confirm" else False
    metrics.BOUNCES.labels(kind).inc()
    log.info("outbox %s bounced (%s, %s)%s", outbox_id, kind, failure.status,
             ": the address is marked failing" if marked else "")
    return Outcome("bounce", f"outbox {outbox_id}: {kind} {failure.status}", kind)


def _mark_player(conn: Connection, row: Any, failure: Failure) -> bool:
    """Count a soft bounce, or mark the address failing on a hard one (and tell the tables,
    once). Returns whether the address became failing now."""
    player = conn.execute(select(players).where(players.c.id == row.player_id)).first()
    if player is None:
        return False
    changed = getattr(player, "email_confirmed_at", None)
    sent = row.sent_at or row.created_at
    if changed is not None and sent is not None and aware(sent) < aware(changed):
        return False  # about an address the player has replaced (or confirmed) since
    named = {failure.recipient, failure.original} - {""}
    if named and player.email.lower() not in named and failure.original:
        return False  # the report is about another address (the player's was changed)
    if failure.kind == "soft":
        conn.execute(update(players).where(players.c.id == player.id)
                     .values(soft_bounces=players.c.soft_bounces + 1))
        return False
    if player.mail_failing_at is not None:
        return False  # already known: the tables were told
    reason = f"{failure.status} {failure.diagnostic}".strip()[:300]
    conn.execute(update(players).where(players.c.id == player.id, players.c.mail_failing_at.is_(None))
                 .values(mail_failing_at=now(), mail_failing_reason=reason))
    _tell_the_tables(conn, player, failure.status)
    return True


def _tell_the_tables(conn: Connection, player: Any, status: str) -> None:
    """A `mail-failing` mail, per game the player sits at that is not over, to every other human
    at that table and to the game's creator — never to the failing address itself."""
    from service import players as players_mod

    rows = conn.execute(select(games.c.id, games.c.created_by).join(seats, seats.c.game_id == games.c.id)
                        .where(seats.c.player_id == player.id,
                               games.c.status != progress.OVER)).all()
    for game in rows:
        table = conn.execute(select(seats.c.player_id, seats.c.bot, players.c.email)
                             .join(players, players.c.id == seats.c.player_id)
                             .where(seats.c.game_id == game.id)).all()
        told = [r.player_id for r in table if r.player_id != player.id and r.bot is None
                and not players_mod.is_bot_email(r.email)]
        if game.created_by != player.id and game.created_by not in told:
            told.append(game.created_by)
        progress.notify(conn, game.id, "mail-failing", told,
                        {"game_id": game.id, "name": player.name, "status": status})
