"""A French game leaves no English in its mails.

The game's language is French (`SET LANGUAGE fr`), so every player, the master
and the observers read French; a year is played by mail with press of every
kind, the master's settings and notices, a reminder and late notices, LIST,
HISTORY and SUMMARY, and a draw. Every line of every mail (but the echo of the
sender's own lines, and the command names players type) is searched for English
words from a list.
"""

from __future__ import annotations

import re
from datetime import timedelta
from email.message import EmailMessage

import pytest

from service import harness
from service.harness import JudgeHarness, body_of
from service.test_french_templates import _power_from_french_start_mail
from service.test_mail_widths import check, scheduler_round

MASTER = "gm@example.org"
OBSERVER = "obs@example.org"
# Words a French mail never needs; each was once left in one.
ENGLISH = re.compile(
    r"\b(the|and|of|is|are|has|have|your|you|with|from|by|to|in|for|not|was|were|been|"
    r"game|player|players|orders|order|deadline|won|draw|resigned|over|"
    r"Anonymous|Master|Notice|Broadcast|Results|results|Movement|Retreat|Adjustment|"
    r"Spring|Fall|Winter|Supply|centers|Press|Private|Game|Deadline)\b"
)
# Lines that are the player's own words, or the judge's name for itself.
SKIP = re.compile(r"^(> |:: Judge: )")


def english_in(mail: EmailMessage) -> list[str]:
    return [
        line for line in body_of(mail).splitlines()
        if not SKIP.match(line) and ENGLISH.search(_without_commands(line))
    ]  # fmt: skip


def _without_commands(line: str) -> str:
    """The line without what a player types (`SET PRESS GREY`, `HELP press`)."""
    return re.sub(r"\b[A-Z]{2,}(?: [A-Z]{2,})*\b[^.,;:)]*", "", line)


@pytest.fixture
def french_game(judge: JudgeHarness, monkeypatch: pytest.MonkeyPatch) -> JudgeHarness:
    monkeypatch.setattr(harness, "_power_from_start_mail", _power_from_french_start_mail)
    judge.reply(MASTER, "CREATE g1 gmpass standard\nSIGNON Mg1 gmpass\nSET LANGUAGE fr")
    judge.reply(OBSERVER, "OBSERVE g1 look")
    return judge


def test_a_french_game_year_has_no_english_left(french_game: JudgeHarness) -> None:
    judge = french_game
    left: dict[str, str] = {}

    def french(mails: list[EmailMessage]) -> list[EmailMessage]:
        check(mails)
        for mail in mails:
            for line in english_in(mail):
                left.setdefault(line, str(mail["Subject"]))
        return mails

    judge.start_game()
    french(judge.send(MASTER, "SIGNON Mg1 gmpass\nSET PRESS GREY\nSET GRACE 24h\nLIST g1"))
    france, germany = judge.players["France"], judge.players["Germany"]
    french(judge.send(france.address, "\n".join([
        f"SIGNON Fg1 {france.password}", "A PAR-BUR", "A MUN-RUH", "A VIE-TYL",
        "PRESS GREY TO G", "Bonjour", "ENDPRESS", "PRESS TO G", "Salut", "ENDPRESS",
        "PRESS", "A tous", "ENDPRESS", "LIST", "HISTORY g1", "SUMMARY g1",
    ])))  # fmt: skip
    french(judge.send(MASTER, "SIGNON Mg1 gmpass\nBROADCAST\nAnnonce\nENDPRESS\nPAUSE\nRESUME"))
    judge.clock.advance(timedelta(days=2, hours=23))  # the reminder
    french(scheduler_round(judge))
    judge.clock.advance(timedelta(days=1, hours=1))  # the deadline: late notices
    french(scheduler_round(judge))
    french(judge.send(germany.address, f"SIGNON Gg1 {germany.password}\nA MUN H"))
    for _ in range(4):
        french(judge.play_phase())
    french(judge.send(france.address, f"SIGNON Fg1 {france.password}\nHISTORY g1\nSUMMARY g1"))
    french(judge.send(MASTER, "SIGNON Mg1 gmpass\nSET RULE civil_disorder 2000\nSET PARTIAL OFF"))
    for power, player in judge.players.items():
        french(judge.send(player.address, f"SIGNON {power[0]}g1 {player.password}\nDRAW"))
    assert judge.status()["status"] == "finished"
    assert left == {}, "\n".join(f"{subject}: {line}" for line, subject in left.items())


@pytest.mark.parametrize(
    ("topic", "meant"),
    [("enchere", "bid"), ("enchère", "bid"), ("Enchères", "bid"), ("presse", "press"),
     ("maître", "gm")],
)  # fmt: skip
def test_help_topics_are_read_in_french(judge: JudgeHarness, topic: str, meant: str) -> None:
    def help_body(line: str) -> str:
        text = body_of(judge.reply("ann@example.org", line))
        return text.split("\n", 1)[1]  # without the echo of the line

    assert help_body(f"AIDE {topic}") == help_body(f"HELP {meant}")


def test_a_french_player_who_does_not_sign_on_is_answered_in_french(
    french_game: JudgeHarness,
) -> None:
    judge = french_game
    judge.start_game()
    france = judge.players["France"]
    text = " ".join(body_of(judge.reply(france.address, "CONFIRM 123456\nLIST")).split())
    assert "La partie 'g1' (Standard) est en cours." in text or "Parties du judge" in text, text
    assert "No errors" not in text and "error" not in text.lower(), text
