"""Mail: inbound messages, reply tokens (issue 5).

A placeholder in the migration chain, filled in by that issue's work, so that parallel work never
forks Alembic's history.
"""

from __future__ import annotations

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
