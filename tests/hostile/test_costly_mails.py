"""The worst mails found so far, sent over SMTP to a real `judge serve`: each is
answered at once with the reason it was not read, the server's peak RSS stays
within 100 MB of where it started, and the server lives on.

Before the reading limits: 70,000 encoded words in a Subject killed the server
(about 24 GB), 70,000 Content-Type parameters cost 55 s of CPU, and a multipart
nested 1,000 deep was accepted and never answered.
"""

from __future__ import annotations

import time

import pytest
from support.hostile.hostile_mails import WORST, plain_list
from support.hostile.server import HostileJudge, body_of

ATTACKS = [name for name in WORST if name != "LIST (plain)"]


@pytest.mark.parametrize("attack", ATTACKS)
def test_a_costly_mail_is_answered_with_the_reason_in_bounded_time_and_memory(
    hostile_judge: HostileJudge, attack: str
) -> None:
    message_id = f"<{abs(hash(attack))}@example.org>"
    raw = WORST[attack](message_id=message_id)
    assert len(raw) < 1024 * 1024, "the attack passes the size limit"
    idle = hostile_judge.peak_rss_mb()
    started = time.monotonic()
    hostile_judge.send(raw)
    reply = hostile_judge.reply_to(message_id)
    elapsed = time.monotonic() - started

    assert "the judge did not read this mail:" in body_of(reply)
    assert reply["To"] == "mallory@example.org"
    assert hostile_judge.row(message_id).status == "done"
    assert elapsed < 10, f"{attack}: {elapsed:.1f} s"
    assert hostile_judge.peak_rss_mb() - idle < 100
    assert hostile_judge.alive()


def test_after_the_attacks_a_plain_mail_is_answered(hostile_judge: HostileJudge) -> None:
    hostile_judge.send(plain_list("<after@example.org>"))
    reply = hostile_judge.reply_to("<after@example.org>")
    assert "No errors found in your mail." in body_of(reply)
