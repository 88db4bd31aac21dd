"""Web: sessions, preferences, rate limits (issue 7).

A placeholder in the migration chain, filled in by that issue's work, so that parallel work never
forks Alembic's history.
"""

from __future__ import annotations

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
