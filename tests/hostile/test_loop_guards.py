"""Loop guards (issue 12, item 7): robots are never answered, over SMTP.

A bounce (`MAIL FROM:<>`, kept with the stored mail), an auto-responder's markers
(`Precedence: auto_reply`, `X-Auto-Response-Suppress`, `Auto-Submitted`) and the
addresses of mail robots (postmaster, mailer-daemon, list owners and request
addresses). Each mail is stored, marked `ignored` with the reason, and gets no mail.
"""

from __future__ import annotations

import pytest
from support.hostile.hostile_mails import head
from support.hostile.server import HostileJudge

ROBOTS = {
    "precedence": ("robot@example.org", "Precedence: auto_reply\r\n"),
    "suppress-all": ("robot@example.org", "X-Auto-Response-Suppress: All\r\n"),
    "suppress-oof": ("robot@example.org", "X-Auto-Response-Suppress: DR, OOF\r\n"),
    "auto-submitted": ("robot@example.org", "Auto-Submitted: auto-replied\r\n"),
    "postmaster": ("postmaster@example.org", ""),
    "postmaster+tag": ("postmaster+bounces@example.org", ""),
    "mailer-daemon": ("MAILER-DAEMON@example.org", ""),
    "owner-": ("owner-diplomacy@example.org", ""),
    "-request": ("diplomacy-request@example.org", ""),
}


@pytest.mark.parametrize("robot", ROBOTS)
def test_an_automatic_mail_is_stored_ignored_and_not_answered(
    hostile_judge: HostileJudge, robot: str
) -> None:
    sender, extra = ROBOTS[robot]
    message_id = f"<robot-{robot}@example.org>"
    hostile_judge.send((head("Re: x", message_id, sender, extra) + "\r\nLIST\r\n").encode(), sender)
    row = hostile_judge.row(message_id)
    assert row.status == "declined", row.error
    assert (row.error or "").startswith("not answered: ")
    assert not hostile_judge.outbox_to(sender)


def test_a_bounce_with_an_empty_envelope_sender_is_not_answered(
    hostile_judge: HostileJudge,
) -> None:
    message_id = "<bounce@example.org>"
    raw = head("Undeliverable: your results", message_id, "ann@example.org") + "\r\nLIST\r\n"
    hostile_judge.send(raw.encode(), mail_from="")
    row = hostile_judge.row(message_id)
    assert row.mail_from == ""  # the empty envelope is kept with the mail
    assert row.status == "declined"
    assert "empty envelope sender" in (row.error or "")
    assert not hostile_judge.outbox_to("ann@example.org")


def test_a_person_using_the_same_words_is_answered(hostile_judge: HostileJudge) -> None:
    """The guards do not silence people: `X-Auto-Response-Suppress: DR` (no delivery
    reports) and `Auto-Submitted: no` are ordinary mail."""
    extra = "X-Auto-Response-Suppress: DR\r\nAuto-Submitted: no\r\n"
    message_id = "<person@example.org>"
    raw = head("list", message_id, "bob@example.org", extra) + "\r\nLIST\r\n"
    hostile_judge.send(raw.encode())
    assert hostile_judge.row(message_id).status == "done"
    assert hostile_judge.outbox_to("bob@example.org")
