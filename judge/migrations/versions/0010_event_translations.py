"""The public record in each reader's language: `events.translations`.

A results (or game-over) entry keeps its English text in `body`, as before; when the
phase's mails were also worded in another language (a French reader), that wording
is kept here, `{"fr": text}`, so HISTORY shows a French reader the French record.
NULL: English only.

Revision ID: 0010_event_translations
Revises: 0009_settings14
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0010_event_translations"
down_revision = "0009_settings14"
branch_labels = None
depends_on = None

JSON = sa.JSON(none_as_null=True).with_variant(postgresql.JSONB(none_as_null=True), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("translations", JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("translations")
