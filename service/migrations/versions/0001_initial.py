"""The event store, players, games, outbox.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(JSONB(), "postgresql")
BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Timestamp = sa.DateTime(timezone=True)

# Events are facts: the database itself refuses to change or remove one.
PG_APPEND_ONLY = """
CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only: % refused', TG_OP;
END $$;
CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION events_append_only();
"""
SQLITE_APPEND_ONLY = [
    "CREATE TRIGGER events_no_update BEFORE UPDATE ON events "
    "BEGIN SELECT RAISE(ABORT, 'events are append-only: UPDATE refused'); END",
    "CREATE TRIGGER events_no_delete BEFORE DELETE ON events "
    "BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE refused'); END",
]


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", BigId, primary_key=True, autoincrement=True),
        sa.Column("email", sa.String(320), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("time_zone", sa.String(64), nullable=False),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_players"),
        sa.UniqueConstraint("email", name="uq_players_email"),
    )
    op.create_table(
        "tokens",
        sa.Column("id", BigId, primary_key=True, autoincrement=True),
        sa.Column("player_id", BigId, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.Column("expires_at", Timestamp, nullable=True),
        sa.Column("revoked_at", Timestamp, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_tokens"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name="fk_tokens_player_id_players"),
        sa.UniqueConstraint("token_hash", name="uq_tokens_token_hash"),
    )
    op.create_index("ix_tokens_player_id", "tokens", ["player_id"])
    op.create_table(
        "magic_links_used",
        sa.Column("nonce", sa.String(64), nullable=False),
        sa.Column("used_at", Timestamp, nullable=False),
        sa.PrimaryKeyConstraint("nonce", name="pk_magic_links_used"),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("options", Json, nullable=False),
        sa.Column("setup", Json, nullable=True),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("waiting_on", Json, nullable=False),
        sa.Column("created_by", BigId, nullable=False),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.Column("updated_at", Timestamp, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_games"),
        sa.ForeignKeyConstraint(["created_by"], ["players.id"],
                                name="fk_games_created_by_players"),
    )
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("player_id", BigId, nullable=False),
        sa.Column("accepted_at", Timestamp, nullable=True),
        sa.PrimaryKeyConstraint("game_id", "seat", name="pk_seats"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_seats_game_id_games"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name="fk_seats_player_id_players"),
        sa.UniqueConstraint("game_id", "player_id", name="uq_seats_game_id_player_id"),
    )
    op.create_index("ix_seats_player_id", "seats", ["player_id"])
    op.create_table(
        "events",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("type", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("payload", Json, nullable=False),
        sa.Column("actor", sa.String(64), nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("source_ref", sa.String(998), nullable=True),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seq", name="pk_events"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_events_game_id_games"),
    )
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("state", sa.LargeBinary, nullable=False),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "version", name="pk_snapshots"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_snapshots_game_id_games"),
    )
    op.create_table(
        "outbox",
        sa.Column("id", BigId, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("player_id", BigId, nullable=True),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("payload", Json, nullable=False),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.Column("sent_at", Timestamp, nullable=True),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_outbox"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_outbox_game_id_games"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name="fk_outbox_player_id_players"),
    )
    op.create_index("ix_outbox_unsent", "outbox", ["sent_at", "id"])
    op.create_table(
        "idempotency_keys",
        sa.Column("player_id", BigId, nullable=False),
        sa.Column("key", sa.String(255), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("result", Json, nullable=False),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.PrimaryKeyConstraint("player_id", "key", name="pk_idempotency_keys"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name="fk_idempotency_keys_player_id_players"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name="fk_idempotency_keys_game_id_games"),
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(PG_APPEND_ONLY)
    else:
        for statement in SQLITE_APPEND_ONLY:
            op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER events_no_update ON events")
        op.execute("DROP FUNCTION events_append_only()")
    for table in ("idempotency_keys", "outbox", "snapshots", "events", "seats", "games",
                  "magic_links_used", "tokens", "players"):
        op.drop_table(table)
