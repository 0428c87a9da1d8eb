"""Seeds the databases of earlier releases from forks of one process that has already
imported the libraries every release uses: run by `seed_client.py`, never by a test.

A fresh `python seed_release.py` for each of the eighteen releases on each backend
imported SQLAlchemy, Alembic, Jinja2, pytest and the rest again every time: a second
of CPU a seed, a third of the release upgrade tests' cold run. This process imports
those libraries once (`LIBRARIES`: nothing of the judge, nor of any release, nor of
this tree's tests), then answers requests, one JSON line each on stdin:

    {"tree": <the release's code>, "urls": [<database url>, ...],
     "logs": <a folder>, "timeout": <seconds>}

For each, it forks a child that does what `PYTHONPATH=<tree>:<tree>/tests python
seed_release.py` did before its `main`: the release's tree and tests first on the
path, its folder the working one, the release's code and `seed_release.py` imported
(and compiled once, into the tree's `__pycache__`). That child forks once more per
URL: each database is made by a process that has imported the release's code and done
nothing else yet, as a fresh interpreter would have, so a game played for one database
leaves nothing behind for the other. The forks' output goes to the logs folder
(`release.log`; `<n>.out` and `<n>.err` for the n-th URL, the revision reached last
in `.out`); the answer, one JSON line on stdout, is the child's exit status.
"""

from __future__ import annotations

import importlib
import json
import os
import signal
import sys
import traceback
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

# What the releases' code and tests import from outside themselves (the standard
# library's heavier packages among them), as found in the seeds of the first and the
# latest release. A name this Python lacks is left out: the release imports it itself.
LIBRARIES = (
    "sqlalchemy",
    "sqlalchemy.orm",
    "sqlalchemy.dialects.sqlite.pysqlite",
    "sqlalchemy.dialects.postgresql.psycopg",
    "psycopg",
    "alembic",
    "alembic.command",
    "alembic.config",
    "alembic.script",
    "alembic.runtime.migration",
    "alembic.autogenerate",
    "alembic.ddl.sqlite",
    "alembic.ddl.postgresql",
    "mako.template",
    "jinja2",
    "jinja2.ext",
    "argon2",
    "pytest",
    "PIL.Image",
    "PIL.ImageDraw",
    "PIL.ImageFont",
    "PIL.PngImagePlugin",
    "aiosmtpd.smtp",
    "asyncio",
    "email.parser",
    "email.policy",
    "email.generator",
    "email.headerregistry",
    "email.utils",
    "sqlite3",
    "tomllib",
    "zoneinfo",
)
# Packages a release brings itself: none may be imported before the fork.
RELEASE_PACKAGES = ("judge", "service", "support", "golden", "seed_release")


# The seeds start with the run and go on beside the tests: at a lower priority they
# take the CPU the tests leave idle (a relay slow on purpose...) rather than theirs.
NICENESS = 10


def main() -> None:
    os.nice(NICENESS)
    _import_libraries()
    for line in sys.stdin:
        child = _forked(partial(_seed_release, json.loads(line)))
        print(json.dumps({"exit": _exit_code(child)}), flush=True)


def _import_libraries() -> None:
    for name in LIBRARIES:
        try:
            importlib.import_module(name)
        except ImportError:
            continue
    mine = [name for name in sys.modules if name.split(".")[0] in RELEASE_PACKAGES]
    if mine:
        raise SystemExit(f"a library imported a release's own modules: {mine[:5]}")


def _seed_release(request: dict[str, Any]) -> int:
    """In the release's child: its code imported, one fork per database."""
    tree, logs, timeout = Path(request["tree"]), Path(request["logs"]), int(request["timeout"])
    _output_to(logs / "release.log", logs / "release.log")
    signal.alarm(timeout)  # an alarm is not inherited by a fork: each sets its own
    paths = [str(tree), str(tree / "tests")]
    sys.path[1:1] = paths  # after this script's folder, as PYTHONPATH puts them
    os.environ["PYTHONPATH"] = os.pathsep.join(paths)
    os.chdir(tree)
    sys.dont_write_bytecode = False  # compiled once, here, for the forks and later runs
    seed_release = importlib.import_module("seed_release")
    children = [
        _forked(partial(_seed_one, seed_release, tree, url, logs / str(number), timeout))
        for number, url in enumerate(request["urls"])
    ]
    failed = [child for child in children if _exit_code(child) != 0]
    return 1 if failed else 0


def _seed_one(seed_release: ModuleType, tree: Path, url: str, log: Path, timeout: int) -> int:
    _output_to(log.with_suffix(".out"), log.with_suffix(".err"))
    signal.alarm(timeout)
    seed_release.main(tree, url)
    return 0


def _forked(work: Callable[[], int]) -> int:
    """Run `work` in a fork of this process; the fork's pid. The fork never returns."""
    sys.stdout.flush()
    sys.stderr.flush()
    child = os.fork()
    if child:
        return child
    code = 1
    try:
        code = work()
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
        if not isinstance(stop.code, int) and stop.code is not None:
            print(stop.code, file=sys.stderr)
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _output_to(out: Path, err: Path) -> None:
    """Send this process's stdout and stderr to files (the answers' pipe stays clean)."""
    for number, path in ((1, out), (2, err)):
        opened = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        os.dup2(opened, number)
        os.close(opened)


def _exit_code(child: int) -> int:
    _, status = os.waitpid(child, 0)
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    main()
