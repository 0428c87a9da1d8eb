"""Orders held for a later phase with njudge's PHASE command.

* `phase_orders`: one line of orders a player sent after `PHASE season year phase`,
  held until that phase opens (then checked like a mail of orders and removed), or
  until `CLEAR`. Rows go with their game and their player.

Revision ID: 0017_phase_orders
Revises: 0015_phase_rollback
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017_phase_orders"
down_revision = "0015_phase_rollback"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "phase_orders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(length=8), nullable=False),
        sa.Column("line", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_phase_orders_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_phase_orders_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_phase_orders")),
    )
    op.create_index(op.f("ix_phase_orders_game_id"), "phase_orders", ["game_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_phase_orders_game_id"), table_name="phase_orders")
    op.drop_table("phase_orders")
