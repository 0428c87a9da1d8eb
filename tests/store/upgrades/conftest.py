"""Databases made by each earlier release, built once per test session.

Seeding a release takes seconds (its judge plays a phase), so each release's SQLite
database is made once, the first time a test asks for any of them: all the releases
the session's tests name are built then, two at a time, and each test upgrades a
copy. PostgreSQL schemas are seeded per test (the copy would be a dump).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

from .releases import Release, extract, releases, seed, unavailable

PARALLEL_SEEDS = 2  # the project's machines have two cores


class ReleaseDatabases:
    """Each release's seeded SQLite file, and its code, made on first request."""

    def __init__(self, folder: Path, wanted: list[Release]) -> None:
        self.folder = folder
        self.wanted = wanted
        self.pool: ThreadPoolExecutor | None = None
        self.builds: dict[str, Future[tuple[Path, str]]] = {}

    def code(self, release: Release) -> Path:
        return extract(release, self.folder / "code")

    def sqlite_copy(self, release: Release, target: Path) -> str:
        """Copy the release's seeded database to `target`; the revision it is at."""
        if self.pool is None:
            self.pool = ThreadPoolExecutor(max_workers=PARALLEL_SEEDS)
            for each in [release, *self.wanted]:
                if each.head not in self.builds and unavailable(each) is None:
                    self.builds[each.head] = self.pool.submit(self._build, each)
        if release.head not in self.builds:
            self.builds[release.head] = self.pool.submit(self._build, release)
        made, revision = self.builds[release.head].result()
        shutil.copyfile(made, target)
        return revision

    def _build(self, release: Release) -> tuple[Path, str]:
        path = self.folder / "databases" / f"{release.head}.db"
        path.parent.mkdir(parents=True, exist_ok=True)
        revision = seed(self.code(release), f"sqlite:///{path}")
        return path, revision

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)


@pytest.fixture(params=releases(), ids=lambda release: release.head)
def release(request: pytest.FixtureRequest) -> Release:
    """Each release in turn; skipped, saying why, where git cannot give its code."""
    reason = unavailable(request.param)
    if reason is not None:
        pytest.skip(reason)
    return request.param  # type: ignore[no-any-return]


@pytest.fixture(scope="session")
def release_databases(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ReleaseDatabases]:
    wanted = {
        item.callspec.params["release"].head: item.callspec.params["release"]
        for item in request.session.items
        if "release" in getattr(getattr(item, "callspec", None), "params", {})
    }
    databases = ReleaseDatabases(tmp_path_factory.mktemp("releases"), list(wanted.values()))
    yield databases
    databases.close()
