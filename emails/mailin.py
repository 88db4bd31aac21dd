"""Where replies come in: an SMTP or LMTP server (aiosmtpd) for a mail server to forward to, and
IMAP polling (imap-tools) for a mailbox. Both hand every message to `emails.inbound.receive`."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP, Envelope, Session

from emails import addresses, bounces, inbound
from service.context import Context
from service.settings import Settings

log = logging.getLogger(__name__)

MAX_SIZE = inbound.MAX_RAW


class ReplyHandler:
    """aiosmtpd handler: accepts mail for reply addresses (`…+token@…`) and return paths
    (`…+bounce-…@…`, emails/bounces.py), and passes each message to
    the pipeline in a thread (the database is blocking); 250 once the raw message is stored."""

    def __init__(self, ctx: Context, on_result: Callable[[inbound.Result], None] | None = None):
        self.ctx = ctx
        self.on_result = on_result

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope, address: str,
                          rcpt_options: list[str]) -> str:
        if addresses.token_in(address) is None and not bounces.looks_like_bounce_address(address):
            return "550 5.1.1 Not a reply address of this service"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or envelope.content or b""
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        loop = asyncio.get_running_loop()
        result = await loop.run_in_executor(None, lambda: inbound.receive(
            self.ctx, raw, transport="lmtp" if isinstance(server, LMTP) else "smtp",
            envelope_from=envelope.mail_from, recipients=list(envelope.rcpt_tos)))
        if self.on_result is not None:
            self.on_result(result)
        return "250 2.0.0 Message accepted"


class _LmtpController(Controller):
    def factory(self) -> LMTP:
        return LMTP(self.handler, **self.SMTP_kwargs)


def server(ctx: Context, host: str = "127.0.0.1", port: int = 8025, *, lmtp: bool = False,
           on_result: Callable[[inbound.Result], None] | None = None) -> Controller:
    """A started-on-demand controller (`.start()`, `.stop()`); port 0 picks a free port."""
    cls = _LmtpController if lmtp else Controller
    return cls(ReplyHandler(ctx, on_result), hostname=host, port=port,
               data_size_limit=MAX_SIZE, decode_data=False)


@dataclass(frozen=True)
class ImapSettings:
    host: str
    user: str
    password: str
    folder: str = "INBOX"
    port: int = 993
    ssl: bool = True

    @classmethod
    def of(cls, settings: Settings) -> ImapSettings | None:
        """The mailbox the service's settings name (`PBEM_IMAP_*`); None without a host."""
        if not settings.imap_host:
            return None
        return cls(host=settings.imap_host, user=settings.imap_user,
                   password=settings.imap_password, folder=settings.imap_folder,
                   port=settings.imap_port, ssl=settings.imap_security == "ssl")


def poll_imap(ctx: Context, settings: ImapSettings | None = None, *, mailbox: Any = None,
              limit: int = 200) -> list[inbound.Result]:
    """Fetch the unseen messages once, feed each to the pipeline, then flag it seen (a message
    fetched twice is recognised by its Message-ID). A task the workers can call on a beat."""
    settings = settings or ImapSettings.of(ctx.settings)
    if mailbox is None:
        if settings is None:
            return []
        from imap_tools import MailBox, MailBoxUnencrypted

        cls = MailBox if settings.ssl else MailBoxUnencrypted
        mailbox = cls(settings.host, port=settings.port).login(
            settings.user, settings.password, initial_folder=settings.folder)
        own = True
    else:
        own = False
    from imap_tools import AND

    results = []
    try:
        for message in mailbox.fetch(AND(seen=False), mark_seen=False, limit=limit, bulk=True):
            results.append(inbound.receive(ctx, message.obj.as_bytes(), transport="imap"))
            mailbox.flag([message.uid], "\\Seen", True)
    finally:
        if own:
            mailbox.logout()
    return results
