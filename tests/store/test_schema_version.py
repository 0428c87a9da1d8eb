"""`judge.store.schema_version`: the newest revision written in the code is Alembic's
head, and a database is at it only when its version table says so; `judge deliver`
still migrates a database that is not."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from judge.cli import main
from judge.store.db import make_engine
from judge.store.migrate import alembic_config, current_revision, head_revision, upgrade
from judge.store.schema_version import HEAD_REVISION, at_head

MAIL = (b"From: ann@example.org\r\nTo: judge@example.org\r\nSubject: hello\r\n"
        b"Message-ID: <v1@example.org>\r\n\r\nHELP\r\n")  # fmt: skip


def test_the_written_head_is_alembics_head() -> None:
    assert HEAD_REVISION == head_revision()  # a new migration: bump HEAD_REVISION


def test_an_empty_database_and_a_missing_folder_are_not_at_head(tmp_path: Path) -> None:
    for url in (f"sqlite:///{tmp_path / 'judge.db'}", f"sqlite:///{tmp_path / 'no' / 'x.db'}"):
        engine = make_engine(url)
        try:
            assert not at_head(engine)
        finally:
            engine.dispose()


def test_only_the_newest_revision_is_at_head_and_deliver_migrates_the_others(
    tmp_path: Path, write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    behind = ScriptDirectory.from_config(alembic_config()).get_revision(HEAD_REVISION)
    assert behind is not None and isinstance(behind.down_revision, str)
    url = f"sqlite:///{tmp_path / 'judge.db'}"
    engine = make_engine(url)
    try:
        upgrade(engine, behind.down_revision)
        assert not at_head(engine)
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(MAIL)))
        assert main(["deliver", "--config", str(write_config(url))]) == 0
        assert current_revision(engine) == HEAD_REVISION
        assert at_head(engine)
    finally:
        engine.dispose()
