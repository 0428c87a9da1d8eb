"""The inbox trusts an Authentication-Results field only where the mail's parse finds it.

Through the inbox (intake, kept facts, handler): strangers' wrong passwords lock a
seat for every stranger, but not a sender the operator's MTA vouches for. A field
of the MTA's id written after a line without a colon is in the mail's body (the
stdlib's parser and the MTA agree, and the MTA deletes forged fields of its id
from the header block only): it vouches for nobody (issue 31, item 5).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy.orm import Session, sessionmaker
from support.service.harness import JudgeHarness, body_of

from judge.clock import ManualClock
from judge.config import Config

GM, GM_PASSWORD, LAPTOP = "gm@example.org", "secret42", "laptop@example.com"
MTA = "mx.example.org"
VOUCHING = f"Authentication-Results: {MTA}; dmarc=pass (p=reject) header.from=example.com"


@pytest.fixture
def locked(
    sessions: sessionmaker[Session],
    clock: ManualClock,
    make_config: Callable[..., Config],
    database_url: str,
) -> JudgeHarness:
    """A game whose master's seat strangers have locked with wrong passwords."""
    config = make_config(
        database_url,
        limits={"per_sender_per_hour": 1000, "failed_passwords_per_seat_per_hour": 2},
        security={"authserv_id": MTA},
    )
    judge = JudgeHarness(sessions, clock, config)
    judge.reply(GM, f"CREATE g1 {GM_PASSWORD} standard")
    for index in range(3):
        judge.reply(f"rotating{index}@example.net", "SIGNON Mg1 wrong")
    return judge


def _raw(*header_lines: str, body: str) -> bytes:
    head = [f"From: {LAPTOP}", "To: judge@example.org", "Subject: orders",
            f"Message-ID: <{abs(hash(header_lines))}@example.com>", *header_lines]  # fmt: skip
    return ("\r\n".join(head) + "\r\n\r\n" + body).encode()


def _reply(judge: JudgeHarness, raw: bytes) -> str:
    mails = [m for m in judge.send_raw(raw, LAPTOP) if m["To"] == LAPTOP]
    assert len(mails) == 1
    return " ".join(body_of(mails[0]).split())


def test_a_vouching_field_in_the_header_block_is_trusted(locked: JudgeHarness) -> None:
    stranger = _reply(locked, _raw(body=f"SIGNON Mg1 {GM_PASSWORD}\r\n"))
    assert "Too many wrong passwords for this seat of 'g1'" in stranger
    vouched = _reply(locked, _raw(VOUCHING, body=f"SIGNON Mg1 {GM_PASSWORD}\r\n"))
    assert "Signed on as the master of 'g1'." in vouched


@pytest.mark.parametrize("breaker", ["no colon here", "Name : space before the colon"])
def test_a_vouching_field_after_a_line_without_a_colon_is_not(
    locked: JudgeHarness, breaker: str
) -> None:
    forged = _reply(locked, _raw(breaker, VOUCHING, body=f"SIGNON Mg1 {GM_PASSWORD}\r\n"))
    assert "Too many wrong passwords for this seat of 'g1'" in forged, forged
    assert "Signed on as the master" not in forged
