"""Databases made by each earlier release, built once and kept on disk between runs.

Seeding a release takes seconds (its judge plays a phase), and a release's code never
changes: its commit names it. So each release's seeded SQLite file, and a dump of
its seeded PostgreSQL schema, is kept in a folder that outlives the run (pytest's
cache folder, `.pytest_cache/d/release-databases`; the run's temporary folder when
the cache is off, as with `-p no:cacheprovider`), under a key made of the commit,
the seed scripts' text and the Python and library versions that ran it. A later run
copies the file, or loads the dump into the test's schema, instead of seeding again.

One seed of a release makes both: the SQLite file and, where PostgreSQL is wanted and
`pg_dump` is here, a schema of its own, dumped and then dropped. The release's code is
imported once for the two (`seed_client.py`). The seeds of every release the
session's tests name start when the tests are collected (`start`, called from
`tests/store/upgrades/conftest.py`), or else at the first request; a test that needs
a release whose seed has not begun yet has it made at once. Under xdist the workers
share the folder: a lock per release lets one worker build it while the others wait
for it, each worker builds one at a time, and the workers take the releases from
different ends of the list.
"""

from __future__ import annotations

import fcntl
import hashlib
import shutil
import sys
import threading
import uuid
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

from support.store.postgres_template import (
    execute_script,
    pg_dump,
    replayable,
    schema_of,
    with_schema,
)
from support.store.upgrades.releases import SEED_SCRIPT, Release, extract, unavailable
from support.store.upgrades.seed_client import SERVER_SCRIPT, SeedServers

SCHEMA_MARK = "__release_seed_schema__"  # stands for the seeded schema's name in a dump
LIBRARIES = ("sqlalchemy", "alembic", "psycopg", "argon2-cffi")


def seed_key(release: Release) -> str:
    """What a seeded database depends on besides the release's code: the seed scripts,
    the interpreter and the libraries the release's code runs on here."""
    made_by = "\n".join([
        SEED_SCRIPT.read_text(encoding="utf-8"),
        SERVER_SCRIPT.read_text(encoding="utf-8"),
        sys.version,
        *(f"{name} {version(name)}" for name in LIBRARIES),
    ])  # fmt: skip
    return f"{release.commit[:12]}-{hashlib.sha256(made_by.encode()).hexdigest()[:12]}"


@dataclass(frozen=True)
class Seeded:
    """Where a release's seeded databases are kept: a file and, beside it, the revision
    it is at (written last: a file without one is not whole)."""

    sqlite: Path
    dump: Path  # its PostgreSQL schema, dumped; absent where PostgreSQL is not wanted

    @staticmethod
    def made(path: Path) -> bool:
        return path.with_suffix(".revision").exists()

    @staticmethod
    def revision(path: Path) -> str:
        return path.with_suffix(".revision").read_text()


class ReleaseDatabases:
    """Each release's seeded SQLite file, its PostgreSQL dump and its code, made on
    first request unless an earlier run left them. `postgres`: the server's URL when
    the run wants PostgreSQL dumps (its tests and `pg_dump`), else None."""

    def __init__(
        self, folder: Path, wanted: list[Release], parallel: int, postgres: str | None
    ) -> None:
        self.folder = folder
        self.wanted = wanted
        self.parallel = parallel
        self.postgres = postgres
        self.seeds = SeedServers(parallel)
        self.pool: ThreadPoolExecutor | None = None
        self.builds: dict[str, Future[Seeded]] = {}
        self.submitting = threading.Lock()

    def code(self, release: Release) -> Path:
        with _locked(self.folder / f"{release.commit}.code.lock"):
            return extract(release, self.folder / "code")

    def sqlite_copy(self, release: Release, target: Path) -> str:
        """Copy the release's seeded database to `target`; the revision it is at."""
        seeded = self._seeded(release)
        shutil.copyfile(seeded.sqlite, target)
        return Seeded.revision(seeded.sqlite)

    def postgres_seed(self, release: Release, url: str) -> str:
        """Fill the empty schema of `url` as the release did: its seeded schema's dump,
        loaded there; the revision it is at."""
        assert self.postgres is not None, "no PostgreSQL test was collected"
        dump = self._seeded(release).dump
        execute_script(url, dump.read_text(encoding="utf-8").replace(SCHEMA_MARK, schema_of(url)))
        return Seeded.revision(dump)

    def seed_into(self, release: Release, url: str) -> str:
        """Fill the empty database at `url` with the release's code, every time (for
        PostgreSQL where `pg_dump` is missing); the revision it is at."""
        (revision,) = self.seeds.seed(self.code(release), [url])
        return revision

    def start(self, worker: int = 0) -> None:
        """Start seeding every wanted release now, in the background. Worker `worker`
        of a run takes them in its own order (the first worker from the oldest, the
        second from the newest, ...): two workers seed different releases at once and
        meet once, where one waits on the other's lock, rather than at every release."""
        order = self.wanted[worker:] + self.wanted[:worker]
        self._submit(order[::-1] if worker % 2 else order)

    def _submit(self, releases: list[Release]) -> None:
        with self.submitting:
            if self.pool is None:
                self.pool = ThreadPoolExecutor(max_workers=self.parallel)
            for each in releases:
                if each.commit not in self.builds and unavailable(each) is None:
                    self.builds[each.commit] = self.pool.submit(self._build, each)

    def _seeded(self, release: Release) -> Seeded:
        """The release's databases; the first request starts every wanted release's
        unless `start` did."""
        if self.pool is None:
            self._submit([release, *self.wanted])
        self._submit([release])
        queued = self.builds[release.commit]
        if queued.cancel():  # still waiting its turn: made now, for the test that waits
            made: Future[Seeded] = Future()
            self.builds[release.commit] = made
            try:
                made.set_result(self._build(release))
            except BaseException as error:
                made.set_exception(error)
        return self.builds[release.commit].result()

    def _build(self, release: Release) -> Seeded:
        """The release's databases, made here unless another run or worker made them."""
        key = seed_key(release)
        seeded = Seeded(self.folder / "databases" / f"{key}.db",
                        self.folder / "postgres" / f"{key}.sql")  # fmt: skip
        seeded.sqlite.parent.mkdir(parents=True, exist_ok=True)
        seeded.dump.parent.mkdir(parents=True, exist_ok=True)
        with _locked(self.folder / "databases" / f"{key}.lock"):
            sqlite = not Seeded.made(seeded.sqlite)
            postgres = None if Seeded.made(seeded.dump) else self.postgres
            if sqlite or postgres is not None:
                self._seed(release, seeded, sqlite, postgres)
        return seeded

    def _seed(self, release: Release, seeded: Seeded, sqlite: bool, postgres: str | None) -> None:
        """One seed of the release for the databases missing: the SQLite file if
        `sqlite`, a schema on the server at `postgres` (then dumped) unless None."""
        if sqlite:
            seeded.sqlite.unlink(missing_ok=True)  # a seed that failed halfway starts over
        with _scratch_schema(postgres) as schema_url:
            urls = [f"sqlite:///{seeded.sqlite}"] if sqlite else []
            urls += [schema_url] if schema_url is not None else []
            revisions = self.seeds.seed(self.code(release), urls)
            if schema_url is not None:
                schema = schema_of(schema_url)
                dumped = replayable(pg_dump(schema_url, schema), schema, SCHEMA_MARK)
                seeded.dump.write_text(dumped, encoding="utf-8")
                seeded.dump.with_suffix(".revision").write_text(revisions[-1])
        if sqlite:
            wal = seeded.sqlite.with_name(f"{seeded.sqlite.name}-wal")
            assert not wal.exists(), f"{wal}: the seed left a WAL the copies would lack"
            seeded.sqlite.with_suffix(".revision").write_text(revisions[0])

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
        self.seeds.close()


@contextmanager
def _scratch_schema(postgres: str | None) -> Iterator[str | None]:
    """The URL of a new, empty schema on the server at `postgres` for a release's seed,
    dropped afterwards: its dump is what is kept. None without PostgreSQL."""
    if postgres is None:
        yield None
        return
    schema = f"seed_{uuid.uuid4().hex}"
    execute_script(postgres, f'CREATE SCHEMA "{schema}"')
    try:
        yield with_schema(postgres, schema)
    finally:
        execute_script(postgres, f'DROP SCHEMA "{schema}" CASCADE')


def postgres_tools() -> bool:
    """Whether `pg_dump` is here to keep PostgreSQL seeds."""
    return shutil.which("pg_dump") is not None


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on `path` (made if missing), across processes."""
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
