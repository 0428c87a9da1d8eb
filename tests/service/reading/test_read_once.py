"""Each stored mail is read once per processing: the handler takes the prepare step's reading."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import select
from support.mail import samples
from support.service import harness
from support.service.harness import JudgeHarness, body_of, build_mail

from judge.mail import header_reading
from judge.mail.header_facts import HeaderFacts
from judge.mail.header_reading import header_facts_json
from judge.mail.read import IncomingMail, read_stored
from judge.service.reading import kept_readings
from judge.store.inbox import ReceivedMail
from judge.store.models import InboxMessage, InboxStatus

pytestmark = pytest.mark.postgres_copy  # its path through the store differs


def _count_readings(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    read: list[bytes] = []

    def counted(raw: bytes, kept: object, judge_address: str) -> IncomingMail:
        read.append(raw)
        return read_stored(raw, kept, judge_address)

    monkeypatch.setattr(kept_readings, "read_stored", counted)
    return read


def test_the_worker_reads_each_mail_once(
    judge: JudgeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    read = _count_readings(monkeypatch)
    created = judge.reply("gm@example.org", "CREATE g1 gmpass standard")
    joined = judge.reply("p1@example.org", "SIGNON ?g1 secret\nLIST g1")
    assert "g1" in body_of(created) and "g1" in body_of(joined)
    assert len(read) == 2  # the prepare step read each mail; the handler took that reading


def test_the_header_block_is_read_when_the_mail_is_stored_and_never_again(
    judge: JudgeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    header_reads: list[bytes] = []
    read_header_facts = header_reading.read_header_facts

    def counted(raw: bytes) -> HeaderFacts:
        header_reads.append(raw)
        return read_header_facts(raw)

    monkeypatch.setattr(header_reading, "read_header_facts", counted)
    created = judge.reply("gm@example.org", "CREATE g1 gmpass standard")
    multipart = samples.MIXED_WITH_ATTACHMENTS  # read the stdlib's way: LIST g1
    [listed] = judge.send_raw(multipart, "mix@example.com")
    assert "g1" in body_of(created) and "g1" in body_of(listed)
    assert len(header_reads) == 2  # once each, by the intake; processing read the bodies
    with judge.sessions() as session:
        kept = session.scalars(select(InboxMessage.header_facts)).all()
    assert all(HeaderFacts.from_json(facts) is not None for facts in kept)


def _row(raw: bytes, row_id: int = 1) -> InboxMessage:
    return InboxMessage(
        id=row_id, raw=raw, mail_from="a@example.org", rcpt_tos=[], digest=f"d{len(raw)}",
        received_at=datetime(2026, 1, 1, tzinfo=UTC), status=InboxStatus.NEW,
    )  # fmt: skip


def test_a_kept_reading_is_taken_once_and_else_the_mail_is_read_now(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read = _count_readings(monkeypatch)
    kept = kept_readings.KeptReadings()  # one handler's
    row = _row(bytes(build_mail("a@example.org", "LIST")), row_id=987654)
    ahead = kept.read_ahead(row, "judge@example.org")
    assert kept.read_row(row, "judge@example.org") is ahead
    assert len(read) == 1
    assert kept.read_row(row, "judge@example.org") == ahead  # taken: read again
    assert len(read) == 2
    kept.read_ahead(row, "judge@example.org")
    assert kept.read_row(row, "other@example.org").sender == "a@example.org"
    assert len(read) == 4  # another judge address is another reading


def test_the_kept_readings_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept_readings, "MAX_KEPT", 3)
    kept = kept_readings.KeptReadings()  # one handler's
    raw = bytes(build_mail("a@example.org", "LIST"))
    rows = [_row(raw, row_id=500_000 + n) for n in range(5)]
    for row in rows:
        kept.read_ahead(row, "judge@example.org")
    read = _count_readings(monkeypatch)
    for row in rows:
        kept.read_row(row, "judge@example.org")
    assert len(read) == 2  # the two oldest were evicted and read again


def test_a_mail_kept_with_the_facts_of_an_older_judge_is_read_whole_and_answered(
    judge: JudgeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Facts of version 1 (kept before an upgrade, with where the body began) are not
    believed: the mail is read from its raw bytes, never dropped."""
    judge.reply("gm@example.org", "CREATE g1 gmpass standard")

    def kept_by_version_1(raw: bytes, mail_from: str, rcpt_tos: list[str]) -> ReceivedMail:
        facts = {**(header_facts_json(raw) or {}), "v": 1, "body_at": raw.index(b"\n\n") + 2,
                 "body": {"plain": {"charset": "utf-8", "flowed": None}}}  # fmt: skip
        return ReceivedMail(raw, mail_from, tuple(rcpt_tos), facts)

    monkeypatch.setattr(harness, "received", kept_by_version_1)
    [listed] = judge.send_raw(bytes(build_mail("p1@example.org", "LIST g1")), "p1@example.org")
    assert listed["To"] == "p1@example.org" and "g1" in body_of(listed)
