"""Table talk: `messages` (append-only, like `events`, but never in a game's hash chain),
`message_mails` (which message was mailed to whom), `mutes`, and `players.talk_mail` (how table
talk reaches the player by mail: next | now | digest | off).

Revision ID: 0010
Revises: 0009 (seats)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Timestamp = sa.DateTime(timezone=True)

# What was said stays said: the database refuses to change or remove a message (an undo of a
# move does not unsay it).
PG_APPEND_ONLY = """
CREATE FUNCTION messages_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'messages are append-only: % refused', TG_OP;
END $$;
CREATE TRIGGER messages_no_update BEFORE UPDATE OR DELETE ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_append_only();
"""
SQLITE_APPEND_ONLY = [
    "CREATE TRIGGER messages_no_update BEFORE UPDATE ON messages "
    "BEGIN SELECT RAISE(ABORT, 'messages are append-only: UPDATE refused'); END",
    "CREATE TRIGGER messages_no_delete BEFORE DELETE ON messages "
    "BEGIN SELECT RAISE(ABORT, 'messages are append-only: DELETE refused'); END",
]


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("talk_mail", sa.String(8), nullable=False,
                                   server_default="next"))
    op.create_table(
        "messages",
        sa.Column("id", BigId, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("to_seat", sa.Integer(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(4000), nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("source_ref", sa.String(998), nullable=True),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_messages"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_messages_game_id_games"),
    )
    op.create_index("ix_messages_game_id", "messages", ["game_id", "id"])
    op.create_table(
        "message_mails",
        sa.Column("message_id", BigId, nullable=False),
        sa.Column("player_id", BigId, nullable=False),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.PrimaryKeyConstraint("message_id", "player_id", name="pk_message_mails"),
        sa.ForeignKeyConstraint(["message_id"], ["messages.id"],
                                name="fk_message_mails_message_id_messages"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name="fk_message_mails_player_id_players"),
    )
    op.create_table(
        "mutes",
        sa.Column("player_id", BigId, nullable=False),
        sa.Column("muted_id", BigId, nullable=False),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.PrimaryKeyConstraint("player_id", "muted_id", name="pk_mutes"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name="fk_mutes_player_id_players"),
        sa.ForeignKeyConstraint(["muted_id"], ["players.id"], name="fk_mutes_muted_id_players"),
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(PG_APPEND_ONLY)
    else:
        for statement in SQLITE_APPEND_ONLY:
            op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER messages_no_update ON messages")
        op.execute("DROP FUNCTION messages_append_only()")
    op.drop_table("mutes")
    op.drop_table("message_mails")
    op.drop_index("ix_messages_game_id", table_name="messages")
    op.drop_table("messages")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("talk_mail")
