"""What the intake answers to the address of each `MAIL FROM:` and `RCPT TO:`.

The intake runs aiosmtpd's own SMTP protocol: aiosmtpd reads each address (553 for a
malformed one, 501 for bad syntax, 555 for an unknown parameter) before it calls
the intake's public hooks, `handle_MAIL` (the hourly limit) and `handle_RCPT` (only
the judge's address and its return paths). The replies below are those the intake
gave when it had its own reader of plain addresses (checked against it, reply for
reply): a change of aiosmtpd that reads addresses otherwise shows here.
"""

from __future__ import annotations

import pytest
from support.server.intake.helpers import StartListener

from judge.server.intake import IntakeHandler

OK = (250, "OK")
MALFORMED = (553, "5.1.3 Error: malformed address")
MAIL_SYNTAX = (501, "Syntax: MAIL FROM: <address> [SP <mail-parameters>]")
RCPT_SYNTAX = (501, "Syntax: RCPT TO: <address> [SP <mail-parameters>]")
RCPT_PARAMETERS = (555, "RCPT TO parameters not recognized or not implemented")

MAIL_FROM = {
    "<ann@example.org>": OK,
    "<Ann@Example.ORG>": OK,
    "<ann@example.org> SIZE=12": OK,
    "<ann@example.org>  SIZE=12": OK,
    "<ann@example.org> BODY=8BITMIME": OK,
    "<ann@example.org> SMTPUTF8": OK,
    " <ann@example.org>": OK,
    "<>": OK,  # the null sender of bounces
    '<"ann smith"@example.org>': OK,  # not a plain address: still aiosmtpd's to read
    "<ann@[192.0.2.1]>": OK,
    "<@relay.example:ann@example.org>": OK,
    "<(c)ann@example.org>": OK,
    "<änn@exämple.org>": OK,
    "<" + "a" * 300 + "@example.org>": OK,  # no local part limit
    "ann@example.org": OK,
    "<ann@>": MALFORMED,
    "<ann@example.org.>": MALFORMED,
    "<ann@example..org>": MALFORMED,
    "<ann@exa mple.org>": MAIL_SYNTAX,
    "<ann@example.org> SIZE=x": MAIL_SYNTAX,
    "": MAIL_SYNTAX,
    "<ann@example.org> FOO": (555, "MAIL FROM parameters not recognized or not implemented"),
}

RCPT_TO = {
    "<judge@example.org>": OK,
    "<JUDGE@Example.org>": OK,
    "judge@example.org": OK,
    '<"judge"@example.org>': OK,
    "<judge@>": MALFORMED,
    "": RCPT_SYNTAX,
    "<judge@example.org> NOTIFY=NEVER": RCPT_PARAMETERS,
    "<other@example.org>": (550, "5.1.1 <other@example.org>: no such user here"),
    "<>": (550, "5.1.1 <<>>: no such user here"),
}


def _replies(
    start_listener: StartListener, verb: str, args: dict[str, tuple[int, str]]
) -> dict[str, tuple[int, str]]:
    """The intake's reply to `verb:arg` for each arg, each on a new connection."""
    listener = start_listener()
    replies = {}
    for arg in args:
        with listener.client() as client:
            client.command_encoding = "utf-8"  # SMTPUTF8 addresses, as aiosmtpd takes them
            client.ehlo()
            if verb == "RCPT TO":
                assert client.docmd("MAIL FROM:<ann@example.org>")[0] == 250
            code, text = client.docmd(f"{verb}:{arg}")
            replies[arg] = (code, text.decode())
    return replies


def test_each_sender_address_gets_its_reply(start_listener: StartListener) -> None:
    assert _replies(start_listener, "MAIL FROM", MAIL_FROM) == MAIL_FROM


def test_each_recipient_address_gets_its_reply(start_listener: StartListener) -> None:
    assert _replies(start_listener, "RCPT TO", RCPT_TO) == RCPT_TO


@pytest.mark.parametrize("verb", ["MAIL FROM", "RCPT TO"])
def test_a_line_break_inside_an_address_ends_the_command(
    start_listener: StartListener, verb: str
) -> None:
    """A line feed in the address: the command ends there (aiosmtpd reads lines up to
    LF), and what follows is a command of its own (500), never part of an address."""
    listener = start_listener()
    with listener.client() as client:
        client.ehlo()
        if verb == "RCPT TO":
            client.docmd("MAIL FROM:<ann@example.org>")
        client.send(f"{verb}:<judge@example.org\n>\r\n".encode())
        first = client.getreply()
        second = client.getreply()
    assert first == (250, b"OK")  # `<judge@example.org`, as "<judge@example.org" above
    assert second == (500, b'Error: command ">" not recognized')


def test_the_intake_handler_has_the_three_hooks() -> None:
    hooks = {name for name in vars(IntakeHandler) if name.startswith(("handle_", "auth_"))}
    assert hooks == {"handle_MAIL", "handle_RCPT", "handle_DATA"}
