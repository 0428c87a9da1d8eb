"""format=flowed (RFC 3676) mail is joined again before the judge reads it."""

from __future__ import annotations

import base64

from judge.mail.flowed import unflow
from judge.mail.read import read_message

JUDGE = "judge@example.org"


def test_a_flowed_line_joins_the_next() -> None:
    assert unflow("A MAR S A PAR - \nBUR\nA MUN H\n") == "A MAR S A PAR - BUR\nA MUN H\n"


def test_delsp_deletes_the_space_that_marks_the_break() -> None:
    assert unflow("PREFERENCES FGE \nAIRT\n", delsp=True) == "PREFERENCES FGEAIRT\n"
    assert unflow("PREFERENCES FGE \nAIRT\n", delsp=False) == "PREFERENCES FGE AIRT\n"


def test_space_stuffing_is_removed_and_the_signature_stays_fixed() -> None:
    assert unflow(" From me\n >not a quote\n-- \nAnn\n") == "From me\n>not a quote\n-- \nAnn\n"


def test_quoted_lines_join_only_at_the_same_depth() -> None:
    text = "> On Monday \n> you wrote\n>> deeper \nLIST\n"
    # the flowed `>> deeper ` meets a line of another depth: it ends there
    assert unflow(text) == "> On Monday you wrote\n>> deeper \nLIST\n"


def test_a_last_flowed_line_ends_the_text() -> None:
    assert unflow("LIST ") == "LIST \n"
    assert unflow("") == ""


THUNDERBIRD = (
    b"From: Ann <ann@example.net>\r\nTo: judge@example.org\r\nSubject: orders\r\n"
    b"Message-ID: <tb1@example.net>\r\nUser-Agent: Mozilla Thunderbird\r\n"
    b"Content-Type: text/plain; charset=UTF-8; format=flowed\r\n"
    b"Content-Transfer-Encoding: 7bit\r\n\r\n"
    b"SIGNON Fg1 secret\r\nPRESS TO G\r\nDear Kaiser, this is a long line that Thunderbird \r\n"
    b"cut in two.\r\nENDPRESS\r\nA MAR S A PAR - \r\nBUR\r\n-- \r\nAnn\r\n"
)


def test_thunderbird_mail_is_read_whole() -> None:
    assert read_message(THUNDERBIRD, JUDGE).lines == (
        "SIGNON Fg1 secret",
        "PRESS TO G",
        "Dear Kaiser, this is a long line that Thunderbird cut in two.",
        "ENDPRESS",
        "A MAR S A PAR - BUR",
    )


def test_a_flowed_base64_mail_is_unwrapped_on_the_full_path() -> None:
    body = base64.b64encode(b"SIGNON Fg1 pw\r\nA MAR S A PAR \r\n- BUR\r\n")
    raw = (
        b"From: a@example.net\r\nContent-Type: text/plain; format=flowed; delsp=no\r\n"
        b"Content-Transfer-Encoding: base64\r\n\r\n" + body + b"\r\n"
    )
    assert read_message(raw, JUDGE).lines == ("SIGNON Fg1 pw", "A MAR S A PAR - BUR")


def test_fixed_text_keeps_its_trailing_spaces_as_line_ends() -> None:
    raw = b"From: a@example.net\r\nContent-Type: text/plain\r\n\r\nLIST \r\nHELP\r\n"
    assert read_message(raw, JUDGE).lines == ("LIST", "HELP")
