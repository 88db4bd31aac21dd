"""Bounces: what delivery-status reports said about each outbox row, and addresses that fail.

`outbox.bounce` (hard | soft), `bounce_status` (the RFC 3463 code, e.g. 5.1.1) and `bounced_at`
record the report that named the row (through its signed VERP return path); `players`
gets `mail_failing_at` / `mail_failing_reason` (a hard bounce: the address does not take mail)
and `soft_bounces` (temporary failures, counted), and `email_confirmed_at` (when the player last
confirmed an address: a report about a mail sent before says nothing about it).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("bounce", sa.String(8), nullable=True))
        batch.add_column(sa.Column("bounce_status", sa.String(16), nullable=True))
        batch.add_column(sa.Column("bounced_at", sa.DateTime(timezone=True), nullable=True))
    # What /metrics counts at every scrape (service/metrics.py): by index, not by reading the
    # whole outbox and every mail kept.
    op.create_index("ix_outbox_failed_at", "outbox", ["failed_at"])
    op.create_index("ix_outbox_bounce", "outbox", ["bounce"])
    op.create_index("ix_inbound_mail_status", "inbound_mail", ["status"])
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("mail_failing_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("mail_failing_reason", sa.String(300), nullable=True))
        batch.add_column(sa.Column("soft_bounces", sa.Integer(), nullable=False,
                                   server_default="0"))
        batch.add_column(sa.Column("email_confirmed_at", sa.DateTime(timezone=True),
                                   nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("email_confirmed_at")
        batch.drop_column("soft_bounces")
        batch.drop_column("mail_failing_reason")
        batch.drop_column("mail_failing_at")
    op.drop_index("ix_inbound_mail_status", table_name="inbound_mail")
    op.drop_index("ix_outbox_bounce", table_name="outbox")
    op.drop_index("ix_outbox_failed_at", table_name="outbox")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("bounced_at")
        batch.drop_column("bounce_status")
        batch.drop_column("bounce")
