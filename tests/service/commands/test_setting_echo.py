"""The reply to a master's SET line repeats the value set, as the judge read it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from support.service.harness import JudgeHarness, body_of

from judge.service.commands.setting_echo import duration_words


@pytest.mark.parametrize(
    ("duration", "words"),
    [
        (timedelta(hours=24), "24 hours"),
        (timedelta(hours=1), "1 hour"),
        (timedelta(0), "0 hours"),
        (timedelta(days=3), "3 days"),
        (timedelta(days=1, hours=12), "36 hours"),
        (timedelta(days=2, hours=12), "2 days 12 hours"),
        (timedelta(minutes=90), "1 hour 30 minutes"),
    ],
)
def test_duration_words(duration: timedelta, words: str) -> None:
    assert duration_words(duration) == words


def test_each_set_line_says_what_it_set(judge: JudgeHarness) -> None:
    judge.reply("gm@example.org", "CREATE g1 gmpass standard")
    text = body_of(
        judge.reply(
            "gm@example.org",
            "SIGNON Mg1 gmpass\nSET GRACE 24h\nSET MOVE NEXT 2d\nSET RETREAT NEXT 1.5\n"
            "SET RULE convoy_adjacent 2.4\nSET ZINE zine@example.org\nSET ZINE NONE\n"
            "SET MAPS OFF",
        )
    )
    assert "> SET GRACE 24h\nGrace set to 24 hours.\n" in text
    assert "Movement phase length set to 2 days.\n" in text
    assert "Retreat phase length set to 1 hour 30 minutes.\n" in text  # a bare number: hours
    assert "Rule convoy_adjacent set to 2.4.\n" in text
    assert "Zine set to zine@example.org.\n" in text
    assert "Zine set to none (no zine).\n" in text
    assert "Maps set to off.\n" in text
    assert "Done." not in text
