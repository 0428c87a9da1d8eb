"""Delivering a batch: each mail gets its own outcome, and one bad mail does not
cost the others theirs."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.mail.transports import DeliveryError, MaildirTransport, send_many


def test_a_maildir_batch_writes_one_file_per_mail(tmp_path: Path) -> None:
    transport = MaildirTransport(tmp_path / "box")
    mails = [(f"p{n}@example.org", f"To: p{n}@example.org\r\n\r\nbody {n}\r\n".encode())
             for n in range(5)]  # fmt: skip
    assert send_many(transport, "judge@example.org", mails) == [None] * 5
    bodies = sorted(path.read_bytes() for path in (tmp_path / "box" / "new").iterdir())
    assert bodies == [f"To: p{n}@example.org\n\nbody {n}\n".encode() for n in range(5)]
    assert list((tmp_path / "box" / "tmp").iterdir()) == []


def test_a_maildir_that_cannot_be_made_fails_every_mail_of_the_batch(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    outcomes = send_many(MaildirTransport(blocker), "judge@example.org",
                         [("a@example.org", b"x"), ("b@example.org", b"y")])  # fmt: skip
    assert len(outcomes) == 2
    assert all(isinstance(o, DeliveryError) and not o.permanent for o in outcomes)


def test_a_mail_that_cannot_be_written_fails_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    transport = MaildirTransport(tmp_path / "box")
    import judge.mail.transports as transports

    real_write = transports._write_synced

    def refuse_bad(path: Path, data: bytes) -> None:
        if b"bad" in data:
            raise OSError("no space left")
        real_write(path, data)

    monkeypatch.setattr(transports, "_write_synced", refuse_bad)
    mails = [("a@x.org", b"good 1"), ("b@x.org", b"bad"), ("c@x.org", b"good 2")]
    outcomes = send_many(transport, "judge@example.org", mails)
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], DeliveryError) and "no space left" in str(outcomes[1])
    assert len(list((tmp_path / "box" / "new").iterdir())) == 2


class Flaky:
    """A one-at-a-time transport: refuses one recipient for good, breaks on another."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    def send(self, sender: str, recipient: str, message: bytes) -> None:
        if recipient.startswith("refused"):
            raise DeliveryError("550 no such user", permanent=True)
        if recipient.startswith("broken"):
            raise ValueError("a bug")
        self.sent.append(recipient)


def test_other_transports_send_one_by_one_with_each_outcome() -> None:
    transport = Flaky()
    outcomes = send_many(transport, "judge@example.org",
                         [("a@x.org", b"1"), ("refused@x.org", b"2"), ("broken@x.org", b"3"),
                          ("d@x.org", b"4")])  # fmt: skip
    assert transport.sent == ["a@x.org", "d@x.org"]
    assert outcomes[0] is None and outcomes[3] is None
    assert isinstance(outcomes[1], DeliveryError) and outcomes[1].permanent
    assert isinstance(outcomes[2], DeliveryError) and not outcomes[2].permanent
    assert "ValueError: a bug" in str(outcomes[2])
