"""parse_commands: keywords, order lines, the commands that need no signon, whole mails."""

from __future__ import annotations

from datetime import timedelta

import pytest
from support.language.parsing import GRAMMAR, VOCABULARY, command, error

from judge.language.command_types import (
    BidNone,
    Command,
    Create,
    EndOrders,
    Help,
    History,
    ListGames,
    MapRequest,
    NoDraw,
    Observe,
    OrderLine,
    SetGrace,
    SetNext,
    SetPlayers,
    SetWait,
    Signoff,
    Signon,
    Summary,
)
from judge.language.commands import parse_commands, unknown_command_error

# --- keywords ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    ["SIGNON Fg1 pw", "signon Fg1 pw", "SIGN ON Fg1 pw", "Sign  On Fg1 pw", "  SIGNON Fg1 pw"],
)
def test_keywords_ignore_case_and_spaces_inside(line: str) -> None:
    assert command(line) == Signon("F", "g1", "pw")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("END ORDERS", EndOrders()),
        ("ENDORDERS", EndOrders()),
        ("NO DRAW", NoDraw()),
        ("NODRAW", NoDraw()),
        ("SET NO WAIT", SetWait(False)),
        ("SETNOWAIT", SetWait(False)),
        ("SETWAIT", SetWait(True)),
        ("BIDNONE", BidNone()),
        ("SIGN OFF", Signoff()),
    ],
)
def test_compound_keywords_read_with_or_without_spaces(line: str, expected: Command) -> None:
    assert command(line) == expected


@pytest.mark.parametrize("line", ["DRAW.", "draw!", "RESIGN;", "SIGNOFF."])
def test_trailing_punctuation_after_a_bare_keyword_is_forgiven(line: str) -> None:
    assert parse_commands([line], VOCABULARY, GRAMMAR)[0].ok


def test_a_keyword_must_end_at_a_word_boundary() -> None:
    assert isinstance(command("MAPS g1"), OrderLine)
    assert isinstance(command("DRAWING"), OrderLine)
    assert isinstance(command("SETTLE down"), OrderLine)


# --- orders and unknown lines -------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "A PAR-BUR",
        "F BRE - MAO",
        "F LON S A WAL-YOR",
        "F NTH C A LON-NWY",
        "A LON-NWY VIA",
        "A SER R ALB",
        "BUILD A PAR",
        "REMOVE F KIE",
        "WAIVE",
        "Army Paris -> Burgundy",
        "Fleet St Petersburg (south coast) - Gulf of Bothnia",
        "A MAR S A SPA",
        "A PRU - LVN",
        "F HEL - HOL",
    ],
)
def test_order_lines_are_order_lines(line: str) -> None:
    assert command(line) == OrderLine(line)


def test_order_line_text_is_stripped() -> None:
    assert command("   A PAR-BUR  ") == OrderLine("A PAR-BUR")


def test_a_typo_of_a_keyword_is_pointed_out() -> None:
    assert command("SIGNOM ?g1 pw") == OrderLine("SIGNOM ?g1 pw", "SIGNON")
    assert unknown_command_error("SIGNOM ?g1 pw", GRAMMAR) == (
        "unknown command 'SIGNOM' (did you mean SIGNON?)"
    )


def test_unknown_command_error_names_the_word() -> None:
    assert unknown_command_error("FOO bar", GRAMMAR) == "unknown command 'FOO'"


# --- commands that need no signon -------------------------------------------------------


def test_help_with_and_without_topic() -> None:
    assert command("HELP") == Help(None)
    assert command("help Taskdip") == Help("taskdip")
    assert command("HELP GM") == Help("gm")


def test_help_on_an_unknown_topic_lists_the_topics() -> None:
    assert "game, orders, bid, intimate, taskdip, press, settings, gm" in error("HELP chess")


def test_help_topics_answer_to_the_command_a_player_has_in_mind() -> None:
    assert command("HELP set") == Help("settings")
    assert command("HELP join") == Help("game")
    assert command("HELP press") == Help("press")
    assert command("HELP Broadcast") == Help("press")


def test_help_commands_is_a_topic_in_english_and_french() -> None:
    assert command("HELP COMMANDS") == Help("commands")
    assert command("AIDE commandes") == Help("commands")
    assert "settings, gm, commands" in error("HELP chess")


@pytest.mark.parametrize(
    ("line", "name"),
    [("HELP SET DIAS", "SET DIAS"), ("help set no dias", "SET NODIAS"), ("HELP sign on", "SIGNON"),
     ("AIDE ANNULER", "CANCEL"), ("HELP AIDE", "HELP"), ("HELP SET DIAS?", "SET DIAS"),
     ("HELP endpress", "ENDPRESS")],
)  # fmt: skip
def test_help_on_a_command_keyword_names_the_command(line: str, name: str) -> None:
    assert command(line) == Help(command=name)


@pytest.mark.parametrize("line", ["HELP SET FOO", "HELP SET DIAS now", "HELP DRAWS"])
def test_help_on_neither_a_topic_nor_a_keyword_lists_the_topics(line: str) -> None:
    assert "there is no help on" in error(line)


def test_a_topic_goes_before_a_keyword_of_the_same_name() -> None:
    """The topic pages came first: `HELP LIST` is still the game page, `HELP PRESS`
    the press page; a keyword that leads to no topic (`HELP DRAW`) is its command."""
    assert command("HELP LIST") == Help("game")
    assert command("HELP PRESS") == Help("press")
    assert command("HELP BID") == Help("bid")
    assert command("HELP DRAW") == Help(command="DRAW")


def test_list_all_or_one_game() -> None:
    assert command("LIST") == ListGames(None)
    assert command("LIST G1") == ListGames("g1")
    assert command("list g1.") == ListGames("g1")


def test_list_with_two_games_is_an_error() -> None:
    assert "at most one" in error("LIST g1 g2")


def test_history_summary_and_map_need_a_game() -> None:
    assert command("HISTORY g1") == History("g1")
    assert command("SUMMARY g1") == Summary("g1")
    assert command("MAP g1") == MapRequest("g1")
    # njudge: HISTORY and SUMMARY alone mean the game signed on to (the service checks)
    assert command("HISTORY") == History(None)
    assert command("SUMMARY") == Summary(None)
    assert error("HISTORY g1 g2") == "HISTORY needs one game name: HISTORY game"
    assert "SUMMARY game" in error("SUMMARY g1 g2")
    assert "MAP game" in error("MAP")


def test_a_bad_game_name_is_explained() -> None:
    assert "not a game name" in error("LIST g!1")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("SIGNON ?g1 pw", Signon("?", "g1", "pw")),
        ("SIGNON Fg1 pw", Signon("F", "g1", "pw")),
        ("signon fg1 pw", Signon("F", "g1", "pw")),
        ("SIGNON Mg1 pw", Signon("M", "g1", "pw")),
        ("SIGNON Og1 pw", Signon("O", "g1", "pw")),
        ("SIGNON F g1 pw", Signon("F", "g1", "pw")),
        ("SIGNON ? g1 pw", Signon("?", "g1", "pw")),
        ("SIGNON Tgame-2 P@ss.", Signon("T", "game-2", "P@ss.")),
    ],
)
def test_signon_forms(line: str, expected: Signon) -> None:
    assert command(line) == expected


def test_signon_keeps_password_punctuation_and_case() -> None:
    signon = command("SIGNON ?g1 Secret.Word!")
    assert isinstance(signon, Signon) and signon.password == "Secret.Word!"


def test_signon_role_and_power() -> None:
    assert Signon("?", "g1", "pw").role == "join"
    assert Signon("M", "g1", "pw").role == "master"
    assert Signon("O", "g1", "pw").role == "observer"
    france = Signon("F", "g1", "pw")
    assert france.role == "power" and france.power == "FRANCE"
    assert Signon("M", "g1", "pw").power is None


def test_signon_without_password_says_what_is_missing() -> None:
    assert error("SIGNON ?g1") == "SIGNON needs a password after the game: SIGNON ?g1 password"


def test_signon_without_anything_gives_the_usage() -> None:
    assert "SIGNON ?game password" in error("SIGNON")


def test_signon_with_a_bad_letter_names_it() -> None:
    assert "'X' in 'Xg1' is not a power letter" in error("SIGNON Xg1 pw")


def test_signon_with_a_two_word_password_is_refused() -> None:
    assert "'extra'" in error("SIGNON Fg1 pw extra")


def test_signon_with_letter_but_no_game() -> None:
    assert "game name is missing" in error("SIGNON F pw")


def test_observe() -> None:
    assert command("OBSERVE g1 pw") == Observe("g1", "pw")
    assert "OBSERVE game password" in error("OBSERVE g1")


def test_create_with_the_classic_question_mark() -> None:
    assert command("CREATE ?g1 pw standard") == Create("g1", "pw", "standard")


@pytest.mark.parametrize(
    "variant", ["standard", "intimate", "intimate-2000", "propaganda", "taskdip", "TaskDip"]
)
def test_create_accepts_every_variant(variant: str) -> None:
    created = command(f"CREATE g1 pw {variant}")
    assert isinstance(created, Create) and created.variant == variant.lower()


def test_create_with_settings() -> None:
    created = command("CREATE g1 pw taskdip PLAYERS 4, MOVE NEXT 2d; SET GRACE 12h")
    assert created == Create(
        "g1",
        "pw",
        "taskdip",
        ("PLAYERS 4", "MOVE NEXT 2d", "SET GRACE 12h"),
        (SetPlayers(4), SetNext("MOVE", timedelta(days=2)), SetGrace(timedelta(hours=12))),
    )


def test_create_password_may_hold_a_comma() -> None:
    created = command("CREATE g1 p,w standard")
    assert isinstance(created, Create) and created.password == "p,w"


def test_create_refuses_a_bad_setting() -> None:
    assert "unknown setting" in error("CREATE g1 pw standard COLOUR blue")
    assert "not a game setting" in error("CREATE g1 pw standard PASSWORD x")
    assert "2 to 7" in error("CREATE g1 pw taskdip PLAYERS 12")


def test_create_with_missing_parts_or_unknown_variant() -> None:
    assert "CREATE game password variant" in error("CREATE g1 pw")
    assert "unknown variant 'chess'" in error("CREATE g1 pw chess")


# --- the whole mail ---------------------------------------------------------------------


def test_a_whole_mail_in_order_with_line_indexes() -> None:
    lines = ["SIGNON Fg1 pw", "", "A PAR-BUR", "PRESS", "hi", "ENDPRESS", "SET WAIT"]
    parsed = parse_commands(lines, VOCABULARY, GRAMMAR)
    assert [p.start for p in parsed] == [0, 2, 3, 6]
    assert [type(p.command).__name__ for p in parsed] == ["Signon", "OrderLine", "Press", "SetWait"]


def test_blank_lines_are_skipped() -> None:
    assert parse_commands(["", "   ", "\t"], VOCABULARY, GRAMMAR) == []


@pytest.mark.parametrize(
    ("line", "variant"),
    [("CREATE g1 pw id", "intimate"), ("CREATE g1 pw Intimate2000", "intimate-2000"),
     ("CREATE g1 pw wright", "propaganda")],
)  # fmt: skip
def test_variant_aliases(line: str, variant: str) -> None:
    created = command(line)
    assert isinstance(created, Create) and created.variant == variant


def test_signon_without_join_mark_reads_the_first_character_as_the_letter() -> None:
    assert command("SIGNON g1 pw") == Signon("G", "1", "pw")
