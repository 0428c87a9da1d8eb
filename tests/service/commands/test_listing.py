"""HELP, LIST, HISTORY and SUMMARY: what anyone may ask without signing on."""

from __future__ import annotations

import pytest
from support.service.harness import JudgeHarness, body_of


def test_help_lists_the_commands(judge: JudgeHarness) -> None:
    text = body_of(judge.reply("ann@example.org", "HELP"))
    assert "SIGNON ?game password" in text
    assert "standard" in text.split("Variants: ")[1]


def test_the_help_index_lists_every_command_after_signon(judge: JudgeHarness) -> None:
    text = body_of(judge.reply("ann@example.org", "HELP"))
    for command in (
        "PREFERENCES", "ORDERS ... ENDORDERS", "BID power amount", "BID NONE", "PRESS [TO",
        "BROADCAST", "SET WAIT", "SET PASSWORD", "SET ADDRESS", "DRAW / NODRAW", "CONCEDE",
        "STALEMATE", "RESIGN", "SIGNOFF", "START", "PROCESS", "PAUSE", "RESUME", "TERMINATE",
        "EJECT", "SET DEADLINE", "GRACE", "MOVE NEXT", "PLAYERS", "RULE", "ZINE", "MAPS",
    ):  # fmt: skip
        assert command in text, command


@pytest.mark.parametrize(
    ("topic", "phrase"),
    [
        ("orders", "F NTH C A LON-NWY"),
        ("gm", "convoy_adjacent (default 3.0; one of 3.0, 2.4)"),
        ("bid", "BID NONE"),
        ("intimate", "two\nplayers"),
        ("taskdip", "SET PLAYERS n"),
        ("press", "PRESS TO MASTER"),
        ("settings", "SET NOWAIT"),
        ("set", "SET ADDRESS new@addr"),
        ("game", "OBSERVE game password"),
        ("join", "SIGNON ?game password"),
    ],
)
def test_help_topics(judge: JudgeHarness, topic: str, phrase: str) -> None:
    reply = judge.reply("ann@example.org", f"HELP {topic}")
    assert phrase in body_of(reply)
    assert "No errors found" in body_of(reply)


def test_list_shows_every_game(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.reply("gm@example.org", "CREATE g2 pw standard")
    text = body_of(judge.reply("ann@example.org", "LIST"))
    assert "g1               Standard       active    S1901M  7" in text
    assert "g2               Standard       forming   -       0" in text


def test_list_game_shows_its_status_without_secrets(judge: JudgeHarness) -> None:
    judge.start_game(count=2)
    text = body_of(judge.reply("ann@example.org", "LIST g1"))
    assert "Game 'g1' (Standard) is active." in text
    assert "Phase: Movement for Spring of 1901 (S1901M)." in text
    assert "Deadline: Sun Jan  4 2026 11:00 UTC." in text
    assert "  France          3     3  (civil disorder)" in text
    assert "p0@example.org" not in text


def test_history_shows_the_public_results_of_each_phase(judge: JudgeHarness) -> None:
    judge.start_game()
    assert "No phase of 'g1' has been processed yet." in body_of(
        judge.reply("ann@example.org", "HISTORY g1")
    )
    judge.play_until("F1901R")
    text = body_of(judge.reply("ann@example.org", "HISTORY g1"))
    assert "--- S1901M ---\nMovement results for Spring of 1901." in text
    assert "--- F1901M ---\nMovement results for Fall of 1901." in text
    assert "Germany: Army Munich HOLD.  (*dislodged*)" in text


def test_history_shows_the_end_without_the_mail_header(judge: JudgeHarness) -> None:
    """The end of a game is a record like the phases: HISTORY shows it without the
    `::` header lines its mail started with (nor the blank line after them)."""
    judge.start_game(count=2)
    over = judge.send("gm@example.org", "SIGNON Mg1 gmpass\nTERMINATE")
    mailed = next(body_of(m) for m in over if "Game Over" in str(m["Subject"]))
    assert mailed.startswith(":: Judge: ")
    text = body_of(judge.reply("ann@example.org", "HISTORY g1"))
    assert "The game master has terminated game 'g1'." in text
    assert ":: Judge:" not in text and ":: Deadline:" not in text
    at = text.index("The game master has terminated game 'g1'.")
    assert text[:at].endswith("\n") and not text[:at].endswith("\n\n\n"), text


def test_summary_counts_centres_year_by_year(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.play_until("S1902M")
    text = body_of(judge.reply("ann@example.org", "SUMMARY g1"))
    assert "  Year    Aus  Eng  Fra  Ger  Ita  Rus  Tur\n" in text
    assert "  Start     3    3    3    3    3    4    3\n" in text
    assert "  1901      3    4    6    4    4    4    3\n" in text


def test_observers_need_the_right_password_to_sign_on_again(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.reply("watcher@example.org", "OBSERVE g1 look")
    assert "Signed on as an observer" in body_of(
        judge.reply("watcher@example.org", "SIGNON Og1 look")
    )
    assert "Wrong password" in body_of(judge.reply("watcher@example.org", "SIGNON Og1 nope"))
