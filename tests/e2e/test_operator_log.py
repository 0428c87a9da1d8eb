"""What an operator reads in `judge serve`'s log (issue 22.5): a start line naming the
version, the database and the transport, then one line per mail received, processed
and sent, at INFO; and the judge's files readable by their owner only."""

from __future__ import annotations

import re
import stat
import time
from pathlib import Path

from support.e2e.judge_process import TIMEOUT, Judge

from judge.version import judge_version


def _log_with(log: Path, pattern: str) -> str:
    """The log once a line matches `pattern` (the sender logs after the maildir write)."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        text = log.read_text(errors="replace")
        if re.search(pattern, text, re.MULTILINE) or time.monotonic() > deadline:
            return text
        time.sleep(0.1)


def test_serve_logs_its_start_and_each_mail_in_processed_and_out(
    quick_judge: Judge, tmp_path: Path
) -> None:
    reply = quick_judge.send("ann@example.org", "HELP", subject="help")
    log = _log_with(tmp_path / "judge.log", r"outbox \d+ to ann@example.org .*: sent$")

    database = tmp_path / "judge.db"
    start = (rf"INFO judge\.server\.serve: judge {re.escape(judge_version())} serving: "
             rf"database sqlite:///{re.escape(str(database))}, outbound maildir "
             rf"{re.escape(str(tmp_path / 'outbox'))}, "
             rf"SMTP intake listening on 127\.0\.0\.1:{quick_judge.port}$")  # fmt: skip
    assert re.search(start, log, re.MULTILINE), log
    assert re.search(r"INFO judge\.server\.startup: database sqlite:///\S+ migrated from "
                     r"revision \(empty\) to \S+$", log, re.MULTILINE), log  # fmt: skip
    assert "alembic" not in log  # one line for the migrations, not one per revision
    received = re.search(r"INFO judge\.server\.intake: inbox (\d+): received from "
                         r"<ann@example\.org> by 127\.0\.0\.1, (\d+) bytes$", log,
                         re.MULTILINE)  # fmt: skip
    assert received is not None, log
    inbox_id = received[1]
    assert int(received[2]) > 100
    assert re.search(rf"INFO judge\.server\.processor: inbox {inbox_id} from <ann@example\.org>: "
                     r"done in \d+\.\d{3} s$", log, re.MULTILINE), log  # fmt: skip
    assert re.search(r"INFO judge\.server\.sender: outbox \d+ to ann@example\.org "
                     r"\(attempt 1\): sent$", log, re.MULTILINE), log  # fmt: skip
    assert reply["To"] == "ann@example.org"

    assert stat.S_IMODE(database.stat().st_mode) == 0o600  # addresses, password hashes
    (mail_file,) = [p for p in (tmp_path / "outbox" / "new").iterdir()]
    assert stat.S_IMODE(mail_file.stat().st_mode) & 0o007 == 0  # umask 027: not for others
