"""Seats by mail on the in-process pipeline (issue 32, items 1 and 3).

A forming Standard game: a player withdraws and everyone who joined is told; the
master removes another joined address with `EJECT address`, which may not join
again. Started short, the game's master resigns a power with `RESIGN power`: the
player's next ordinary mail (`SIGNON` with the old password, `LIST`) does not take it
back, the master is mailed the request, and the power goes to the address the master
APPROVEs.
"""

from __future__ import annotations

from email.message import EmailMessage

from support.e2e.judge_process import _body
from support.e2e.pipeline_judge import ByMail

GM = "gm@example.org"


def flat(message: EmailMessage) -> str:
    """The mail's text with its lines joined (templates wrap long lines at 78)."""
    return " ".join(_body(message).split())


def _mails_to(judge: ByMail, address: str, subject: str) -> list[EmailMessage]:
    return judge.wait_for(
        lambda mails: [m for m in mails if m["To"] == address and m["Subject"] == subject],
        f"{subject!r} to {address}",
    )


def test_leaving_a_forming_game_and_a_resigned_seat_by_mail(pipeline_judge: ByMail) -> None:
    judge = pipeline_judge
    judge.send(GM, "CREATE g1 gmpass standard")
    for index in range(5):
        judge.send(f"p{index}@example.org", f"SIGNON ?g1 pw{index}\nPREFERENCES {'AEFGI'[index]}")

    left = flat(judge.send("p4@example.org", "SIGNON ?g1 pw4\nWITHDRAW"))
    assert "You have withdrawn from 'g1', which has not started" in left
    told = flat(_mails_to(judge, "p0@example.org", "TEST:g1 - Player Left")[0])
    assert "p4@example.org has withdrawn from 'g1', which has not started: 4 of 7" in told
    removed = flat(judge.send(GM, "SIGNON Mg1 gmpass\nEJECT p3@example.org"))
    assert "p3@example.org is removed from 'g1', which has not started, and may not" in removed
    barred = flat(judge.send("p3@example.org", "SIGNON ?g1 pw3"))
    assert "The master removed this address from 'g1' (EJECT) before the start" in barred

    started = flat(judge.send(GM, "SIGNON Mg1 gmpass\nSTART"))
    assert "Game 'g1' has started" in started
    holders = {p["address"]: p["powers"][0] for p in judge.status()["players"]}
    assert set(holders) == {"p0@example.org", "p1@example.org", "p2@example.org"}
    power = holders["p0@example.org"].title()
    resigned = flat(judge.send(GM, f"SIGNON Mg1 gmpass\nRESIGN {power}"))
    assert f"The player of {power} is resigned from 'g1'" in resigned

    again = flat(judge.send("p0@example.org", f"SIGNON {power[0]}g1 pw0\nLIST"))
    assert f"The player of {power} in 'g1' resigned: only someone the master approves" in again
    assert "You now play" not in again
    request = flat(_mails_to(judge, GM, f"TEST:g1 - {power} Takeover Request")[0])
    assert f"APPROVE {power} p0@example.org" in request
    judge.send(GM, f"SIGNON Mg1 gmpass\nAPPROVE {power} fay@example.org")
    taken = flat(judge.send("fay@example.org", f"SIGNON {power[0]}g1 fresh"))
    assert f"You now play {power} in 'g1'" in taken
    still = flat(judge.send("p0@example.org", f"SIGNON {power[0]}g1 pw0"))
    assert "Wrong password for 'g1'." in still
