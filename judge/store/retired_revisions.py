"""Revision ids a release once wrote into `alembic_version` that no script carries now.

A migration renamed after it reached main leaves the databases made in between at an
id Alembic cannot find ("Can't locate revision"). Each such id is listed here with
the script that now holds the same schema change, and the upgrade rewrites it first,
in its own transaction.

* `0012_h22ops` (main at 1ac9bd7, tagged `release-0012_h22ops`): the same
  `judge_settings` table as `0012_judge_settings`, renamed two minutes later.
"""

from __future__ import annotations

from sqlalchemy import Connection, inspect, text

RETIRED_REVISIONS: dict[str, str] = {
    "0012_h22ops": "0012_judge_settings",
}


def rename_retired_revisions(connection: Connection) -> None:
    """Rewrite a retired id in `alembic_version` to the script that replaced it."""
    if "alembic_version" not in inspect(connection).get_table_names():
        return
    for retired, current in RETIRED_REVISIONS.items():
        connection.execute(
            text("UPDATE alembic_version SET version_num = :current WHERE version_num = :retired"),
            {"current": current, "retired": retired},
        )
