"""Fixtures for the upgrade tests: each release in turn, and the databases the
releases made (`support/store/upgrades/release_databases.py`: seeded once, kept on
disk between runs under pytest's cache folder)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.store.upgrades.release_databases import ReleaseDatabases
from support.store.upgrades.releases import Release, releases, unavailable

PARALLEL_SEEDS = 2  # the project's machines have two cores


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
    wanted = {
        item.callspec.params["release"].head: item.callspec.params["release"]
        for item in request.session.items
        if "release" in getattr(getattr(item, "callspec", None), "params", {})
    }
    under_xdist = hasattr(request.config, "workerinput")
    cache = getattr(request.config, "cache", None)
    if cache is not None:
        folder = cache.mkdir("release-databases")
    else:  # the cache is off: this run's temporary folder, shared by its workers
        base = tmp_path_factory.getbasetemp()
        folder = (base.parent if under_xdist else base) / "release-databases"
        folder.mkdir(exist_ok=True)
    parallel = 1 if under_xdist else PARALLEL_SEEDS
    databases = ReleaseDatabases(folder, list(wanted.values()), parallel)
    yield databases
    databases.close()
