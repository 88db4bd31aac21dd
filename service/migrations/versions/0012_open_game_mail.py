"""Open games by mail: a player asks for one mail per new open game of a game in a language
(`open_game_mail`, one row per game and language asked for), and has an address of their own
to open a game by mail (`command_tokens`, like a seat's `reply_tokens` but for no game).

Revision ID: 0012
Revises: 0011 (meet)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Timestamp = sa.DateTime(timezone=True)


def upgrade() -> None:
    # A new table only: nothing existing is rewritten, on SQLite or PostgreSQL.
    op.create_table(
        "open_game_mail",
        sa.Column("player_id", BigId, nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("language", sa.String(2), nullable=False),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.PrimaryKeyConstraint("player_id", "game", "language", name="pk_open_game_mail"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name="fk_open_game_mail_player_id_players"),
    )
    op.create_index("ix_open_game_mail_game", "open_game_mail", ["game", "language"])
    op.create_table(
        "command_tokens",
        sa.Column("id", BigId, autoincrement=True, nullable=False),
        sa.Column("player_id", BigId, nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.Column("revoked_at", Timestamp, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_command_tokens"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name="fk_command_tokens_player_id_players"),
        sa.UniqueConstraint("token", name="uq_command_tokens_token"),
    )
    op.create_index("ix_command_tokens_player_id", "command_tokens", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_command_tokens_player_id", table_name="command_tokens")
    op.drop_table("command_tokens")
    op.drop_index("ix_open_game_mail_game", table_name="open_game_mail")
    op.drop_table("open_game_mail")
