"""A delivery report is read by the stdlib parser, so it passes the reading limits first.

A "bounce" nested 1,000 parts deep, sent to the judge's address, must cost what any
other over-limit mail costs: it is not read as a report, and the reader declines it.
"""

from __future__ import annotations

from support.service.harness import JudgeHarness

from judge.store.models import InboxMessage


def _nested_report(depth: int) -> bytes:
    head = (
        "From: MAILER-DAEMON@example.org\r\nTo: judge@example.org\r\n"
        "Subject: Undelivered Mail\r\nMessage-ID: <r1@example.org>\r\n"
        "MIME-Version: 1.0\r\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b0"\r\n\r\n'
    )
    parts = "".join(
        f'--b{i}\r\nContent-Type: multipart/mixed; boundary="b{i + 1}"\r\n\r\n'
        for i in range(depth)
    )
    return (head + parts + "".join(f"--b{i}--\r\n" for i in reversed(range(depth)))).encode()


def test_a_deeply_nested_report_is_not_parsed_as_a_bounce(plain_harness: JudgeHarness) -> None:
    assert plain_harness.send_raw(_nested_report(1000), "") == []
    with plain_harness.sessions() as session:
        (row,) = session.query(InboxMessage).all()
        assert row.status == "declined", row.error
