"""Databases made by each earlier release, built once and kept on disk between runs.

Seeding a release takes seconds (its judge plays a phase), and a release's code never
changes: its commit names it. So each release's seeded SQLite file, and a dump of
its seeded PostgreSQL schema, is kept in a folder that outlives the run (pytest's
cache folder, `.pytest_cache/d/release-databases`; the run's temporary folder when
the cache is off, as with `-p no:cacheprovider`), under a key made of the commit,
the seed script's text and the Python and library versions that ran it. A later run
copies the file, or loads the dump into the test's schema, instead of seeding again.

The first request of a run starts the SQLite seeds of every release the session's
tests name, two at a time. Under xdist the workers share the folder: a lock per
release lets one worker build it while the others wait for it, and each worker builds
one at a time.
"""

from __future__ import annotations

import fcntl
import hashlib
import shutil
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from importlib.metadata import version
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from support.store.upgrades.releases import SEED_SCRIPT, Release, extract, seed, unavailable

SCHEMA_MARK = "__release_seed_schema__"  # stands for the seeded schema's name in a dump
LIBRARIES = ("sqlalchemy", "alembic", "psycopg", "argon2-cffi")


def seed_key(release: Release) -> str:
    """What a seeded database depends on besides the release's code: the seed script,
    the interpreter and the libraries the release's code runs on here."""
    made_by = "\n".join([
        SEED_SCRIPT.read_text(encoding="utf-8"),
        sys.version,
        *(f"{name} {version(name)}" for name in LIBRARIES),
    ])  # fmt: skip
    return f"{release.commit[:12]}-{hashlib.sha256(made_by.encode()).hexdigest()[:12]}"


class ReleaseDatabases:
    """Each release's seeded SQLite file, its PostgreSQL dump and its code, made on
    first request unless an earlier run left them."""

    def __init__(self, folder: Path, wanted: list[Release], parallel: int) -> None:
        self.folder = folder
        self.wanted = wanted
        self.parallel = parallel
        self.pool: ThreadPoolExecutor | None = None
        self.builds: dict[str, Future[tuple[Path, str]]] = {}

    def code(self, release: Release) -> Path:
        with _locked(self.folder / f"{release.commit}.code.lock"):
            return extract(release, self.folder / "code")

    def sqlite_copy(self, release: Release, target: Path) -> str:
        """Copy the release's seeded database to `target`; the revision it is at."""
        if self.pool is None:
            self.pool = ThreadPoolExecutor(max_workers=self.parallel)
            for each in [release, *self.wanted]:
                if each.commit not in self.builds and unavailable(each) is None:
                    self.builds[each.commit] = self.pool.submit(self._build, each)
        if release.commit not in self.builds:
            self.builds[release.commit] = self.pool.submit(self._build, release)
        made, revision = self.builds[release.commit].result()
        shutil.copyfile(made, target)
        return revision

    def postgres_seed(self, release: Release, url: str) -> str:
        """Fill the empty schema of `url` as the release does; the revision it is at.
        The first time, the release seeds it and the schema is dumped; later, the dump
        is loaded."""
        folder = self.folder / "postgres"
        folder.mkdir(parents=True, exist_ok=True)
        key = seed_key(release)
        dump, made = folder / f"{key}.sql", folder / f"{key}.revision"
        connection, schema = _libpq(url)
        with _locked(folder / f"{key}.lock"):
            if made.exists():
                _psql(connection, dump.read_text(encoding="utf-8").replace(SCHEMA_MARK, schema))
                return made.read_text()
            revision = seed(self.code(release), url)
            dumped = _pg_dump(connection, schema)
            dump.write_text(dumped.replace(schema, SCHEMA_MARK), encoding="utf-8")
            made.write_text(revision)  # written last: the dump is whole
            return revision

    def _build(self, release: Release) -> tuple[Path, str]:
        """The release's seeded database, made here unless another run or worker made it."""
        folder = self.folder / "databases"
        folder.mkdir(parents=True, exist_ok=True)
        key = seed_key(release)
        path = folder / f"{key}.db"
        made = folder / f"{key}.revision"  # written last: the database is whole
        with _locked(folder / f"{key}.lock"):
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


def _libpq(url: str) -> tuple[str, str]:
    """A SQLAlchemy URL with its schema in `options` -> (libpq URL, schema)."""
    parts = urlsplit(url)
    options = parse_qs(parts.query).get("options", [""])[0]
    schema = options.removeprefix("-csearch_path=")
    assert schema and schema != options, f"no schema in {url}"
    scheme = parts.scheme.split("+")[0]
    return f"{scheme}://{parts.netloc}{parts.path}", schema


def _pg_dump(connection: str, schema: str) -> str:
    """The schema's tables and rows as SQL, without the CREATE SCHEMA (the test's
    schema exists already) nor owners and grants."""
    done = subprocess.run(
        ["pg_dump", "--schema", schema, "--no-owner", "--no-privileges", connection],
        capture_output=True, text=True, check=True, timeout=120,
    )  # fmt: skip
    lines = done.stdout.splitlines(keepends=True)
    return "".join(line for line in lines if not line.startswith(f"CREATE SCHEMA {schema};"))


def _psql(connection: str, script: str) -> None:
    subprocess.run(
        ["psql", "--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", connection],
        input=script, capture_output=True, text=True, check=True, timeout=120,
    )  # fmt: skip


def postgres_tools() -> bool:
    """Whether `pg_dump` and `psql` are here to keep PostgreSQL seeds."""
    return shutil.which("pg_dump") is not None and shutil.which("psql") is not None


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on `path` (made if missing), across processes."""
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
