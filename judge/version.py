"""The judge's version, as its package metadata says (pyproject.toml's `version`).

Each release bumps `version` in pyproject.toml (see docs/deploy.md, "Upgrading"), so
`pip install judge-<new>.whl` over an older judge really installs it, and
`judge --version` and the start line of the daemons say which judge runs.
"""

from __future__ import annotations

from importlib import metadata

DISTRIBUTION = "judge"


def judge_version() -> str:
    """The installed judge's version; "unknown" when it runs from a source tree that
    was never installed."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown"
