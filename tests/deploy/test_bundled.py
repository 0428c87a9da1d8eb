"""`judge.bundled` in a source tree: the repository's own top-level folders."""

from __future__ import annotations

import pytest

from deploy.installed import REPOSITORY
from judge.bundled import data_dir


def test_a_source_tree_run_reads_the_top_level_folders() -> None:
    assert data_dir("templates") == REPOSITORY / "templates"
    assert data_dir("migrations") == REPOSITORY / "migrations"


def test_only_the_known_data_folders_can_be_asked_for() -> None:
    with pytest.raises(ValueError, match="'fonts' is not one of the judge's data folders"):
        data_dir("fonts")
