"""`judge_settings`: values the judge generates for itself and keeps with its data.

The first is the VERP key (`judge.store.verp_keys`): generated at the first start
instead of being derived from the database URL, so a restore to another path or a
move to PostgreSQL keeps the return paths of mail already sent valid.

Revision ID: 0012_judge_settings
Revises: 0011_inbox_header_facts
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_judge_settings"
down_revision = "0011_inbox_header_facts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "judge_settings",
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_judge_settings")),
    )


def downgrade() -> None:
    op.drop_table("judge_settings")
