"""The maildir transport's batch: each mail its own outcome, disk errors (ENOSPC,
EROFS, EIO, injected at the `os` level) temporary and leaving nothing in `tmp/`, and
a mail sent again replacing its own file."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from judge.server import transports
from judge.server.transports import DeliveryError, MaildirTransport, Outcome, Outgoing


def _send(transport: MaildirTransport, mails: list[Outgoing]) -> list[DeliveryError | None]:
    settled: list[Outcome] = []
    transport.send_many("judge@example.org", mails, settled.extend)
    assert [mail for mail, _error in settled] == mails  # each mail settled once, in order
    return [error for _mail, error in settled]


def _mail(n: int, body: bytes | None = None, attempt: int = 1) -> Outgoing:
    data = body or f"To: p{n}@example.org\r\n\r\nbody {n}\r\n".encode()
    return Outgoing(f"1.R{n}M0.judge", f"p{n}@example.org", data, attempt)


def test_a_maildir_batch_writes_one_file_per_mail_named_after_it(tmp_path: Path) -> None:
    transport = MaildirTransport(tmp_path / "box")
    assert _send(transport, [_mail(n) for n in range(5)]) == [None] * 5
    files = sorted((tmp_path / "box" / "new").iterdir())
    assert [path.name for path in files] == [f"1.R{n}M0.judge" for n in range(5)]
    assert [path.read_bytes() for path in files] == [
        f"To: p{n}@example.org\n\nbody {n}\n".encode() for n in range(5)
    ]
    assert list((tmp_path / "box" / "tmp").iterdir()) == []


def test_a_mail_sent_again_replaces_its_file_or_finds_it_read(tmp_path: Path) -> None:
    transport = MaildirTransport(tmp_path / "box")
    _send(transport, [_mail(1), _mail(2)])
    assert _send(transport, [_mail(1, attempt=2)]) == [None]
    assert len(list((tmp_path / "box" / "new").iterdir())) == 2
    read = tmp_path / "box" / "new" / "1.R2M0.judge"
    read.rename(tmp_path / "box" / "cur" / "1.R2M0.judge:2,S")  # a mail reader took it
    assert _send(transport, [_mail(2, attempt=2)]) == [None]
    assert [p.name for p in (tmp_path / "box" / "new").iterdir()] == ["1.R1M0.judge"]


def test_a_maildir_that_cannot_be_made_fails_every_mail_of_the_batch(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    outcomes = _send(MaildirTransport(blocker), [_mail(1), _mail(2)])
    assert len(outcomes) == 2
    assert all(isinstance(o, DeliveryError) and not o.permanent for o in outcomes)


@pytest.mark.parametrize(
    ("call", "code"),
    [("write", errno.ENOSPC), ("open", errno.EROFS), ("fsync", errno.EIO)],
)
def test_a_disk_error_fails_that_mail_for_now_and_leaves_no_partial_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, call: str, code: int
) -> None:
    transport = MaildirTransport(tmp_path / "box")
    transport.send_many("judge@example.org", [], lambda outcomes: None)
    real = getattr(os, call)
    state = {"writing_bad": False}

    def failing(*args: object, **kwargs: object) -> object:
        bad = "R2M" in str(args[0]) if call == "open" else state["writing_bad"]
        if bad:
            if call == "write":
                real(*args)  # part of the mail reaches the disk before it fills up
            raise OSError(code, os.strerror(code))
        return real(*args, **kwargs)

    real_write_synced = transports._write_synced

    def tracking(path: Path, data: bytes) -> None:
        state["writing_bad"] = path.name.startswith("1.R2M")
        try:
            real_write_synced(path, data)
        finally:
            state["writing_bad"] = False

    monkeypatch.setattr(transports, "_write_synced", tracking)
    monkeypatch.setattr(os, call, failing)
    outcomes = _send(transport, [_mail(1), _mail(2), _mail(3)])
    monkeypatch.undo()
    assert outcomes[0] is None and outcomes[2] is None
    error = outcomes[1]
    assert isinstance(error, DeliveryError) and not error.permanent
    assert errno.errorcode[code] in str(error)
    assert list((tmp_path / "box" / "tmp").iterdir()) == []
    assert sorted(p.name for p in (tmp_path / "box" / "new").iterdir()) == [
        "1.R1M0.judge", "1.R3M0.judge",
    ]
