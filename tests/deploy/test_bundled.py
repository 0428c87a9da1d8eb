"""`judge.bundled` in a source tree: the package-data folders inside `judge/`, with the
top-level links the repository keeps for operators pointing at the same folders."""

from __future__ import annotations

import pytest
from support.deploy.installed import REPOSITORY

from judge.bundled import data_dir


def test_a_source_tree_run_reads_the_package_data_folders() -> None:
    assert data_dir("templates") == REPOSITORY / "judge" / "templates"
    assert data_dir("migrations") == REPOSITORY / "judge" / "migrations"


def test_the_top_level_names_lead_to_the_package_data() -> None:
    for name in ("templates", "migrations"):
        link = REPOSITORY / name
        assert link.is_symlink(), f"{name} at the top level should be a link into judge/"
        assert link.resolve() == (REPOSITORY / "judge" / name).resolve()


def test_only_the_known_data_folders_can_be_asked_for() -> None:
    with pytest.raises(ValueError, match="'fonts' is not one of the judge's data folders"):
        data_dir("fonts")
