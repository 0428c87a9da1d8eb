"""Databases made by each earlier release, built once per test run.

Seeding a release takes seconds (its judge plays a phase), so each release's SQLite
database is made once, the first time a test asks for any of them: all the releases
the session's tests name are built then, two at a time, and each test upgrades a
copy. Under xdist the workers share the folder (the run's base temporary folder):
a lock per release lets one worker build it and the others wait for it and copy it,
and each worker builds one at a time. PostgreSQL schemas are seeded per test (the
copy would be a dump).
"""

from __future__ import annotations

import fcntl
import shutil
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

from .releases import Release, extract, releases, seed, unavailable

PARALLEL_SEEDS = 2  # the project's machines have two cores


class ReleaseDatabases:
    """Each release's seeded SQLite file, and its code, made on first request."""

    def __init__(self, folder: Path, wanted: list[Release], parallel: int) -> None:
        self.folder = folder
        self.wanted = wanted
        self.parallel = parallel
        self.pool: ThreadPoolExecutor | None = None
        self.builds: dict[str, Future[tuple[Path, str]]] = {}

    def code(self, release: Release) -> Path:
        with _locked(self.folder / f"{release.head}.code.lock"):
            return extract(release, self.folder / "code")

    def sqlite_copy(self, release: Release, target: Path) -> str:
        """Copy the release's seeded database to `target`; the revision it is at."""
        if self.pool is None:
            self.pool = ThreadPoolExecutor(max_workers=self.parallel)
            for each in [release, *self.wanted]:
                if each.head not in self.builds and unavailable(each) is None:
                    self.builds[each.head] = self.pool.submit(self._build, each)
        if release.head not in self.builds:
            self.builds[release.head] = self.pool.submit(self._build, release)
        made, revision = self.builds[release.head].result()
        shutil.copyfile(made, target)
        return revision

    def _build(self, release: Release) -> tuple[Path, str]:
        """The release's seeded database, made here unless another worker made it."""
        folder = self.folder / "databases"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{release.head}.db"
        made = folder / f"{release.head}.revision"  # written last: the database is whole
        with _locked(folder / f"{release.head}.lock"):
            if not made.exists():
                path.unlink(missing_ok=True)  # a seed that failed halfway starts over
                revision = seed(self.code(release), f"sqlite:///{path}")
                wal = path.with_name(f"{path.name}-wal")
                assert not wal.exists(), f"{wal}: the seed left a WAL the copies would lack"
                made.write_text(revision)
        return path, made.read_text()

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)


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
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if under_xdist else base) / "release-databases"
    folder.mkdir(exist_ok=True)
    parallel = 1 if under_xdist else PARALLEL_SEEDS
    databases = ReleaseDatabases(folder, list(wanted.values()), parallel)
    yield databases
    databases.close()


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on `path` (made if missing), across processes."""
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
