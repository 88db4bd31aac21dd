"""Audit: command batches, the hash chain on events, and undo requests.

`events` gains `batch` (the seq of the first event its command caused: undo works by whole
commands), `command` (the command, on its batch's first row, so that verification can decide it
again) and `hash` (SHA-256 over a canonical form of the row and the previous row's hash; see
service/store.py). Rows already stored are backfilled: a batch is a run of consecutive events with
the same actor, source and timestamp (what one `handle` call wrote), their command unknown (null).
The append-only triggers are lifted only for that backfill, inside this migration's transaction.

`undo_requests` holds undo-by-consent requests (service/undo.py); it is not part of the log.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(JSONB(), "postgresql")
BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Timestamp = sa.DateTime(timezone=True)

SQLITE_TRIGGERS = [
    "CREATE TRIGGER events_no_update BEFORE UPDATE ON events "
    "BEGIN SELECT RAISE(ABORT, 'events are append-only: UPDATE refused'); END",
    "CREATE TRIGGER events_no_delete BEFORE DELETE ON events "
    "BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE refused'); END",
]


def _backfill(bind: sa.Connection) -> None:
    from service.store import GENESIS, row_hash

    events = sa.table("events", sa.column("game_id"), sa.column("seq"), sa.column("type"),
                      sa.column("version"), sa.column("payload", Json), sa.column("actor"),
                      sa.column("source"), sa.column("source_ref"),
                      sa.column("created_at", Timestamp), sa.column("batch"),
                      sa.column("hash"))
    rows = bind.execute(sa.select(events).order_by(events.c.game_id, events.c.seq)).mappings()
    game, prev, batch, key = None, GENESIS, 0, None
    for row in rows:
        if row["game_id"] != game:
            game, prev, key = row["game_id"], GENESIS, None
        this = (row["actor"], row["source"], row["source_ref"], row["created_at"])
        if this != key:
            batch, key = row["seq"], this
        values = {**row, "batch": batch, "command": None}
        prev = row_hash(values, prev)
        bind.execute(sa.update(events)
                     .where(events.c.game_id == row["game_id"], events.c.seq == row["seq"])
                     .values(batch=batch, hash=prev))


def upgrade() -> None:
    bind = op.get_bind()
    postgres = bind.dialect.name == "postgresql"
    op.add_column("events", sa.Column("batch", sa.Integer, nullable=False, server_default="0"))
    op.add_column("events", sa.Column("command", Json, nullable=True))
    op.add_column("events", sa.Column("hash", sa.String(64), nullable=False, server_default=""))
    if postgres:
        op.execute("ALTER TABLE events DISABLE TRIGGER events_no_update")
    else:
        op.execute("DROP TRIGGER events_no_update")
        op.execute("DROP TRIGGER events_no_delete")
    _backfill(bind)
    if postgres:
        op.execute("ALTER TABLE events ENABLE TRIGGER events_no_update")
        # Every insert must give them (SQLite cannot drop a column default without rebuilding
        # the table, which would lose the triggers: there the defaults stay, and verify refuses
        # an empty hash anyway).
        op.alter_column("events", "batch", server_default=None)
        op.alter_column("events", "hash", server_default=None)
    else:
        for statement in SQLITE_TRIGGERS:
            op.execute(statement)
    op.create_table(
        "undo_requests",
        sa.Column("id", BigId, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("back_to", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("answers", Json, nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("crosses_reveal", sa.Boolean, nullable=False),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.Column("expires_at", Timestamp, nullable=False),
        sa.Column("decided_at", Timestamp, nullable=True),
        sa.Column("undo_seq", sa.Integer, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_undo_requests"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_undo_requests_game_id_games"),
    )
    op.create_index("ix_undo_requests_game_id", "undo_requests", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_undo_requests_game_id", "undo_requests")
    op.drop_table("undo_requests")
    for column in ("hash", "command", "batch"):
        op.drop_column("events", column)
