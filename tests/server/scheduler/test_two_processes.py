"""Two judge processes against one PostgreSQL database, 200 games due at the same
moment: every phase is processed exactly once, and every results mail is sent
exactly once. Real processes (`judge scheduler --once`), a real maildir."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email import message_from_bytes
from email.policy import default
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker
from support.seeding import seed_game
from support.variant_registry import WORKER_REGISTRY

from judge.config import Config
from judge.store.models import OutboxMessage, OutboxStatus, PhaseRecord
from judge.store.passwords import hash_password

pytestmark = [pytest.mark.postgres_copy, pytest.mark.slow]  # the store path differs; processes

GAMES = 200
READERS = {"standard": 8, "intimate": 3}  # players + the master


def _variant(number: int) -> str:
    return "standard" if number % 2 else "intimate"


def _seed(sessions: sessionmaker[Session], config: Config) -> None:
    now = datetime.now(UTC)
    password = hash_password("pw")
    with sessions.begin() as session:
        for number in range(GAMES):
            seed_game(
                session, config, variants=WORKER_REGISTRY, name=f"g{number}",
                variant=_variant(number),
                password_hash=password, now=now - timedelta(hours=1),
                due=now - timedelta(seconds=1),
            )  # fmt: skip


def _two_schedulers(config_file: Path) -> list[str]:
    command = [sys.executable, "-m", "judge.cli", "scheduler", "--once",
               "--config", str(config_file)]  # fmt: skip
    running = [
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for _ in range(2)
    ]
    outputs = [process.communicate(timeout=600)[0] for process in running]
    for process, output in zip(running, outputs, strict=True):
        assert process.returncode == 0, output
    return outputs


def _handled(output: str) -> int:
    last = [line for line in output.splitlines() if line.startswith("scheduler: ")][-1]
    return int(last.split()[1])


@pytest.fixture
def postgres_url(database_url: str) -> str:
    """The PostgreSQL copy's URL; the SQLite copy is skipped here, before the fixtures
    after it (`sessions`) make and migrate a database it would not use."""
    if not database_url.startswith("postgresql"):
        pytest.skip("two processes share work on PostgreSQL; SQLite serialises them")
    return database_url


def test_two_processes_process_every_phase_once_and_send_every_results_mail_once(
    postgres_url: str,
    sessions: sessionmaker[Session],
    make_config: Callable[..., Config],
    write_config: Callable[..., Path],
) -> None:
    database_url = postgres_url
    config = make_config(database_url)
    _seed(sessions, config)
    outputs = _two_schedulers(write_config(database_url))

    assert sum(_handled(output) for output in outputs) == GAMES
    with sessions() as session:
        processed = session.scalars(
            select(PhaseRecord.game_id).where(PhaseRecord.processed_at.is_not(None))
        ).all()
        assert sorted(Counter(processed).values()) == [1] * GAMES
        unsent = select(func.count()).select_from(OutboxMessage)
        assert session.scalar(unsent.where(OutboxMessage.status != OutboxStatus.SENT)) == 0

    maildir = config.outbound.maildir / "new"
    mails = [message_from_bytes(path.read_bytes(), policy=default) for path in maildir.iterdir()]
    results = Counter(
        (str(m["To"]), str(m["Subject"])) for m in mails if str(m["Subject"]).endswith("Results")
    )
    assert set(results.values()) == {1}
    assert len(results) == sum(READERS[_variant(n)] for n in range(GAMES))
    assert len({m["Message-ID"] for m in mails}) == len(mails)
