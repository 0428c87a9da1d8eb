"""Mail as a client writes it, byte for byte, sent over SMTP to a real `judge serve`;
and the text of a reply as a reader sees it (`tests/e2e/test_client_formats.py`,
`test_french_orders_by_mail.py`)."""

from __future__ import annotations

import smtplib
from email.message import EmailMessage
from email.utils import make_msgid
from typing import cast

from support.e2e.judge_process import Judge


def send_raw(judge: Judge, sender: str, head: str, body: str) -> EmailMessage:
    """Mail these exact header lines and body (CRLF added); wait for the reply."""
    message_id = make_msgid(domain="example.org")
    raw = f"From: {sender}\r\nTo: judge@example.org\r\nMessage-ID: {message_id}\r\n{head}\r\n"
    raw += body.replace("\n", "\r\n")
    with smtplib.SMTP("127.0.0.1", judge.port, timeout=30) as client:
        client.sendmail(sender, ["judge@example.org"], raw.encode("utf-8"))
    replies = judge.wait_for(
        lambda mails: [m for m in mails if m["In-Reply-To"] == message_id],
        f"the reply to {message_id}",
    )
    return replies[0]


def text_of(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return cast(str, part.get_content()).replace("\r\n", "\n")
