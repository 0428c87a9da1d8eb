"""Fixtures for the upgrade tests: each release in turn, and the databases the
releases made (`support/store/upgrades/release_databases.py`: seeded once, kept on
disk between runs under pytest's cache folder).

The seeds start as soon as the session's tests are collected, not when the first
upgrade test asks for one: on a fresh checkout they are about a minute of CPU, and
started early, at a lower priority (`seed_server.py`), they run in the time the
other tests leave the CPU idle (a relay that answers slowly on purpose, a judge
process starting) instead of making the upgrade tests wait for them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.store.upgrades.release_databases import ReleaseDatabases, postgres_tools
from support.store.upgrades.releases import Release, releases, unavailable

PARALLEL_SEEDS = 2  # the project's machines have two cores
POSTGRES_ENV = "JUDGE_TEST_DATABASE_URL"  # as in tests/conftest.py
STARTED = pytest.StashKey[ReleaseDatabases]()


@pytest.fixture(params=releases(), ids=lambda release: release.head)
def release(request: pytest.FixtureRequest) -> Release:
    """Each release in turn; skipped, saying why, where git cannot give its code."""
    reason = unavailable(request.param)
    if reason is not None:
        pytest.skip(reason)
    chosen: Release = request.param
    return chosen


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start seeding every release a collected test names, in the background."""
    cache = getattr(session.config, "cache", None)
    if cache is None or STARTED in session.config.stash:
        return  # without the cache the fixture makes them in the run's temporary folder
    databases = _release_databases(session, cache.mkdir("release-databases"))
    if databases.wanted:
        session.config.stash[STARTED] = databases
        databases.start(_worker_number(session.config))


def pytest_sessionfinish(session: pytest.Session) -> None:
    databases = session.config.stash.get(STARTED, None)
    if databases is not None:
        databases.close()


@pytest.fixture(scope="session")
def release_databases(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ReleaseDatabases]:
    started = request.config.stash.get(STARTED, None)
    if started is not None:
        yield started  # closed at the session's end (`pytest_sessionfinish`)
        return
    under_xdist = hasattr(request.config, "workerinput")
    # The cache is off: this run's temporary folder, shared by its workers.
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if under_xdist else base) / "release-databases"
    folder.mkdir(exist_ok=True)
    databases = _release_databases(request.session, folder)
    yield databases
    databases.close()


def _release_databases(session: pytest.Session, folder: Path) -> ReleaseDatabases:
    parameters = [getattr(getattr(item, "callspec", None), "params", {})
                  for item in session.items]  # fmt: skip
    wanted = {each["release"].head: each["release"] for each in parameters if "release" in each}
    # The seeds make the PostgreSQL dumps too where a collected test will load one.
    postgres_tests = any(
        "release" in each and each.get("database_url") == "postgres" for each in parameters
    )
    postgres = os.environ.get(POSTGRES_ENV) if postgres_tests and postgres_tools() else None
    under_xdist = hasattr(session.config, "workerinput")
    parallel = 1 if under_xdist else PARALLEL_SEEDS
    return ReleaseDatabases(folder, list(wanted.values()), parallel, postgres or None)


def _worker_number(config: pytest.Config) -> int:
    """0 outside xdist; n for xdist's worker `gw<n>`."""
    worker = getattr(config, "workerinput", {}).get("workerid", "gw0")
    return int(worker.removeprefix("gw"))
