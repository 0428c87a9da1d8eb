"""Reading the judge's maildir in the attack tests: who got what."""

from __future__ import annotations

import re
import smtplib
from email.message import EmailMessage
from email.utils import make_msgid

from support.e2e.judge_process import Judge, _body

CODE = re.compile(r"CONFIRM ([A-Z0-9]{8})")


def to(judge: Judge, address: str) -> list[EmailMessage]:
    return [m for m in judge.mails() if m["To"] == address]


def confirmation_request(judge: Judge, address: str) -> EmailMessage:
    found = judge.wait_for(
        lambda mails: [
            m for m in mails if m["To"] == address and "please confirm" in str(m["Subject"])
        ],
        f"the confirmation request to {address}",
    )
    assert len(found) == 1, [m["Subject"] for m in found]
    return found[0]


def code_for(judge: Judge, address: str) -> str:
    found = CODE.search(_body(confirmation_request(judge, address)))
    assert found is not None
    return found.group(1)


def confirm(judge: Judge, address: str) -> str:
    """Confirm `address` with the code of its request; the reply's text."""
    return _body(judge.send(address, f"CONFIRM {code_for(judge, address)}"))


def answer(judge: Judge, sender: str, original: EmailMessage, body: str) -> EmailMessage:
    """Reply to `original` (In-Reply-To) and wait for the judge's reply."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = "judge@example.org"
    message["Subject"] = "Re: " + str(original["Subject"])
    message["Message-ID"] = make_msgid(domain="example.org")
    message["In-Reply-To"] = original["Message-ID"]
    message["References"] = original["Message-ID"]
    message.set_content(body)
    with smtplib.SMTP("127.0.0.1", judge.port, timeout=30) as client:
        client.send_message(message)
    return judge.wait_for(
        lambda mails: [m for m in mails if m["In-Reply-To"] == message["Message-ID"]],
        "the reply to an answer",
    )[0]
