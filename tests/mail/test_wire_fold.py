"""`WIRE` writes a header line exactly as compat32 folds it, but for one long word.

`judge.mail.wire._Wire.fold_binary` writes a plain value that fits on its line as it
stands instead of folding it with `email.header.Header`; that is only right if
compat32's own folding would write the same bytes. Compared here over generated
names and values: short and long, with runs of spaces, leading and trailing spaces,
tabs, control characters, `=?`, non-ASCII, and `Header` values. The one case where
the two differ on purpose: a plain value of one word too long for its line (a long
Message-ID) stays on its header's line, where compat32 moves it to a line of its own
that readers take with a leading space.
"""

from __future__ import annotations

import string
from email import message_from_bytes
from email.header import Header
from email.policy import Compat32, compat32, default

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.mail.wire import WIRE

NAMES = st.sampled_from(
    ["To", "From", "Subject", "Date", "Message-ID", "X-Loop", "In-Reply-To",
     "References", "MIME-Version", "Content-Type", "X-A-Rather-Long-Header-Name"]
)  # fmt: skip
PLAIN = st.text(alphabet=string.ascii_letters + string.digits + string.punctuation + "  ",
                max_size=90)  # fmt: skip
ODD = st.text(alphabet=st.sampled_from(list("ab =?\t\x01\x7fé€ <>@.,;\"")), max_size=90)
WORD = st.text(alphabet=string.ascii_letters + string.digits + "<>@.,;:()", min_size=1,
               max_size=12)  # fmt: skip
WORDS = st.lists(WORD, min_size=1, max_size=16).map(" ".join)  # around the line's length
VALUES = st.one_of(PLAIN, ODD, WORDS, st.builds(lambda a, b: a + "=?" + b, PLAIN, PLAIN))


def _reference(linesep: str) -> Compat32:
    return compat32.clone(linesep=linesep)


@settings(max_examples=1500)
@given(NAMES, VALUES, st.sampled_from(["\r\n", "\n"]))
def test_a_header_line_is_what_compat32_writes(name: str, value: str, linesep: str) -> None:
    ours = WIRE.clone(linesep=linesep).fold_binary(name, value)
    plain = value.isascii() and value.isprintable() and "=?" not in value
    if plain and value and " " not in value and len(name) + len(value) + 2 > 78:
        assert ours == f"{name}: {value}{linesep}".encode()  # one long word: its own line
    else:
        assert ours == _reference(linesep).fold_binary(name, value)


@given(NAMES, st.text(max_size=60))
def test_a_header_object_is_folded_by_compat32(name: str, value: str) -> None:
    header = Header(value, "utf-8", header_name=name)
    ours = WIRE.clone(linesep="\r\n").fold_binary(name, header)  # type: ignore[arg-type]
    assert ours == _reference("\r\n").fold_binary(name, header)  # type: ignore[arg-type]


def test_a_long_message_id_stays_on_its_header_line_and_reads_back_as_written() -> None:
    message_id = "<" + "0123456789." * 6 + "x@" + "example." * 4 + "org>"
    line = WIRE.clone(linesep="\r\n").fold_binary("Message-ID", message_id)
    assert line == f"Message-ID: {message_id}\r\n".encode()
    read = message_from_bytes(line + b"\r\nbody\r\n", policy=default)
    assert read["Message-ID"] == message_id


def test_a_plain_line_that_fits_is_written_as_it_stands() -> None:
    line = WIRE.clone(linesep="\r\n").fold_binary("Subject", "Re: orders  for  g1 ")
    assert line == b"Subject: Re: orders  for  g1 \r\n"
