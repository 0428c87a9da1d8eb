"""Fixtures for the zine tests: games with a history, played through the real code.

`standard_game` is played by mail through the service (the service tests'
harness), with press added to the record; `recorder` plays the Intimate and
Taskdip variants phase by phase (see `recorder.py`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import closing
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy.orm import Session, sessionmaker
from support.service.fixtures import judge, quick_password_hashes  # noqa: F401 (fixtures)
from support.service.harness import JudgeHarness
from support.variant_registry import WORKER_REGISTRY
from support.zine.recorder import Recorder
from support.zine.standard_game import SCRIPT_PRESS, SECRET_PRESS, PageOf

from judge.clock import ManualClock
from judge.store import games as store
from judge.zine import game_page


@pytest.fixture
def recorder(sessions: sessionmaker[Session], clock: ManualClock) -> Recorder:
    return Recorder(sessions, clock)


@pytest.fixture
def page_of(sessions: sessionmaker[Session]) -> PageOf:
    """`page_of(game)`: the zine page of a game, as the CLI would write it."""

    def build(name: str) -> str:
        with sessions() as session:
            game = store.get_game(session, name)
            assert game is not None
            return game_page(session, WORKER_REGISTRY, game)

    return build


@pytest.fixture
def standard_game(
    judge: JudgeHarness,  # noqa: F811
    recorder: Recorder,
    database_url: str,
    tmp_path_factory: pytest.TempPathFactory,
) -> str:
    """`g1`, played by mail through S1902M, with public, scripted and private press.

    Eleven tests read the same game. On SQLite it is played once per test process and
    each later test gets a copy of that database (and the clock where play left it):
    the pages under test are read from the database alone."""
    path = database_url.removeprefix("sqlite:///")
    if path == database_url:
        return _play_standard_game(judge, recorder)
    played = _PLAYED_ONCE.get("g1")
    if played is None:
        name = _play_standard_game(judge, recorder)
        copy = tmp_path_factory.mktemp("played") / "g1.db"
        _copy_sqlite(Path(path), copy)
        _PLAYED_ONCE[name] = (copy, judge.clock.now())
        return name
    copy, now = played
    _copy_sqlite(copy, Path(path))
    judge.clock.set(now)
    return "g1"


_PLAYED_ONCE: dict[str, tuple[Path, datetime]] = {}


def _copy_sqlite(source: Path, target: Path) -> None:
    """SQLite's online backup: safe while the judge's engine holds the target open."""
    with closing(sqlite3.connect(source)) as reading, closing(sqlite3.connect(target)) as out:
        reading.backup(out)


def _play_standard_game(judge: JudgeHarness, recorder: Recorder) -> str:  # noqa: F811
    judge.start_game()
    recorder.add_event("g1", "Welcome to the g1 zine.", kind="broadcast", author="Master",
                       phase=None)
    recorder.add_event("g1", SCRIPT_PRESS, author="France", subject="<b>hello</b>")
    recorder.add_event("g1", SECRET_PRESS, author="France", recipients=["ENGLAND"])
    judge.play_until("F1901M")
    recorder.add_event("g1", "Munich will fall — déjà vu.", kind="broadcast", author="Italy")
    judge.play_until("F1902M")
    return "g1"


@pytest.fixture
def zine_config(write_config: Callable[..., Path], database_url: str) -> Path:
    return write_config(database_url)
