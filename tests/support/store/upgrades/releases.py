"""The judge's earlier releases (`releases.toml`), their code, and databases they made.

A release's code comes out of git (`git archive <commit>`) into a folder of its own,
compiled once; `seed` then runs `seed_release.py` with this venv's Python and that
folder first on the path, so the database is made and filled by the release itself.
A checkout without git or without the history (a tarball) cannot do it: `unavailable`
says why, and the tests skip with that reason.
"""

from __future__ import annotations

import compileall
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
RELEASES_FILE = ROOT / "releases.toml"
SEED_SCRIPT = Path(__file__).with_name("seed_release.py")
SEED_TIMEOUT_SECONDS = 300


@dataclass(frozen=True)
class Release:
    commit: str
    tag: str
    head: str  # the migration head of its code: the revision its databases are at


def releases() -> list[Release]:
    data = tomllib.loads(RELEASES_FILE.read_text())
    return [Release(row["commit"], row["tag"], row["head"]) for row in data["release"]]


def unavailable(release: Release) -> str | None:
    """Why `release`'s code cannot be had here, or None when git has its commit."""
    if shutil.which("git") is None:
        return "git is not installed"
    found = _git("cat-file", "-e", f"{release.commit}^{{commit}}", check=False)
    if found.returncode != 0:
        return f"no git history with {release.commit[:10]} ({release.tag}) in {ROOT}"
    return None


def extract(release: Release, into: Path) -> Path:
    """The release's tree, from `git archive`, compiled (the seed imports it once)."""
    tree = into / release.head
    if not tree.is_dir():
        archive = _git("archive", "--format=tar", release.commit).stdout
        staging = into / f"{release.head}.partial"
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(staging, filter="data")
        for folder in (staging / "judge", staging / "tests" / "service"):
            compileall.compile_dir(folder, quiet=1)
        compileall.compile_file(staging / "tests" / "conftest.py", quiet=1)
        staging.rename(tree)
    return tree


def seed(tree: Path, url: str) -> str:
    """Make and fill the database at `url` with the release's code in `tree`; the
    revision it is left at."""
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tree), str(tree / "tests")]))
    done = subprocess.run(
        [sys.executable, str(SEED_SCRIPT), str(tree), url], cwd=tree, env=environment,
        capture_output=True, text=True, timeout=SEED_TIMEOUT_SECONDS,
    )  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(f"seeding with {tree.name} failed:\n{done.stderr[-4000:]}")
    return done.stdout.strip().splitlines()[-1]


def _git(*arguments: str, check: bool = True) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", "-C", str(ROOT), *arguments], capture_output=True, check=check)
