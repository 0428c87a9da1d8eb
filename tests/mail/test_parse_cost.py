"""The stdlib's parser is given no more lines than the reading needs (issue 31): the
header parser the header block, the body parser runs of at most 20 empty lines. The
mail reads the same: the same header facts, the same command lines."""

from __future__ import annotations

from email.message import EmailMessage

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.mail.header_reading import read_header_facts
from judge.mail.parse_cost import KEEP_BLANK, fewer_blank_lines, header_block
from judge.mail.read import read_message

JUDGE = "judge@example.org"


def _mail(body: str, *, crlf: bool = False) -> bytes:
    message = EmailMessage()
    message["From"] = "ann@example.org"
    message["To"] = JUDGE
    message["Subject"] = "blank lines"
    message["Message-ID"] = "<blank@example.org>"
    message.set_content(body)
    raw = bytes(message)
    return raw.replace(b"\n", b"\r\n") if crlf else raw


def test_a_million_empty_lines_reach_the_parser_as_twenty() -> None:
    raw = _mail("\n" * 1_000_000 + "LIST\n")
    cut = fewer_blank_lines(raw)
    assert cut.count(b"\n") < raw.index(b"\n\n") + 100 and len(cut) < 1000
    mail = read_message(raw, JUDGE)
    assert mail.lines == ("LIST",) and not mail.failure and not mail.problems


def test_the_header_parser_reads_the_header_block_only_and_the_same_facts() -> None:
    for crlf in (False, True):
        long = _mail("\n" * 100_000 + "LIST\n", crlf=crlf)
        short = _mail("LIST\n", crlf=crlf)
        assert header_block(long) == header_block(short)
        assert read_header_facts(long) == read_header_facts(short)
    no_body = b"From: ann@example.org\r\nSubject: no empty line"
    assert header_block(no_body) == no_body


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3 * KEEP_BLANK), st.sampled_from(
    ["LIST", "HELP", "PRESS TO ALL", "hello there", "ENDPRESS", "  indented", "\t"]
)), max_size=12), st.booleans())  # fmt: skip
def test_runs_of_empty_lines_are_cut_to_twenty_and_nothing_else_changes(
    parts: list[tuple[int, str]], crlf: bool
) -> None:
    body = "".join("\n" * blanks + text + "\n" for blanks, text in parts)
    raw = _mail(body, crlf=crlf)
    cut = fewer_blank_lines(raw)
    ending = b"\r\n" if crlf else b"\n"
    assert ending * (KEEP_BLANK + 2) not in cut
    assert [line for line in cut.split(ending) if line.strip()] == [
        line for line in raw.split(ending) if line.strip()
    ]
    shorter = _mail("".join("\n" * min(blanks, KEEP_BLANK) + text + "\n"
                            for blanks, text in parts), crlf=crlf)  # fmt: skip
    assert read_message(raw, JUDGE).lines == read_message(shorter, JUDGE).lines
