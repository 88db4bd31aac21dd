"""Bots: `seats.bot`, the level of the bot that plays the seat; NULL for a human.

A bot seat has its own per-game player row (email `bot-<game>-<seat>@bots.invalid`), accepted at
creation, so that every other table keeps its non-null `player_id`.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("bot", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot")
