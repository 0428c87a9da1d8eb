"""Hostile mail: confirmed addresses, wrong-password counts, a `declined` inbox status.

Revision ID: 0006_hostile12b
Revises: 0005_outbound13
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_hostile12b"
down_revision = "0005_outbound13"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)
OLD_STATUSES = ("new", "done", "failed", "duplicate")
NEW_STATUSES = (*OLD_STATUSES, "declined")


def _status(*values: str) -> sa.Enum:
    return sa.Enum(
        *values, name=op.f("ck_inbox_status"), native_enum=False, create_constraint=True,
        length=16,
    )  # fmt: skip


def upgrade() -> None:
    op.create_table(
        "addresses",
        sa.Column("address", sa.String(length=320), nullable=False),
        sa.Column("code", sa.String(length=32), nullable=False),
        sa.Column("requested_at", TIMESTAMP, nullable=True),
        sa.Column("request_message_id", sa.String(length=998), nullable=True),
        sa.Column("confirmed_at", TIMESTAMP, nullable=True),
        sa.Column("stopped_at", TIMESTAMP, nullable=True),
        sa.PrimaryKeyConstraint("address", name=op.f("pk_addresses")),
    )
    op.create_index(
        op.f("ix_addresses_request_message_id"), "addresses", ["request_message_id"]
    )
    op.create_table(
        "password_failures",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("registered", sa.Boolean(), nullable=False),
        sa.Column("at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_password_failures_player_id_players"),
            ondelete="CASCADE",
        ),  # fmt: skip
        sa.PrimaryKeyConstraint("id", name=op.f("pk_password_failures")),
    )
    op.create_index(
        "ix_password_failures_player_id_at", "password_failures", ["player_id", "at"]
    )
    _inbox_statuses(OLD_STATUSES, NEW_STATUSES)


def downgrade() -> None:
    _inbox_statuses(NEW_STATUSES, OLD_STATUSES)
    op.drop_index("ix_password_failures_player_id_at", table_name="password_failures")
    op.drop_table("password_failures")
    op.drop_index(op.f("ix_addresses_request_message_id"), table_name="addresses")
    op.drop_table("addresses")


def _inbox_statuses(old: tuple[str, ...], new: tuple[str, ...]) -> None:
    """Replace the inbox status CHECK (SQLite rebuilds the table, keeping its rows)."""
    with op.batch_alter_table("inbox") as batch:
        batch.alter_column(
            "status", existing_type=_status(*old), type_=_status(*new), existing_nullable=False
        )
