"""Where the service's settings come from: the environment, else embedded defaults.

`PBEM_DATABASE_URL` selects the database (PostgreSQL in production, e.g.
`postgresql+psycopg://user@host/db`); without it the service uses SQLite in the instance folder.
`PBEM_INSTANCE` moves the instance folder (default `./instance`). `PBEM_SECRET_KEY` signs magic
links and exported records' headers; without it a random key is created once and kept in the
instance folder.
`PBEM_LIMIT_SIGN_IN`, `PBEM_LIMIT_INVITE` (per target address, in the database) and
`PBEM_LIMIT_SIGN_IN_CLIENT`, `PBEM_LIMIT_INVITE_CLIENT` (per client, flask-limiter) say how many
sign-in links and invitations may be asked for (`limits` notation, e.g. "3 per 10 minutes;10 per
day"; `off` for none): service/limits.py.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    database_url: str
    secret_key: str
    instance: Path
    base_url: str = "http://localhost:8000"
    magic_link_max_age: int = 3 * 24 * 3600  # seconds a magic link stays valid
    session_max_age: int = 30 * 24 * 3600  # seconds a token minted from a magic link stays valid
    # How many mails anyone can make the service send (service/limits.py, service/web/ratelimit.py).
    sign_in_limits: str = "3 per 10 minutes;10 per day"  # sign-in links, per address asked for
    sign_in_client_limits: str = "5 per minute;30 per hour"  # sign-in requests, per client (IP)
    invite_limits: str = "5 per hour;20 per day"  # invitations, per invited address
    invite_client_limits: str = "20 per hour;60 per day"  # invitations, per inviting player


def instance_folder() -> Path:
    return Path(os.environ.get("PBEM_INSTANCE", "instance")).resolve()


def _secret_key(instance: Path) -> str:
    key = os.environ.get("PBEM_SECRET_KEY")
    if key:
        return key
    path = instance / "secret_key"
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(48))
        path.chmod(0o600)
    return path.read_text().strip()


def load_settings(database_url: str | None = None) -> Settings:
    instance = instance_folder()
    url = database_url or os.environ.get("PBEM_DATABASE_URL")
    if not url:
        instance.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{instance / 'pbem.sqlite3'}"
    return Settings(
        database_url=url,
        secret_key=_secret_key(instance),
        instance=instance,
        base_url=os.environ.get("PBEM_BASE_URL", "http://localhost:8000"),
        **_limits_from_environment(),
    )


def _limits_from_environment() -> dict[str, str]:
    """The limits the environment sets, each checked now: a typo stops the start, loudly."""
    from service.limits import rules

    found = {}
    for name, variable in LIMIT_VARIABLES.items():
        if variable in os.environ:
            try:
                rules(os.environ[variable])
            except ValueError as error:
                raise SystemExit(f"{variable}: {error}") from None
            found[name] = os.environ[variable]
    return found


LIMIT_VARIABLES = {"sign_in_limits": "PBEM_LIMIT_SIGN_IN",
                   "sign_in_client_limits": "PBEM_LIMIT_SIGN_IN_CLIENT",
                   "invite_limits": "PBEM_LIMIT_INVITE",
                   "invite_client_limits": "PBEM_LIMIT_INVITE_CLIENT"}
