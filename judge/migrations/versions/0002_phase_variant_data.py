"""Per-phase variant data and variant report, so every game replays exactly.

Revision ID: 0002_phase_variant_data
Revises: 0001_initial
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0002_phase_variant_data"
down_revision = "0001_initial"
branch_labels = None
depends_on = None

JSON = sa.JSON(none_as_null=True).with_variant(postgresql.JSONB(none_as_null=True), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("phases") as batch:
        batch.add_column(sa.Column("variant_data", JSON, nullable=True))
        batch.add_column(sa.Column("report", JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("phases") as batch:
        batch.drop_column("report")
        batch.drop_column("variant_data")
