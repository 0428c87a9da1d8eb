"""The master's ROLLBACK: phases undone stay in the record, marked.

* `phases.rolled_back_at`: when a ROLLBACK undid the phase (NULL: it stands).
* The phase code is unique per game among the phases that stand only (a partial
  unique index, on SQLite and PostgreSQL alike), so the phase rolled back to can be
  recorded again beside its undone copy.

Revision ID: 0015_phase_rollback
Revises: 0014_game_failures
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015_phase_rollback"
down_revision = "0014_game_failures"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)
LIVE = sa.text("rolled_back_at IS NULL")
INDEX = "uq_phases_game_id_phase_live"


def upgrade() -> None:
    with op.batch_alter_table("phases") as batch:
        batch.add_column(sa.Column("rolled_back_at", TIMESTAMP, nullable=True))
        batch.drop_constraint(op.f("uq_phases_game_id_phase"), type_="unique")
    op.create_index(
        INDEX, "phases", ["game_id", "phase"], unique=True,
        sqlite_where=LIVE, postgresql_where=LIVE,
    )


def downgrade() -> None:
    # Rows rolled back would break the old constraint: they go first.
    op.execute("DELETE FROM phases WHERE rolled_back_at IS NOT NULL")
    op.drop_index(INDEX, table_name="phases")
    with op.batch_alter_table("phases") as batch:
        batch.create_unique_constraint(op.f("uq_phases_game_id_phase"), ["game_id", "phase"])
        batch.drop_column("rolled_back_at")
