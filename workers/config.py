"""The workers' settings, shaped for them from the service's (`service.settings.Settings`, which
reads every `PBEM_*` variable once and checks it; README.md's "Settings" table lists them all).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from email.utils import parseaddr

from service.settings import DEFAULT_MAIL_FROM, Settings

DEFAULT_BROKER = "redis://127.0.0.1:6379/0"


@dataclass(frozen=True)
class Reminders:
    """When reminders go out for a decision that opened at t and is due at d: at t + first, then
    every `every`, never more than one per interval, and a final warning at d - final."""

    first: timedelta = timedelta(hours=24)
    every: timedelta = timedelta(hours=24)
    final: timedelta = timedelta(hours=12)

    @classmethod
    def of(cls, settings: Settings) -> Reminders:
        return cls(settings.remind_first, settings.remind_every, settings.remind_final)


@dataclass(frozen=True)
class Smtp:
    host: str
    port: int
    user: str | None = None
    password: str | None = None
    security: str = "starttls"  # starttls | ssl | none
    timeout: float = 30.0


@dataclass(frozen=True)
class Dkim:
    key: bytes  # PEM
    selector: str
    domain: str


@dataclass(frozen=True)
class MailSettings:
    sender: str = DEFAULT_MAIL_FROM
    smtp: Smtp | None = None  # None: write .eml files to the instance folder
    attempts: int = 8
    backoff: timedelta = timedelta(seconds=30)  # doubled after each failure
    max_backoff: timedelta = timedelta(hours=6)
    lease: timedelta = timedelta(seconds=30)
    """A claim not renewed for this long is taken over: a sender renews its claim every
    `heartbeat` while it builds and sends the mail, so only a dead sender's claim lapses, and its
    mail goes out at the next drain after the lease (drains run every 5 s: within a minute)."""
    heartbeat: timedelta = timedelta(seconds=10)
    dkim: Dkim | None = None  # sign outgoing mail (PBEM_DKIM_KEY_FILE, _SELECTOR, _DOMAIN)

    @property
    def domain(self) -> str:
        address = parseaddr(self.sender)[1]
        return address.rpartition("@")[2] or "localhost"

    @classmethod
    def of(cls, settings: Settings) -> MailSettings:
        smtp = None
        if settings.smtp_host:
            smtp = Smtp(host=settings.smtp_host, port=settings.smtp_port, user=settings.smtp_user,
                        password=settings.smtp_password, security=settings.smtp_security,
                        timeout=settings.smtp_timeout)
        dkim = None
        if settings.dkim_key_file and settings.dkim_selector:
            from pathlib import Path

            domain = settings.dkim_domain or (parseaddr(settings.mail_from)[1].rpartition("@")[2]
                                              or "localhost")
            dkim = Dkim(Path(settings.dkim_key_file).read_bytes(), settings.dkim_selector, domain)
        return cls(sender=settings.mail_from, smtp=smtp, attempts=settings.mail_attempts,
                   dkim=dkim)


def broker_url(settings: Settings) -> str:
    return settings.broker_url or DEFAULT_BROKER
