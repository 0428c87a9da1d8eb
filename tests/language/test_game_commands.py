"""parse_commands: the commands of a signed-on player and of the GM."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest
from support.language.parsing import command, error

from judge.language.absence_dates import DayTime
from judge.language.command_types import (
    Approve,
    Bid,
    BidNone,
    Command,
    Concede,
    Draw,
    Eject,
    EndOrders,
    NoDraw,
    Orders,
    Pause,
    Preferences,
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
    Stalemate,
    Start,
    Terminate,
)

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
    assert error("NODRAW F G") == "NODRAW takes nothing after it, but found 'F G'"
    assert error("STALEMATE F G") == "STALEMATE takes nothing after it, but found 'F G'"


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
    assert "SET DEADLINE" in error("SET DEADLINE 12/24")  # day/month or month/day?


def test_set_deadline_reads_the_days_set_absence_reads() -> None:
    # A day without a time of day keeps the current deadline's (the service's part).
    assert command("SET DEADLINE 2026-12-01") == SetDeadline(DayTime(12, 1, 2026))
    assert command("SET DEADLINE tomorrow") == SetDeadline(DayTime(0, 0, None, None, 1))
    assert command("SET DEADLINE Sat Dec 5 2026 23:30") == SetDeadline(
        DayTime(12, 5, 2026, time(23, 30))
    )


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


def test_approve_reads_a_power_and_an_address() -> None:
    assert command("APPROVE France ann@example.org") == Approve("FRANCE", "ann@example.org")
    assert command("APPROVE f <ann@example.org>") == Approve("FRANCE", "ann@example.org")
    assert "APPROVE France ann@example.org" in error("APPROVE France")
    assert "not an e-mail address" in error("APPROVE France nobody")


def test_unknown_set_words_are_errors_listing_the_choices() -> None:
    message = error("SET COLOUR blue")
    assert message.startswith("unknown SET command 'COLOUR'")
    assert "DEADLINE" in message
    assert "needs something" in error("SET")


def test_short_preference_keyword_and_yes_no_maps() -> None:
    assert command("PREF R") == Preferences(("RUSSIA",))
    assert command("SET MAPS yes") == SetMaps(True)
