"""Real processes for the crash tests: a slow relay, `judge serve` or `judge scheduler`
started (and killed) as an operator would, and mail queued straight into the outbox."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from pathlib import Path

from sqlalchemy import func, select

from judge.clock import SystemClock
from judge.outbox.enqueue import enqueue
from judge.outbox.gate import no_mail_in
from judge.store.db import make_engine, make_session_factory
from judge.store.migrate import upgrade
from judge.store.models import OutboxMessage, OutboxStatus

HERE = Path(__file__).resolve().parent
TIMEOUT = 120.0


def start_relay(
    folder: Path, delay: float, every_reply: bool = False
) -> tuple[subprocess.Popen[bytes], int, Path]:
    """The slow relay (slow at the end of data, or at `every_reply`); returns the
    process, its port and the log of Message-IDs."""
    log = folder / "relay.log"
    log.touch()
    pace = ["every"] if every_reply else []
    process = subprocess.Popen(
        [sys.executable, str(HERE / "relay_process.py"), str(log), str(delay), *pace],
        stdout=subprocess.PIPE,
    )
    assert process.stdout is not None
    port = int(process.stdout.readline())
    return process, port, log


def relayed(log: Path) -> list[str]:
    return log.read_text().split()


def start_judge(command: str, config: Path, log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as output:
        return subprocess.Popen(
            [sys.executable, "-m", "judge.cli", command, "--config", str(config)],
            stdout=output,
            stderr=subprocess.STDOUT,
        )


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def queue_mails(database_url: str, count: int) -> set[str]:
    """`count` mails in the outbox (migrating the database first); their Message-IDs."""
    engine = make_engine(database_url)
    try:
        upgrade(engine)
        with make_session_factory(engine).begin() as session:
            ids = set()
            for n in range(count):
                message = EmailMessage()
                message["From"] = "judge@example.org"
                message["To"] = f"p{n}@example.org"
                message["Subject"] = f"mail {n}"
                message.set_content(f"mail {n}\n")
                queued = enqueue(session, message, "notice", gate=no_mail_in(),
                                 now=SystemClock().now())  # fmt: skip
                ids.add(queued.message_id)
        return ids
    finally:
        engine.dispose()


@contextmanager
def unsent_counter(database_url: str) -> Iterator[Callable[[], int]]:
    """`unsent()`: how many mails of the outbox are not sent yet, on one engine for
    all the calls. The tests poll it while the judge sends: an engine made and
    disposed for each call cost ten times the query (4 ms of CPU on PostgreSQL, 50
    times a second), taken from the judge being tested on a busy machine."""
    engine = make_engine(database_url)
    query = select(func.count()).where(OutboxMessage.status != OutboxStatus.SENT)

    def unsent() -> int:
        with engine.connect() as connection:
            return int(connection.scalar(query.select_from(OutboxMessage)) or 0)

    try:
        yield unsent
    finally:
        engine.dispose()


def wait_until(
    test: Callable[[], bool], what: str, timeout: float = TIMEOUT, every: float = 0.02
) -> float:
    """Poll `test` every `every` seconds until true; return the seconds it took."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if test():
            return time.monotonic() - started
        time.sleep(every)
    raise AssertionError(f"timed out waiting for {what}")
