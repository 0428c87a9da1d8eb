"""Where the judge's data is: package data inside `judge`, found by `importlib.resources`.

`judge/templates/`, `judge/locale/` (the gettext catalogs) and `judge/migrations/` are
package data (pyproject.toml, `[tool.setuptools.package-data]`): a wheel carries them
inside the package, and a source tree has them in the same place, so one lookup serves
an installed judge, an editable install and the tests alike. The repository's top level
keeps symbolic links of the same names for operators who look there first. (The example
config is not data: `judge config example` writes it from the keys' declarations,
`judge.config_example`.)
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import judge

DATA_FOLDERS = ("templates", "migrations", "locale")
"""The package-data folders the judge reads at run time."""


def _in_package(name: str) -> Path:
    found = resources.files(judge).joinpath(name)
    if not isinstance(found, Path):
        raise RuntimeError(
            f"the judge is installed where its data is not a folder on disk ({found}); "
            "install it unzipped (pip install .)"
        )
    return found


def data_dir(name: str) -> Path:
    """The package-data folder `name` (one of DATA_FOLDERS)."""
    if name not in DATA_FOLDERS:
        raise ValueError(f"{name!r} is not one of the judge's data folders {DATA_FOLDERS}")
    found = _in_package(name)
    if not found.is_dir():
        raise RuntimeError(f"the judge's {name} folder is missing at {found}; reinstall the judge")
    return found
