"""Mail as real clients send it, over SMTP to a real `judge serve`.

* Thunderbird sends `format=flowed` and cuts long lines with a trailing space: the
  judge joins them again, so a long PREFERENCES or order line is read whole.
* Outlook answers with `RE:` (and German Outlook with `AW:`): the reply's subject
  does not stack `Re: RE:`, nor a second `[Error]`.
* Gmail quotes the judge's reply under an "On ... wrote:" line: the quote is not
  read as commands.
"""

from __future__ import annotations

from email import message_from_bytes
from email.policy import default

from support.e2e.client_mail import send_raw, text_of
from support.e2e.judge_process import Judge

ANN = "ann@example.org"


def test_mail_from_thunderbird_outlook_and_gmail(judge: Judge) -> None:
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
