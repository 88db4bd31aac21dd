"""Seats that change hands (issue 26) and accounts that leave (issue 26, data).

- `games.seating`: the seating's version, raised by every change of a seat's holder or bot; the
  guarded update of a move checks it, so a process that remembers an older seating writes nothing
  and reads the seats again (service/commands.py).
- `games.leave_to`: what a resigned seat becomes, the table's choice at creation: a bot level, or
  `open` (a placeholder holds it until a replacement the others invite accepts); NULL: the game's
  `greedy` bot (or its first level).
- `seat_changes`: who held each seat from which version on (the log, the final ranking and the
  record's header say who played which moves).
- `seat_offers`: a seat offered to another person, until they accept or decline.
- `players.deleted_at`: an account whose owner deleted it (name and address replaced).

Revision ID: 0009
Revises: 0008 (bounces)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Timestamp = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("seating", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("leave_to", sa.String(16), nullable=True))
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("deleted_at", Timestamp, nullable=True))
    op.create_table(
        "seat_changes",
        sa.Column("id", BigId, autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("from_player", BigId, nullable=True),
        sa.Column("to_player", BigId, nullable=True),
        sa.Column("bot", sa.String(16), nullable=True),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name="fk_seat_changes_game_id_games"),
        sa.ForeignKeyConstraint(["from_player"], ["players.id"],
                                name="fk_seat_changes_from_player_players"),
        sa.ForeignKeyConstraint(["to_player"], ["players.id"],
                                name="fk_seat_changes_to_player_players"),
        sa.PrimaryKeyConstraint("id", name="pk_seat_changes"),
    )
    op.create_index("ix_seat_changes_game_id", "seat_changes", ["game_id"])
    op.create_table(
        "seat_offers",
        sa.Column("id", BigId, autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("by_player", BigId, nullable=False),
        sa.Column("to_player", BigId, nullable=False),
        sa.Column("seating", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.Column("decided_at", Timestamp, nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_seat_offers_game_id_games"),
        sa.ForeignKeyConstraint(["by_player"], ["players.id"],
                                name="fk_seat_offers_by_player_players"),
        sa.ForeignKeyConstraint(["to_player"], ["players.id"],
                                name="fk_seat_offers_to_player_players"),
        sa.PrimaryKeyConstraint("id", name="pk_seat_offers"),
    )
    op.create_index("ix_seat_offers_game_id", "seat_offers", ["game_id"])
    op.create_index("ix_seat_offers_to_player", "seat_offers", ["to_player"])


def downgrade() -> None:
    op.drop_index("ix_seat_offers_to_player", table_name="seat_offers")
    op.drop_index("ix_seat_offers_game_id", table_name="seat_offers")
    op.drop_table("seat_offers")
    op.drop_index("ix_seat_changes_game_id", table_name="seat_changes")
    op.drop_table("seat_changes")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("deleted_at")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("leave_to")
        batch.drop_column("seating")
