"""Apply Alembic migrations from code (`pbem db upgrade`, `pbem serve`, the tests).

The migration scripts live in this package (`env.py`, `versions/`, `script.py.mako`) and ship in
the wheel as package data, so an installed service migrates its database as a checkout does; the
configuration is built here, not read from a file beside the source. The repository's
`alembic.ini` only serves developers who run the `alembic` command itself (`alembic revision -m`).
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine

SCRIPTS = Path(__file__).resolve().parent


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(SCRIPTS))
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    config = alembic_config()
    with engine.connect() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, revision)
        if conn.in_transaction():
            conn.commit()


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def head_revision() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()
