"""The judge's earlier releases (`releases.toml`), their code, and databases they made.

A release's code comes out of git (`git archive <commit>`) into a folder of its own;
`seed_client.py` then runs `seed_release.py` with this venv's Python and that folder
first on the path, so the database is made and filled by the release itself.
A checkout without git or without the history (a tarball) cannot do it: `unavailable`
says why, and the tests skip with that reason.
"""

from __future__ import annotations

import shutil
import subprocess
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
RELEASES_FILE = ROOT / "releases.toml"
SEED_SCRIPT = Path(__file__).with_name("seed_release.py")


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
    for tool in ("git", "tar"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    found = _git("cat-file", "-e", f"{release.commit}^{{commit}}", check=False)
    if found.returncode != 0:
        return f"no git history with {release.commit[:10]} ({release.tag}) in {ROOT}"
    return None


def extract(release: Release, into: Path) -> Path:
    """The release's tree, from `git archive`. Not compiled here: the seed compiles
    what it imports, once, and keeps it in the tree's `__pycache__`
    (`seed_server.py`); most of the tree is never imported."""
    tree = into / release.head
    if not tree.is_dir():
        staging = into / f"{release.head}.partial"
        shutil.rmtree(staging, ignore_errors=True)  # a copy cut short starts over
        staging.mkdir(parents=True)
        # `tar` unpacks this repository's own archive in a third of tarfile's CPU.
        archive = subprocess.Popen(
            ["git", "-C", str(ROOT), "archive", "--format=tar", release.commit],
            stdout=subprocess.PIPE,
        )
        subprocess.run(["tar", "-x", "-C", str(staging)], stdin=archive.stdout, check=True)
        assert archive.stdout is not None
        archive.stdout.close()
        if archive.wait() != 0:
            raise RuntimeError(f"git archive {release.commit} failed")
        staging.rename(tree)
    return tree


def _git(*arguments: str, check: bool = True) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", "-C", str(ROOT), *arguments], capture_output=True, check=check)
