"""The notice of the hourly limit is in the language the sender reads (issue 32, item
6): that of their games, else that of the mail that brought it
(`judge.service.replies.notice_reader`). A French player writing from an address the
judge knows no language for used to get it in English."""

from __future__ import annotations

from email.message import EmailMessage

import pytest
from support.service.harness import JudgeHarness, body_of

LIMIT = 2


@pytest.fixture
def limited(judge: JudgeHarness, make_config: object, database_url: str) -> JudgeHarness:
    config = make_config(database_url, limits={"per_sender_per_hour": LIMIT})  # type: ignore[operator]
    return JudgeHarness(judge.sessions, judge.clock, config)


def _notice(mails: list[EmailMessage]) -> tuple[str, str]:
    (notice,) = [m for m in mails if m["Auto-Submitted"] == "auto-generated"]
    return str(notice["Subject"]), " ".join(body_of(notice).split())


def _reach_the_limit(judge: JudgeHarness, sender: str, body: str) -> tuple[str, str]:
    for _ in range(LIMIT - 1):
        judge.send(sender, body)
    return _notice(judge.send(sender, body))


def test_a_stranger_who_writes_french_command_words_gets_the_notice_in_french(
    limited: JudgeHarness,
) -> None:
    subject, text = _reach_the_limit(limited, "anne@example.org", "AIDE")
    assert subject == "TEST: trop de courriers"
    assert text.startswith(f"Vous avez envoyé {LIMIT} courriers à ce judge dans la dernière heure")
    assert "mail" not in text


def test_a_player_who_reads_french_gets_the_notice_in_french_whatever_the_words(
    limited: JudgeHarness,
) -> None:
    limited.send("gm@example.org", "CREATE g1 gmpass standard\nSET LANGUAGE fr")
    subject, text = _notice(limited.send("gm@example.org", "LIST"))
    assert subject == "TEST: trop de courriers" and text.startswith("Vous avez envoyé")


def test_a_player_who_reads_english_gets_it_in_english_even_after_french_words(
    limited: JudgeHarness,
) -> None:
    limited.send("gm@example.org", "CREATE g1 gmpass standard")
    subject, text = _notice(limited.send("gm@example.org", "AIDE"))
    assert subject == "TEST: too many mails" and text.startswith(f"You have sent {LIMIT} mails")


def test_a_stranger_who_writes_english_gets_it_in_english_as_before(
    limited: JudgeHarness,
) -> None:
    subject, text = _reach_the_limit(limited, "ann@example.org", "LIST")
    assert subject == "TEST: too many mails"
    assert text == (f"You have sent {LIMIT} mails to this judge in the last hour, the most it "
                    "accepts from one address. Until an hour has passed, further mail from "
                    "you will be ignored without a reply.")  # fmt: skip
