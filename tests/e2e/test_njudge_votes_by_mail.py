"""njudge's PHASE and CLEAR, SET DRAW with powers under SET NODIAS, SET CONCEDE and
PRESS TO ALL BUT by mail, on the in-process pipeline (`pipeline_judge`: the
processor's own loop, early processing, the release of held orders), three small
games on one judge. Each command has its cases through the inbox in
tests/service/commands/test_njudge_votes_and_phase.py; this plays them together in
games, the held orders' own mail included. SMTP is not what is tested here."""

from __future__ import annotations

import re
from email.message import EmailMessage

from support.e2e.judge_process import MASTER, OBSERVER, _body
from support.e2e.pipeline_judge import ByMail

CLEAN = "No errors found in your mail."
AUSTRIA, ENGLAND, FRANCE = "p0@example.org", "p1@example.org", "p2@example.org"


def _said(message: EmailMessage) -> str:
    return re.sub(r"\s+", " ", _body(message))


def _start(judge: ByMail, game: str) -> None:
    """A Standard game of three players (Austria, England, France) started by its master."""
    judge.send(MASTER, f"CREATE {game} gmpass standard")
    for index, (address, letter) in enumerate(zip((AUSTRIA, ENGLAND, FRANCE), "AEF", strict=True)):
        judge.send(address, f"SIGNON ?{game} pw{index}\nPREFERENCES {letter}")
    assert CLEAN in _said(judge.send(MASTER, f"SIGNON M{game} gmpass\nSTART"))


def _mails_to(judge: ByMail, address: str, word: str) -> list[EmailMessage]:
    return [m for m in judge.mails() if m["To"] == address and word in _body(m)]


def test_njudge_votes_phase_and_press_lists_by_mail(pipeline_judge: ByMail) -> None:
    judge = pipeline_judge
    _start(judge, "g1")
    judge.send(OBSERVER, "OBSERVE g1 look")
    held = _said(judge.send(AUSTRIA, "SIGNON Ag1 pw0\nPHASE Fall 1901 Movement\nA VIE-BOH\n"
                                     "CLEAR\nPHASE F1901M\nA VIE-GAL\nA BUD-XYZ"))  # fmt: skip
    assert "Cleared: 1 order line held for Movement for Fall of 1901." in held
    assert "Held for Movement for Fall of 1901." in held and CLEAN in held
    rumour = "SIGNON Ag1 pw0\nPRESS TO ALL BUT E\nEngland is bluffing\nENDPRESS"
    assert "Sent to France and the Master (2 mails)." in _said(judge.send(AUSTRIA, rumour))
    plus = "SIGNON Ag1 pw0\nPRESS TO +E +F\nhello both\nENDPRESS"
    assert "Sent to England and France (2 mails)." in _said(judge.send(AUSTRIA, plus))
    minus = "SIGNON Ag1 pw0\nPRESS TO -E -F\nto the master\nENDPRESS"
    assert "Sent to the Master (1 mail)." in _said(judge.send(AUSTRIA, minus))
    judge.send(MASTER, "SIGNON Mg1 gmpass\nPROCESS")
    subject = "TEST:g1 - F1901M Orders held with PHASE"
    opened = judge.wait_for(
        lambda mails: [m for m in mails if m["Subject"] == subject], "the held orders' reply"
    )
    assert [m["To"] for m in opened] == [AUSTRIA]
    text = _said(opened[0])
    assert "Movement for Fall of 1901 has opened in 'g1'" in text
    assert "> A VIE-GAL OK: Army Vienna -> Galicia." in text and "1 error found" in text
    for other in (ENGLAND, FRANCE, MASTER, OBSERVER):
        assert not _mails_to(judge, other, "VIE-GAL"), other
    assert not _mails_to(judge, ENGLAND, "England is bluffing")
    assert _mails_to(judge, FRANCE, "England is bluffing")

    _start(judge, "g2")
    nodias = _said(judge.send(MASTER, "SIGNON Mg2 gmpass\nSET NODIAS"))
    assert "Draws set to NODIAS" in nodias
    judge.send(AUSTRIA, "SIGNON Ag2 pw0\nSET DRAW A E")
    judge.send(ENGLAND, "SIGNON Eg2 pw1\nSET DRAW England Austria")
    assert "is over" not in _said(judge.send(FRANCE, "SIGNON Fg2 pw2\nDRAW"))
    over = _said(judge.send(FRANCE, "SIGNON Fg2 pw2\nSET DRAW A E"))
    assert "Every player has voted for a draw: 'g2' is over." in over

    _start(judge, "g3")
    judge.send(AUSTRIA, "SIGNON Ag3 pw0\nSET LANGUAGE FR\nSET CONCEDE France")
    french = _said(judge.send(AUSTRIA, "SIGNON Ag3 pw0\nSET NOCONCEDE\nSET CONCEDE F"))
    assert "Vous concédez la partie à la France." in french
    over = _said(judge.send(ENGLAND, "SIGNON Eg3 pw1\nSET CONCEDE F"))
    assert "Every other player has conceded to France: 'g3' is over." in over
