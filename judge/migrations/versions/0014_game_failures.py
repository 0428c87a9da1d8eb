"""The intake's connecting address, and games whose handling fails.

* `inbox.peer`: the connecting IP address of a mail taken by the SMTP intake, so
  that its hourly counts per connecting address survive a restart (read back from
  the last hour's rows, `ix_inbox_received_at`).
* `game_failures`: a game whose scheduled handling raised, backed off and then
  parked with its error until the operator retries it (`judge retry --game`).

Revision ID: 0014_game_failures
Revises: 0013_held_mail
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014_game_failures"
down_revision = "0013_held_mail"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("inbox") as batch:
        batch.add_column(sa.Column("peer", sa.String(length=64), nullable=True))
        batch.create_index("ix_inbox_received_at", ["received_at"])
    op.create_table(
        "game_failures",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("first_failed_at", TIMESTAMP, nullable=False),
        sa.Column("last_failed_at", TIMESTAMP, nullable=False),
        sa.Column("error", sa.Text(), nullable=False),
        sa.Column("retry_at", TIMESTAMP, nullable=False),
        sa.Column("parked_at", TIMESTAMP, nullable=True),
        sa.Column("gm_told_at", TIMESTAMP, nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_game_failures_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_game_failures")),
    )


def downgrade() -> None:
    op.drop_table("game_failures")
    with op.batch_alter_table("inbox") as batch:
        batch.drop_index("ix_inbox_received_at")
        batch.drop_column("peer")
