"""The judges the games by mail are played against.

`judge` is a real `judge serve` subprocess on a loopback port (maildir outbox);
`quick_judge` the same started through the test launcher `serve_with` with
`cheap_hashes` (the service's own handler, with a fast Argon2id), and
`quick_judge_at_head` that one on a database migrated already; `pipeline_judge`
the in-process pipeline with the same interface, for the games where SMTP is not
what is tested (`support/e2e/pipeline_judge.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from sqlalchemy.orm import Session, sessionmaker
from support.e2e.judge_process import Judge, serving
from support.e2e.pipeline_judge import PipelineJudge
from support.migrated_copy import MigratedTemplates
from support.service.harness import JudgeHarness

from judge.clock import ManualClock
from judge.config import Config

HANDLER = "support.e2e.cheap_hashes:CheapHandler"


@pytest.fixture
def quick_judge(
    write_config: Callable[..., Path], database_url: str, tmp_path: Path
) -> Iterator[Judge]:
    yield from serving(write_config, database_url, tmp_path, handler=HANDLER)


@pytest.fixture
def quick_judge_at_head(
    write_config: Callable[..., Path],
    database_url: str,
    tmp_path: Path,
    migrated_database: MigratedTemplates,
) -> Iterator[Judge]:
    """`quick_judge` on a database already at head (`support.migrated_copy`), for the
    tests that are not about a first start: the judge migrates nothing (0.35 s of CPU
    less a start). `quick_judge` keeps the first start on an empty database, which
    tests/e2e/test_operator_log.py reads in the log."""
    migrated_database.copy_to(database_url)
    yield from serving(write_config, database_url, tmp_path, handler=HANDLER)


@pytest.fixture
def judge(write_config: Callable[..., Path], database_url: str, tmp_path: Path) -> Iterator[Judge]:
    yield from serving(write_config, database_url, tmp_path)


@pytest.fixture
def pipeline_judge(
    sessions: sessionmaker[Session],
    clock: ManualClock,
    make_config: Callable[..., Config],
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> PipelineJudge:
    """The judge in this process, with `judge serve`'s settings and cheap hashes."""
    monkeypatch.setattr(
        "judge.store.passwords._HASHER",
        PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1),
    )
    config = make_config(database_url, limits={"per_sender_per_hour": 1000})
    return PipelineJudge(JudgeHarness(sessions, clock, config))
