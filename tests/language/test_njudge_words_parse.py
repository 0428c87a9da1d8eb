"""njudge's spellings read as our commands (judge.language.njudge_commands and the
press words of press_set_commands): what each line becomes, and what is refused."""

from __future__ import annotations

import pytest
from support.language.parsing import command, error

from judge.language.command_types import (
    Create,
    Help,
    Resign,
    SetPartial,
    SetPress,
    Version,
    WhoGame,
)

READ_AS = [
    ("SET WHITE", SetPress("white")),
    ("set white/grey", SetPress("grey")),
    ("SET WHITE / GRAY", SetPress("grey")),
    ("SET GREY/WHITE", SetPress("grey")),
    ("SET GREY", SetPress("grey")),
    ("SET NO PRESS", SetPress("none")),
    ("SET NOPRESS", SetPress("none")),
    ("SET PRESS NONE", SetPress("none")),
    ("SET PARTIAL", SetPartial(True)),
    ("SET NO PARTIAL", SetPartial(False)),
    ("SET NOPARTIAL", SetPartial(False)),
    ("WITHDRAW", Resign()),
    ("VERSION", Version()),
    ("WHOGAME g1", WhoGame("g1")),
    ("WHOGAME", WhoGame(None)),
    ("Qui joue g1", WhoGame("g1")),
    ("GET press", Help("press")),
    ("OBTENIR press", Help("press")),
    ("GET info", Help(None)),
    ("GET rules", Help("orders")),
    ("GET info.intimate", Help("intimate")),
    ("GET rules.taskdip", Help("taskdip")),
    ("GET house.rules", Help("gm")),
]


@pytest.mark.parametrize(("line", "expected"), READ_AS)
def test_njudge_spelling_is_read(line: str, expected: object) -> None:
    assert command(line) == expected


def test_njudge_words_refuse_what_they_cannot_read() -> None:
    assert error("SET WHITE please") == "SET WHITE takes nothing after it, but found 'please'"
    assert error("SET NO PARTIAL x").startswith("SET NO PARTIAL takes nothing")
    assert error("WITHDRAW now").startswith("WITHDRAW takes nothing")
    assert error("WHOGAME g1 g2").startswith("WHOGAME takes one game name")
    assert error("GET").startswith("GET needs one topic: GET press (topics: game, orders")
    assert error("GET secrets").startswith("there is nothing to GET called 'secrets'")


def test_njudge_press_words_are_create_options() -> None:
    created = command("CREATE g1 pw standard GREY/WHITE, NO PARTIAL, NO PRESS")
    assert isinstance(created, Create)
    assert created.settings == (SetPress("grey"), SetPartial(False), SetPress("none"))
