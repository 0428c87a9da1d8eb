"""At least one row in every table of a database, whatever its revision.

The seeded game leaves some tables empty (no bounce, no absence, no held mail...); a
migration that rebuilt one of those would go unseen. `fill_empty_tables` reflects
the schema as it is and inserts one row into each empty table, parents first: a
foreign key takes the first row of the table it names, a column limited by a
`col IN ('a', ...)` CHECK takes its first value, any other column a plain value of
its type. Nullable columns get a value too, so a change to them shows.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Connection,
    Date,
    DateTime,
    Float,
    Integer,
    LargeBinary,
    MetaData,
    Numeric,
    String,
    Table,
    inspect,
    select,
)

SKIPPED = frozenset({"alembic_version"})
WHEN = datetime(2099, 1, 2, 3, 4, 5, tzinfo=UTC)
_CHOICES = re.compile(r"^\s*\(?\s*\"?(\w+)\"?\s+IN\s*\(\s*'([^']*)'", re.IGNORECASE)


def fill_empty_tables(connection: Connection) -> list[str]:
    """Insert one row into each empty table; the tables filled, in order."""
    metadata = MetaData()
    metadata.reflect(connection)
    filled = []
    for table in metadata.sorted_tables:
        if table.name in SKIPPED or connection.execute(select(table).limit(1)).first():
            continue
        connection.execute(table.insert().values(_row(connection, table)))
        filled.append(table.name)
    return filled


def _row(connection: Connection, table: Table) -> dict[str, Any]:
    choices = _check_choices(connection, table.name)
    row: dict[str, Any] = {}
    for column in table.columns:
        if _generated_key(column):
            continue
        if column.foreign_keys:
            row[column.name] = _parent_key(connection, column)
        elif column.name in choices:
            row[column.name] = choices[column.name]
        else:
            row[column.name] = _plain_value(column)
    return row


def _generated_key(column: Column[Any]) -> bool:
    return column.primary_key and isinstance(column.type, Integer) and not column.foreign_keys


def _parent_key(connection: Connection, column: Column[Any]) -> Any:
    (foreign_key,) = column.foreign_keys
    parent = foreign_key.column
    value = connection.execute(select(parent).order_by(parent).limit(1)).scalar()
    if value is None and not column.nullable:
        raise AssertionError(f"{column.table.name}.{column.name}: {parent.table.name} is empty")
    return value


def _check_choices(connection: Connection, table: str) -> dict[str, str]:
    """The first value each `col IN ('a', ...)` CHECK of `table` allows."""
    choices = {}
    for check in inspect(connection).get_check_constraints(table):
        found = _CHOICES.match(str(check["sqltext"]))
        if found:
            choices[found.group(1)] = found.group(2)
    return choices


def _plain_value(column: Column[Any]) -> Any:
    kind = column.type
    if isinstance(kind, Boolean):
        return True
    if isinstance(kind, Integer):
        return 7
    if isinstance(kind, Float | Numeric):
        return 1.5
    if isinstance(kind, DateTime):
        return WHEN
    if isinstance(kind, Date):
        return WHEN.date()
    if isinstance(kind, JSON):
        return {"filled": [1, "two"]}
    if isinstance(kind, LargeBinary):
        return b"filled \x00\xff"
    if isinstance(kind, String):  # Text too
        return f"filled-{column.name}@example.org"[: kind.length or None]
    raise AssertionError(f"{column.table.name}.{column.name}: no plain value for {kind!r}")
