"""Mail as real clients send it, over SMTP to a real `judge serve`.

* Thunderbird sends `format=flowed` and cuts long lines with a trailing space: the
  judge joins them again, so a long PREFERENCES or order line is read whole.
* Outlook answers with `RE:` (and German Outlook with `AW:`): the reply's subject
  does not stack `Re: RE:`, nor a second `[Error]`.
* Gmail quotes the judge's reply under an "On ... wrote:" line: the quote is not
  read as commands.
"""

from __future__ import annotations

import smtplib
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from email.utils import make_msgid
from typing import cast

from e2e.test_standard_game import Judge, judge  # noqa: F401 (a fixture used below)

ANN = "ann@example.org"


def send_raw(judge: Judge, sender: str, head: str, body: str) -> EmailMessage:  # noqa: F811
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


def test_mail_from_thunderbird_outlook_and_gmail(judge: Judge) -> None:  # noqa: F811
    created = judge.send("gm@example.org", "CREATE g1 gmpass standard")
    assert "created" in text_of(created)

    thunderbird = send_raw(
        judge, ANN,
        "Subject: joining\r\nUser-Agent: Mozilla Thunderbird\r\n"
        "Content-Type: text/plain; charset=UTF-8; format=flowed\r\n"
        "Content-Transfer-Encoding: 7bit\r\n",
        "SIGNON ?g1 secret\nPREFERENCES France, Germany, England, Italy, Austria, \n"
        "Russia, Turkey\n-- \nAnn\n",
    )  # fmt: skip
    text = text_of(thunderbird)
    assert "> PREFERENCES France, Germany, England, Italy, Austria, Russia, Turkey\n" in text
    assert "Preferences recorded: France, Germany, England, Italy, Austria, Russia," in text
    assert "No errors found in your mail." in text
    assert thunderbird["Subject"] == "Re: joining"
    assert thunderbird["From"] == "Diplomacy Judge <judge@example.org>"
    assert thunderbird["Content-Transfer-Encoding"] == "7bit"

    outlook = send_raw(
        judge, ANN,
        "Subject: RE: [Error] AW: joining\r\nContent-Type: text/plain; charset=us-ascii\r\n",
        "SIGNON ?g1 secret\nSET WIAT\n",
    )  # fmt: skip
    assert outlook["Subject"] == "Re: [Error] joining"

    gmail = send_raw(
        judge, ANN,
        "Subject: Re: [Error] joining\r\nContent-Type: text/plain; charset=UTF-8\r\n",
        "SIGNON ?g1 secret\nLIST g1\n\nOn Tue, Dec 1, 2026 at 6:00 PM Diplomacy Judge <\n"
        "judge@example.org> wrote:\n\n> > SET WIAT\n> *** Error: unknown SET command\n",
    )  # fmt: skip
    text = text_of(gmail)
    assert gmail["Subject"] == "Re: joining"
    assert "No errors found in your mail." in text
    assert "SET WIAT" not in text
    raw = message_from_bytes(gmail.as_bytes(), policy=default)
    assert raw["Content-Transfer-Encoding"] == "7bit"
