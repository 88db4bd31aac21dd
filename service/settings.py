"""Where the service's settings come from: the environment, else embedded defaults.

Every `PBEM_*` variable is read here, and only here, once per process: `Settings.from_env()`
reads them all and checks each at start, so a typo stops the process with a message naming the
variable and what it may be (`SettingError`), never a surprise at the first mail or the first bot
move. Everything else reads the settings of its context (`ctx.settings`), so a test or a tool
gives its own without touching the environment. The table of every variable, its default and its
meaning is in README.md ("Settings").

A few need words more than the table has room for:
- `PBEM_DATABASE_URL` selects the database (PostgreSQL in production, e.g.
  `postgresql+psycopg://user@host/db`); without it the service uses SQLite in the instance folder
  (`PBEM_INSTANCE`, default `./instance`).
- `PBEM_SITE_NAME` is the site's name (the page banner, the mails' footer and sender, the API's
  title): one service hosts several games, so it names none of them. Unset, a neutral name in the
  reader's language (`SITE_NAMES`); set, it is used as written in every language.
- `PBEM_SECRET_KEY` signs magic links and exported records' headers; without it a random key is
  created once and kept in the instance folder.
- `PBEM_LIMIT_SIGN_IN`, `PBEM_LIMIT_INVITE` (per target address, in the database) and
  `PBEM_LIMIT_SIGN_IN_CLIENT`, `PBEM_LIMIT_INVITE_CLIENT` (per client, flask-limiter) say how many
  sign-in links and invitations may be asked for (`limits` notation, e.g. "3 per 10 minutes;10 per
  day"; `off` for none): service/limits.py.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import timedelta
from email.utils import formataddr
from math import isfinite
from pathlib import Path

MAX_BOT_BUDGET = 60.0
"""The most seconds a searching bot may think per move (`PBEM_BOT_BUDGET`): one job's CPU."""

SMTP_SECURITY = ("starttls", "ssl", "none")
IMAP_SECURITY = ("ssl", "none")


SITE_NAMES = {"en": "Play by mail", "fr": "Jeux par courriel", "it": "Giochi per posta"}
"""The site's name when `PBEM_SITE_NAME` is not set: neutral, since the site offers every game."""

DEFAULT_MAIL_FROM = formataddr((SITE_NAMES["en"], "pbem@localhost"))


def mail_from_of(site_name: str | None) -> str:
    """The sender when `PBEM_MAIL_FROM` is not set: the site's name at a local address."""
    return formataddr((site_name or SITE_NAMES["en"], "pbem@localhost"))


class SettingError(ValueError):
    """A `PBEM_*` variable the service cannot use: the message names it and what is allowed."""


@dataclass(frozen=True)
class Settings:
    database_url: str
    secret_key: str
    instance: Path
    base_url: str = "http://localhost:8000"
    site_name: str | None = None  # None: SITE_NAMES, in the reader's language
    magic_link_max_age: int = 3 * 24 * 3600  # seconds a magic link stays valid
    session_max_age: int = 30 * 24 * 3600  # seconds a token minted from a magic link stays valid
    # How many mails anyone can make the service send (service/limits.py, service/web/ratelimit.py).
    sign_in_limits: str = "3 per 10 minutes;10 per day"  # sign-in links, per address asked for
    sign_in_client_limits: str = "5 per minute;30 per hour"  # sign-in requests, per client (IP)
    invite_limits: str = "5 per hour;20 per day"  # invitations, per invited address
    invite_client_limits: str = "20 per hour;60 per day"  # invitations, per inviting player
    ratelimit_storage: str = "memory://"  # flask-limiter's storage: a Redis every process shares
    # Bots (service/lobby.py, workers/jobs.py).
    max_bot_games: int = 3  # games with bots in every seat one player may have in play; 0: none
    bot_budget: float | None = None  # seconds a searching bot thinks per move; None: its default
    # The workers (workers/config.py, workers/app.py).
    remind_first: timedelta = timedelta(hours=24)
    remind_every: timedelta = timedelta(hours=24)
    remind_final: timedelta = timedelta(hours=12)
    tick_seconds: float = 10.0
    broker_url: str | None = None  # None: no Celery named (`pbem serve` runs the work itself)
    broker_prefix: str | None = None
    queue: str = "pbem"
    # Mail out (workers/mail.py): without an SMTP host, .eml files in the instance folder.
    mail_from: str = DEFAULT_MAIL_FROM
    mail_attempts: int = 8
    smtp_host: str | None = None
    smtp_port: int = 587
    smtp_user: str | None = None
    smtp_password: str | None = None
    smtp_security: str = "starttls"
    smtp_timeout: float = 30.0
    # Mail in by IMAP (emails/mailin.py): without a host, nothing is polled.
    imap_host: str | None = None
    imap_user: str = ""
    imap_password: str = ""
    imap_folder: str = "INBOX"
    imap_port: int = 993
    imap_security: str = "ssl"
    # Watching it (service/health.py, service/metrics.py).
    mail_intake: str | None = None  # host:port of the SMTP/LMTP server that takes replies
    metrics_dir: str | None = None  # None: <instance>/metrics
    # DKIM signatures on outgoing mail (workers/mail.py): all three, or none.
    dkim_key_file: str | None = None
    dkim_selector: str | None = None
    dkim_domain: str | None = None  # None: the domain of PBEM_MAIL_FROM
    given: frozenset[str] = field(default_factory=frozenset)
    """The variables the environment set (the rest are defaults): `pbem serve` says which."""

    def site(self, lang: str = "en") -> str:
        """The site's name as a reader of `lang` sees it: the configured one as written, else the
        neutral default in their language."""
        return self.site_name or SITE_NAMES.get(lang) or SITE_NAMES["en"]

    @classmethod
    def from_env(cls, database_url: str | None = None,
                 env: Mapping[str, str] | None = None) -> Settings:
        """Every `PBEM_*` variable of `env` (the process's environment), each checked: a
        `SettingError` names the first that cannot be used and what it may be."""
        read = _Reader(os.environ if env is None else env)
        instance = read.instance()
        url = database_url or read.database_url()
        key = read.secret("PBEM_SECRET_KEY")
        smtp_security = read.choice("PBEM_SMTP_SECURITY", SMTP_SECURITY, "starttls")
        imap_security = read.choice("PBEM_IMAP_SECURITY", IMAP_SECURITY, "ssl")
        site_name = read.text("PBEM_SITE_NAME")
        checked = cls(
            database_url=url or "", secret_key=key or "", instance=instance,
            base_url=read.base_url() or cls.base_url, site_name=site_name,
            sign_in_limits=read.limits("PBEM_LIMIT_SIGN_IN") or cls.sign_in_limits,
            sign_in_client_limits=(read.limits("PBEM_LIMIT_SIGN_IN_CLIENT")
                                   or cls.sign_in_client_limits),
            invite_limits=read.limits("PBEM_LIMIT_INVITE") or cls.invite_limits,
            invite_client_limits=read.limits("PBEM_LIMIT_INVITE_CLIENT") or cls.invite_client_limits,
            ratelimit_storage=(read.text("PBEM_RATELIMIT_STORAGE") or read.text("PBEM_REDIS_URL")
                               or cls.ratelimit_storage),
            max_bot_games=int(read.number("PBEM_MAX_BOT_GAMES", cls.max_bot_games, low=0,
                                          high=1000, whole=True)),
            bot_budget=read.bot_budget(),
            remind_first=timedelta(hours=read.number("PBEM_REMIND_FIRST_HOURS", 24, low=0)),
            remind_every=timedelta(hours=read.number("PBEM_REMIND_EVERY_HOURS", 24, above=0)),
            remind_final=timedelta(hours=read.number("PBEM_REMIND_FINAL_HOURS", 12, low=0)),
            tick_seconds=read.number("PBEM_TICK_SECONDS", cls.tick_seconds, above=0),
            broker_url=read.text("PBEM_BROKER_URL"),
            broker_prefix=read.text("PBEM_BROKER_PREFIX"),
            queue=read.text("PBEM_QUEUE") or cls.queue,
            mail_from=read.text("PBEM_MAIL_FROM") or mail_from_of(site_name),
            mail_attempts=int(read.number("PBEM_MAIL_ATTEMPTS", cls.mail_attempts, low=1,
                                          high=100, whole=True)),
            smtp_host=read.text("PBEM_SMTP_HOST"),
            smtp_port=read.port("PBEM_SMTP_PORT", 465 if smtp_security == "ssl" else 587),
            smtp_user=read.text("PBEM_SMTP_USER"),
            smtp_password=read.secret("PBEM_SMTP_PASSWORD"),
            smtp_security=smtp_security,
            smtp_timeout=read.number("PBEM_SMTP_TIMEOUT", cls.smtp_timeout, above=0),
            imap_host=read.text("PBEM_IMAP_HOST"),
            imap_user=read.text("PBEM_IMAP_USER") or "",
            imap_password=read.secret("PBEM_IMAP_PASSWORD") or "",
            imap_folder=read.text("PBEM_IMAP_FOLDER") or cls.imap_folder,
            imap_port=read.port("PBEM_IMAP_PORT", 993 if imap_security == "ssl" else 143),
            imap_security=imap_security,
            mail_intake=read.intake(),
            metrics_dir=read.text("PBEM_METRICS_DIR"),
            dkim_key_file=read.dkim_key(),
            dkim_selector=read.text("PBEM_DKIM_SELECTOR"),
            dkim_domain=read.text("PBEM_DKIM_DOMAIN"),
            given=frozenset(read.given),
        )
        # Only once every variable was found usable: the instance folder's files.
        if not url:
            instance.mkdir(parents=True, exist_ok=True)
            url = f"sqlite:///{instance / 'pbem.sqlite3'}"
        return replace(checked, database_url=url, secret_key=key or _secret_key(instance))


class _Reader:
    """Reads variables of `env`, noting which were set; each method checks what it reads."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self.env = env
        self.given: set[str] = set()

    def text(self, name: str) -> str | None:
        """The variable's value, without surrounding blanks; None when it is not set or blank
        (as if not set)."""
        value = self.env.get(name, "").strip()
        if not value:
            return None
        self.given.add(name)
        return value

    def secret(self, name: str) -> str | None:
        """A password or key, as written (a blank may be part of it); None when not set or
        blank."""
        return self.env[name] if self.text(name) is not None else None

    def instance(self) -> Path:
        return Path(self.text("PBEM_INSTANCE") or "instance").resolve()

    def number(self, name: str, default: float, *, low: float | None = None,
               above: float | None = None, high: float | None = None,
               whole: bool = False) -> float:
        raw = self.text(name)
        if raw is None:
            return float(default)
        try:
            value = float(int(raw)) if whole else float(raw)
        except ValueError:
            value = float("nan")
        if not (isfinite(value) and (low is None or value >= low)
                and (above is None or value > above) and (high is None or value <= high)):
            kind = "a whole number" if whole else "a number"
            bounds = [f"from {low:g}" if low is not None else "",
                      f"above {above:g}" if above is not None else "",
                      f"to {high:g}" if high is not None else ""]
            raise SettingError(f"{name} must be {kind} {' '.join(b for b in bounds if b)}, "
                               f"not {raw!r}")
        return value

    def port(self, name: str, default: int) -> int:
        return int(self.number(name, default, low=1, high=65535, whole=True))

    def choice(self, name: str, allowed: tuple[str, ...], default: str) -> str:
        value = self.text(name) or default
        if value not in allowed:
            raise SettingError(f"{name} must be {', '.join(allowed[:-1])} or {allowed[-1]}, "
                               f"not {value!r}")
        return value

    def limits(self, name: str) -> str | None:
        from service.limits import rules

        value = self.text(name)
        if value is not None:
            try:
                rules(value)
            except ValueError as error:
                raise SettingError(f"{name}: {error}") from None
        return value

    def database_url(self) -> str | None:
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError

        value = self.text("PBEM_DATABASE_URL")
        if value is not None:
            try:
                make_url(value)
            except ArgumentError:
                raise SettingError(
                    "PBEM_DATABASE_URL must be a database URL such as "
                    "postgresql+psycopg://user@host/db or sqlite:////path/to/file.sqlite3, not "
                    f"{value!r}") from None
        return value

    def base_url(self) -> str | None:
        value = self.text("PBEM_BASE_URL")
        if value is not None and not value.startswith(("http://", "https://")):
            raise SettingError("PBEM_BASE_URL must be the address people reach the service by, "
                               f"beginning with http:// or https://, not {value!r}")
        return value

    def intake(self) -> str | None:
        """`PBEM_MAIL_INTAKE`: where the reply intake listens (`host:port`), for the health
        check to knock on."""
        value = self.text("PBEM_MAIL_INTAKE")
        if value is None:
            return None
        host, _, port = value.rpartition(":")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise SettingError("PBEM_MAIL_INTAKE must be the reply intake's host:port, e.g. "
                               f"mail-in:2525, not {value!r}")
        return value

    def dkim_key(self) -> str | None:
        """`PBEM_DKIM_KEY_FILE`: a PEM private key the process can read, and then a selector
        (`PBEM_DKIM_SELECTOR`): a key that cannot be used stops the process at start, not at the
        first mail."""
        value = self.text("PBEM_DKIM_KEY_FILE")
        if value is None:
            return None
        try:
            pem = Path(value).read_bytes()
        except OSError as error:
            raise SettingError(f"PBEM_DKIM_KEY_FILE cannot be read ({error.strerror}): "
                               f"{value!r}") from None
        if b"PRIVATE KEY-----" not in pem:
            raise SettingError(f"PBEM_DKIM_KEY_FILE must be a PEM private key, not {value!r}")
        if self.text("PBEM_DKIM_SELECTOR") is None:
            raise SettingError("PBEM_DKIM_SELECTOR must be set with PBEM_DKIM_KEY_FILE: the name "
                               "of the DNS record <selector>._domainkey.<domain> that holds the "
                               "public key")
        return value

    def bot_budget(self) -> float | None:
        """None unless set: the bots' own default. It bounds the CPU of one bot job, so a value
        that would let one move think forever (`inf`) or not at all stops the process."""
        raw = self.text("PBEM_BOT_BUDGET")
        if raw is None:
            return None
        try:
            value = float(raw)
        except ValueError:
            value = float("nan")
        if not (isfinite(value) and 0 < value <= MAX_BOT_BUDGET):
            raise SettingError(f"PBEM_BOT_BUDGET must be a number of seconds above 0 and at most "
                               f"{MAX_BOT_BUDGET:g}, not {raw!r}")
        return value


def instance_folder() -> Path:
    """The instance folder alone (`PBEM_INSTANCE`), for the command-line tools that need only it
    (the local outbox, the beat's schedule) and no database."""
    return _Reader(os.environ).instance()


def metrics_root() -> Path:
    """Where the long-running processes keep their counters (`PBEM_METRICS_DIR`, else
    `<instance>/metrics`), read before the settings are (service/metrics.py)."""
    reader = _Reader(os.environ)
    return Path(reader.text("PBEM_METRICS_DIR") or reader.instance() / "metrics")


MULTIPROCESS = "PROMETHEUS_MULTIPROC_DIR"
"""prometheus_client's own variable: the folder of this process's counter files."""


def multiprocess_folder() -> str | None:
    """This process's counter folder when it counts in files (prometheus_client's multiprocess
    mode, which reads the variable when it is imported), else None."""
    return os.environ.get(MULTIPROCESS) or None


def count_in(folder: Path) -> None:
    """Make this process, and those it starts, count in `folder` (before prometheus_client is
    imported)."""
    os.environ[MULTIPROCESS] = str(folder)


def _secret_key(instance: Path) -> str:
    path = instance / "secret_key"
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(48))
        path.chmod(0o600)
    return path.read_text().strip()


def load_settings(database_url: str | None = None) -> Settings:
    """The settings of a process that starts: a variable it cannot use stops it, with the
    message alone (no traceback: the mistake is in the environment, not the code)."""
    try:
        return Settings.from_env(database_url)
    except SettingError as error:
        raise SystemExit(str(error)) from None

