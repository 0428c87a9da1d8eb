"""The outbox as a durable queue: who holds a lease, and when a mail was requeued.

`lease_owner` (`host/pid/start`) lets a restarted judge take back at once the rows
its dead predecessor had leased; `requeued_at` restarts a mail's lifetime when the
operator puts a failed mail back (`judge retry --outbox`).

Revision ID: 0005_outbound13
Revises: 0004_orders_refused
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_outbound13"
down_revision = "0004_orders_refused"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("lease_owner", sa.String(300), nullable=True))
        batch.add_column(sa.Column("requeued_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("requeued_at")
        batch.drop_column("lease_owner")
