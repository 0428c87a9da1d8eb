"""Reading njudge's master commands and `SIGNON ?` without a game name."""

from __future__ import annotations

from support.language.parsing import command, error

from judge.language.command_types import (
    Become,
    Create,
    JoinNext,
    Promote,
    Resign,
    SetNmr,
    SetQuiet,
    Signon,
)


def test_become_promote_and_the_masters_resign() -> None:
    assert command("BECOME F") == Become("FRANCE")
    assert command("become turkey.") == Become("TURKEY")
    assert command("PROMOTE <ann@example.org>") == Promote("ann@example.org")
    assert command("RESIGN") == Resign()
    assert command("RESIGN Italy") == Resign(power="ITALY")
    assert command("WITHDRAW ann@example.org") == Resign(address="ann@example.org")
    assert error("BECOME").startswith("BECOME needs one power")
    assert error("PROMOTE France").startswith("'France' is not an e-mail address")
    assert error("RESIGN now").startswith("RESIGN takes nothing (you leave the game)")
    assert error("RESIGN F G").startswith("RESIGN takes nothing")


def test_nmr_cd_quiet_and_noquiet() -> None:
    assert command("SET NMR") == SetNmr(True)
    assert command("SET CD") == command("SET NO NMR") == SetNmr(False)
    assert command("SET QUIET") == SetQuiet(True)
    assert command("SET NOQUIET") == command("SET NO QUIET") == SetQuiet(False)
    assert error("SET CD now").startswith("SET CD takes nothing")
    created = command("CREATE g1 pw standard NMR, QUIET")
    assert isinstance(created, Create)
    assert created.settings == (SetNmr(True), SetQuiet(True))


def test_signon_question_mark_alone_joins_the_next_game() -> None:
    assert command("SIGNON ? secret") == JoinNext("secret")
    assert command("SIGNON ? secret standard") == JoinNext("secret", "standard")
    assert command("SIGNON ? secret id") == JoinNext("secret", "intimate")
    assert command("SIGNON ? g1 secret") == Signon("?", "g1", "secret")  # letter apart
    assert command("SIGNON ?g1 secret") == Signon("?", "g1", "secret")
