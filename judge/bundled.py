"""Where the judge's data folders are: inside the installed package, or in the source tree.

The repository keeps `templates/`, `migrations/` and `config.example.toml` at its
top level, beside the `judge` package. A wheel (and `pip install .`) copies them
into the package as `judge/_bundled/templates`, ... (see `setup.py`), so an
installed judge finds them with `importlib.resources` wherever it is installed. A
source-tree run (an editable install, or tests with the repository on `sys.path`)
has no `_bundled` folder and uses the top-level folders directly.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import judge

BUNDLE = "_bundled"
"""The folder inside the `judge` package that a build fills with the data folders."""

DATA_FOLDERS = ("templates", "migrations")
"""The top-level folders of the repository that the judge reads at run time."""


DATA_FILES = ("config.example.toml",)
"""The top-level files of the repository the judge reads at run time (`judge config
example` prints the example config)."""


def data_file(name: str) -> Path:
    """The file `name` (one of DATA_FILES): the installed copy first, else the source tree."""
    if name not in DATA_FILES:
        raise ValueError(f"{name!r} is not one of the judge's data files {DATA_FILES}")
    installed = resources.files(judge).joinpath(BUNDLE, name)
    if isinstance(installed, Path) and installed.is_file():
        return installed
    source = Path(judge.__file__).resolve().parents[1] / name
    if source.is_file():
        return source
    raise RuntimeError(
        f"the judge's {name} is missing: looked in {installed} (an installed wheel) "
        f"and {source} (a source tree); reinstall the judge (pip install .)"
    )


def data_dir(name: str) -> Path:
    """The folder `name` (one of DATA_FOLDERS): the installed copy first, else the source tree."""
    if name not in DATA_FOLDERS:
        raise ValueError(f"{name!r} is not one of the judge's data folders {DATA_FOLDERS}")
    installed = resources.files(judge).joinpath(BUNDLE, name)
    if isinstance(installed, Path) and installed.is_dir():
        return installed
    source = Path(judge.__file__).resolve().parents[1] / name
    if source.is_dir():
        return source
    raise RuntimeError(
        f"the judge's {name} folder is missing: looked in {installed} (an installed wheel) "
        f"and {source} (a source tree); reinstall the judge (pip install .)"
    )
