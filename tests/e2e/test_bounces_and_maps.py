"""Bounces and stored maps against a real `judge serve`, over SMTP (issue 13.4, 13.5).

Seven players and an observer sign up by mail and play Spring 1901. Every results
mail in the maildir carries the same map PNG, which the database holds once. Then
Postfix's bounce for one player's results mail arrives over SMTP (null sender, the
returned headers naming the mail): `judge status` lists the address as bouncing,
and the GM gets one notice; a second bounce is counted without a second notice.
The intake also takes mail for the judge's VERP return paths, and refuses forged
ones.
"""

from __future__ import annotations

import json
import smtplib
import time
from email.message import EmailMessage
from typing import Any, cast

import pytest
from sqlalchemy import func, select
from support.e2e.judge_process import (
    MASTER,
    TIMEOUT,
    Judge,
    _play_phase,
    _sign_up,
    judge_command,
)
from support.mail.dsn_samples import postfix_dsn

from judge.config import load_config
from judge.mail.verp import bounce_address, verp_key
from judge.server.startup import with_stored_verp_keys
from judge.store.db import make_engine, make_session_factory
from judge.store.models import OutboxMessage, PhaseMap

NOTICE = "TEST:g1 - Bouncing Address"


# `judge status` is run in this process (`judge_command`: the command's own `main`, its
# output and exit code), not as a subprocess: an interpreter started for each look
# cost 1.6 s of CPU, and the second bounce is waited for by looking again and again.
def _overview(judge: Judge) -> dict[str, Any]:
    status = judge_command("status", "--json", "--config", str(judge.config))
    return cast(dict[str, Any], json.loads(status))


def _status_text(judge: Judge) -> str:
    return judge_command("status", "--config", str(judge.config))


def _bounce(judge: Judge, mail: EmailMessage) -> None:
    raw = postfix_dsn(to="judge@example.org", recipient=str(mail["To"]),
                      message_id=str(mail["Message-ID"]), subject=str(mail["Subject"]))  # fmt: skip
    with smtplib.SMTP("127.0.0.1", judge.port, timeout=30) as client:
        client.sendmail("", ["judge@example.org"], raw)


def _notices(mails: list[EmailMessage]) -> list[EmailMessage]:
    return [m for m in mails if m["Subject"] == NOTICE and m["To"] == MASTER]


def _wait(test: Any, what: str) -> Any:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        found = test()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.mark.postgres_copy  # the maps' and the bounces' path through the store differs
@pytest.mark.slow
def test_maps_stored_once_and_a_postfix_bounce_seen_over_smtp(
    quick_judge_at_head: Judge, database_url: str
) -> None:
    judge = quick_judge_at_head
    powers = _sign_up(judge)
    _play_phase(judge, powers)
    results = [m for m in judge.mails() if m["Subject"] == "TEST:g1 - S1901M Results"]
    assert len(results) == 9  # seven players, the master, the observer
    maps = {bytes(next(m.iter_attachments()).get_content()) for m in results}
    assert len(maps) == 1 and len(next(iter(maps))) > 20_000
    engine = make_engine(database_url)
    with make_session_factory(engine)() as session:
        assert session.scalar(select(func.count()).select_from(PhaseMap)) == 1
        assert session.scalar(select(func.max(func.length(OutboxMessage.message)))) < 20_000
    engine.dispose()

    address, _password = powers["France"]
    (bounced,) = [m for m in results if m["To"] == address]
    _bounce(judge, bounced)

    (notice,) = judge.wait_for(_notices, "the GM's bounce notice")
    text = cast(str, notice.get_body(("plain",)).get_content())  # type: ignore[union-attr]
    assert f"{address}, who plays France" in text and "User unknown" in text
    (listed,) = _overview(judge)["bouncing"]
    assert listed["address"] == address and listed["bounces"] == 1
    assert f"<{address}>: 1 bounce(s)" in _status_text(judge)

    _bounce(judge, bounced)
    _wait(lambda: _overview(judge)["bouncing"][0]["bounces"] == 2, "the second bounce")
    assert len(_notices(judge.mails())) == 1


def test_the_intake_takes_mail_for_its_return_paths_and_refuses_forged_ones(
    quick_judge_at_head: Judge,
) -> None:
    """No PostgreSQL copy: the SMTP intake's answers are the test; the database gives
    only the stored VERP key, one row read the same way on both backends."""
    config = load_config(quick_judge_at_head.config)
    engine = make_engine(config.database.url)
    config = with_stored_verp_keys(engine, config)  # the key the judge keeps (22.4)
    engine.dispose()
    path = bounce_address(config.judge.address, 7, verp_key(config), "fay@example.net")
    with smtplib.SMTP("127.0.0.1", quick_judge_at_head.port, timeout=30) as client:
        client.ehlo()
        client.mail("")
        assert client.rcpt(path)[0] == 250
        assert client.rcpt("judge+bounce-7-000000000000@example.org")[0] == 550
        client.rset()
