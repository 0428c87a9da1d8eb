"""Early processing waits for a clean mail of orders: the phase a player's orders had errors in.

`players.orders_refused_in` holds the code of the phase (`S1901M`) in which the
player's latest mail of orders or bids had lines the judge refused; a later mail
whose orders are all accepted clears it. While it names the current phase, that
player's orders are not complete, so the phase waits.

Revision ID: 0004_orders_refused
Revises: 0003_deadlines
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_orders_refused"
down_revision = "0003_deadlines"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("orders_refused_in", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("orders_refused_in")
