"""A judge installed the way an operator installs it: a wheel in a fresh virtualenv.

The wheel is built from a copy of the source tree (so the build leaves nothing in
the repository) and installed with its dependencies from the machine's own package
index (pip's config), never with `--system-site-packages`: a file the wheel lacks
must make the installed judge fail here, not be found elsewhere.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[3]
_NOT_SOURCE_ANYWHERE = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc", ".*_cache",
    ".hypothesis", "*.db", "*.db-*",
)
_NOT_SOURCE_AT_TOP = {"outbox", "judge.toml"}  # a local judge's maildir and config


def not_source(folder: str, names: list[str]) -> set[str]:
    """What the copy leaves out: build and cache files anywhere, and at the top the
    maildir and config of a judge run there (not `judge/outbox`, a package)."""
    ignored = set(_NOT_SOURCE_ANYWHERE(folder, names))
    if Path(folder).resolve() == REPOSITORY.resolve():
        ignored |= _NOT_SOURCE_AT_TOP & set(names)
    return ignored
PIP_TIMEOUT = 600


def clean_environment() -> dict[str, str]:
    """The environment of an operator's shell: no test paths, no test handler."""
    env = dict(os.environ)
    for name in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME"):
        env.pop(name, None)
    return env


def build_wheel(workspace: Path) -> Path:
    """`pip wheel --no-deps` on a copy of the repository; the path of the wheel."""
    source = workspace / "source"
    shutil.copytree(REPOSITORY, source, ignore=not_source)
    wheels = workspace / "wheels"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(source)])
    (wheel,) = wheels.glob("judge-*.whl")
    return wheel


def shared_wheel(factory: pytest.TempPathFactory) -> Path:
    """This run's wheel, built once: by the first test that asks (in any xdist worker,
    under a lock), then shared. Each build is of the same tree, so each would be the
    same proof; the test_wheel and test_postfix modules each built one (6 s of CPU)."""
    base = factory.getbasetemp()
    under_xdist = "PYTEST_XDIST_WORKER" in os.environ
    folder = (base.parent if under_xdist else base) / "shared-wheel"  # this run's only
    folder.mkdir(exist_ok=True)
    with (folder / "build.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            built = sorted((folder / "wheels").glob("judge-*.whl"))
            if built:
                return built[0]
            for leftover in ("source", "wheels"):  # a build that failed halfway
                shutil.rmtree(folder / leftover, ignore_errors=True)
            return build_wheel(folder)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def install(wheel: Path, venv: Path, python: str = sys.executable) -> Path:
    """A fresh virtualenv of `python` with the wheel and its dependencies; its `judge`.

    The virtualenv is made without a pip of its own, and this process's pip installs
    into it (`--python`): the same packages land in the same place, and the judge
    needs no pip to run. Seeding a pip into each virtualenv cost 6 s of CPU."""
    _run([python, "-m", "venv", "--without-pip", str(venv)])
    _run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
          "-q", str(wheel)])  # fmt: skip
    return venv / "bin" / "judge"


def _run(command: list[str]) -> None:
    done = subprocess.run(
        command, capture_output=True, env=clean_environment(), timeout=PIP_TIMEOUT, check=False
    )
    if done.returncode != 0:
        raise AssertionError(
            f"{' '.join(command)} failed ({done.returncode}):\n"
            f"{done.stdout.decode(errors='replace')}\n{done.stderr.decode(errors='replace')}"
        )
