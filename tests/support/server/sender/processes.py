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
from judge.outbox.enqueue import enqueue_copies
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
    """`count` mails in the outbox (migrating the database first); their Message-IDs.

    Queued as the judge queues a phase's results (`enqueue_copies`): one message, a
    copy for each recipient with its own `To` and Message-ID, pending rows as any
    other. Built one by one (`enqueue`) they cost 4 ms of CPU each, most of it the
    email package parsing the headers it was given: 6 s for the crash test's 1500.
    The tests read the rows' leases and Message-IDs, which are the same either way;
    the mails' subjects and bodies (once `mail {n}`) were never looked at."""
    message = EmailMessage()
    message["From"] = "judge@example.org"
    message["To"] = "p0@example.org"  # replaced in each copy
    message["Subject"] = "mail"
    message.set_content("mail\n")
    recipients = [f"p{n}@example.org" for n in range(count)]
    engine = make_engine(database_url)
    try:
        upgrade(engine)
        with make_session_factory(engine).begin() as session:
            rows = enqueue_copies(session, message, recipients, "notice", gate=no_mail_in(),
                                  now=SystemClock().now())  # fmt: skip
            ids = {row.message_id for row in rows}
        assert len(ids) == count, "every mail queued, each with a Message-ID of its own"
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
