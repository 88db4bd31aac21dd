"""Alembic environment: migrates the connection it is given, else the configured database."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from service.tables import metadata


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata, compare_type=True,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    from service.db import make_engine
    from service.settings import load_settings

    engine = make_engine(load_settings().database_url)
    with engine.connect() as conn:
        _run(conn)
    engine.dispose()


if context.is_offline_mode():
    raise SystemExit("Offline (SQL script) migrations are not supported; use `pbem db upgrade`.")
run_migrations_online()
