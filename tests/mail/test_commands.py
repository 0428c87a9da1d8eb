"""parse_commands: the judge's command language, line by line, into typed commands."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from judge.mail.command_types import (
    Bid,
    BidNone,
    Broadcast,
    Command,
    Concede,
    Create,
    Draw,
    Eject,
    EndOrders,
    Help,
    History,
    ListGames,
    MapRequest,
    NoDraw,
    Observe,
    OrderLine,
    Orders,
    Pause,
    Preferences,
    Press,
    Process,
    Resign,
    Resume,
    SetAddress,
    SetDeadline,
    SetGrace,
    SetMaps,
    SetNext,
    SetPassword,
    SetPlayers,
    SetRule,
    SetWait,
    SetZine,
    Signoff,
    Signon,
    Stalemate,
    Start,
    Summary,
    Terminate,
)
from judge.mail.commands import parse_commands, unknown_command_error


def command(line: str) -> Command:
    [parsed] = parse_commands([line])
    assert parsed.error is None, parsed.error
    assert parsed.command is not None
    return parsed.command


def error(line: str) -> str:
    [parsed] = parse_commands([line])
    assert parsed.command is None, parsed.command
    assert parsed.error
    return parsed.error


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
    assert parse_commands([line])[0].ok


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
    assert (
        unknown_command_error("SIGNOM ?g1 pw") == "unknown command 'SIGNOM' (did you mean SIGNON?)"
    )


def test_unknown_command_error_names_the_word() -> None:
    assert unknown_command_error("FOO bar") == "unknown command 'FOO'"


# --- commands that need no signon -------------------------------------------------------


def test_help_with_and_without_topic() -> None:
    assert command("HELP") == Help(None)
    assert command("help Taskdip") == Help("taskdip")
    assert command("HELP GM") == Help("gm")


def test_help_on_an_unknown_topic_lists_the_topics() -> None:
    assert "orders, bid, intimate, taskdip, gm" in error("HELP chess")


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
    assert error("HISTORY") == "HISTORY needs one game name: HISTORY game"
    assert "SUMMARY game" in error("SUMMARY")
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


# --- commands after signon --------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "PREFERENCES F G E A I R T",
        "PREFERENCES FGEAIRT",
        "PREFERENCES France, Germany, England, Austria, Italy, Russia, Turkey",
        "PREFERENCE fra ger eng aus ita rus tur",
        "PREFS F>G>E>A>I>R>T",
        "SET PREFERENCES FGEAIRT",
    ],
)
def test_preferences_forms(line: str) -> None:
    assert command(line) == Preferences(
        ("FRANCE", "GERMANY", "ENGLAND", "AUSTRIA", "ITALY", "RUSSIA", "TURKEY")
    )


def test_a_short_preference_list_is_kept_short_for_the_service_to_complete() -> None:
    assert command("PREFERENCES R T") == Preferences(("RUSSIA", "TURKEY"))


def test_a_power_abbreviation_wins_over_letters() -> None:
    assert command("PREFERENCES FRA") == Preferences(("FRANCE",))


def test_preferences_errors() -> None:
    assert "'X' is not a power" in error("PREFERENCES X")
    assert "France is listed twice" in error("PREFERENCES F G F")
    assert "needs a list" in error("PREFERENCES")
    assert "'FGX' is not a power" in error("PREFERENCES FGX")


def test_bids() -> None:
    assert command("BID Italy 5") == Bid("ITALY", 5)
    assert command("bid I 0") == Bid("ITALY", 0)
    assert command("BID 7 aus") == Bid("AUSTRIA", 7)
    assert command("BID NONE") == BidNone()


def test_bid_errors() -> None:
    assert "BID Italy 5" in error("BID Italy")
    assert "whole number" in error("BID Italy five")
    assert "whole number" in error("BID Italy -3")
    assert "not a power" in error("BID Xanadu 3")


def test_order_block_markers() -> None:
    assert command("ORDERS") == Orders()
    assert command("ENDORDERS") == EndOrders()
    assert "takes nothing" in error("ORDERS A PAR-BUR")


def test_wait_password_address() -> None:
    assert command("SET WAIT") == SetWait(True)
    assert command("SET NOWAIT") == SetWait(False)
    assert command("SET PASSWORD n3w.") == SetPassword("n3w.")
    assert command("SET ADDRESS ann@example.org") == SetAddress("ann@example.org")
    assert command("SET ADDRESS <ann@example.org>") == SetAddress("ann@example.org")
    assert command("SET ADDRESS mailto:ann@localhost.") == SetAddress("ann@localhost")


@pytest.mark.parametrize(
    "bad", ["ann", "ann@", "@example.org", "ann@@example.org", "a b@example.org", "ann@-x.org"]
)
def test_bad_addresses_are_refused(bad: str) -> None:
    assert "not an e-mail address" in error(f"SET ADDRESS {bad}")


def test_set_password_needs_one_word() -> None:
    assert "SET PASSWORD new" in error("SET PASSWORD")
    assert "one word" in error("SET PASSWORD two words")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("DRAW", Draw()),
        ("SET DRAW", Draw()),
        ("NODRAW", NoDraw()),
        ("SET NO DRAW", NoDraw()),
        ("CONCEDE", Concede()),
        ("STALEMATE", Stalemate()),
        ("RESIGN", Resign()),
        ("START", Start()),
        ("PROCESS", Process()),
        ("PAUSE", Pause()),
        ("RESUME", Resume()),
        ("TERMINATE", Terminate()),
        ("SIGNOFF", Signoff()),
        ("SIGNOFF and thanks for all the fish", Signoff()),
    ],
)
def test_commands_without_arguments(line: str, expected: Command) -> None:
    assert command(line) == expected


def test_arguments_after_a_bare_command_are_refused_not_guessed() -> None:
    assert error("DRAW F G") == "DRAW takes nothing after it, but found 'F G'"


# --- GM commands ------------------------------------------------------------------------


def test_set_deadline_absolute_and_relative() -> None:
    assert command("SET DEADLINE 2026-12-01T18:00Z") == SetDeadline(
        datetime(2026, 12, 1, 18, tzinfo=UTC)
    )
    assert command("SET DEADLINE 2026-12-01 18:00") == SetDeadline(
        datetime(2026, 12, 1, 18, tzinfo=UTC)
    )
    assert command("SET DEADLINE +36h") == SetDeadline(timedelta(hours=36))
    assert command("SET DEADLINE +1d12h") == SetDeadline(timedelta(hours=36))


def test_set_deadline_errors_name_the_command() -> None:
    assert error("SET DEADLINE soon").startswith("SET DEADLINE: ")
    assert "no time of day" in error("SET DEADLINE 2026-12-01")


def test_set_grace() -> None:
    assert command("SET GRACE 24h") == SetGrace(timedelta(hours=24))
    assert command("SET GRACE 0") == SetGrace(timedelta(0))


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("SET MOVE NEXT 3d", SetNext("MOVE", timedelta(days=3))),
        ("SET MOVENEXT 3d", SetNext("MOVE", timedelta(days=3))),
        ("SET MOVES NEXT +3d", SetNext("MOVE", timedelta(days=3))),
        ("SET MOVE 71h", SetNext("MOVE", timedelta(hours=71))),
        ("SET RETREAT NEXT 1d", SetNext("RETREAT", timedelta(days=1))),
        ("SET ADJUST NEXT 1d", SetNext("ADJUST", timedelta(days=1))),
        ("SET BUILDS NEXT 1d", SetNext("ADJUST", timedelta(days=1))),
        ("SET BID NEXT 2d", SetNext("BID", timedelta(days=2))),
    ],
)
def test_set_phase_lengths(line: str, expected: SetNext) -> None:
    assert command(line) == expected


def test_a_phase_cannot_last_zero() -> None:
    assert "more than zero" in error("SET MOVE NEXT 0")


def test_set_players() -> None:
    assert command("SET PLAYERS 4") == SetPlayers(4)
    assert "from 2 to 7, not 1" in error("SET PLAYERS 1")
    assert "whole number" in error("SET PLAYERS four")


def test_set_rule_zine_maps() -> None:
    assert command("SET RULE Anarchy_Builds none") == SetRule("anarchy_builds", "none")
    assert command("SET RULE rulebook 1971 edition") == SetRule("rulebook", "1971 edition")
    assert "name value" in error("SET RULE lonely")
    assert command("SET ZINE zine@example.org") == SetZine("zine@example.org")
    assert command("SET ZINE NONE") == SetZine(None)
    assert command("SET MAPS OFF") == SetMaps(False)
    assert command("SET MAPS on") == SetMaps(True)
    assert "ON or OFF" in error("SET MAPS maybe")


def test_eject() -> None:
    assert command("EJECT France") == Eject("FRANCE")
    assert command("EJECT r") == Eject("RUSSIA")
    assert "EJECT France" in error("EJECT")


def test_unknown_set_words_are_errors_listing_the_choices() -> None:
    message = error("SET COLOUR blue")
    assert message.startswith("unknown SET command 'COLOUR'")
    assert "DEADLINE" in message
    assert "needs something" in error("SET")


# --- press ------------------------------------------------------------------------------


def test_press_to_powers_with_its_body() -> None:
    [parsed] = parse_commands(["PRESS TO F G", "Hello,", "", "> you said", "ENDPRESS"])
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
    [parsed] = parse_commands([head, "hi", "END PRESS"])
    assert parsed.command == Press(to, ("hi",))


def test_press_body_may_look_like_commands() -> None:
    [parsed] = parse_commands(["PRESS TO F", "SIGNON Fg1 pw", "A PAR-BUR", "ENDPRESS"])
    assert parsed.command == Press(("FRANCE",), ("SIGNON Fg1 pw", "A PAR-BUR"))


def test_press_body_is_trimmed_of_blank_edges() -> None:
    [parsed] = parse_commands(["PRESS", "", "hi", "  ", "ENDPRESS"])
    assert parsed.command == Press(None, ("hi",))


def test_broadcast() -> None:
    [parsed] = parse_commands(["BROADCAST", "Peace!", "ENDPRESS"])
    assert parsed.command == Broadcast(("Peace!",))


def test_broadcast_takes_no_recipients() -> None:
    [parsed] = parse_commands(["BROADCAST TO F", "x", "ENDPRESS"])
    assert parsed.error and "nothing was sent" in parsed.error


def test_unterminated_press_is_not_sent_and_swallows_the_rest() -> None:
    parsed = parse_commands(["SIGNON Fg1 pw", "PRESS TO G", "let's ally", "A PAR-BUR"])
    assert len(parsed) == 2
    assert parsed[1].error == "PRESS has no ENDPRESS after it; nothing was sent"
    assert parsed[1].lines == ("PRESS TO G", "let's ally", "A PAR-BUR")


def test_signoff_ends_a_press_which_is_sent() -> None:
    parsed = parse_commands(["PRESS TO G", "bye", "SIGNOFF"])
    assert parsed[0].command == Press(("GERMANY",), ("bye",))
    assert parsed[1].command == Signoff()


def test_press_with_bad_recipients_is_not_sent_but_its_body_is_not_read() -> None:
    parsed = parse_commands(["PRESS TO X", "A PAR-BUR", "ENDPRESS", "LIST"])
    assert len(parsed) == 2
    assert parsed[0].error and "'X' is not a power" in parsed[0].error
    assert parsed[1].command == ListGames(None)


def test_empty_press_is_an_error() -> None:
    [parsed] = parse_commands(["PRESS", "", "ENDPRESS"])
    assert parsed.error == "PRESS has no text; nothing was sent"


def test_endpress_with_text_after_it_is_body_text() -> None:
    [parsed] = parse_commands(["PRESS", "ENDPRESS soon", "ENDPRESS"])
    assert parsed.command == Press(None, ("ENDPRESS soon",))


def test_a_stray_endpress_is_an_error() -> None:
    assert error("END PRESS") == "ENDPRESS without a PRESS or BROADCAST line before it"


# --- the whole mail ---------------------------------------------------------------------


def test_a_whole_mail_in_order_with_line_indexes() -> None:
    lines = ["SIGNON Fg1 pw", "", "A PAR-BUR", "PRESS", "hi", "ENDPRESS", "SET WAIT"]
    parsed = parse_commands(lines)
    assert [p.start for p in parsed] == [0, 2, 3, 6]
    assert [type(p.command).__name__ for p in parsed] == ["Signon", "OrderLine", "Press", "SetWait"]


def test_blank_lines_are_skipped() -> None:
    assert parse_commands(["", "   ", "\t"]) == []


# --- spellings the docs promise ------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "variant"),
    [("CREATE g1 pw id", "intimate"), ("CREATE g1 pw Intimate2000", "intimate-2000"),
     ("CREATE g1 pw wright", "propaganda")],
)  # fmt: skip
def test_variant_aliases(line: str, variant: str) -> None:
    created = command(line)
    assert isinstance(created, Create) and created.variant == variant


def test_short_preference_keyword_and_yes_no_maps() -> None:
    assert command("PREF R") == Preferences(("RUSSIA",))
    assert command("SET MAPS yes") == SetMaps(True)


def test_press_keeps_indentation() -> None:
    [parsed] = parse_commands(["PRESS", "    indented verse", "ENDPRESS"])
    assert parsed.command == Press(None, ("    indented verse",))


def test_signon_without_join_mark_reads_the_first_character_as_the_letter() -> None:
    assert command("SIGNON g1 pw") == Signon("G", "1", "pw")
