"""The workers' settings, from the environment (every one has an embedded default).

| variable | default | what |
|---|---|---|
| `PBEM_BROKER_URL` | `redis://127.0.0.1:6379/0` | Celery's broker (Redis) |
| `PBEM_BROKER_PREFIX` | (none) | a key prefix in Redis, to share one Redis between deployments |
| `PBEM_REMIND_FIRST_HOURS` | 24 | first reminder, hours after a decision opened |
| `PBEM_REMIND_EVERY_HOURS` | 24 | then a reminder every so many hours |
| `PBEM_REMIND_FINAL_HOURS` | 12 | the final warning, hours before the deadline |
| `PBEM_TICK_SECONDS` | 10 | how often beat polls deadlines, reminders and lost tasks |
| `PBEM_SMTP_HOST` | (none) | without it, mails are written to `<instance>/mail/*.eml` |
| `PBEM_SMTP_PORT` | 587 (465 with `ssl`) | |
| `PBEM_SMTP_USER`, `PBEM_SMTP_PASSWORD` | (none) | login, if the server wants one |
| `PBEM_SMTP_SECURITY` | `starttls` | `starttls`, `ssl` or `none` |
| `PBEM_SMTP_TIMEOUT` | 30 | seconds |
| `PBEM_MAIL_FROM` | `El Grande <pbem@localhost>` | the From of every mail |
| `PBEM_MAIL_ATTEMPTS` | 8 | attempts before a mail is marked failed |
| `PBEM_BOT_BUDGET` | 2 | seconds a searching bot (strong) may think per move: one job's CPU |
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import timedelta
from email.utils import parseaddr
from math import isfinite

DEFAULT_BROKER = "redis://127.0.0.1:6379/0"


def _hours(name: str, default: float) -> timedelta:
    return timedelta(hours=float(os.environ.get(name, default)))


@dataclass(frozen=True)
class Reminders:
    """When reminders go out for a decision that opened at t and is due at d: at t + first, then
    every `every`, never more than one per interval, and a final warning at d - final."""

    first: timedelta = timedelta(hours=24)
    every: timedelta = timedelta(hours=24)
    final: timedelta = timedelta(hours=12)

    @classmethod
    def from_env(cls) -> Reminders:
        return cls(_hours("PBEM_REMIND_FIRST_HOURS", 24), _hours("PBEM_REMIND_EVERY_HOURS", 24),
                   _hours("PBEM_REMIND_FINAL_HOURS", 12))


@dataclass(frozen=True)
class Smtp:
    host: str
    port: int
    user: str | None = None
    password: str | None = None
    security: str = "starttls"  # starttls | ssl | none
    timeout: float = 30.0


@dataclass(frozen=True)
class MailSettings:
    sender: str = "El Grande <pbem@localhost>"
    smtp: Smtp | None = None  # None: write .eml files to the instance folder
    attempts: int = 8
    backoff: timedelta = timedelta(seconds=30)  # doubled after each failure
    max_backoff: timedelta = timedelta(hours=6)
    lease: timedelta = timedelta(minutes=5)  # a claim older than this is taken over

    @property
    def domain(self) -> str:
        address = parseaddr(self.sender)[1]
        return address.rpartition("@")[2] or "localhost"

    @classmethod
    def from_env(cls) -> MailSettings:
        env = os.environ
        smtp = None
        if env.get("PBEM_SMTP_HOST"):
            security = env.get("PBEM_SMTP_SECURITY", "starttls")
            if security not in ("starttls", "ssl", "none"):
                raise ValueError("PBEM_SMTP_SECURITY must be starttls, ssl or none")
            smtp = Smtp(host=env["PBEM_SMTP_HOST"],
                        port=int(env.get("PBEM_SMTP_PORT", 465 if security == "ssl" else 587)),
                        user=env.get("PBEM_SMTP_USER") or None,
                        password=env.get("PBEM_SMTP_PASSWORD") or None,
                        security=security, timeout=float(env.get("PBEM_SMTP_TIMEOUT", 30)))
        return cls(sender=env.get("PBEM_MAIL_FROM", cls.sender), smtp=smtp,
                   attempts=int(env.get("PBEM_MAIL_ATTEMPTS", 8)))


def broker_url() -> str:
    return os.environ.get("PBEM_BROKER_URL", DEFAULT_BROKER)


def tick_seconds() -> float:
    return float(os.environ.get("PBEM_TICK_SECONDS", 10))


MAX_BOT_BUDGET = 60.0


def bot_budget() -> float | None:
    """PBEM_BOT_BUDGET: the seconds a searching bot thinks per move (None: the bots' own default,
    the game's own default). It bounds the CPU of one bot job, so it must be a finite number
    of seconds above 0 and at most MAX_BOT_BUDGET: anything else stops the process at start
    rather than letting one move think forever (`inf`) or not at all."""
    raw = os.environ.get("PBEM_BOT_BUDGET", "").strip()
    if not raw:
        return None
    try:
        value = float(raw)
    except ValueError:
        value = float("nan")
    if not (isfinite(value) and 0 < value <= MAX_BOT_BUDGET):
        raise ValueError(f"PBEM_BOT_BUDGET must be a number of seconds above 0 and at most "
                         f"{MAX_BOT_BUDGET:g}, not {raw!r}")
    return value
