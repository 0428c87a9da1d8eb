"""Nothing is `done` that was not done (issue 15, item 2).

A mail whose reading raises is `failed` with its traceback; a command that crashes
still gets its reply (saying the judge failed on that line), and its row is
`done_with_errors` with the traceback; `judge status` counts and lists both. Mail
the judge declines to answer is `ignored`.
"""

from __future__ import annotations

import pytest
from sqlalchemy import select
from support.service.harness import JudgeHarness, body_of, build_mail

from judge.cli.status_text import overview_text
from judge.language import command_types as c
from judge.service.replies import dispatch
from judge.store.models import InboxMessage
from judge.store.overview import operator_overview

pytestmark = pytest.mark.postgres_copy  # its path through the store differs


def _only_row(plain_harness: JudgeHarness) -> InboxMessage:
    with plain_harness.sessions() as session:
        [row] = session.scalars(select(InboxMessage)).all()
        session.expunge(row)
        return row


def test_a_mail_whose_reading_raises_is_failed_with_its_traceback(
    plain_harness: JudgeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(facts: object, raw: bytes, judge_address: str) -> None:
        raise RuntimeError("a bug in the reader")

    monkeypatch.setattr("judge.mail.read.read_with", broken)
    with pytest.raises(AssertionError, match="a bug in the reader"):
        plain_harness.send("ann@example.org", "LIST")  # the plain_harness refuses failed rows
    row = _only_row(plain_harness)
    assert row.status == "failed"
    assert "RuntimeError: a bug in the reader" in (row.error or "")
    with plain_harness.sessions() as session:
        overview = operator_overview(session)
    assert overview["inbox"] == {"failed": 1}
    assert [failed["id"] for failed in overview["failed_inbox"]] == [row.id]


def test_a_crashing_command_is_answered_and_its_row_says_so(
    plain_harness: JudgeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    def crash(ctx: object, command: object) -> list[object]:
        raise ZeroDivisionError("the listing crashed")

    monkeypatch.setitem(dispatch.HANDLERS, c.ListGames, crash)
    reply = plain_harness.reply("ann@example.org", "LIST\nHELP")
    assert "The judge failed on this line" in body_of(reply)
    row = _only_row(plain_harness)
    assert row.status == "done_with_errors"
    assert "ZeroDivisionError: the listing crashed" in (row.error or "")
    with plain_harness.sessions() as session:
        overview = operator_overview(session)
    assert overview["inbox"] == {"done_with_errors": 1}
    assert [listed["id"] for listed in overview["inbox_with_errors"]] == [row.id]


def test_mail_the_judge_declines_to_answer_is_declined_not_done(
    plain_harness: JudgeHarness,
) -> None:
    mail = build_mail("ann@example.org", "LIST", headers={"Auto-Submitted": "auto-replied"})
    assert plain_harness.send_raw(bytes(mail), "ann@example.org") == []
    row = _only_row(plain_harness)
    assert row.status == "declined"
    assert "Auto-Submitted" in (row.error or "")


def test_the_status_text_lists_both_kinds() -> None:
    overview = {
        "games": [], "inbox": {"failed": 1, "done_with_errors": 1}, "outbox": {},
        "failed_inbox": [{"id": 1, "mail_from": "a@b.org", "error": "Trace\nValueError: x"}],
        "inbox_with_errors": [{"id": 2, "mail_from": "c@d.org", "error": "Trace\nKeyError: y"}],
        "failed_outbox": [],
        "outbox_queue": {"pending": 0, "oldest_pending_seconds": None, "retrying": []},
        "bouncing": [],
    }  # fmt: skip
    text = overview_text(overview)
    assert "inbox: 1 done_with_errors, 1 failed" in text
    assert "failed #1 from <a@b.org>: ValueError: x" in text
    assert "done_with_errors #2 from <c@d.org>: KeyError: y" in text
