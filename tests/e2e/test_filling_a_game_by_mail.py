"""A master who STARTs a game short can fill it later, by mail (issue 21).

Five players join a Standard game and the master starts it: the start mail and LIST
say that Russia and Turkey are in civil disorder. A newcomer's `SIGNON ?g1` names
them; `SIGNON Rg1` asks the master, who is mailed the APPROVE line; once the master
approves, the same SIGNON gives Russia to the newcomer, whose order is adjudicated.
"""

from __future__ import annotations

from email.message import EmailMessage

from support.e2e.judge_process import _body
from support.e2e.pipeline_judge import ByMail

GM = "gm@example.org"
FAY = "fay@example.org"
PLAYED = ("Austria", "England", "France", "Germany", "Italy")


def flat(message: EmailMessage) -> str:
    """The mail's text with its lines joined (templates wrap long lines at 78)."""
    return " ".join(_body(message).split())


def _mails_to(judge: ByMail, address: str, subject: str) -> list[EmailMessage]:
    return judge.wait_for(
        lambda mails: [m for m in mails if m["To"] == address and m["Subject"] == subject],
        f"{subject!r} to {address}",
    )


def _start_short(judge: ByMail) -> None:
    judge.send(GM, "CREATE g1 gmpass standard")
    for index, power in enumerate(PLAYED):
        judge.send(f"p{index}@example.org", f"SIGNON ?g1 pw{index}\nPREFERENCES {power[0]}")
    started = judge.send(GM, "SIGNON Mg1 gmpass\nSTART")
    assert "Game 'g1' has started" in _body(started)


def test_a_master_fills_a_game_started_short_by_mail(pipeline_judge: ByMail) -> None:
    judge = pipeline_judge
    _start_short(judge)
    start = flat(_mails_to(judge, "p0@example.org", "TEST:g1 - Game Start")[0])
    assert "You are playing Austria." in start
    assert "In civil disorder (nobody plays them; their units hold): Russia, Turkey." in start
    listing = flat(judge.send(FAY, "LIST g1"))
    assert "Russia 4 4 (civil disorder)" in listing
    assert "Nobody plays Russia, Turkey: the master gives each; to ask for one" in listing

    joining = flat(judge.send(FAY, "SIGNON ?g1 fresh"))
    assert "Game 'g1' is no longer forming: it cannot be joined." in joining
    assert "Nobody plays Russia, Turkey" in joining and "SIGNON Rg1 <password>" in joining

    asked = flat(judge.send(FAY, "SIGNON Rg1 fresh\nA MOS - UKR"))
    assert "Nobody plays Russia in 'g1': the master gives it." in asked
    request = flat(_mails_to(judge, GM, "TEST:g1 - Russia Takeover Request")[0])
    assert "fay@example.org asks to take over Russia in 'g1', which nobody plays" in request
    assert "APPROVE Russia fay@example.org" in request
    assert FAY not in [p["address"] for p in judge.status()["players"]]

    played = flat(judge.send(GM, "SIGNON Mg1 gmpass\nAPPROVE Austria fay@example.org"))
    assert "Somebody plays Austria in 'g1'" in played
    approved = flat(judge.send(GM, "SIGNON Mg1 gmpass\nAPPROVE Russia fay@example.org"))
    assert "fay@example.org may now take over Russia in 'g1'" in approved
    granted = flat(_mails_to(judge, FAY, "TEST:g1 - Russia Approved")[0])
    assert "has approved your request for Russia" in granted
    assert "SIGNON Rg1 <password>" in granted
    taken = flat(judge.send(FAY, "SIGNON Rg1 fresh\nA MOS - UKR"))
    assert "You now play Russia in 'g1'" in taken
    assert "OK: Army Moscow -> Ukraine." in taken
    told = flat(_mails_to(judge, "p1@example.org", "TEST:g1 - Russia Taken Over")[0])
    assert "Russia" in told
    listing = flat(judge.send("someone@example.org", "LIST g1"))
    assert "Nobody plays Turkey:" in listing and "Russia 4 4 (civil disorder)" not in listing
    assert "You now play Russia" not in flat(judge.send("x@example.org", "SIGNON Rg1 other"))

    judge.send(GM, "SIGNON Mg1 gmpass\nPROCESS")
    results = flat(_mails_to(judge, FAY, "TEST:g1 - S1901M Results")[0])
    assert "Russia: Army Moscow -> Ukraine." in results
