"""The local outbox: the mails the sender wrote as files to `<instance>/mail/` because no SMTP
server is configured (workers/mail.py FolderTransport), read back for `pbem outbox` (the
operator, who has the instance folder) and the /dev/outbox page (each player, their own mails).

Those files hold sign-in links and reply addresses: whoever reads a mail can act as its
recipient, so nothing here decides who may read what — the callers do.
"""

from __future__ import annotations

import email
import re
from collections.abc import Iterator
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.parser import BytesHeaderParser
from email.utils import getaddresses
from pathlib import Path

NAME = re.compile(r"[A-Za-z0-9_@-][A-Za-z0-9._@-]{0,299}")
"""A mail's name: its file name without `.eml` (FolderTransport's alphabet, no path)."""


@dataclass(frozen=True)
class LocalMail:
    name: str
    path: Path
    to: str
    recipients: tuple[str, ...]  # the To addresses, lower-cased
    subject: str
    date: str

    def message(self) -> EmailMessage:
        return email.message_from_bytes(self.path.read_bytes(), policy=policy.default)  # type: ignore[return-value]

    def text(self) -> str:
        part = self.message().get_body(preferencelist=("plain",))
        return part.get_content() if part is not None else ""


def folder_of(instance: Path) -> Path:
    return Path(instance) / "mail"


def _read(path: Path) -> LocalMail:
    with path.open("rb") as handle:
        headers = BytesHeaderParser(policy=policy.default).parse(handle)
    to = str(headers["To"] or "")
    return LocalMail(name=path.stem, path=path, to=to,
                     recipients=tuple(a.lower() for _, a in getaddresses([to]) if a),
                     subject=str(headers["Subject"] or ""), date=str(headers["Date"] or ""))


def _newest_first(folder: Path) -> Iterator[Path]:
    if not folder.is_dir():
        return iter(())
    found = []
    for path in folder.glob("*.eml"):
        try:
            found.append((path.stat().st_mtime, path))
        except FileNotFoundError:  # replaced meanwhile
            continue
    return (p for _, p in sorted(found, key=lambda x: x[0], reverse=True))


def mails(folder: Path, *, to: str | None = None, limit: int = 200) -> list[LocalMail]:
    """The newest mails first; only those addressed to `to` when given."""
    out: list[LocalMail] = []
    wanted = to.strip().lower() if to else None
    for path in _newest_first(folder):
        mail = _read(path)
        if wanted is None or wanted in mail.recipients:
            out.append(mail)
            if len(out) >= limit:
                break
    return out


def find(folder: Path, name: str) -> LocalMail | None:
    """The mail called `name`, if the name is one and the file is there."""
    if not NAME.fullmatch(name):
        return None
    path = folder / f"{name}.eml"
    if path.parent != folder or not path.is_file():
        return None
    return _read(path)
