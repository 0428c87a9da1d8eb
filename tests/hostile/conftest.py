"""Fixtures for the hostile-mail tests: a real `judge serve` per module, and the
in-process harness of the service tests for what is not an SMTP-level attack."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from intake.helpers import ServeProcess, judge_env
from service.harness import JudgeHarness
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.config import Config
from judge.store.db import make_engine
from judge.store.migrate import upgrade

from .server import HostileJudge

CHEAP_HANDLER = "e2e.cheap_hashes:handle_inbox_message"


def write_toml(folder: Path, database_url: str) -> Path:
    path = folder / "judge.toml"
    path.write_text(
        '[judge]\naddress = "judge@example.org"\ncode = "TEST"\n'
        '[smtp]\nhost = "127.0.0.1"\nport = 0\n'
        f'[database]\nurl = "{database_url}"\n'
        '[outbound]\ntransport = "maildir"\nmaildir = "outbox"\n'
        "[scheduler]\npoll_seconds = 0.2\n"
        "[limits]\nper_sender_per_hour = 1000\n"
    )
    return path


@pytest.fixture(scope="module")
def hostile_judge(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostileJudge]:
    folder = tmp_path_factory.mktemp("hostile")
    database_url = f"sqlite:///{folder / 'judge.db'}"
    engine = make_engine(database_url)
    upgrade(engine)
    engine.dispose()
    serve = ServeProcess(write_toml(folder, database_url), folder / "judge.log",
                         judge_env(JUDGE_HANDLER=CHEAP_HANDLER))  # fmt: skip
    port = serve.start()
    try:
        yield HostileJudge(serve, port, database_url, folder / "outbox")
    finally:
        serve.stop()


@pytest.fixture
def quick_password_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        "judge.store.passwords._HASHER",
        PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1),
    )


@pytest.fixture
def harness(
    quick_password_hashes: None,
    sessions: sessionmaker[Session],
    clock: ManualClock,
    make_config: Callable[..., Config],
    database_url: str,
) -> JudgeHarness:
    config = make_config(database_url, limits={"per_sender_per_hour": 1000})
    return JudgeHarness(sessions, clock, config)
