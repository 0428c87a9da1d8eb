"""An admin command's database error, said in one line (`judge status`, `retry`, `flush`)."""

from __future__ import annotations

import sys

from sqlalchemy.exc import SQLAlchemyError

from judge.config import Config
from judge.server.sqlite_access import hint_for
from judge.server.startup_failure import cause, shown_url


def database_failure(command: str, config: Config, exc: SQLAlchemyError) -> None:
    """An admin command's database error in one line: the URL (without its password) and
    the driver's own reason, e.g. PostgreSQL's "Peer authentication failed" when the
    command runs as root instead of as the judge's user (docs/deploy.md)."""
    reason = cause(exc) + hint_for(config.database.url)
    missing = "no such table" in reason or "does not exist" in reason
    hint = "; is it created? (judge db upgrade)" if missing else ""
    print(f"judge {command}: cannot read the database {shown_url(config.database.url)}: "
          f"{reason}{hint}", file=sys.stderr)  # fmt: skip
