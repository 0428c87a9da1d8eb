"""Column types that behave the same on SQLite and PostgreSQL.

SQLite has no timezone-aware timestamps and no JSONB. These types hide that: every
datetime goes in and comes out as an aware UTC value, and JSON columns use JSONB on
PostgreSQL and JSON text elsewhere.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator


def json_type() -> Any:
    """A fresh JSON column type (JSONB on PostgreSQL); SQL NULL for None.

    Each column gets its own instance: `MutableDict.as_mutable` and
    `MutableList.as_mutable` attach to the type instance they are given.
    """
    return JSON(none_as_null=True).with_variant(JSONB(none_as_null=True), "postgresql")


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp stored in UTC and always read back timezone-aware."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        if value is None:
            return None
        if not isinstance(value, datetime) or value.tzinfo is None:
            raise ValueError(f"a timezone-aware datetime is required, got {value!r}")
        value = value.astimezone(UTC)
        if dialect.name == "sqlite":
            return value.replace(tzinfo=None)
        return value

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        moment: datetime = value
        if moment.tzinfo is None:
            return moment.replace(tzinfo=UTC)
        return moment.astimezone(UTC)
