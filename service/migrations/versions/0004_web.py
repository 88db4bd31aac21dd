"""Web: the players' notification switch.

`players.email_notifications`: whether the mail worker sends this player the your-turn and
reminder mails at all (the settings page switches it; invitations, sign-in links and game-over
mails always go). The daily digest and vacations are the workers' (`players.daily_digest`,
`vacations`). Web sessions live in signed cookies holding a session token (`tokens`, kind
`session`) and sign-in rate limits in the limiter's storage (memory, or Redis when configured), so
neither needs a table.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("players", sa.Column("email_notifications", sa.Boolean(), nullable=False,
                                       server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("email_notifications")
