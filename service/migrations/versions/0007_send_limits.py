"""Send limits: per-address counters of the sign-in links and invitations the service
is asked to send, kept in the database so that every server process counts the same.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "send_limits",
        sa.Column("subject", sa.String(80), nullable=False),
        sa.Column("span", sa.Integer(), nullable=False),
        sa.Column("window_start", sa.BigInteger(), nullable=False),
        sa.Column("hits", sa.Integer(), nullable=False),
        sa.Column("expires", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("subject", "span", "window_start", name="pk_send_limits"),
    )
    op.create_index("ix_send_limits_expires", "send_limits", ["expires"])


def downgrade() -> None:
    op.drop_index("ix_send_limits_expires", table_name="send_limits")
    op.drop_table("send_limits")
