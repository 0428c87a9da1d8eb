"""Fixtures for the attacks: a real `judge serve` with the limits a test chooses, and
the service harness for the attacks that are not about SMTP.

`serve(cheap=True, limits={...}, security={...})` starts `judge serve` on a free
loopback port (maildir outbox), as the e2e tests do; `cheap` swaps in a fast Argon2
for tests that are not about hashing cost. Address confirmation stays off unless a
test passes `security={"confirm_addresses": True}`. The judge's database starts
at head, from the worker's migrated template (`support.migrated_copy`).

Two servers are shared by the tests of every module of this folder that run in one
test process (their mails have their own Message-IDs, senders and games):
`hostile_judge`, for the attacks on reading, and `confirming_judge`, with address
confirmation on and the default limits.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from sqlalchemy.orm import Session, sessionmaker
from support.e2e.judge_process import Judge, _free_port, _wait_for_port, stop_process
from support.hostile.server import HostileJudge
from support.hostile.serving import CHEAP_HANDLER, HarnessFactory, Serve, write_toml
from support.migrated_copy import MigratedTemplates, copy_migrated
from support.serve_with import command, environment
from support.server.intake.helpers import ServeProcess, judge_env
from support.service.harness import JudgeHarness

from judge.clock import ManualClock
from judge.config import Config


@pytest.fixture
def serve(
    write_config: Callable[..., Path],
    database_url: str,
    tmp_path: Path,
    migrated_database: MigratedTemplates,
) -> Iterator[Serve]:
    processes: list[tuple[subprocess.Popen[bytes], Any]] = []

    def start(cheap: bool = True, **sections: dict[str, Any]) -> Judge:
        port = _free_port()
        limits = {"per_sender_per_hour": 1000, **sections.pop("limits", {})}
        smtp = {"port": port, **sections.pop("smtp", {})}
        config = write_config(database_url, smtp=smtp, limits=limits, **sections)
        migrated_database.copy_to(database_url)
        arguments = ("serve", "--config", str(config))
        log = (tmp_path / "judge.log").open("wb")
        process = subprocess.Popen(
            command(CHEAP_HANDLER, *arguments) if cheap
            else [sys.executable, "-m", "judge.cli", *arguments],
            stdout=log, stderr=subprocess.STDOUT, env=environment(),
        )  # fmt: skip
        processes.append((process, log))
        _wait_for_port(port, process)
        return Judge(port, config, tmp_path / "outbox")

    yield start
    for process, log in processes:
        stop_process(process, log)


@pytest.fixture
def quick_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        "judge.store.passwords._HASHER",
        PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1),
    )


@pytest.fixture
def harness(
    quick_hashes: None,
    sessions: sessionmaker[Session],
    clock: ManualClock,
    make_config: Callable[..., Config],
    database_url: str,
) -> HarnessFactory:
    """`harness(limits={...}, security={...})`: the service harness with those keys."""

    def build(**sections: dict[str, Any]) -> JudgeHarness:
        limits = {"per_sender_per_hour": 1000, **sections.pop("limits", {})}
        return JudgeHarness(sessions, clock, make_config(database_url, limits=limits, **sections))

    return build


# --- `judge serve` shared by the modules (one per test process) -------------------


def _shared_judge(folder: Path, template: Path, confirm_addresses: bool) -> ServeProcess:
    database_url = f"sqlite:///{folder / 'judge.db'}"
    copy_migrated(template, database_url)
    config = write_toml(folder, database_url, confirm_addresses=confirm_addresses)
    return ServeProcess(config, folder / "judge.log", judge_env(), handler=CHEAP_HANDLER)


@pytest.fixture(scope="session")
def hostile_judge(
    tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path
) -> Iterator[HostileJudge]:
    """For the attacks on reading (bounded cost): each test mails with Message-IDs
    and senders of its own and reads back only those."""
    folder = tmp_path_factory.mktemp("hostile")
    serve = _shared_judge(folder, migrated_sqlite, confirm_addresses=False)
    port = serve.start()
    try:
        yield HostileJudge(serve, port, f"sqlite:///{folder / 'judge.db'}", folder / "outbox")
    finally:
        serve.stop()


@pytest.fixture(scope="session")
def confirming_judge(
    tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path
) -> Iterator[Judge]:
    """`[security] confirm_addresses = true` and the default limits (beside
    `per_sender_per_hour`), as `serve(security={"confirm_addresses": True})` starts
    it. Each test plays its own game, from addresses of its own
    (`support.hostile.cast.Cast`): what one test confirms, joins or stops is no
    other test's business."""
    folder = tmp_path_factory.mktemp("confirming")
    serve = _shared_judge(folder, migrated_sqlite, confirm_addresses=True)
    port = serve.start()
    try:
        yield Judge(port, serve.config, folder / "outbox")
    finally:
        serve.stop()


@pytest.fixture
def plain_harness(harness: HarnessFactory) -> JudgeHarness:
    """The service harness with the default limits (beside `per_sender_per_hour`)."""
    return harness()
