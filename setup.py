"""The one build step pyproject.toml cannot say: copy the data folders into the package.

The repository keeps `templates/`, `migrations/` and `config.example.toml` at its top
level. A wheel must carry them inside the `judge` package, where `judge.bundled`
looks for them, so the build copies each into `judge/_bundled/<name>` of the build
folder. An editable
install skips the copy: it runs from the source tree, which has the folders already.
Everything else about the package is declared in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DATA_FOLDERS = ("templates", "migrations")  # judge.bundled.DATA_FOLDERS
DATA_FILES = ("config.example.toml",)  # judge.bundled.DATA_FILES
BUNDLE = Path("judge", "_bundled")
SKIPPED = shutil.ignore_patterns("__pycache__", "*.pyc")


class BuildWithDataFolders(build_py):
    """`build_py` that also copies the top-level data folders into the package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for name in DATA_FOLDERS:
            source = ROOT / name
            if not source.is_dir():
                raise FileNotFoundError(f"{source} is missing: the judge cannot run without it")
            target = Path(self.build_lib) / BUNDLE / name
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(source, target, ignore=SKIPPED)
        for name in DATA_FILES:
            target = Path(self.build_lib) / BUNDLE / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / name, target)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        copied = [
            str(path)
            for name in DATA_FOLDERS
            for path in (Path(self.build_lib) / BUNDLE / name).rglob("*")
            if path.is_file()
        ]
        copied += [str(Path(self.build_lib) / BUNDLE / name) for name in DATA_FILES]
        return [*super().get_outputs(include_bytecode), *copied]


setup(cmdclass={"build_py": BuildWithDataFolders})
