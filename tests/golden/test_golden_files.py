"""The golden mails stay attached to their tests: every name in `GOLDEN_FILES` is one
test file of the suite, and every folder of golden mails belongs to a listed file (a
test renamed or a folder left behind would otherwise stop being compared, silently)."""

from __future__ import annotations

from pathlib import Path

from golden.recorder import GOLDEN, GOLDEN_FILES

TESTS = Path(__file__).resolve().parents[1]


def test_every_golden_name_is_one_test_file() -> None:
    for name in GOLDEN_FILES:
        found = sorted(TESTS.rglob(f"{name}.py"))
        assert len(found) == 1, f"{name}: {len(found)} test files have this name ({found})"


def test_every_folder_of_golden_mails_belongs_to_a_listed_file() -> None:
    folders = {path.name for path in GOLDEN.iterdir() if path.is_dir()}
    assert folders == set(GOLDEN_FILES)
