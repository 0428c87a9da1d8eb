"""Shared fixtures: databases on both backends, a manual clock, judge configs.

`database_url` runs a test once on SQLite (a fresh file) and once on PostgreSQL
(a fresh schema, dropped afterwards) when `JUDGE_TEST_DATABASE_URL` is set, e.g.
`postgresql+psycopg://postgres@127.0.0.1:5432/test`. The URL carries the schema in
its `search_path`, so subprocesses given the URL land in the same schema.
"""

from __future__ import annotations

import asyncio
import compileall
import os
import shutil
import tempfile
import threading
import uuid
from collections.abc import Callable, Coroutine, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import pytest
from golden.recorder import compare, is_golden, recording
from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker
from support.migrated_copy import MigratedTemplates
from support.store import shared_compiled_cache
from support.store.postgres_template import MigratedPostgres, with_schema
from support.variant_registry import WORKER_REGISTRY

from judge.clock import ManualClock
from judge.config import Config, config_from_dict
from judge.server.watchdog import Watchdogs
from judge.store.db import make_engine, make_session_factory
from judge.store.migrate import upgrade
from judge.variants.registry import VariantRegistry

T = TypeVar("T")
POSTGRES_ENV = "JUDGE_TEST_DATABASE_URL"
START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def pytest_configure(config: pytest.Config) -> None:
    """Register the `postgres_copy` marker; share compiled SQL between the tests'
    engines (`support.store.shared_compiled_cache`); compile the judge's modules once,
    before the test processes start. The tests
    start many judges as subprocesses (`judge serve`, `deliver`, `status`...), and
    where PYTHONDONTWRITEBYTECODE is set (as on this project's machines) each of them
    would compile every module from source again: 0.4 s a start."""
    config.addinivalue_line(
        "markers", f"{POSTGRES_COPY}: the module's tests run on PostgreSQL too (`database_url`)"
    )
    shared_compiled_cache.install()  # each test's engine finds SQL compiled by earlier ones
    if not hasattr(config, "workerinput"):  # the main process, not an xdist worker
        compileall.compile_dir(Path(__file__).resolve().parents[1] / "judge", quiet=1)
        _temporary_files_in_memory()


def _temporary_files_in_memory() -> None:
    """Put the tests' temporary files (SQLite databases, maildirs, configs) on the
    memory-backed /dev/shm when the machine has one and TMPDIR names no other place.
    Every SQLite commit of the judge waits for the disk (fsync): thousands of them in
    a run, and on this project's machines a third of the suite's time. The judge's
    code is the same; only where the tests keep their scratch files changes. The
    xdist workers and the judges the tests start inherit TMPDIR."""
    shared_memory = Path("/dev/shm")
    if "TMPDIR" in os.environ or not shared_memory.is_dir():
        return
    if not os.access(shared_memory, os.W_OK | os.X_OK):
        return
    os.environ["TMPDIR"] = str(shared_memory)
    tempfile.tempdir = None  # read TMPDIR again


# --- golden mails -------------------------------------------------------------


@pytest.fixture(autouse=True)
def golden_mails(request: pytest.FixtureRequest) -> Iterator[None]:
    """The tests of `golden.recorder.GOLDEN_FILES` compare every mail they make with
    their golden file (the French wording's move to gettext changed none of them)."""
    if not is_golden(request.node.nodeid):
        yield
        return
    with pytest.MonkeyPatch.context() as patch, recording(patch) as record:
        yield
        for value in list(request.node.funcargs.values()):
            if hasattr(value, "maildir") and callable(getattr(value, "mails", None)):
                record.add_served(value.mails())
    compare(request.node.nodeid, record)


# --- databases ---------------------------------------------------------------

# `database_url` gives a test a copy on each backend; the PostgreSQL copy runs only
# where the module says `pytestmark = pytest.mark.postgres_copy`: where the test's
# path through the store differs from SQLite's (the store's own tests, the processing
# and its guards, the claims of due games, the outbox's leases and fencing, the limits
# counted in the database, the flagship game by mail...). Elsewhere the test plays the
# same rules over the same queries, and its copy added minutes to the suite and little
# the kept ones do not cover. `grep -rl postgres_copy tests` lists them.
POSTGRES_COPY = "postgres_copy"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    dropped = [item for item in items if _second_copy_not_needed(item)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if not _second_copy_not_needed(item)]
    items.sort(key=_start_order)  # stable: each group in its own order


def _start_order(item: pytest.Item) -> tuple[bool, bool]:
    """The tests marked `slow` (tens of seconds each: real processes, crashes, whole
    games) start first. Under xdist a long test that happens to start last keeps one
    worker busy while the other has nothing left to do; started first, the short
    tests fill the other worker around it. Of them, those marked `waits` (a relay
    slow on purpose: their worker mostly sleeps) go first of all, while the upgrade
    tests' seeds run in the background (`tests/store/upgrades/conftest.py`) and take
    the core they leave idle."""
    return item.get_closest_marker("waits") is None, item.get_closest_marker("slow") is None


def _second_copy_not_needed(item: pytest.Item) -> bool:
    callspec = getattr(item, "callspec", None)
    if callspec is None or callspec.params.get("database_url") != "postgres":
        return False
    return item.get_closest_marker(POSTGRES_COPY) is None


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database, on each backend in turn."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'judge.db'}"
        return
    base = os.environ.get(POSTGRES_ENV)
    if not base:
        pytest.skip(f"{POSTGRES_ENV} not set")
    yield from _postgres_schema(base)


def _postgres_schema(base: str) -> Iterator[str]:
    schema = f"t_{uuid.uuid4().hex}"
    admin = make_engine(base)
    with admin.begin() as connection:
        connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    try:
        yield with_schema(base, schema)
    finally:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


@pytest.fixture
def engine(
    database_url: str, migrated_sqlite: Path, migrated_postgres: MigratedPostgres
) -> Iterator[Engine]:
    """A migrated database. On SQLite the test's empty file is first replaced by a
    copy of one migrated in this worker; on PostgreSQL a dump of a schema migrated in
    this worker is replayed into the test's schema (`support.store.postgres_template`).
    The migrations run once per worker, not per test; `upgrade` then finds the
    database at head and does nothing."""
    if database_url.startswith("sqlite:///"):
        shutil.copyfile(migrated_sqlite, database_url.removeprefix("sqlite:///"))
    engine = make_engine(database_url)
    if not database_url.startswith("sqlite:///"):
        migrated_postgres.fill(engine)
    upgrade(engine)
    yield engine
    engine.dispose()


@pytest.fixture(scope="session")
def migrated_database(
    migrated_sqlite: Path, migrated_postgres: MigratedPostgres
) -> MigratedTemplates:
    """Both templates: `migrated_database.copy_to(database_url)` brings a test's empty
    database to head on either backend (`support.migrated_copy`)."""
    return MigratedTemplates(migrated_sqlite, migrated_postgres)


@pytest.fixture(scope="session")
def migrated_postgres() -> MigratedPostgres:
    """A PostgreSQL schema migrated once per test process, dumped on first use."""
    return MigratedPostgres(os.environ.get(POSTGRES_ENV, ""))


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite database at the head revision, made once per test process."""
    path = tmp_path_factory.mktemp("template") / "judge.db"
    template = make_engine(f"sqlite:///{path}")
    upgrade(template)
    template.dispose()  # the last connection closed: SQLite folds the WAL into the file
    assert not path.with_name("judge.db-wal").exists()
    return path


@pytest.fixture
def sessions(engine: Engine) -> sessionmaker[Session]:
    return make_session_factory(engine)


@pytest.fixture
def variants() -> VariantRegistry:
    """The judge's variant registry, which the work that reads a game's variant is
    given by argument (one per test process: `support.variant_registry`)."""
    return WORKER_REGISTRY


# --- time ----------------------------------------------------------------------


@pytest.fixture
def clock() -> ManualClock:
    """A clock at 2026-01-01 12:00 UTC that moves only when told to."""
    return ManualClock(START)


# --- the processor's watchdogs -------------------------------------------------


@pytest.fixture
def watchdogs() -> Iterator[Watchdogs]:
    """The watchdogs of the judge a test runs (a judge's own), stopped as it ends."""
    with Watchdogs() as held:
        yield held


# --- configs -------------------------------------------------------------------


ConfigFactory = Callable[..., Config]


@pytest.fixture
def make_config(tmp_path: Path) -> ConfigFactory:
    """`make_config(database_url, smtp={"port": 0}, ...)`: a Config rooted in tmp_path."""

    def build(database_url: str, **sections: dict[str, Any]) -> Config:
        return config_from_dict(_config_data(database_url, sections), tmp_path)

    return build


@pytest.fixture
def write_config(tmp_path: Path) -> Callable[..., Path]:
    """`write_config(database_url, ...)`: the same, as a judge.toml file for subprocesses."""

    def write(database_url: str, **sections: dict[str, Any]) -> Path:
        path = tmp_path / "judge.toml"
        path.write_text(_toml(_config_data(database_url, sections)))
        return path

    return write


def _config_data(database_url: str, sections: dict[str, dict[str, Any]]) -> dict[str, Any]:
    data: dict[str, dict[str, Any]] = {
        "judge": {"address": "judge@example.org", "code": "TEST"},
        "smtp": {"host": "127.0.0.1", "port": 0},
        "database": {"url": database_url},
        "outbound": {"transport": "maildir", "maildir": "outbox"},
        "scheduler": {"poll_seconds": 0.2},
        # Most tests send from many made-up addresses: address confirmation is off
        # unless a test is about it (tests/hostile/test_confirmation.py turns it on).
        "security": {"confirm_addresses": False},
    }
    for name, values in sections.items():
        data.setdefault(name, {}).update(values)
    return data


def _toml(data: dict[str, dict[str, Any]]) -> str:
    lines: list[str] = []
    for section, values in data.items():
        lines.append(f"[{section}]")
        lines += [f"{key} = {_toml_value(value)}" for key, value in values.items()]
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


# --- an event loop for servers under test ------------------------------------


class LoopThread:
    """An asyncio loop running in a daemon thread; `run` executes a coroutine on it."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float = 30) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)
        self.loop.close()


@pytest.fixture
def loop_thread() -> Iterator[LoopThread]:
    """A background event loop, e.g. for an aiosmtpd server on a loopback port."""
    loop = LoopThread()
    yield loop
    loop.stop()
