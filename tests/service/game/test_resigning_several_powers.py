"""A Taskdip player who resigns leaves several powers: the notices say `them` and
`your powers`, in English and French."""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of
from support.service.taskdip_scenario import TWO_PLAYERS, find_seed, set_seed

MASTER, OBSERVER = "gm@example.org", "watcher@example.org"


def _start(judge: JudgeHarness) -> None:
    judge.reply(MASTER, "CREATE g1 gmpass taskdip\nSET PLAYERS 3")
    judge.reply(OBSERVER, "OBSERVE g1 look")
    set_seed(judge.sessions, "g1", find_seed(TWO_PLAYERS))
    for index in range(2):
        judge.reply(f"p{index}@example.org", f"SIGNON ?g1 pw{index}")
    judge.reply(MASTER, "SIGNON Mg1 gmpass\nSET PLAYERS 2")


def _letter(judge: JudgeHarness, address: str) -> str:
    return next(r["powers"][0][0] for r in judge.status()["players"] if r["address"] == address)


def test_a_player_of_two_powers_resigns_them_both(judge: JudgeHarness) -> None:
    _start(judge)
    address = "p1@example.org"
    mails = judge.send(address, f"SIGNON {_letter(judge, address)}g1 pw1\nRESIGN")
    reply = next(body_of(m) for m in mails if m["To"] == address and "Re:" in m["Subject"])
    assert "You have resigned from 'g1'; your powers are in civil disorder." in reply
    (notice,) = [body_of(m) for m in mails if m["To"] == OBSERVER and "Resigned" in m["Subject"]]
    notice = " ".join(notice.split())
    assert "are in civil disorder until someone the master approves takes them over" in notice


def test_a_french_player_of_two_powers_is_told_in_french(judge: JudgeHarness) -> None:
    _start(judge)
    address = "p1@example.org"
    signon = f"SIGNON {_letter(judge, address)}g1 pw1"
    judge.reply(address, f"{signon}\nSET LANGUAGE fr")
    reply = body_of(judge.reply(address, f"{signon}\nRESIGN"))
    assert "Vous avez abandonné 'g1' ; vos puissances sont en désordre civil." in reply
