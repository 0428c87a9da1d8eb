"""Leaving a Taskdip game, end to end by mail, on the in-process pipeline.

Three players: the master ejects one, who then tries to sign back on (with the
old password, then with a new one) and is refused; a stranger's takeover of the
ejected power is refused too, and the master is asked. Then a second player
resigns: "a player wins if all the other players resign", so the last player
left wins at once, and the Game Over mail to everyone says who resigned and who
was ejected.
"""

from __future__ import annotations

from email.message import EmailMessage

from support.e2e.judge_process import _body
from support.e2e.pipeline_judge import ByMail

MASTER, STRANGER = "gm@example.org", "new@example.org"


def _flat(text: str) -> str:
    return " ".join(text.split())


def _game_over(mails: list[EmailMessage]) -> list[EmailMessage]:
    return [m for m in mails if m["Subject"] == "TEST:g1 - Game Over"]


def test_the_last_player_left_wins_and_an_ejected_player_stays_out(pipeline_judge: ByMail) -> None:
    judge = pipeline_judge
    judge.send(MASTER, "CREATE g1 gmpass taskdip\nSET PLAYERS 3")
    players = [(f"p{i}@example.org", f"pw{i}") for i in range(3)]
    for address, password in players:
        assert "No errors found" in _body(judge.send(address, f"SIGNON ?g1 {password}"))
    held = {p["address"]: p["powers"] for p in judge.status()["players"]}
    (ejected, old_password), (resigner, resign_pw), (last, _) = players

    eject = _body(judge.send(MASTER, f"SIGNON Mg1 gmpass\nEJECT {held[ejected][0]}"))
    assert "is ejected" in eject
    letter = held[ejected][0][0]
    for password in (old_password, "brandnew"):
        back = _flat(_body(judge.send(ejected, f"SIGNON {letter}g1 {password}")))
        assert "This address was ejected from 'g1' by the master" in back
    stranger = _flat(_body(judge.send(STRANGER, f"SIGNON {letter}g1 mine")))
    assert "only someone the master approves may take it over" in stranger
    judge.wait_for(
        lambda mails: [m for m in mails if m["To"] == MASTER and "Takeover" in m["Subject"]],
        "the takeover request to the master",
    )
    assert judge.status()["status"] == "active"

    reply = _body(judge.send(resigner, f"SIGNON {held[resigner][0][0]}g1 {resign_pw}\nRESIGN"))
    assert "Only one player is left in 'g1': that player wins" in _flat(reply)
    over = judge.wait_for(
        lambda mails: [m for m in _game_over(mails) if m["To"] == last], "the Game Over mail"
    )
    text = _flat(_body(over[0]))
    assert "Every other player has left game 'g1', so the last player left wins:" in text
    gone = " and ".join(sorted(p.title() for p in held[resigner]))
    out = " and ".join(sorted(p.title() for p in held[ejected]))
    assert f"{gone} resigned." in text
    assert f"{out} was ejected." in text
    status = judge.status()
    assert status["status"] == "finished"
    assert status["winner"] == held[last][0]
