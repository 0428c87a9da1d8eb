"""One threaded reply per mail, to the sender (and the registered address), or none."""

from __future__ import annotations

from email.message import EmailMessage

import pytest
from support.service.harness import JudgeHarness, body_of, build_mail, game_tables


def test_the_reply_is_threaded_on_the_mail_it_answers(judge: JudgeHarness) -> None:
    mail = build_mail("ann@example.org", "HELP", subject="Help please")
    mail["References"] = "<earlier@example.org>"
    [reply] = judge.send_raw(bytes(mail), "ann@example.org")
    assert reply["To"] == "ann@example.org"
    assert reply["From"] == "Diplomacy Judge <judge@example.org>"  # [judge] name
    assert reply["Subject"] == "Re: Help please"
    assert reply["In-Reply-To"] == mail["Message-ID"]
    assert reply["References"].split() == ["<earlier@example.org>", mail["Message-ID"]]
    assert reply["Auto-Submitted"] == "auto-replied"


def test_every_line_is_echoed_with_its_outcome_and_errors_are_counted(
    judge: JudgeHarness,
) -> None:
    reply = judge.reply("ann@example.org", "LIST\nLIST nosuchgame\nSIGNON ?nosuchgame pw")
    text = body_of(reply)
    assert reply["Subject"] == "Re: [Error] orders"
    assert text.startswith("> LIST\nThere are no games on judge TEST yet.\n\n> LIST nosuchgame\n")
    assert "*** Error: There is no game called 'nosuchgame' on this judge" in text
    assert text.endswith("2 errors found in your mail.\n")


def test_a_mail_without_commands_still_gets_a_reply(judge: JudgeHarness) -> None:
    reply = judge.reply("ann@example.org", "\n> quoted text\n\n-- \nAnn\n")
    assert "Your mail held no commands." in body_of(reply)


def test_an_html_only_mail_is_read(judge: JudgeHarness) -> None:
    mail = EmailMessage()
    mail["From"] = "ann@example.org"
    mail["To"] = "judge@example.org"
    mail["Subject"] = "html"
    mail["Message-ID"] = "<html@example.org>"
    mail.set_content("<html><body><p>LIST</p></body></html>", subtype="html")
    [reply] = judge.send_raw(bytes(mail), "ann@example.org")
    assert "> LIST\nThere are no games" in body_of(reply)


@pytest.mark.parametrize(
    ("sender", "headers"),
    [
        ("ann@example.org", {"Auto-Submitted": "auto-replied"}),
        ("ann@example.org", {"Precedence": "bulk"}),
        ("ann@example.org", {"X-Autoreply": "yes"}),
        ("MAILER-DAEMON@example.org", {}),
        ("judge@example.org", {}),
    ],
)
def test_bounces_auto_replies_and_the_judges_own_mail_get_no_reply(
    judge: JudgeHarness, sender: str, headers: dict[str, str]
) -> None:
    judge.reply("gm@example.org", "CREATE g1 secret standard")
    before = game_tables(judge.sessions)
    assert judge.send(sender, "SIGNON ?g1 pw\nLIST", headers=headers) == []
    assert game_tables(judge.sessions) == before


def test_a_copy_goes_to_the_registered_address_when_the_sender_differs(
    judge: JudgeHarness,
) -> None:
    judge.start_game()
    france = judge.players["France"]
    mails = judge.send("elsewhere@example.org", f"SIGNON Fg1 {france.password}\nA PAR-BUR")
    assert sorted(m["To"] for m in mails) == ["elsewhere@example.org", france.address]
    assert all(m["Subject"] == "Re: orders" for m in mails)
    reply, copy = (body_of(m) for m in sorted(mails, key=lambda m: m["To"] == france.address))
    # The copy shows the lines done in France's name, their outcomes, and who did
    # them, but not the password (tests/service/replies/test_become_copies.py).
    assert "Someone signed on to your seat in 'g1' from elsewhere@example.org" in copy
    assert "> A PAR-BUR\nOK: Army Paris -> Burgundy." in copy
    assert "Your orders in 'g1'" in copy and "No errors in the lines done in your name." in copy
    assert "> SIGNON Fg1 ********" in copy and france.password not in copy
    assert f"> SIGNON Fg1 {france.password}" in reply  # the sender's own reply: as written


def test_no_copy_is_sent_for_a_wrong_password(judge: JudgeHarness) -> None:
    judge.start_game()
    mails = judge.send("elsewhere@example.org", "SIGNON Fg1 guess\nA PAR-BUR")
    assert [m["To"] for m in mails] == ["elsewhere@example.org"]
    text = body_of(mails[0])
    assert "*** Error: Wrong password for 'g1'." in text
    assert "*** Error: Not a command; orders need a SIGNON as a player first." in text


def test_a_bad_password_changes_nothing(judge: JudgeHarness) -> None:
    judge.start_game()
    before = game_tables(judge.sessions)
    reply = judge.reply("p2@example.org", "SIGNON Fg1 wrong\nSET WAIT\nA PAR-BUR")
    assert reply["Subject"] == "Re: [Error] orders"
    assert "3 errors found in your mail." in body_of(reply)
    assert game_tables(judge.sessions) == before


def test_an_unknown_game_is_named_in_the_error(judge: JudgeHarness) -> None:
    reply = judge.reply("ann@example.org", "SIGNON Fzz pw")
    assert "*** Error: There is no game called 'zz' on this judge" in body_of(reply)


@pytest.mark.parametrize(
    "line", ["SET WAIT", "PREFERENCES FGEAIRT", "START", "PROCESS", "RESIGN", "DRAW"]
)
def test_commands_that_need_a_signon_say_so(judge: JudgeHarness, line: str) -> None:
    judge.start_game()
    before = game_tables(judge.sessions)
    reply = judge.reply("p2@example.org", line)
    assert "*** Error: Sign on first" in body_of(reply)
    assert game_tables(judge.sessions) == before


def test_reading_stops_at_signoff(judge: JudgeHarness) -> None:
    reply = judge.reply("ann@example.org", "LIST\nSIGNOFF\nCREATE g1 pw standard")
    assert "CREATE" not in body_of(reply)
    assert judge.status_of_games() == []


def test_a_new_password_and_address_take_effect(judge: JudgeHarness) -> None:
    judge.start_game()
    france = judge.players["France"]
    judge.orders("France", "SET PASSWORD fresh", "SET ADDRESS new@example.org")
    mails = judge.send("new@example.org", "SIGNON Fg1 fresh\nA PAR H")
    assert [m["To"] for m in mails] == ["new@example.org"]
    assert "No errors found" in body_of(mails[0])
    old = judge.reply(france.address, f"SIGNON Fg1 {france.password}")
    assert "Wrong password" in body_of(old)


def test_a_press_block_is_echoed_as_one_entry(judge: JudgeHarness) -> None:
    judge.start_game()
    reply = judge.orders("France", "PRESS TO G", "hello", "ENDPRESS")
    assert "> PRESS TO G\n> hello\n> ENDPRESS\nSent to Germany (1 mail).\n" in body_of(reply)
