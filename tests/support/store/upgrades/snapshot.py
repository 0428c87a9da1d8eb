"""Every row of every table, keyed by table and primary key, to compare two of them.

Read with plain `SELECT *`, as the driver returns them: an upgrade that rewrote a
value (a date's format, a JSON's spacing) shows as a difference, unless a migration
declares that column changed (`declared_changes`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, inspect, text

from support.store.upgrades.declared_changes import Declared

Rows = dict[tuple[Any, ...], dict[str, Any]]
Snapshot = dict[str, Rows]


def snapshot(connection: Connection) -> Snapshot:
    inspector = inspect(connection)
    tables: Snapshot = {}
    for table in inspector.get_table_names():
        if table == "alembic_version":
            continue
        key = inspector.get_pk_constraint(table)["constrained_columns"]
        result = connection.execute(text(f'SELECT * FROM "{table}"'))
        names = list(result.keys())
        rows: Rows = {}
        for values in result:
            row = dict(zip(names, values, strict=True))
            rows[tuple(row[column] for column in key)] = row
        tables[table] = rows
    return tables


@dataclass
class Differences:
    lines: list[str] = field(default_factory=list)

    def add(self, line: str) -> None:
        if len(self.lines) < 40:
            self.lines.append(line)


def differences(before: Snapshot, after: Snapshot, declared: Declared) -> list[str]:
    """What changed from `before` to `after` that no migration declared. New tables
    and new columns are not differences; the rows of a table declared to gain rows
    may be more."""
    found = Differences()
    for table, rows in before.items():
        if table not in after:
            found.add(f"table {table} is gone ({len(rows)} rows)")
            continue
        later = after[table]
        for key, row in rows.items():
            if key not in later:
                found.add(f"{table} {key}: row deleted: {row}")
                continue
            for column, value in row.items():
                if column not in later[key]:
                    found.add(f"{table}.{column} is gone")
                elif later[key][column] != value and (table, column) not in declared.columns:
                    found.add(f"{table} {key}.{column}: {value!r} became {later[key][column]!r}")
        added = later.keys() - rows.keys()
        if added and table not in declared.rows_added:
            found.add(f"{table}: {len(added)} row(s) added: {sorted(added, key=repr)[:3]}")
    return found.lines
