"""Storage that stays small, and bounces seen.

* `phase_maps`: a processed phase's map, stored once (`data` NULL until drawn); the
  results mails refer to it (`outbox.map_id`) and get it attached when they are sent.
* `outbox.pruned_at`, `inbox.pruned_at`: when the body of a sent (or processed) mail
  was dropped after `[storage] retention_days`, the headers kept for the record.
* `ix_outbox_message_id`: a bounce names the Message-ID of the mail it returns.
* `bouncing_addresses`: the addresses our mail bounced from.

Revision ID: 0008_storage13
Revises: 0007_hostile12
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_storage13"
down_revision = "0007_hostile12"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "phase_maps",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(length=8), nullable=False),
        sa.Column("filename", sa.String(length=128), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=True),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_phase_maps_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_phase_maps")),
        sa.UniqueConstraint("game_id", "phase", name=op.f("uq_phase_maps_game_id_phase")),
    )
    op.create_table(
        "bouncing_addresses",
        sa.Column("address", sa.String(length=320), nullable=False),
        sa.Column("first_bounce_at", TIMESTAMP, nullable=False),
        sa.Column("last_bounce_at", TIMESTAMP, nullable=False),
        sa.Column("bounces", sa.Integer(), nullable=False),
        sa.Column("diagnostic", sa.Text(), nullable=True),
        sa.Column("gm_told_at", TIMESTAMP, nullable=True),
        sa.PrimaryKeyConstraint("address", name=op.f("pk_bouncing_addresses")),
    )
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("map_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("pruned_at", TIMESTAMP, nullable=True))
        batch.create_foreign_key(
            op.f("fk_outbox_map_id_phase_maps"), "phase_maps", ["map_id"], ["id"],
            ondelete="SET NULL",
        )
        batch.create_index(op.f("ix_outbox_map_id"), ["map_id"])
        batch.create_index("ix_outbox_message_id", ["message_id"])
    with op.batch_alter_table("inbox") as batch:
        batch.add_column(sa.Column("pruned_at", TIMESTAMP, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("inbox") as batch:
        batch.drop_column("pruned_at")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_index("ix_outbox_message_id")
        batch.drop_index(op.f("ix_outbox_map_id"))
        batch.drop_constraint(op.f("fk_outbox_map_id_phase_maps"), type_="foreignkey")
        batch.drop_column("pruned_at")
        batch.drop_column("map_id")
    op.drop_table("bouncing_addresses")
    op.drop_table("phase_maps")
