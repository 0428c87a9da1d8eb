"""A sign-up played by mail once per test process, and copied into later tests (SQLite).

`JudgeHarness.start_game` plays CREATE, the SIGNONs and maybe START by mail through
the real service: about a quarter of a CPU second, in some 180 tests. Most of them
start the same game from the same empty database. The first such start in a process
is played by mail and the database is copied as it stood after it (SQLite's online
backup); a later test asking for the same start gets that copy, the same players, and
the clock where the start left it. What the test does next runs on the same rows a
start played by mail in that test would have left, but for what is drawn at random
or numbered per process (see `tests/service/test_start_replay.py`). The harness's
Message-ID counter moves on as a start by mail would move it; the copied inbox holds
the numbers of the first start, all lower, so no later mail of the process repeats one.
A handler keeps nothing from one start to the next (its read-ahead is all taken by the
end of the start), so the restored test's fresh handler is what the start leaves.

A start is reused only when nothing that can change it differs (`StartKey`): the
game's name, the number of players and the master; the whole config (its paths made
relative to the test's folder); the clock's time; the variant registry (the very
object); the hasher's costs, the code of the judge and of the test support as patched
now (`support.service.code_as_patched`: a test that records or rewrites the mail path
before its start gets a start played by mail); and a pristine database: the schema at
the same revision, every other table empty, and no player known to the harness yet.

Patches of other libraries' code are not compared (but jinja2's): a test that watches
the start by other means set up before it (an SQLAlchemy event listener on `Session`,
as `tests/server/scheduler/test_session_info.py` does) sets `replay_starts = False`.

PostgreSQL databases keep playing every start by mail: a copy of a schema costs about
what the start does, and the store's queries there are what those tests are for. So
does any harness made with `replay_starts=False`, and every harness when the
environment sets JUDGE_TEST_REPLAY_STARTS=0 (to run the tests with every start played).
"""

from __future__ import annotations

import atexit
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import datetime
from itertools import count as counting
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.config import Config
from judge.variants.registry import VariantRegistry
from support.service.code_as_patched import CodeSnapshot, code_now

REPLAY_ENV = "JUDGE_TEST_REPLAY_STARTS"
SQLITE_PREFIX = "sqlite:///"


@dataclass(frozen=True)
class StartKey:
    """Everything a start by mail depends on, but the judge's code (compared apart)."""

    game: str
    count: int
    master: str
    config: str  # repr of the Config, the test's folder written as <tmp>
    now: datetime
    variants: int  # id of the registry, held alive by the played start
    revision: str  # the schema's alembic revision


@dataclass
class PlayedStart:
    """A start played by mail: the database after it, its players, the clock."""

    copy: Path
    players: tuple[tuple[str, str, str], ...]  # (address, password, power)
    now: datetime
    code: CodeSnapshot
    variants: VariantRegistry  # held so the id in the key is never reused
    reused: int = 0  # times restored: the least reused goes first when too many are kept


_PLAYED: dict[StartKey, list[PlayedStart]] = {}
KEPT_PER_KEY = 3  # the same start under the code as imported, and under tests' patches
_copies: Path | None = None
_names = counting(1)
_restores = [0]  # starts restored in this process (the tests of this module read it)


def replaying_allowed() -> bool:
    return os.environ.get(REPLAY_ENV, "1") != "0"


def sqlite_path(config: Config) -> Path | None:
    url = config.database.url
    return Path(url.removeprefix(SQLITE_PREFIX)) if url.startswith(SQLITE_PREFIX) else None


def start_key(
    sessions: sessionmaker[Session],
    clock: ManualClock,
    config: Config,
    variants: VariantRegistry,
    start: tuple[str, int, str],
) -> StartKey | None:
    """The key of this start, or None when it must be played by mail (not SQLite, or
    the database is not as migrated: a row in any table)."""
    path = sqlite_path(config)
    if path is None:
        return None
    with sessions() as session:
        tables = session.scalars(
            text(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                " AND name NOT LIKE 'sqlite_%' AND name != 'alembic_version'"
            )
        ).all()
        any_row = " UNION ALL ".join(f'SELECT 1 FROM "{name}"' for name in tables)
        if session.execute(text(f"SELECT EXISTS ({any_row})")).scalar():
            return None
        revisions = session.scalars(text("SELECT version_num FROM alembic_version")).all()
    if len(revisions) != 1:
        return None
    game, count, master = start
    folder = str(path.parent)
    return StartKey(game, count, master, repr(config).replace(folder, "<tmp>"),
                    clock.now(), id(variants), revisions[0])  # fmt: skip


def played(key: StartKey) -> PlayedStart | None:
    """The start kept under this key, if the code is still the code that played it."""
    for found in _PLAYED.get(key, []):
        if found.code.same_code_as_now():
            found.reused += 1
            return found
    return None


def keep(
    key: StartKey,
    config: Config,
    players: tuple[tuple[str, str, str], ...],
    now: datetime,
    variants: VariantRegistry,
) -> None:
    """Keep a copy of the database as it stands after the start played under `key`,
    with the code as it is now (after the start: the modules it imported are in)."""
    path = sqlite_path(config)
    assert path is not None
    copy = _folder() / f"start-{next(_names)}.db"
    copy_sqlite(path, copy)
    kept = _PLAYED.setdefault(key, [])
    if len(kept) >= KEPT_PER_KEY:  # the least reused, the oldest of them: a patched one
        dropped = min(kept, key=lambda start: start.reused)
        kept.remove(dropped)
        dropped.copy.unlink()
    kept.append(PlayedStart(copy, players, now, code_now(), variants))


def restore(start: PlayedStart, config: Config) -> None:
    """Put the kept database in place of the test's (open connections see it at once)."""
    path = sqlite_path(config)
    assert path is not None
    copy_sqlite(start.copy, path)
    _restores[0] += 1


def copy_sqlite(source: Path, target: Path) -> None:
    """SQLite's online backup: safe while the judge's engine holds the target open."""
    with closing(sqlite3.connect(source)) as reading, closing(sqlite3.connect(target)) as out:
        reading.backup(out)


def _folder() -> Path:
    global _copies
    if _copies is None:
        _copies = Path(tempfile.mkdtemp(prefix="played-starts-"))
        atexit.register(shutil.rmtree, _copies, True)
    return _copies


@contextmanager
def nothing_kept() -> Iterator[None]:
    """No start kept while the block runs (the starts kept in it are dropped after it),
    and the process's kept starts back after it: for the tests of this module."""
    kept = dict(_PLAYED)
    _PLAYED.clear()
    try:
        yield
    finally:
        _PLAYED.clear()
        _PLAYED.update(kept)


def kept_starts() -> int:
    return sum(len(kept) for kept in _PLAYED.values())


def restores() -> int:
    """How many starts were restored from a copy in this process so far."""
    return _restores[0]
