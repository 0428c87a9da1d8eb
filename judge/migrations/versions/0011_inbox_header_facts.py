"""The header facts of a received mail, read once when it is stored: `inbox.header_facts`.

The intake reads a mail's header block before it commits the mail, and keeps what
processing needs (sender, Reply-To, Subject, Message-ID, the thread, the no-reply
signs, where the body begins and how to read it) as JSON; processing then reads only
the body. NULL: the mail is read whole, as every row stored before this revision.

Revision ID: 0011_inbox_header_facts
Revises: 0010_event_translations
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0011_inbox_header_facts"
down_revision = "0010_event_translations"
branch_labels = None
depends_on = None

JSON = sa.JSON(none_as_null=True).with_variant(postgresql.JSONB(none_as_null=True), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("inbox") as batch:
        batch.add_column(sa.Column("header_facts", JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("inbox") as batch:
        batch.drop_column("header_facts")
