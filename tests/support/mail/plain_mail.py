"""A plain-text mail as bytes, and the headers that mark a mail as sent by a robot
(`tests/mail/test_read.py`, `test_read_reference.py`)."""

from __future__ import annotations

from support.mail.samples import JUDGE


def plain(body: str, headers: str = "", charset: str = "utf-8") -> bytes:
    head = (
        "From: Ann <ann@example.net>\nTo: judge@example.org\nSubject: s\n"
        f"Message-ID: <m@example.net>\n{headers}"
        f"Content-Type: text/plain; charset={charset}\n\n"
    )
    return (head + body).encode("utf-8")


ROBOT_HEADERS = [
    "Auto-Submitted: auto-generated\n",
    "Precedence: bulk\n",
    "Precedence: junk\n",
    "Precedence: List\n",
    "X-Autoreply: yes\n",
    "X-Autorespond: vacation\n",
    "List-Id: <dip.lists.example.org>\n",
    "Return-Path: <>\n",
    f"X-Loop: {JUDGE}\n",
]
