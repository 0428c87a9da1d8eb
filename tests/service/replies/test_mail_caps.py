"""The work one mail can cause is bounded by counting, not by the watchdog's timer.

A master's mail of SIGNON and 998 PROCESS lines once processed phase after phase until
`[processor] mail_seconds` stopped it (and wedged the judge: test_mail_wedge.py). Now
PROCESS and ROLLBACK run once per mail and game, and a mail runs at most `[limits]
commands_per_mail` commands; the rest are refused with one line each or named once.
"""

from __future__ import annotations

from dataclasses import replace

from support.service.harness import JudgeHarness, body_of

from judge.service.replies.dispatch import ONCE_PER_GAME

MASTER = "gm@example.org"


def _flat(body: str) -> str:
    """The reply's words on one line (its notes are wrapped at 72 columns)."""
    return " ".join(body.split())


def _results(judge: JudgeHarness, mails: list[object]) -> list[str]:
    return [m["Subject"] for m in mails if "Results" in str(m["Subject"])]  # type: ignore[index]


def test_a_mail_of_998_process_lines_processes_one_phase(judge: JudgeHarness) -> None:
    judge.start_game()
    assert judge.status()["phase"] == "S1901M"
    mails = judge.send(MASTER, "SIGNON Mg1 gmpass\n" + "PROCESS\n" * 998)
    assert judge.status()["phase"] != "S1901M"
    assert len(set(_results(judge, mails))) == 1  # one phase's results, to everyone
    [reply] = [m for m in mails if m["To"] == MASTER and m["Auto-Submitted"] == "auto-replied"]
    body = _flat(body_of(reply))
    # The mail reader keeps 500 lines of a body (judge.mail): 500 commands reach here.
    assert body.count("This mail has 500 commands; only the first 100 were read") == 1
    assert "commands 101 to 500 were not" in body
    # The refused repeats are counted, not each echoed: the reply stays one screenful.
    assert body.count("PROCESS: only one per mail for game 'g1'; this line was not done.") <= 40
    assert "99 errors" in body or "99 error" in body
    assert len(body.encode()) < 16_000  # flattened; the reply itself is a screenful


def test_a_second_rollback_in_one_mail_is_refused(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.play_phase()
    played = judge.status()["phase"]
    assert played != "S1901M"
    body = _flat(body_of(judge.reply(MASTER, "SIGNON Mg1 gmpass\nROLLBACK\nROLLBACK")))
    assert judge.status()["phase"] == "S1901M"  # rolled back once
    assert body.count("ROLLBACK: only one per mail for game 'g1'; this line was not done.") == 1


def test_process_once_per_game_not_once_per_mail(judge: JudgeHarness) -> None:
    judge.start_game("g1")
    judge.start_game("g2")
    mails = judge.send(
        MASTER, "SIGNON Mg1 gmpass\nPROCESS\nSIGNON Mg2 gmpass\nPROCESS\nPROCESS"
    )
    assert judge.status("g1")["phase"] != "S1901M"
    assert judge.status("g2")["phase"] != "S1901M"
    [reply] = [m for m in mails if m["To"] == MASTER and m["Auto-Submitted"] == "auto-replied"]
    body = _flat(body_of(reply))
    assert body.count("only one per mail for game 'g2'") == 1
    assert "for game 'g1'" not in body


def test_commands_past_the_cap_are_not_run_and_named_once(judge: JudgeHarness) -> None:
    judge.config = replace(judge.config, limits=replace(judge.config.limits, commands_per_mail=3))
    lines = "LIST\nVERSION\nSUMMARY g1\nWHOGAME g1\nHISTORY g1"
    body = _flat(body_of(judge.reply("ann@example.org", lines)))
    assert "This mail has 5 commands; only the first 3 were read" in body
    assert "commands 4 to 5 were not" in body
    assert "> SUMMARY g1" in body
    assert "> WHOGAME" not in body and "> HISTORY" not in body  # not run, not echoed


def test_the_once_per_game_commands_are_the_ones_that_move_a_game() -> None:
    assert set(ONCE_PER_GAME.values()) == {"PROCESS", "ROLLBACK"}
