"""The judge's own mail pasted or quoted back in a reply is never obeyed (issue 21).

Players of a running game answer as their clients write: Outlook for Mac puts the
judge's results under a `From:`/`Date:`/`To:`/`Subject:` block with no `>`; another
pastes the results with no separator at all; Gmail in French quotes under `Le ...
a écrit :`; Thunderbird answers below the quote. Each reply is read up to the
quoted text only, and the phase is adjudicated with the orders the players meant.
"""

from __future__ import annotations

import smtplib
from email.message import EmailMessage
from email.utils import make_msgid

from support.e2e.judge_process import Judge, _body

GM = "gm@example.org"
FAY, GUS = "fay@example.org", "gus@example.org"
RESULTS = """\
:: Judge: TEST  Game: g1  Variant: Standard
:: Deadline: S1901M Mon Nov 30 2026 21:00 UTC

Movement results for Spring of 1901.

France: Army Marseilles -> Spain.
France: Army Paris -> Burgundy.
France: Fleet Brest -> Mid-Atlantic Ocean.
"""


def send_as_client(judge: Judge, sender: str, head: str, body: str) -> str:
    """Mail these header lines and body as a client would; the reply's text, flat."""
    message_id = make_msgid(domain="example.org")
    raw = f"From: {sender}\r\nTo: judge@example.org\r\nMessage-ID: {message_id}\r\n{head}\r\n"
    with smtplib.SMTP("127.0.0.1", judge.port, timeout=30) as client:
        client.sendmail(sender, ["judge@example.org"], (raw + body.replace("\n", "\r\n")).encode())
    replies = judge.wait_for(
        lambda mails: [m for m in mails if m["In-Reply-To"] == message_id], "the reply"
    )
    return " ".join(_body(replies[0]).split())


def _mails_to(judge: Judge, address: str, subject: str) -> list[EmailMessage]:
    return judge.wait_for(
        lambda mails: [m for m in mails if m["To"] == address and m["Subject"] == subject],
        f"{subject!r} to {address}",
    )


def test_the_judges_mail_quoted_or_pasted_back_is_never_obeyed(quick_judge: Judge) -> None:
    judge = quick_judge
    judge.send(GM, "CREATE g1 gmpass standard")
    judge.send(FAY, "SIGNON ?g1 pwf\nPREFERENCES F")
    judge.send(GUS, "SIGNON ?g1 pwg\nPREFERENCES G")
    judge.send(GM, "SIGNON Mg1 gmpass\nSTART")

    outlook_mac = send_as_client(
        judge, FAY,
        "Subject: Re: TEST:g1 - Game Start\r\nUser-Agent: Microsoft-MacOutlook/16.90\r\n"
        "Content-Type: text/plain; charset=UTF-8\r\n",
        "SIGNON Fg1 pwf\nA PAR H\n\nFrom: Diplomacy Judge <judge@example.org>\n"
        "Date: Friday, 27 November 2026 at 10:00\nTo: Fay <fay@example.org>\n"
        "Subject: TEST:g1 - S1901M Results\n\n" + RESULTS + "A PAR - BUR\n",
    )  # fmt: skip
    assert "OK: Army Paris HOLD." in outlook_mac
    assert "Burgundy" not in outlook_mac and "Spain" not in outlook_mac

    pasted = send_as_client(
        judge, FAY, "Subject: orders\r\nContent-Type: text/plain; charset=UTF-8\r\n",
        "SIGNON Fg1 pwf\nA MAR H\n" + RESULTS.split("\n\n", 2)[2],
    )  # fmt: skip
    assert "OK: Army Marseilles HOLD." in pasted and "Spain" not in pasted

    gmail_fr = send_as_client(
        judge, FAY,
        "Subject: Re: TEST:g1 - Game Start\r\nContent-Type: text/plain; charset=UTF-8\r\n",
        "SIGNON Fg1 pwf\nF BRE H\n\nLe ven. 27 nov. 2026 à 11:00, Diplomacy Judge <\n"
        "judge@example.org> a écrit :\n\n> F BRE - MAO\n"
        "> France: Fleet Brest -> Mid-Atlantic Ocean.\n",
    )  # fmt: skip
    assert "OK: Fleet Brest HOLD." in gmail_fr and "Mid-Atlantic" not in gmail_fr

    thunderbird = send_as_client(
        judge, GUS,
        "Subject: Re: TEST:g1 - Game Start\r\nUser-Agent: Mozilla Thunderbird\r\n"
        "Content-Type: text/plain; charset=UTF-8; format=flowed\r\n",
        "On 27/11/2026 10:00, Diplomacy Judge wrote:\n> > A MUN - BUR\n"
        "> OK: Army Munich -> Burgundy.\n\nSIGNON Gg1 pwg\nA MUN H\n\nSent from my iPhone\n"
        "A KIE - HOL\n",
    )  # fmt: skip
    assert "OK: Army Munich HOLD." in thunderbird
    assert "Burgundy" not in thunderbird and "Holland" not in thunderbird

    judge.send(GM, "SIGNON Mg1 gmpass\nPROCESS")
    results = " ".join(_body(_mails_to(judge, FAY, "TEST:g1 - S1901M Results")[0]).split())
    for held in ("France: Army Paris HOLD.", "France: Army Marseilles HOLD.",
                 "France: Fleet Brest HOLD.", "Germany: Army Munich HOLD."):  # fmt: skip
        assert held in results, held
    assert "->" not in results
