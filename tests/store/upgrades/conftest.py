"""Fixtures for the upgrade tests: each release in turn, and the databases the
releases made (`support/store/upgrades/release_databases.py`: seeded once, kept on
disk between runs under pytest's cache folder)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from support.store.upgrades.release_databases import ReleaseDatabases, postgres_tools
from support.store.upgrades.releases import Release, releases, unavailable

PARALLEL_SEEDS = 2  # the project's machines have two cores
POSTGRES_ENV = "JUDGE_TEST_DATABASE_URL"  # as in tests/conftest.py


@pytest.fixture(params=releases(), ids=lambda release: release.head)
def release(request: pytest.FixtureRequest) -> Release:
    """Each release in turn; skipped, saying why, where git cannot give its code."""
    reason = unavailable(request.param)
    if reason is not None:
        pytest.skip(reason)
    chosen: Release = request.param
    return chosen


@pytest.fixture(scope="session")
def release_databases(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ReleaseDatabases]:
    parameters = [getattr(getattr(item, "callspec", None), "params", {})
                  for item in request.session.items]  # fmt: skip
    wanted = {each["release"].head: each["release"] for each in parameters if "release" in each}
    # The seeds make the PostgreSQL dumps too where a collected test will load one.
    postgres_tests = any(
        "release" in each and each.get("database_url") == "postgres" for each in parameters
    )
    postgres = os.environ.get(POSTGRES_ENV) if postgres_tests and postgres_tools() else None
    under_xdist = hasattr(request.config, "workerinput")
    cache = getattr(request.config, "cache", None)
    if cache is not None:
        folder = cache.mkdir("release-databases")
    else:  # the cache is off: this run's temporary folder, shared by its workers
        base = tmp_path_factory.getbasetemp()
        folder = (base.parent if under_xdist else base) / "release-databases"
        folder.mkdir(exist_ok=True)
    parallel = 1 if under_xdist else PARALLEL_SEEDS
    databases = ReleaseDatabases(folder, list(wanted.values()), parallel, postgres or None)
    yield databases
    databases.close()
