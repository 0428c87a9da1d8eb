"""Addresses are plain addr-specs or nothing (issue 12, item 6).

`SET ADDRESS =?utf-8?q?evil=0D=0ABcc=3A=20x=40y?=@example.org` was accepted, and
then every mail of the game failed. Now it is refused with an error line, and so
is the same value in `SET ZINE` and as a mail's From (not answered: `ignored`).
An address stored before the check, which no mail can be built for, fails alone:
its outbox row is `failed`, the others' mail goes out, the command succeeds.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import select
from support.hostile.hostile_mails import head
from support.hostile.server import HostileJudge
from support.service.harness import JudgeHarness, body_of, build_mail

from judge.store.models import Game, OutboxMessage, OutboxStatus, Player

EVIL = "=?utf-8?q?evil=0D=0ABcc=3A=20x=40y?=@example.org"
GM = "gm@example.org"


@pytest.fixture(scope="module")
def game(hostile_judge: HostileJudge) -> Iterator[HostileJudge]:
    _say(hostile_judge, GM, "CREATE g1 gmpass standard", "<create@example.org>")
    yield hostile_judge


def _say(judge: HostileJudge, sender: str, body: str, message_id: str) -> str:
    mail = build_mail(sender, body)
    mail.replace_header("Message-ID", message_id)
    judge.send(bytes(mail), sender)
    return " ".join(body_of(judge.reply_to(message_id)).split())  # notes wrap at 78


@pytest.mark.parametrize("setting", ["ADDRESS", "ZINE"])
def test_an_encoded_word_address_is_refused_with_an_error_line(
    game: HostileJudge, setting: str
) -> None:
    reply = _say(game, GM, f"SIGNON Mg1 gmpass\nSET {setting} {EVIL}", f"<set-{setting}@x.org>")
    assert "is not an e-mail address like name@example.org" in reply
    check = _say(game, GM, "SIGNON Mg1 gmpass\nBROADCAST\nhello\nENDPRESS", f"<b-{setting}@x.org>")
    assert "No errors found in your mail." in check
    assert not [m for m in game.mails() if "evil" in str(m["To"])]


@pytest.mark.parametrize("sender", [EVIL, f"Eve <{EVIL}>", "a\tb@example.org"])
def test_a_mail_from_an_address_that_is_not_plain_is_not_answered(
    hostile_judge: HostileJudge, sender: str
) -> None:
    message_id = f"<from-{abs(hash(sender))}@example.org>"
    raw = head("hi", message_id, sender=sender) + "\r\nLIST\r\n"
    hostile_judge.send(raw.encode())
    row = hostile_judge.row(message_id)
    assert row.status == "declined"
    assert "not a plain address" in (row.error or "")
    assert not [m for m in hostile_judge.mails() if m["In-Reply-To"] == message_id]


def test_a_stored_address_that_cannot_be_written_fails_alone(plain_harness: JudgeHarness) -> None:
    plain_harness.reply(GM, "CREATE g1 gmpass standard")
    plain_harness.reply("ann@example.org", "OBSERVE g1 look")
    with plain_harness.sessions.begin() as session:  # as if stored before addresses were checked
        ann = session.scalars(select(Player).where(Player.address == "ann@example.org")).one()
        ann.address = EVIL
        game = session.scalars(select(Game)).one()
        game.settings = {**game.settings, "zine": "zine\r\nBcc: x@example.org"}

    mails = plain_harness.send(GM, "SIGNON Mg1 gmpass\nBROADCAST\nhello all\nENDPRESS")
    reply = next(m for m in mails if m["To"] == GM and m["In-Reply-To"])
    assert "No errors found in your mail." in body_of(reply)
    with plain_harness.sessions() as session:
        failed = session.scalars(
            select(OutboxMessage).where(OutboxMessage.status == OutboxStatus.FAILED)
        ).all()
        expected = [EVIL, "zine??Bcc: x@example.org"]  # control characters shown as "?"
        assert sorted(row.to_address for row in failed) == sorted(expected)
        assert all("could not be built" in (row.last_error or "") for row in failed)
