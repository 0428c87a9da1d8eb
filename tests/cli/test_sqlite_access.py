"""The start-up hint for a SQLite file the judge's user cannot write: on a fresh
Debian machine, `judge db upgrade` run as root made the database root's, and `judge
serve` (as `judge`) said only "unable to open database file"."""

from __future__ import annotations

import os
from pathlib import Path

from judge.server.sqlite_access import access_hint, hint_for, sqlite_path

STRANGER = 54321  # a uid that owns nothing here (the tests may run as root)


def test_a_database_of_another_user_is_named_with_its_owner_and_mode(tmp_path: Path) -> None:
    database = tmp_path / "judge.db"
    database.write_bytes(b"")
    database.chmod(0o600)
    tmp_path.chmod(0o777)
    owner = Path(database).owner()
    hint = access_hint(database, STRANGER, {STRANGER})
    assert hint == f"{database} is owned by {owner}, mode 0600; uid {STRANGER} may not write it"


def test_a_wal_file_of_another_user_is_named_too(tmp_path: Path) -> None:
    tmp_path.chmod(0o777)
    (tmp_path / "judge.db").write_bytes(b"")
    (tmp_path / "judge.db").chmod(0o666)
    (tmp_path / "judge.db-wal").write_bytes(b"")
    (tmp_path / "judge.db-wal").chmod(0o640)
    hint = access_hint(tmp_path / "judge.db", STRANGER, {STRANGER})
    assert hint.startswith(f"{tmp_path / 'judge.db-wal'} is owned by ")


def test_a_closed_or_missing_folder_is_named(tmp_path: Path) -> None:
    closed = tmp_path / "closed"
    closed.mkdir(mode=0o750)
    assert access_hint(closed / "judge.db", STRANGER, {STRANGER}).startswith(
        f"the folder {closed} is owned by ")
    missing = tmp_path / "missing" / "judge.db"
    assert access_hint(missing, STRANGER, {STRANGER}) == (
        f"the folder {tmp_path / 'missing'} does not exist")


def test_nothing_is_said_when_the_user_may_write(tmp_path: Path) -> None:
    database = tmp_path / "judge.db"
    database.write_bytes(b"")
    uid, gid = os.geteuid(), os.getegid()
    if uid == 0:  # root may write anything: no hint, the cause lies elsewhere
        assert access_hint(database, 0, {gid}) == ""
    database.chmod(0o660)
    tmp_path.chmod(0o770)
    group = database.stat().st_gid
    assert access_hint(database, STRANGER, {group}) == ""  # a member of the group


def test_only_a_sqlite_file_gets_a_hint() -> None:
    assert sqlite_path("sqlite:////var/lib/judge/judge.db") == Path("/var/lib/judge/judge.db")
    assert sqlite_path("sqlite://") is None
    assert sqlite_path("postgresql+psycopg://judge@/judge") is None
    assert sqlite_path("not a url") is None
    assert hint_for("postgresql+psycopg://judge@/judge") == ""
