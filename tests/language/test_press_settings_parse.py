"""Reading the press settings (SET PRESS, PARTIAL, GUNBOAT, also after CREATE) and
the GREY word on a PRESS line."""

from __future__ import annotations

import pytest
from support.language.parsing import GRAMMAR, VOCABULARY, command, error

from judge.language.command_types import Create, Press, SetGunboat, SetPartial, SetPress
from judge.language.commands import parse_commands


@pytest.mark.parametrize(
    ("line", "level"),
    [
        ("SET PRESS WHITE", "white"),
        ("set press grey", "grey"),
        ("SET PRESS GRAY.", "grey"),
        ("SET PRESS NONE", "none"),
        ("SETPRESS NO", "none"),
    ],
)
def test_set_press_levels(line: str, level: str) -> None:
    assert command(line) == SetPress(level)  # type: ignore[arg-type]


def test_set_press_refuses_other_words() -> None:
    assert "WHITE (signed press), GREY (anonymous press allowed) or NONE, not 'pink'" in error(
        "SET PRESS pink"
    )
    assert "SET PRESS takes WHITE" in error("SET PRESS")


def test_set_partial_and_gunboat() -> None:
    assert command("SET PARTIAL OFF") == SetPartial(False)
    assert command("SET PARTIAL on") == SetPartial(True)
    assert "ON or OFF" in error("SET PARTIAL sometimes")
    assert command("SET GUNBOAT") == SetGunboat(True)
    assert command("SET GUNBOAT OFF") == SetGunboat(False)
    assert command("SET NOGUNBOAT") == SetGunboat(False)
    assert command("SET NO GUNBOAT") == SetGunboat(False)
    assert "takes nothing" in error("SET NOGUNBOAT please")


def test_press_settings_as_create_options() -> None:
    created = command("CREATE g1 pw standard PRESS GREY, PARTIAL OFF, GUNBOAT")
    assert created == Create(
        "g1", "pw", "standard",
        ("PRESS GREY", "PARTIAL OFF", "GUNBOAT"),
        (SetPress("grey"), SetPartial(False), SetGunboat(True)),
    )  # fmt: skip
    assert "SET PRESS takes WHITE" in error("CREATE g1 pw standard PRESS LOUD")


@pytest.mark.parametrize(
    ("head", "to"),
    [
        ("PRESS GREY", None),
        ("PRESS GRAY TO F G", ("FRANCE", "GERMANY")),
        ("PRESS TO F G GREY", ("FRANCE", "GERMANY")),
        ("press anonymous to england", ("ENGLAND",)),
        ("PRESS GREY TO ALL", None),
    ],
)
def test_grey_press_lines(head: str, to: tuple[str, ...] | None) -> None:
    [parsed] = parse_commands([head, "psst", "ENDPRESS"], VOCABULARY, GRAMMAR)
    assert parsed.command == Press(to, ("psst",), grey=True)


def test_press_without_grey_is_signed() -> None:
    [parsed] = parse_commands(["PRESS TO F", "hi", "ENDPRESS"], VOCABULARY, GRAMMAR)
    assert parsed.command == Press(("FRANCE",), ("hi",), grey=False)
    [parsed] = parse_commands(["PRESS GREY TO", "hi", "ENDPRESS"], VOCABULARY, GRAMMAR)
    assert parsed.error is not None and "PRESS TO needs the powers" in parsed.error
