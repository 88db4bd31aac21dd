"""Writing replies as people do, and sending them to the inbound SMTP server."""

from __future__ import annotations

import re
import smtplib
import unicodedata
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from typing import Any

EXAMPLE_HEADINGS = ("For example:", "Par exemple :", "Per esempio:")


def plain(message: EmailMessage) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


def example_of(message: EmailMessage) -> str | None:
    """The example command printed in a mail, if it has one."""
    text = plain(message)
    for heading in EXAMPLE_HEADINGS:
        if heading in text:
            after = text.split(heading, 1)[1].strip().splitlines()
            return after[0].strip() if after else None
    return None


def strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def reply(server: Any, original: EmailMessage, person: Any, body: str, *,
          sender: str | None = None, to: str | None = None, message_id: str | None = None,
          headers: dict[str, str] | None = None, bottom: bool = False) -> EmailMessage:
    """Reply to `original` as `person` through the SMTP server; top-posted with the quote below
    (or, `bottom`, below the quote)."""
    msg = EmailMessage()
    msg["From"] = sender or formataddr((person.name, person.email))
    msg["To"] = to or str(original["Reply-To"])
    msg["Subject"] = "Re: " + str(original["Subject"])
    msg["In-Reply-To"] = str(original["Message-ID"])
    msg["References"] = f"{original['References'] or ''} {original['Message-ID']}".strip()
    msg["Message-ID"] = message_id or make_msgid(domain=person.email.rpartition("@")[2])
    for key, value in (headers or {}).items():
        msg[key] = value
    quoted = "\n".join("> " + line for line in plain(original).splitlines()[:30])
    header = "On Sun, 22 Nov 2026 at 10:00, El Grande <pbem@grande.test> wrote:"
    msg.set_content(f"{header}\n{quoted}\n\n{body}\n" if bottom
                    else f"{body}\n\n{header}\n{quoted}\n")
    send(server, msg)
    return msg


def send(server: Any, msg: EmailMessage | bytes, rcpt: list[str] | None = None,
         mail_from: str = "someone@example.com") -> None:
    with smtplib.SMTP(server.hostname, server.port, timeout=30) as smtp:
        if isinstance(msg, bytes):  # on the wire every line ends with CRLF
            smtp.sendmail(mail_from, rcpt or [], re.sub(rb"\r?\n", b"\r\n", msg))
        else:
            smtp.send_message(msg)


def address_of(header: Any) -> str:
    found = re.search(r"<([^>]+)>", str(header))
    return found.group(1) if found else str(header)
