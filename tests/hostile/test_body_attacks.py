"""Hostile bodies over real SMTP against `judge serve` (issue 20, item 1): the work a
mail costs is counted, linear from n to 4n; the intake answers 250 to other senders
while one mail's processing is held; a mail held past `[processor] mail_seconds` is
stopped, marked failed where `judge status` shows it, and the others go on.

Before: one body word of 1,000,000 letters froze the whole judge for 164 s (the "did
you mean" hint, unbounded, twice per mail, while the intake waited for the
processor); HTML of `"<a " x 20,000` 27 s, growing with the square of its size; 1 MB
of `wrote:` / `>` pairs 22 s. Here the server runs `tests/hostile/metered_handler`,
which writes each mail's counted work (`judge.work`) to a file.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from support.e2e.judge_process import judge_command
from support.hostile.hostile_bodies import BODIES
from support.hostile.hostile_mails import head, plain_list
from support.hostile.server import HostileJudge, body_of
from support.migrated_copy import copy_migrated
from support.server.intake.helpers import ServeProcess, judge_env

HANDLER = "support.hostile.metered_handler:Metered"
N = 20_000  # units of each shape; the large mail has 4N
MAIL_SECONDS = 4
# Reading and answering a mail examines each character a few times (decoding,
# bounding, splitting, the quoted-text scan): at most this many units per byte.
PER_BYTE = 8


@dataclass
class Metered:
    judge: HostileJudge
    folder: Path
    work_log: Path

    def work(self, message_id: str) -> int:
        self.judge.row(message_id)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            lines = self.work_log.read_text().splitlines() if self.work_log.exists() else []
            for line in lines:
                found, _, spent = line.rpartition(" ")
                if found == message_id:
                    return int(spent)
            time.sleep(0.05)
        raise AssertionError(f"no work counted for {message_id}")


@pytest.fixture(scope="module")
def metered(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> Iterator[Metered]:
    folder = tmp_path_factory.mktemp("metered")
    database_url = f"sqlite:///{folder / 'judge.db'}"
    copy_migrated(migrated_sqlite, database_url)
    config = folder / "judge.toml"
    config.write_text(
        '[judge]\naddress = "judge@example.org"\ncode = "TEST"\n'
        '[smtp]\nhost = "127.0.0.1"\nport = 0\n'
        f'[database]\nurl = "{database_url}"\n'
        '[outbound]\ntransport = "maildir"\nmaildir = "outbox"\n'
        "[scheduler]\npoll_seconds = 0.2\n"
        f"[processor]\nmail_seconds = {MAIL_SECONDS}\nintake_wait_seconds = 0.2\n"
        "[limits]\nper_sender_per_hour = 1000\n"
        "[security]\nconfirm_addresses = false\n"
    )
    work_log = folder / "work.log"
    serve = ServeProcess(config, folder / "judge.log",
                         judge_env(JUDGE_TEST_WORK_LOG=str(work_log)), handler=HANDLER)  # fmt: skip
    port = serve.start()
    try:
        yield Metered(HostileJudge(serve, port, database_url, folder / "outbox"), folder, work_log)
    finally:
        serve.stop()


@pytest.mark.parametrize("shape", list(BODIES))
def test_a_hostile_body_costs_counted_work_linear_in_its_size(
    metered: Metered, shape: str
) -> None:
    make, _ = BODIES[shape]
    key = abs(hash(shape))
    small, large = make(N, f"<s{key}@example.org>"), make(4 * N, f"<l{key}@example.org>")
    metered.judge.send(small)
    metered.judge.send(large)
    small_work = metered.work(f"<s{key}@example.org>")
    large_work = metered.work(f"<l{key}@example.org>")

    assert large_work <= PER_BYTE * len(large), (shape, len(large), large_work)
    assert large_work <= 5 * small_work + 10_000, (shape, small_work, large_work)
    for message_id in (f"<s{key}@example.org>", f"<l{key}@example.org>"):
        assert metered.judge.row(message_id).status in ("done", "done_with_errors")
        assert metered.judge.reply_to(message_id)["To"] == "mallory@example.org"


def test_a_million_letter_word_is_cut_and_said_so(metered: Metered) -> None:
    make, size = BODIES["a word of 1M letters, quoted-printable"]
    metered.judge.send(make(size, "<million@example.org>"))
    text = body_of(metered.judge.reply_to("<million@example.org>"))
    assert "longer than 256 characters was cut" in text
    assert metered.work("<million@example.org>") <= PER_BYTE * size


def test_one_held_mail_neither_holds_the_intake_nor_the_others(metered: Metered) -> None:
    release = metered.folder / "never-released"
    held = head("held", "<held@example.org>", extra=f"X-Hold: {release}\r\n") + "\r\nLIST\r\n"
    metered.judge.send(held.encode())
    holding = Path(f"{release}.holding")
    deadline = time.monotonic() + 60
    while not holding.exists():
        assert time.monotonic() < deadline, "the held mail was never read"
        time.sleep(0.02)

    metered.judge.send(plain_list("<beside@example.org>"), mail_from="ann@example.org")
    answered_250 = time.monotonic()
    assert answered_250 < float(holding.read_text()) + MAIL_SECONDS, "250 waited for the hold"

    row = metered.judge.row("<held@example.org>")
    assert row.status == "failed"
    assert "ran longer than 4 s ([processor] mail_seconds) and was stopped" in (row.error or "")
    assert "No errors found" in body_of(metered.judge.reply_to("<beside@example.org>"))
    # `judge status`, run in this process (its code and output, without the 1.5 s of
    # CPU an interpreter of its own costs), reading the database the server writes.
    status = judge_command("status", "--config", str(metered.folder / "judge.toml"))
    assert f"failed #{row.id} from <mallory@example.org>: processing this mail ran longer" in (
        status
    )
    assert metered.judge.alive()
