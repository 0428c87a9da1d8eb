"""The 78-column rule of every mail the judge writes, in one place.

A text/plain body with a line longer than 78 bytes is sent quoted-printable by the
stdlib (`=20` and soft breaks `=` in some readers); njudge's mail never was. So
every body is passed through `fit_body` on its way out (`judge.mail.compose`): a
line too long is broken at spaces, its continuation lines indented by two more
spaces than the line (so a wrapped line still reads as one item of a list or a
table). Templates may wrap a value more nicely first (`{{ text|fit(hang="    ") }}`
for an order line); what they leave too long, the body rule catches.

Two kinds of line are left whole: a quoted line (`>`), which echoes what a player
wrote, and a word longer than a line (an address, a URL), which cannot be broken
without breaking it.
"""

from __future__ import annotations

import re
import textwrap

MAIL_WIDTH = 78  # beyond this, set_content sends the body quoted-printable
BODY_HANG = "  "  # what a continuation line adds to its line's indent
QUOTE = ">"


def fit(text: str, width: int = MAIL_WIDTH, hang: str = "") -> str:
    """`{{ text|fit }}`: each line longer than `width` broken at spaces, its
    continuation lines indented like the line itself, plus `hang`. Shorter lines,
    and words longer than a line (an address, a URL), are left whole. Lengths are
    counted in UTF-8 bytes, as the mail's 7bit/8bit limit counts them (`é` is
    two): a French line of 78 letters may be too long."""
    lines: list[str] = []
    for line in text.split("\n"):
        lines.extend(_fit_line(line, width, hang))
    return "\n".join(lines)


def fit_body(body: str, width: int = MAIL_WIDTH) -> str:
    """A whole mail body within `width`: every line but the quoted ones fitted, with
    continuation lines hanging by `BODY_HANG`. Fitting a fitted body changes nothing.
    Lines end where the mail's lines will (`\r\n`, `\r` or `\n`), never inside one."""
    lines: list[str] = []
    for line in body.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line.startswith(QUOTE):
            lines.append(line)
        else:
            lines.extend(_fit_line(line, width, BODY_HANG))
    return "\n".join(lines)


def line_bytes(text: str) -> int:
    """The length of a line as the mail's line limit counts it: UTF-8 bytes."""
    return len(text.encode("utf-8"))


def _fit_line(line: str, width: int, hang: str) -> list[str]:
    if line_bytes(line) <= width:
        return [line]
    indent = line[: len(line) - len(line.lstrip(" "))] + hang
    if line.isascii():
        return textwrap.wrap(
            line, width, subsequent_indent=indent, break_long_words=False,
            break_on_hyphens=False,
        )  # fmt: skip
    return _wrap_bytes(line, width, indent)


def _wrap_bytes(line: str, width: int, indent: str) -> list[str]:
    """Greedy wrapping at spaces, by UTF-8 length. The first line keeps its indent,
    and the spaces between two words on one line are kept as they were (a padded
    column, `Autriche :    Budapest`, stays aligned)."""
    wrapped: list[str] = []
    current = ""
    for gap, word in _WORDS.findall(line):
        if current.strip() == "":
            current += gap + word
        elif line_bytes(current + gap + word) <= width:
            current += gap + word
        else:
            wrapped.append(current)
            current = indent + word
    wrapped.append(current)
    return wrapped


_WORDS = re.compile(r"(\s*)(\S+)")
