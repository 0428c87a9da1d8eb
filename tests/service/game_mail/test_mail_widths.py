"""Every line the judge writes fits in 78 columns, so plain mail goes out as 7-bit
text, never quoted-printable (which shows `=20` and `=\n` in some readers).

The templates are rendered with real data by playing games by mail: a standard year
with the late notices and a draw, an Intimate year with bids and a stalemate, a
Taskdip game to a task victory with the longest names, the help on every topic, the
listings. Every mail queued is checked, except the echo of
the player's own lines (`> ...`), which may be as long as the player wrote them.
A recorder notes which templates and macros were rendered, so the test also shows
that it saw (nearly) all of them.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from support.service.harness import JudgeHarness, body_of
from support.service.intimate_game import MASTER, OBSERVER, bid, start_intimate
from support.service.mail_width_tour import (
    LONGEST_GAME,
    LONGEST_ZONE,
    check,
    play_a_standard_year,
    rendered,
    scheduler_round,
)
from support.service.taskdip_scenario import THREE_PLAYERS, find_seed, seat_orders, set_seed

__all__ = ["rendered"]  # the recording fixture, used by name below


def test_a_standard_year_by_mail_stays_within_78_columns(
    judge: JudgeHarness, rendered: set[str]
) -> None:
    play_a_standard_year(judge, check, LONGEST_GAME, LONGEST_ZONE)
    used = {name.split(":")[0] for name in rendered}
    assert "results.txt.j2" in used and "game_over.txt.j2" in used


def test_an_intimate_year_by_mail_stays_within_78_columns(
    judge: JudgeHarness, rendered: set[str]
) -> None:
    start_intimate(judge)
    check(judge.send(OBSERVER, "SIGNON Og1 look\nA PAR H"))
    germany, france = judge.players["Germany"], judge.players["France"]
    check(judge.send(germany.address, "SIGNON Gg1 pw0\nBID AUSTRIA 5\nBID ENGLAND 30"))
    check(judge.send(france.address, "SIGNON Fg1 pw1\nBID ITALY 4"))
    check(judge.send(MASTER, "LIST g1\nSUMMARY g1\nSIGNON Mg1 gmpass\nPROCESS"))
    text = bid(judge, "France", "CONCEDE")
    assert "conceded" in text


def test_a_plain_reply_goes_out_as_7bit_text(judge: JudgeHarness) -> None:
    reply = judge.reply("ann@example.org", "HELP\nHELP gm\nLIST")
    assert reply["Content-Transfer-Encoding"] == "7bit"
    assert reply["From"] == "Diplomacy Judge <judge@example.org>"  # [judge] name


# The longest address a reader will see in a list of players: 64 characters.
LONGEST_ADDRESS = "abcdefghij.klmnopqrst.uvwxyzabcd@mail.abcdefghij-klmnopqrs.example"


def test_a_taskdip_game_by_mail_stays_within_78_columns(
    judge: JudgeHarness, rendered: set[str]
) -> None:
    """Three players, each with two powers and their tasks; the first (with the longest
    address) is allotted a neutral power on the way and wins on its task in the fall,
    so the winner is named with three powers and every task is revealed. Everyone
    reads in the longest time zone; one player is late, one resigns before the end."""
    game = LONGEST_GAME
    check(judge.send(MASTER, f"CREATE {game} gmpass taskdip\nSET PLAYERS 3"))
    check(judge.send(OBSERVER, f"OBSERVE {game} look\nSET TIMEZONE {LONGEST_ZONE}"))
    set_seed(judge.sessions, game, find_seed(THREE_PLAYERS))
    addresses = [LONGEST_ADDRESS, "p1@example.org", "p2@example.org"]
    for index, address in enumerate(addresses):
        check(judge.send(address, f"SIGNON ?{game} pw{index}\nSET TIMEZONE {LONGEST_ZONE}"))
    held = {row["address"]: row["powers"] for row in judge.status(game)["players"]}
    signons = {a: f"SIGNON {held[a][0][0]}{game} pw{i}" for i, a in enumerate(addresses)}
    master = f"SIGNON M{game} gmpass"
    check(judge.send(MASTER, f"{master}\nSET TIMEZONE {LONGEST_ZONE}\nSET GRACE 24h"))
    check(judge.send("new@example.org", f"LIST\nLIST {game}\nHISTORY {game}\nSUMMARY {game}"))
    status = judge.status(game)
    for address in addresses[1:]:
        lines = seat_orders(THREE_PLAYERS, "S1901M", held[address], status)
        check(judge.send(address, "\n".join([signons[address], *lines, "PRESS", "Hi", "ENDPRESS"])))
    deadline = datetime.fromisoformat(judge.status(game)["deadline"])
    judge.clock.advance(deadline - judge.clock.now() - timedelta(hours=1))  # the reminder
    check(scheduler_round(judge))
    judge.clock.advance(timedelta(hours=2))  # the deadline: late notices, the grace
    check(scheduler_round(judge))
    assert judge.status(game)["phase"] == "S1901M"
    resigned, mails = False, []
    while judge.status(game)["winner"] is None:
        status = judge.status(game)
        assert status["phase"] in ("S1901M", "F1901M"), status["phase"]
        for row in status["players"]:
            lines = seat_orders(THREE_PLAYERS, status["phase"], row["powers"], status)
            mails = check(judge.send(row["address"], "\n".join([signons[row["address"]], *lines])))
        if not resigned:
            check(judge.send("new@example.org", f"LIST {game}\nSUMMARY {game}"))
            check(judge.send(addresses[2], f"{signons[addresses[2]]}\nRESIGN"))
            resigned = True
    assert judge.status(game)["winner"] == "AUSTRIA"
    final = next(body_of(m) for m in mails if m["To"] == OBSERVER)
    assert "The player of Austria, France and Turkey has won." in final
    check(judge.send("new@example.org", f"LIST {game}\nHISTORY {game}\nSUMMARY {game}"))
    used = {name.split(":")[0] for name in rendered}
    assert {"start.txt.j2", "results.txt.j2"} <= used, used
    assert "taskdip_report.txt.j2" in used and "late_powers.txt.j2" in used, used
