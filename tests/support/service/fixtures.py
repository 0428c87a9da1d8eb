"""The service harness as pytest fixtures, for every folder whose tests drive it.

`tests/service`, `tests/server/scheduler` and `tests/zine` import them into their
`conftest.py`: `judge`, a `JudgeHarness` on the test's migrated database and manual
clock, and `quick_password_hashes`, Argon2id with tiny costs (autouse where imported).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from argon2 import PasswordHasher
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.config import Config
from support.service.harness import JudgeHarness


@pytest.fixture(autouse=True)
def quick_password_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Argon2id with tiny costs: the same code path, a hundred times faster."""
    monkeypatch.setattr(
        "judge.store.passwords._HASHER",
        PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1),
    )


@pytest.fixture
def judge(
    sessions: sessionmaker[Session],
    clock: ManualClock,
    make_config: Callable[..., Config],
    database_url: str,
) -> JudgeHarness:
    config = make_config(database_url, limits={"per_sender_per_hour": 1000})
    return JudgeHarness(sessions, clock, config)
