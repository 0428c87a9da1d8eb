"""Reading njudge's PHASE, CLEAR, SET DRAW with powers, SET DIAS/NODIAS, SET CONCEDE
and the PRESS TO ALL BUT and +/- recipient lists."""

from __future__ import annotations

import pytest
from support.language.parsing import GRAMMAR, VOCABULARY, command, error

from judge.language.command_types import (
    Clear,
    Command,
    Concede,
    ConcedeTo,
    Draw,
    ForPhase,
    Press,
    SetDias,
)
from judge.language.commands import parse_commands


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("PHASE Fall 1901 Movement", ForPhase("F1901M")),
        ("phase F1901M", ForPhase("F1901M")),
        ("PHASE F 1901 R", ForPhase("F1901R")),
        ("PHASE Winter 1901", ForPhase("W1901A")),
        ("PHASE Spring 1902", ForPhase("S1902M")),
        ("PHASE Winter 1902 Builds", ForPhase("W1902A")),
        ("PHASE Spring 1902 Bids", ForPhase("S1902B")),
        ("PHASE Automne 1901 Retraites", ForPhase("F1901R")),
        ("PHASE Printemps 1902 Enchères", ForPhase("S1902B")),
        ("CLEAR", Clear()),
        ("EFFACER", Clear()),  # the French word
        ("SET DRAW", Draw()),
        ("SET DRAW F G", Draw(("FRANCE", "GERMANY"))),
        ("DRAW France, Germany and Italy", Draw(("FRANCE", "GERMANY", "ITALY"))),
        ("SET DRAW FGI", Draw(("FRANCE", "GERMANY", "ITALY"))),
        ("SET DIAS", SetDias(True)),
        ("SET NODIAS", SetDias(False)),
        ("SET NO DIAS", SetDias(False)),
        ("SET CONCEDE France", ConcedeTo("FRANCE")),
        ("CONCEDE F", ConcedeTo("FRANCE")),
        ("CONCEDE", Concede()),
        ("SET NOCONCEDE", ConcedeTo(None)),
        ("SET NO CONCEDE", ConcedeTo(None)),
    ],
)
def test_njudge_vote_and_phase_lines(line: str, expected: Command) -> None:
    assert command(line) == expected


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("PHASE", "PHASE needs a season, a year and a phase"),
        ("PHASE Summer 1901 Movement", "'SUMMER' is not a season"),
        ("PHASE Fall 19O1 Movement", "'19O1' is not a year"),
        ("PHASE Fall 1901 Dance", "'DANCE' is not a phase"),
        ("CLEAR all", "CLEAR takes nothing after it"),
        ("SET DRAW F X", "'X' is not a power"),
        ("SET DRAW F F", "France is listed twice"),
        ("SET CONCEDE", "SET CONCEDE needs the power you concede to"),
        ("SET CONCEDE F G", "SET CONCEDE needs the power you concede to"),
        ("SET NOCONCEDE F", "SET NOCONCEDE takes nothing after it"),
        ("SET NODIAS now", "SET NODIAS takes nothing after it"),
    ],
)
def test_njudge_vote_and_phase_errors(line: str, message: str) -> None:
    assert message in error(line)


def test_nodias_is_a_create_option() -> None:
    assert GRAMMAR.parse_settings("NODIAS, PLAYERS 4", VOCABULARY)[1][0] == SetDias(False)


def _press(head: str) -> Press:
    [parsed] = parse_commands([head, "text", "ENDPRESS"], VOCABULARY, GRAMMAR)
    assert isinstance(parsed.command, Press), parsed.error
    return parsed.command


@pytest.mark.parametrize(
    ("head", "to", "all_but"),
    [
        ("PRESS TO ALL BUT R T", ("RUSSIA", "TURKEY"), True),
        ("press to all but rtmo", ("RUSSIA", "TURKEY", "MASTER", "OBSERVERS"), True),
        ("PRESS TO ALL EXCEPT Russia", ("RUSSIA",), True),
        ("PRESS TO -R -T", ("RUSSIA", "TURKEY"), True),
        ("PRESS TO -RT", ("RUSSIA", "TURKEY"), True),
        ("PRESS TO ALL -R -T", ("RUSSIA", "TURKEY"), True),
        ("PRESS TO +F +G", ("FRANCE", "GERMANY"), False),
        ("PRESS TO +FG", ("FRANCE", "GERMANY"), False),
        ("PRESS TO F G", ("FRANCE", "GERMANY"), False),
    ],
)
def test_press_recipient_lists(head: str, to: tuple[str, ...], all_but: bool) -> None:
    press = _press(head)
    assert (press.to, press.all_but) == (to, all_but)


def test_grey_press_to_all_but_keeps_both() -> None:
    press = _press("PRESS GREY TO ALL BUT E")
    assert (press.to, press.all_but, press.grey) == (("ENGLAND",), True, True)


@pytest.mark.parametrize(
    ("head", "message"),
    [
        ("PRESS TO ALL BUT", "PRESS TO ALL BUT needs the powers to leave out"),
        ("PRESS TO +F -G", "cannot both add (+) and leave out (-) powers"),
        ("PRESS TO -F G", "put + or - before every power of the list, 'G' too"),
    ],
)
def test_press_recipient_list_errors(head: str, message: str) -> None:
    [parsed] = parse_commands([head, "text", "ENDPRESS"], VOCABULARY, GRAMMAR)
    assert parsed.command is None and message in str(parsed.error)
