"""What each migration means to change in the rows already there: the allow-list of
the release upgrade test (`test_every_release.py`).

A migration that only adds tables, columns, indexes or constraints changes no row and
needs no entry. One that rewrites values (an UPDATE, a column's new format) or adds
rows to a table that had some lists them here, under its revision; the test lets an
upgrade differ there, and only there, and only when that migration was among those
run. Anything else that differs is a row the upgrade changed without meaning to.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from alembic.script import ScriptDirectory

from judge.store.migrate import alembic_config
from judge.store.retired_revisions import RETIRED_REVISIONS


@dataclass(frozen=True)
class Declared:
    columns: frozenset[tuple[str, str]] = frozenset()  # (table, column) it may rewrite
    rows_added: frozenset[str] = frozenset()  # tables it may add rows to


DECLARED: dict[str, Declared] = {
    # The addresses of seats and zines that got game mail before confirmation
    # existed: confirmed, one new row each (issue 22).
    "0013_held_mail": Declared(rows_added=frozenset({"addresses"})),
}


def migrations_after(revision: str) -> list[str]:
    """The revisions an upgrade from `revision` to head runs, oldest first."""
    revision = RETIRED_REVISIONS.get(revision, revision)
    script = ScriptDirectory.from_config(alembic_config())
    run = script.iterate_revisions("heads", revision)
    return [step.revision for step in run if step.revision != revision][::-1]


def declared_from(revisions: Iterable[str]) -> Declared:
    """Everything the migrations `revisions` declare, together."""
    entries = [DECLARED[revision] for revision in revisions if revision in DECLARED]
    return Declared(
        columns=frozenset().union(*(entry.columns for entry in entries)),
        rows_added=frozenset().union(*(entry.rows_added for entry in entries)),
    )
