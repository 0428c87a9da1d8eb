"""A test's SQLite database made at the head revision by copying the worker's
migrated template (the `migrated_sqlite` fixture of tests/conftest.py), not by
running the migrations again.

A `judge serve` (or `deliver`...) started on an empty database migrates it first:
about 0.35 s of CPU a start, paid again by every test that starts one. Tests that are
not about migrating hand the judge a copy instead; the judge then finds its database
at head and goes on as it does on any later start. PostgreSQL URLs are left alone
(each test's schema is migrated by the judge, as before).
"""

from __future__ import annotations

import shutil
from pathlib import Path

SQLITE = "sqlite:///"


def copy_migrated(template: Path, database_url: str) -> bool:
    """Copy `template` to the file of `database_url` when it is a SQLite URL whose file
    does not exist yet; True when copied. Never overwrites a database."""
    if not database_url.startswith(SQLITE):
        return False
    path = Path(database_url.removeprefix(SQLITE))
    if path.exists():
        return False
    shutil.copyfile(template, path)
    return True
