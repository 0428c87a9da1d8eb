"""Deadlines as data: when the reminder goes, when the grace ends, when a pause began.

`games.next_deadline` already holds the deadline. The scheduler claims a game when
the first of `remind_at`, `grace_until` and `next_deadline` has passed.

Revision ID: 0003_deadlines
Revises: 0002_phase_variant_data
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_deadlines"
down_revision = "0002_phase_variant_data"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)
COLUMNS = ("remind_at", "grace_until", "paused_at")


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        for name in COLUMNS:
            batch.add_column(sa.Column(name, TIMESTAMP, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        for name in reversed(COLUMNS):
            batch.drop_column(name)
