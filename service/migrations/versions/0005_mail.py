"""Mail: inbound messages and per-seat reply tokens.

`reply_tokens`: the token carried by a seat's reply address (`play+<token>@domain`): random,
stored, revocable (`revoked_at`); a new one is minted when the old is revoked.
`inbound_mail`: every message received (SMTP/LMTP or IMAP), stored raw BEFORE anything else is
done with it, unique by Message-ID (a replay is recognised and refused), with what became of it.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(JSONB(), "postgresql")
BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Stamp = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "reply_tokens",
        sa.Column("id", BigId, nullable=False, autoincrement=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", BigId, nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("created_at", Stamp, nullable=False),
        sa.Column("revoked_at", Stamp, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_reply_tokens"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_reply_tokens_game_id_games"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name="fk_reply_tokens_player_id_players"),
        sa.UniqueConstraint("token", name="uq_reply_tokens_token"),
    )
    op.create_index("ix_reply_tokens_game_id", "reply_tokens", ["game_id", "seat"])
    op.create_table(
        "inbound_mail",
        sa.Column("id", BigId, nullable=False, autoincrement=True),
        sa.Column("message_id", sa.String(998), nullable=False),
        sa.Column("received_at", Stamp, nullable=False),
        sa.Column("transport", sa.String(16), nullable=False),
        sa.Column("envelope_from", sa.String(320), nullable=True),
        sa.Column("recipients", Json, nullable=False),
        sa.Column("raw", sa.LargeBinary(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("player_id", BigId, nullable=True),
        sa.Column("commands", Json, nullable=True),
        sa.Column("detail", sa.String(2000), nullable=True),
        sa.Column("processed_at", Stamp, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_inbound_mail"),
        sa.UniqueConstraint("message_id", name="uq_inbound_mail_message_id"),
    )


def downgrade() -> None:
    op.drop_table("inbound_mail")
    op.drop_index("ix_reply_tokens_game_id", table_name="reply_tokens")
    op.drop_table("reply_tokens")
