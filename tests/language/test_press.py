"""parse_commands: PRESS and BROADCAST blocks, which span several lines."""

from __future__ import annotations

import pytest
from support.language.parsing import GRAMMAR, VOCABULARY, error

from judge.language.command_types import (
    Broadcast,
    ListGames,
    ParsedLine,
    Press,
    Signoff,
)
from judge.language.commands import parse_commands

# --- press ------------------------------------------------------------------------------



def _parse(lines: list[str]) -> list[ParsedLine]:
    return parse_commands(lines, VOCABULARY, GRAMMAR)

def test_press_to_powers_with_its_body() -> None:
    [parsed] = _parse(["PRESS TO F G", "Hello,", "", "> you said", "ENDPRESS"])
    assert parsed.command == Press(("FRANCE", "GERMANY"), ("Hello,", "", "> you said"))
    assert parsed.lines == ("PRESS TO F G", "Hello,", "", "> you said", "ENDPRESS")
    assert parsed.text == "PRESS TO F G\nHello,\n\n> you said\nENDPRESS"


@pytest.mark.parametrize(
    ("head", "to"),
    [
        ("PRESS", None),
        ("PRESS TO ALL", None),
        ("PRESS TO FG", ("FRANCE", "GERMANY")),
        ("press to France and Germany", ("FRANCE", "GERMANY")),
        ("PRESS TO M", ("MASTER",)),
        ("PRESS TO GM, T", ("MASTER", "TURKEY")),
        ("PRESS F", ("FRANCE",)),
    ],
)
def test_press_recipients(head: str, to: tuple[str, ...] | None) -> None:
    [parsed] = _parse([head, "hi", "END PRESS"])
    assert parsed.command == Press(to, ("hi",))


def test_press_body_may_look_like_commands() -> None:
    [parsed] = _parse(["PRESS TO F", "SIGNON Fg1 pw", "A PAR-BUR", "ENDPRESS"])
    assert parsed.command == Press(("FRANCE",), ("SIGNON Fg1 pw", "A PAR-BUR"))


def test_press_body_is_trimmed_of_blank_edges() -> None:
    [parsed] = _parse(["PRESS", "", "hi", "  ", "ENDPRESS"])
    assert parsed.command == Press(None, ("hi",))


def test_broadcast() -> None:
    [parsed] = _parse(["BROADCAST", "Peace!", "ENDPRESS"])
    assert parsed.command == Broadcast(("Peace!",))


def test_broadcast_takes_no_recipients() -> None:
    [parsed] = _parse(["BROADCAST TO F", "x", "ENDPRESS"])
    assert parsed.error and "nothing was sent" in parsed.error


def test_unterminated_press_is_not_sent_and_swallows_the_rest() -> None:
    parsed = _parse(["SIGNON Fg1 pw", "PRESS TO G", "let's ally", "A PAR-BUR"])
    assert len(parsed) == 2
    assert parsed[1].error == "PRESS has no ENDPRESS after it; nothing was sent"
    assert parsed[1].lines == ("PRESS TO G", "let's ally", "A PAR-BUR")


def test_signoff_ends_a_press_which_is_sent() -> None:
    parsed = _parse(["PRESS TO G", "bye", "SIGNOFF"])
    assert parsed[0].command == Press(("GERMANY",), ("bye",))
    assert parsed[1].command == Signoff()


def test_press_with_bad_recipients_is_not_sent_but_its_body_is_not_read() -> None:
    parsed = _parse(["PRESS TO X", "A PAR-BUR", "ENDPRESS", "LIST"])
    assert len(parsed) == 2
    assert parsed[0].error and "'X' is not a power" in parsed[0].error
    assert parsed[1].command == ListGames(None)


def test_empty_press_is_an_error() -> None:
    [parsed] = _parse(["PRESS", "", "ENDPRESS"])
    assert parsed.error == "PRESS has no text; nothing was sent"


def test_endpress_with_text_after_it_is_body_text() -> None:
    [parsed] = _parse(["PRESS", "ENDPRESS soon", "ENDPRESS"])
    assert parsed.command == Press(None, ("ENDPRESS soon",))


def test_a_stray_endpress_is_an_error() -> None:
    assert error("END PRESS") == "ENDPRESS without a PRESS or BROADCAST line before it"


def test_press_keeps_indentation() -> None:
    [parsed] = _parse(["PRESS", "    indented verse", "ENDPRESS"])
    assert parsed.command == Press(None, ("    indented verse",))
