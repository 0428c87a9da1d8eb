"""Hostile mail, round 3: held mail, actions pending a confirmation, lock-out per sender.

Also confirms every address the judge already wrote game mail to before address
confirmation existed (a player's, a master's, an observer's, a zine's), so an
upgraded judge keeps sending their games' mail (issue 22).

Revision ID: 0013_held_mail
Revises: 0012_judge_settings
Create Date: 2026-11-27
"""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0013_held_mail"
down_revision = "0012_judge_settings"
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def upgrade() -> None:
    op.create_table(
        "held_mail",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("to_address", sa.String(length=320), nullable=False),
        sa.Column("message", sa.LargeBinary(), nullable=False),
        sa.Column("message_id", sa.String(length=998), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("map_id", sa.Integer(), nullable=True),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_held_mail_game_id_games"),
                                ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["map_id"], ["phase_maps.id"],
                                name=op.f("fk_held_mail_map_id_phase_maps"), ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_held_mail")),
    )  # fmt: skip
    op.create_index(op.f("ix_held_mail_to_address"), "held_mail", ["to_address"])
    op.create_table(
        "pending_actions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=320), nullable=False),
        sa.Column("code", sa.String(length=32), nullable=False),
        sa.Column("action", sa.String(length=16), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("done_at", TIMESTAMP, nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_pending_actions_game_id_games"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name=op.f("fk_pending_actions_player_id_players"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pending_actions")),
    )  # fmt: skip
    op.create_index(op.f("ix_pending_actions_address"), "pending_actions", ["address"])
    with op.batch_alter_table("password_failures") as batch:
        batch.add_column(sa.Column("sender", sa.String(length=320), nullable=True))
    _confirm_known_addresses()


def _confirm_known_addresses() -> None:
    """Every address of a seat or a zine that has no row yet: confirmed now. These
    were getting game mail before confirmation existed (revisions before 0006), or
    were kept since; an address with a row keeps it (unconfirmed stays so)."""
    bind = op.get_bind()
    now = datetime.now(UTC)
    known = {row[0].strip().lower() for row in bind.execute(sa.text(
        "SELECT DISTINCT address FROM players WHERE status = 'active'")) if row[0]}  # fmt: skip
    for (stored,) in bind.execute(sa.text("SELECT settings FROM games")):
        settings = json.loads(stored) if isinstance(stored, str | bytes) else stored
        zine = settings.get("zine") if isinstance(settings, dict) else None
        if isinstance(zine, str) and zine:
            known.add(zine.strip().lower())
    rows = {row[0] for row in bind.execute(sa.text("SELECT address FROM addresses"))}
    addresses = sa.table(
        "addresses", sa.column("address", sa.String), sa.column("code", sa.String),
        sa.column("confirmed_at", TIMESTAMP),
    )  # fmt: skip
    new = [
        {"address": address[:320], "code": _code(), "confirmed_at": now}
        for address in sorted(known - rows)
    ]
    if new:
        op.bulk_insert(addresses, new)


def _code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))


def downgrade() -> None:
    with op.batch_alter_table("password_failures") as batch:
        batch.drop_column("sender")
    op.drop_index(op.f("ix_pending_actions_address"), table_name="pending_actions")
    op.drop_table("pending_actions")
    op.drop_index(op.f("ix_held_mail_to_address"), table_name="held_mail")
    op.drop_table("held_mail")
