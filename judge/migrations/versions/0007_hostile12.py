"""Inbox outcomes that say what happened: `done_with_errors`, and attempts.

A mail whose commands crashed is `done_with_errors` (one the judge declines to
answer is `declined`, since 0006); neither is `done`. `attempts` counts the times processing of a
mail began, committed before it begins, so a mail that kills the process is tried
a bounded number of times and then marked `failed`.

Revision ID: 0007_hostile12
Revises: 0006_hostile12b
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_hostile12"
down_revision = "0006_hostile12b"
branch_labels = None
depends_on = None

OLD = ("new", "done", "failed", "duplicate", "declined")
NEW = (*OLD, "done_with_errors")


def _check(values: tuple[str, ...]) -> str:
    return "status IN (" + ", ".join(f"'{value}'" for value in values) + ")"


def upgrade() -> None:
    with op.batch_alter_table("inbox") as batch:
        batch.add_column(sa.Column("attempts", sa.Integer, nullable=False, server_default="0"))
        batch.drop_constraint(op.f("ck_inbox_status"), type_="check")
        batch.create_check_constraint(op.f("ck_inbox_status"), _check(NEW))


def downgrade() -> None:
    op.execute("UPDATE inbox SET status = 'done' WHERE status = 'done_with_errors'")
    with op.batch_alter_table("inbox") as batch:
        batch.drop_constraint(op.f("ck_inbox_status"), type_="check")
        batch.create_check_constraint(op.f("ck_inbox_status"), _check(OLD))
        batch.drop_column("attempts")
