"""Players meet: open games (`games.open_seats`, `games.languages`), public profiles and the
calendar feed's key (`players.profile_public`, `players.calendar_key`), every finished game's
results (`results`) and each player's rating per game (`ratings`, OpenSkill's Plackett-Luce).

Revision ID: 0011
Revises: 0010 (talk)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Timestamp = sa.DateTime(timezone=True)
Json = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    # Plain ADD COLUMN, not batch mode: on SQLite, batch mode would recreate `games` and
    # `players` (copy, DROP, rename), and dropping a table that seats, events and outbox rows
    # point at fails the foreign keys as soon as the database holds data.
    op.add_column("games", sa.Column("open_seats", sa.Boolean(), nullable=False,
                                     server_default=sa.false()))
    op.add_column("games", sa.Column("languages", Json, nullable=True))
    op.add_column("games", sa.Column("turned_away", Json, nullable=True))
    op.add_column("players", sa.Column("profile_public", sa.Boolean(), nullable=False,
                                       server_default=sa.false()))
    op.add_column("players", sa.Column("calendar_key", sa.String(32), nullable=True))
    op.create_index("ix_games_open_seats", "games", ["open_seats", "status"])
    op.create_table(
        "results",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", BigId, nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=True),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=True),
        sa.Column("sigma_before", sa.Float(), nullable=True),
        sa.Column("mu_after", sa.Float(), nullable=True),
        sa.Column("sigma_after", sa.Float(), nullable=True),
        sa.Column("created_at", Timestamp, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat", name="pk_results"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_results_game_id_games"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name="fk_results_player_id_players"),
    )
    op.create_index("ix_results_player_id", "results", ["player_id"])
    op.create_table(
        "ratings",
        sa.Column("player_id", BigId, nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", Timestamp, nullable=False),
        sa.PrimaryKeyConstraint("player_id", "game", name="pk_ratings"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name="fk_ratings_player_id_players"),
    )


def downgrade() -> None:
    op.drop_table("ratings")
    op.drop_index("ix_results_player_id", table_name="results")
    op.drop_table("results")
    op.drop_index("ix_games_open_seats", table_name="games")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("calendar_key")
        batch.drop_column("profile_public")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("turned_away")
        batch.drop_column("languages")
        batch.drop_column("open_seats")
