"""Bounces of the judge's own mail (issue 13.4): a Postfix DSN for a player's results
mail marks the address bouncing, `judge status` lists it, the GM is told once, and
a mail from the player clears the mark. Matched by the returned Message-ID, or by
the VERP return path the mail went out with."""

from __future__ import annotations

from dataclasses import replace
from email.message import EmailMessage

import pytest
from sqlalchemy import func, select
from support.mail.dsn_samples import postfix_dsn
from support.service.harness import JudgeHarness, body_of

from judge.mail.verp import bounce_address, verp_key
from judge.store.inbox import store_message
from judge.store.models import BouncingAddress, InboxMessage, InboxStatus, OutboxMessage
from judge.store.overview import operator_overview

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

GM = "gm@example.org"


def _results_row(judge: JudgeHarness, address: str) -> OutboxMessage:
    with judge.sessions() as session:
        row = session.scalars(
            select(OutboxMessage)
            .where(OutboxMessage.kind == "results", OutboxMessage.to_address == address)
            .order_by(OutboxMessage.id.desc())
        ).first()
    assert row is not None
    return row


def _bounce(judge: JudgeHarness, row: OutboxMessage, **options: object) -> list[EmailMessage]:
    raw = postfix_dsn(to=judge.config.judge.address, recipient=row.to_address,
                      message_id=row.message_id, subject="TEST:g1 - S1901M Results",
                      **options)  # type: ignore[arg-type]  # fmt: skip
    return judge.send_raw(raw, mail_from="")


def _bouncing(judge: JudgeHarness) -> list[dict[str, object]]:
    with judge.sessions() as session:
        return list(operator_overview(session, judge.clock.now())["bouncing"])


def _gm_notices(mails: list[EmailMessage]) -> list[EmailMessage]:
    return [m for m in mails if m["To"] == GM and m["Subject"] == "TEST:g1 - Bouncing Address"]


def test_a_postfix_bounce_marks_the_player_bouncing_and_tells_the_gm_once(
    judge: JudgeHarness,
) -> None:
    players = judge.start_game()
    judge.play_phase()
    player = players["France"]
    row = _results_row(judge, player.address)

    mails = _bounce(judge, row)

    (notice,) = _gm_notices(mails)
    assert len(mails) == 1  # the GM's notice; the bounce itself is never answered
    text = body_of(notice)
    assert f"The judge's mail to {player.address}, who plays France" in text
    flat = " ".join(text.split())  # the diagnostic is wrapped to 78 columns
    assert "550 5.1.1 <p" in flat and "User unknown in virtual mailbox table" in flat
    (listed,) = _bouncing(judge)
    assert listed["address"] == player.address and listed["bounces"] == 1

    judge.clock.advance(3600)
    assert _bounce(judge, row) == []  # counted, not told again
    (listed,) = _bouncing(judge)
    assert listed["bounces"] == 2
    assert listed["last_bounce"] != listed["first_bounce"]


def test_a_delay_warning_is_not_a_bounce_and_is_not_answered(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.play_phase()
    row = _results_row(judge, "p2@example.org")
    assert _bounce(judge, row, delayed=True) == []
    assert _bouncing(judge) == []


def test_a_mail_from_the_player_clears_the_mark_and_a_new_bounce_tells_the_gm_again(
    judge: JudgeHarness,
) -> None:
    players = judge.start_game()
    judge.play_phase()
    player = players["Italy"]
    row = _results_row(judge, player.address)
    assert len(_gm_notices(_bounce(judge, row))) == 1

    judge.reply(player.address, f"SIGNON Ig1 {player.password}\nLIST g1")

    assert _bouncing(judge) == []
    assert len(_gm_notices(_bounce(judge, row))) == 1


def test_a_bounce_to_a_verp_return_path_is_matched_by_the_path(judge: JudgeHarness) -> None:
    judge.config = replace(
        judge.config, outbound=replace(judge.config.outbound, transport="smtp", verp=True)
    )
    players = judge.start_game()
    judge.play_phase()
    player = players["Turkey"]
    row = _results_row(judge, player.address)
    path = bounce_address(
        judge.config.judge.address, row.id, verp_key(judge.config), player.address
    )
    # The MTA returned no headers, so only the return path names the mail.
    raw = postfix_dsn(to=path, recipient=player.address, message_id="<not-ours@example.net>",
                      subject="x")  # fmt: skip

    _store_and_process(judge, raw, path)

    (listed,) = _bouncing(judge)
    assert listed["address"] == player.address


def test_a_forged_return_path_or_a_foreign_message_id_marks_nobody(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.play_phase()
    row = _results_row(judge, "p1@example.org")
    forged = f"judge+bounce-{row.id}-000000000000@example.org"
    raw = postfix_dsn(to=forged, recipient=row.to_address, message_id="<other@example.net>",
                      subject="x")  # fmt: skip
    _store_and_process(judge, raw, forged)
    assert _bouncing(judge) == []
    with judge.sessions() as session:
        assert session.scalar(select(func.count()).select_from(BouncingAddress)) == 0


def test_a_bounce_of_a_mail_lost_with_a_restore_marks_nobody_though_its_number_is_taken(
    judge: JudgeHarness,
) -> None:
    """A restored database numbers its new mail again from the backup's point: row N now
    went to Austria, but the late bounce is of the lost row N, which went to someone
    else. The return path's recipient tag tells them apart."""
    row, _path = _verp_judge(judge)
    lost = "lost@example.net"  # the recipient of the row N sent before the restore
    path = bounce_address(judge.config.judge.address, row.id, verp_key(judge.config), lost)
    raw = postfix_dsn(to=path, recipient=lost, message_id="<lost@example.org>", subject="x")
    with judge.sessions() as session:
        before = session.scalar(select(func.max(OutboxMessage.id)))
    _store_and_process(judge, raw, path)
    assert _bouncing(judge) == []
    with judge.sessions() as session:
        assert session.scalar(select(func.count()).select_from(BouncingAddress)) == 0
        new = session.scalar(select(func.count()).where(OutboxMessage.id > before))
    assert new == 0  # no reply, no notice to the master


def _store_and_process(judge: JudgeHarness, raw: bytes, rcpt: str) -> None:
    with judge.sessions() as session:
        before = session.scalar(select(func.max(OutboxMessage.id))) or 0
    store_message(judge.sessions, raw, mail_from="", rcpt_tos=[rcpt], now=judge.clock.now())
    judge.process_pending()
    with judge.sessions() as session:
        assert session.scalar(
            select(func.count()).select_from(InboxMessage)
            .where(InboxMessage.status == InboxStatus.FAILED)
        ) == 0  # fmt: skip
        new = session.scalar(select(func.count()).where(OutboxMessage.id > before))
        assert new in (0, 1)  # at most the GM's notice: never a reply to the bounce


QMAIL_BOUNCE = """\
From: MAILER-DAEMON@mx.example.net
To: {path}
Subject: failure notice
Date: Mon, 1 Jan 2026 12:00:00 +0000

Hi. This is the qmail-send program at mx.example.net.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<{address}>:
Sorry, no mailbox here by that name. (#5.1.1)

--- Below this line is a copy of the message.

Subject: TEST:g1 - S1901M Results
"""

AUTO_REPLY = """\
From: {address}
To: {path}
Subject: Out of office: TEST:g1 - S1901M Results
Date: Mon, 1 Jan 2026 12:00:00 +0000

I am away until Monday and will read your mail then.
"""


def _verp_judge(judge: JudgeHarness) -> tuple[OutboxMessage, str]:
    judge.config = replace(
        judge.config, outbound=replace(judge.config.outbound, transport="smtp", verp=True)
    )
    players = judge.start_game()
    judge.play_phase()
    row = _results_row(judge, players["Austria"].address)
    key = verp_key(judge.config)
    return row, bounce_address(judge.config.judge.address, row.id, key, row.to_address)


def test_a_free_form_bounce_at_a_return_path_marks_the_player_an_auto_reply_does_not(
    judge: JudgeHarness,
) -> None:
    row, path = _verp_judge(judge)
    auto_reply = AUTO_REPLY.format(path=path, address=row.to_address).encode()
    _store_and_process(judge, auto_reply, path)
    assert _bouncing(judge) == []

    raw = QMAIL_BOUNCE.format(path=path, address=row.to_address).encode()
    _store_and_process(judge, raw, path)

    (listed,) = _bouncing(judge)
    assert listed["address"] == row.to_address
    assert "without a delivery report" in str(listed["diagnostic"])
