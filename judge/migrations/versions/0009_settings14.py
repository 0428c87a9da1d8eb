"""Player settings and absences (beyond njudge): language, time zone, planned absences.

* `players.language`: the language of every mail this player receives (`en`, `fr`);
  NULL means "the game's default language".
* `players.timezone`: the IANA zone the player's deadlines are shown in; NULL is UTC.
* `absences`: a player's planned absences (`SET ABSENCE`); a deadline that would
  fall inside one moves to its end.

Revision ID: 0009_settings14
Revises: 0008_storage13
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_settings14"
down_revision = "0008_storage13"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("language", sa.String(8), nullable=True))
        batch.add_column(sa.Column("timezone", sa.String(64), nullable=True))
    op.create_table(
        "absences",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("starts_at", TIMESTAMP, nullable=False),
        sa.Column("ends_at", TIMESTAMP, nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_absences_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_absences")),
    )
    op.create_index("ix_absences_player_id", "absences", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_absences_player_id", table_name="absences")
    op.drop_table("absences")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("timezone")
        batch.drop_column("language")
