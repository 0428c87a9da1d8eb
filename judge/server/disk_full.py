"""A full disk, recognised wherever it shows, and said in one line that names the disk.

A full disk fails the database's write or commit (SQLite: "database or disk is full",
its SQLITE_FULL; PostgreSQL: SQLSTATE 53100, "could not extend file ...: No space
left on device") or a file's write (`OSError` ENOSPC, or EDQUOT: over quota). The
judge used to log each such failure as any other: a traceback from the intake and
one from the processor's loop per mail, and a misleading "the processor is busy"
between them (1,603 log lines for 30 mails). Nothing is wrong with the judge then,
and there is nothing to debug: the operator has to free space. So the places that
store mail ask `disk_full(exc)` and, when it is, log one line (`disk_full_line`:
"disk full: <the database or file>: <the driver's reason> (<free space> free in
<folder>)") and answer the sender "try again later" (SMTP 452, `judge deliver` 75):
nothing is lost.
"""

from __future__ import annotations

import errno
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

from judge.server.sqlite_access import sqlite_path
from judge.server.startup_failure import cause, shown_url

SQLITE_FULL = 13  # sqlite3.h: "Insertion failed because database is full"
POSTGRESQL_DISK_FULL = "53100"  # SQLSTATE disk_full
NO_SPACE = (errno.ENOSPC, errno.EDQUOT)
SQLITE_FULL_TEXT = "database or disk is full"


def disk_full(exc: BaseException) -> bool:
    """Whether `exc` (or an error it wraps, or was raised from) is a full disk."""
    return any(_is_full(error) for error in _chain(exc))


def disk_full_line(exc: BaseException, database_url: str) -> str:
    """`exc`, a full disk, in one line: what was being written (a file's name, else
    the database), the reason, and the free space left where it is known."""
    filename = next((error.filename for error in _chain(exc)
                     if isinstance(error, OSError) and error.filename), None)  # fmt: skip
    what = str(filename) if filename else f"database {shown_url(database_url)}"
    folder = Path(filename).parent if filename else _folder_of(database_url)
    reason = cause(exc).removeprefix(f"{filename}: ")  # an OSError's cause names the file
    return f"disk full: {what}: {reason}{_free_space(folder)}"


def _chain(exc: BaseException) -> list[BaseException]:
    """`exc`, the driver's error it wraps (SQLAlchemy's `.orig`) and its causes."""
    seen: list[BaseException] = []
    waiting: list[BaseException | None] = [exc]
    while waiting:
        error = waiting.pop()
        if error is None or any(error is known for known in seen) or len(seen) > 20:
            continue
        seen.append(error)
        orig = getattr(error, "orig", None)
        waiting.extend([error.__context__, error.__cause__,
                        orig if isinstance(orig, BaseException) else None])  # fmt: skip
    return seen


def _is_full(error: BaseException) -> bool:
    if isinstance(error, OSError):
        return error.errno in NO_SPACE
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        return code == SQLITE_FULL or SQLITE_FULL_TEXT in str(error)
    return getattr(error, "sqlstate", None) == POSTGRESQL_DISK_FULL


def _folder_of(database_url: str) -> Path | None:
    path = sqlite_path(database_url)
    return path.parent if path is not None else None  # PostgreSQL's disk is its server's


def _free_space(folder: Path | None) -> str:
    if folder is None:
        return ""
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        return ""
    return f" ({_size(free)} free in {folder})"


def _size(count: int) -> str:
    if count < 1024:
        return f"{count} bytes"
    value = float(count)
    for unit in ("KiB", "MiB", "GiB"):
        value /= 1024
        if value < 1024:
            return f"{value:.1f} {unit}"
    return f"{value / 1024:.1f} TiB"


def known_disk_full(database_url: str) -> Callable[[Exception], str | None]:
    """A `BackgroundLoop`'s `known_failure` hook: a full disk in one line, else None."""
    return lambda exc: disk_full_line(exc, database_url) if disk_full(exc) else None
