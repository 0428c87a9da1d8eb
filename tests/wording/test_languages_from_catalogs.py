"""The languages a reader may read are the catalogs present: a new language is one
`.po` file, with no list of codes to keep in step (docs/translating.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.wording import readers


def test_the_judge_writes_english_and_each_language_with_a_catalog() -> None:
    assert readers.LANGUAGES == ("en", "fr")


def test_a_third_catalog_is_a_third_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for code in ("fr", "de"):
        folder = tmp_path / "locale" / code / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "judge.po").write_text('msgid ""\nmsgstr ""\n')
    (tmp_path / "locale" / "it" / "LC_MESSAGES").mkdir(parents=True)  # no catalog yet
    monkeypatch.setattr(readers, "data_dir", lambda name: tmp_path / name)
    assert readers.languages_with_catalogs() == ("en", "de", "fr")
