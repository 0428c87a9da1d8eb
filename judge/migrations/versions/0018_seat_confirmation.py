"""A SIGNON ?game or OBSERVE that waits for its address to confirm for that game.

* `pending_actions.password_hash`: the password hash of the seat a pending `join` or
  `observe` makes once its address confirms (`judge.service.confirming.pending_actions`); null
  for the other actions. A plain added nullable column: no table is rebuilt.

Revision ID: 0018_seat_confirmation
Revises: 0017_phase_orders
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018_seat_confirmation"
down_revision = "0017_phase_orders"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("pending_actions", sa.Column("password_hash", sa.String(length=255)))


def downgrade() -> None:
    with op.batch_alter_table("pending_actions") as batch:
        batch.drop_column("password_hash")
