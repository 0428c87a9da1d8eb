"""Initial schema: inbox, outbox, games, players, phases, orders, events.

Revision ID: 0001_initial
Revises:
Create Date: 2025-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001_initial"
down_revision = None
branch_labels = None
depends_on = None

JSON = sa.JSON(none_as_null=True).with_variant(postgresql.JSONB(none_as_null=True), "postgresql")
TIMESTAMP = sa.DateTime(timezone=True)


def _status(check_name: str, *values: str) -> sa.Enum:
    """A VARCHAR(16) limited to `values`, as the models' enum columns are."""
    return sa.Enum(
        *values, name=op.f(check_name), native_enum=False, create_constraint=True, length=16
    )


def upgrade() -> None:
    op.create_table(
        "inbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("raw", sa.LargeBinary(), nullable=False),
        sa.Column("mail_from", sa.String(length=320), nullable=False),
        sa.Column("rcpt_tos", JSON, nullable=False),
        sa.Column("received_at", TIMESTAMP, nullable=False),
        sa.Column("message_id", sa.String(length=998), nullable=True),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column(
            "status",
            _status("ck_inbox_status", "new", "done", "failed", "duplicate"),
            nullable=False,
        ),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("processed_at", TIMESTAMP, nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_inbox")),
    )
    op.create_index(op.f("ix_inbox_digest"), "inbox", ["digest"])
    op.create_index("ix_inbox_status_id", "inbox", ["status", "id"])
    op.create_index("ix_inbox_mail_from_received_at", "inbox", ["mail_from", "received_at"])

    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("variant", sa.String(length=32), nullable=False),
        sa.Column(
            "status",
            _status("ck_games_status", "forming", "active", "paused", "finished"),
            nullable=False,
        ),
        sa.Column("phase", sa.String(length=8), nullable=True),
        sa.Column("next_deadline", TIMESTAMP, nullable=True),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("settings", JSON, nullable=False),
        sa.Column("variant_data", JSON, nullable=False),
        sa.Column("rng_seed", sa.BigInteger(), nullable=False),
        sa.Column("winner", JSON, nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
        sa.UniqueConstraint("name", name=op.f("uq_games_name")),
    )
    op.create_index(op.f("ix_games_next_deadline"), "games", ["next_deadline"])

    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("to_address", sa.String(length=320), nullable=False),
        sa.Column("message", sa.LargeBinary(), nullable=False),
        sa.Column("message_id", sa.String(length=998), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column(
            "status", _status("ck_outbox_status", "pending", "sent", "failed"), nullable=False
        ),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", TIMESTAMP, nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("sent_at", TIMESTAMP, nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_outbox_game_id_games"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox")),
    )
    op.create_index(op.f("ix_outbox_game_id"), "outbox", ["game_id"])
    op.create_index("ix_outbox_status_next_attempt_at", "outbox", ["status", "next_attempt_at"])

    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=320), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column(
            "role", _status("ck_players_role", "player", "master", "observer"), nullable=False
        ),
        sa.Column("powers", JSON, nullable=False),
        sa.Column(
            "status", _status("ck_players_status", "active", "resigned", "ejected"), nullable=False
        ),
        sa.Column("wait", sa.Boolean(), nullable=False),
        sa.Column("preferences", JSON, nullable=True),
        sa.Column("joined_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_players_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
    )
    op.create_index(op.f("ix_players_game_id"), "players", ["game_id"])
    op.create_index(op.f("ix_players_address"), "players", ["address"])

    op.create_table(
        "phases",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(length=8), nullable=False),
        sa.Column("state", JSON, nullable=False),
        sa.Column("results", JSON, nullable=True),
        sa.Column("lot_seed", sa.BigInteger(), nullable=True),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("processed_at", TIMESTAMP, nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_phases_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_phases")),
        sa.UniqueConstraint("game_id", "phase", name=op.f("uq_phases_game_id_phase")),
        sa.UniqueConstraint("game_id", "seq", name=op.f("uq_phases_game_id_seq")),
    )

    op.create_table(
        "orders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("phase_id", sa.Integer(), nullable=False),
        sa.Column("power", sa.String(length=16), nullable=False),
        sa.Column("lines", JSON, nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("submitted_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(
            ["phase_id"], ["phases.id"], name=op.f("fk_orders_phase_id_phases"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_orders_player_id_players"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_orders")),
        sa.UniqueConstraint("phase_id", "power", name=op.f("uq_orders_phase_id_power")),
    )

    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("phase", sa.String(length=8), nullable=True),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("author", sa.String(length=64), nullable=True),
        sa.Column("subject", sa.String(length=255), nullable=True),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("public", sa.Boolean(), nullable=False),
        sa.Column("recipients", JSON, nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_events_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_events")),
    )
    op.create_index(op.f("ix_events_game_id"), "events", ["game_id"])


def downgrade() -> None:
    for table in ("events", "orders", "phases", "players", "outbox", "games", "inbox"):
        op.drop_table(table)
