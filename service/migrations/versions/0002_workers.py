"""Workers: deadlines, reminders, tasks and delivery tracking.

- games: per-game turn time (hours), timeout policy (default | pause), paused_at
- players: daily_digest (one mail a day listing every game waiting on the player)
- vacations: windows that push a player's deadlines
- deadlines: one row per seat while the game waits on it (opened when the seat starts being waited
  on, closed when it no longer is); the beat task polls the open ones that are due
- tasks: work queued in the transaction that caused it (e.g. `settle` once every secret is in),
  published after the commit; a sweep republishes the ones not done
- tracking: (consumer, key) rows written in the same transaction as a worker's effect, so that a
  second run of the same work (a duplicate task, a racing beat tick) writes nothing
- outbox: a claim with a lease, retries with exponential backoff, a final failure
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Timestamp = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.add_column("games", sa.Column("turn_hours", sa.Integer(), nullable=False,
                                     server_default="72"))
    op.add_column("games", sa.Column("timeout_policy", sa.String(16), nullable=False,
                                     server_default="default"))
    op.add_column("games", sa.Column("paused_at", Timestamp, nullable=True))
    op.add_column("players", sa.Column("daily_digest", sa.Boolean(), nullable=False,
                                       server_default=sa.false()))
    added: list[tuple[str, sa.Column[Any]]] = [
        ("claimed_by", sa.Column("claimed_by", sa.String(64), nullable=True)),
        ("claimed_until", sa.Column("claimed_until", Timestamp, nullable=True)),
        ("next_attempt_at", sa.Column("next_attempt_at", Timestamp, nullable=True)),
        ("failed_at", sa.Column("failed_at", Timestamp, nullable=True)),
        ("last_error", sa.Column("last_error", sa.String(500), nullable=True)),
    ]
    for name, column in added:
        assert column.name == name
        op.add_column("outbox", column)
    op.create_table(
        "vacations",
        sa.Column("id", BigId, primary_key=True, autoincrement=True),
        sa.Column("player_id", BigId, nullable=False),
        sa.Column("starts_at", Timestamp, nullable=False),
        sa.Column("ends_at", Timestamp, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_vacations"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name="fk_vacations_player_id_players"),
    )
    op.create_index("ix_vacations_player_id", "vacations", ["player_id"])
    op.create_table(
        "deadlines",
        sa.Column("id", BigId, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", BigId, nullable=False),
        sa.Column("opened_version", sa.Integer(), nullable=False),
        sa.Column("opened_at", Timestamp, nullable=False),
        sa.Column("due_at", Timestamp, nullable=False),
        sa.Column("closed_at", Timestamp, nullable=True),
        sa.Column("expired_at", Timestamp, nullable=True),
        sa.Column("outcome", sa.String(16), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_deadlines"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_deadlines_game_id_games"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name="fk_deadlines_player_id_players"),
        sa.UniqueConstraint("game_id", "seat", "opened_version", name="uq_deadlines_game_id"),
    )
    op.create_index("ix_deadlines_open", "deadlines", ["closed_at", "due_at"])
    op.create_index("ix_deadlines_player_id", "deadlines", ["player_id"])
    op.create_table(
        "tasks",
        sa.Column("id", BigId, primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.Column("published_at", Timestamp, nullable=True),
        sa.Column("done_at", Timestamp, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_tasks"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_tasks_game_id_games"),
        sa.UniqueConstraint("kind", "game_id", "version", name="uq_tasks_kind"),
    )
    op.create_index("ix_tasks_pending", "tasks", ["done_at", "created_at"])
    op.create_table(
        "tracking",
        sa.Column("consumer", sa.String(64), nullable=False),
        sa.Column("key", sa.String(128), nullable=False),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.PrimaryKeyConstraint("consumer", "key", name="pk_tracking"),
    )


def downgrade() -> None:
    for table in ("tracking", "tasks", "deadlines", "vacations"):
        op.drop_table(table)
    with op.batch_alter_table("outbox") as batch:
        for name in ("last_error", "failed_at", "next_attempt_at", "claimed_until", "claimed_by"):
            batch.drop_column(name)
    with op.batch_alter_table("players") as batch:
        batch.drop_column("daily_digest")
    with op.batch_alter_table("games") as batch:
        for name in ("paused_at", "timeout_policy", "turn_hours"):
            batch.drop_column(name)
