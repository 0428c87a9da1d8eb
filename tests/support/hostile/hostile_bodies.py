"""Hostile mail bodies, as raw bytes of a size the caller chooses: shared by
`bench/hostile.py` (at the size of the attacks, under the 1 MiB intake limit) and
`tests/hostile/test_body_cost.py` (at n and 4n, to show the work linear).

Each once cost the judge seconds to minutes (issue 20): a word of a million letters
joined by quoted-printable soft breaks, `format=flowed; delsp=yes` or base64 (the
"did you mean" hint compared it with every command), HTML that CPython's
`html.parser` reads in quadratic time, an unclosed `<!--`, base64 of NUL bytes,
charsets decoded in pure Python, a megabyte of `wrote:` / `>` pairs (the quoted-text
detection copied the rest of the mail at every line).
"""

from __future__ import annotations

import base64
from collections.abc import Callable

Body = Callable[[int, str], bytes]  # (size in units, Message-ID) -> the raw mail


def _mail(message_id: str, body: bytes, content_type: str = "text/plain; charset=utf-8",
          encoding: str = "7bit") -> bytes:  # fmt: skip
    head = (
        "From: mallory@example.org\r\nTo: judge@example.org\r\nSubject: body\r\n"
        f"Message-ID: {message_id}\r\nMIME-Version: 1.0\r\nContent-Type: {content_type}\r\n"
        f"Content-Transfer-Encoding: {encoding}\r\n\r\n"
    )
    return head.encode() + body


def _qp_word(n: int, message_id: str) -> bytes:
    """One word of n letters, cut by quoted-printable soft line breaks."""
    return _mail(message_id, b"=\r\n".join([b"a" * 70] * (n // 70)) + b"\r\n",
                 encoding="quoted-printable")  # fmt: skip


def _flowed_word(n: int, message_id: str) -> bytes:
    """One word of n letters in `format=flowed; delsp=yes` lines of 70."""
    body = b"".join([b"a" * 70 + b" \r\n"] * (n // 70)) + b"a\r\n"
    return _mail(message_id, body, "text/plain; charset=utf-8; format=flowed; delsp=yes")


def _base64_word(n: int, message_id: str) -> bytes:
    """One word of n letters, in base64."""
    return _mail(message_id, _b64(b"HLEP" + b"a" * n), encoding="base64")


def _long_words(n: int, message_id: str) -> bytes:
    """Words of 2,000 letters, n letters in all, one line each (quoted-printable)."""
    body = b"".join([b"SINGON" + b"x" * 2000 + b"\r\n"] * max(1, n // 2000))
    return _mail(message_id, _qp(body), encoding="quoted-printable")


def _nul_bytes(n: int, message_id: str) -> bytes:
    """n NUL bytes, in base64."""
    return _mail(message_id, _b64(b"\0" * n), encoding="base64")


def _html_open_tags(n: int, message_id: str) -> bytes:
    """HTML of n/3 unclosed `<a ` (quadratic in `html.parser`), quoted-printable."""
    return _mail(message_id, _qp(b"<a " * (n // 3)), "text/html; charset=utf-8",
                 "quoted-printable")  # fmt: skip


def _html_open_comment(n: int, message_id: str) -> bytes:
    """HTML whose comment never ends, quoted-printable."""
    body = _qp(b"<p>LIST</p><!--" + b"<p>x</p>" * (n // 8))
    return _mail(message_id, body, "text/html", "quoted-printable")


def _html_many_tags(n: int, message_id: str) -> bytes:
    """HTML of n/11 paragraphs `<p>LIST</p>`, in quoted-printable."""
    body = b"=\r\n".join([b"<p>LIST</p>" * 6] * max(1, n // 66))
    return _mail(message_id, body, "text/html; charset=utf-8", "quoted-printable")


def _charset(name: str) -> Body:
    def body(n: int, message_id: str) -> bytes:
        text = ("LIST " + "a" * 60 + "\r\n") * (n // 67)
        data = text.encode(name)
        return _mail(message_id, _b64(data), f"text/plain; charset={name}", "base64")

    body.__doc__ = f"n characters of commands in {name}, base64"
    return body


def _quoted(n: int, message_id: str) -> bytes:
    """n/16 pairs of `x wrote:` and `> y`: a reply quoting a reply quoting ..."""
    return _mail(message_id, b"LIST\r\n" + b"a wrote:\r\n> b\r\n" * (n // 16))


def _attribution_halves(n: int, message_id: str) -> bytes:
    """n/6 lines that each look like the first half of a broken attribution."""
    return _mail(message_id, b"on 1\r\n" * (n // 6) + b"x wrote:\r\n> y\r\n")


def _many_lines(n: int, message_id: str) -> bytes:
    """n/6 lines of misspelt commands (`HLEP`), each hinted."""
    return _mail(message_id, b"HLEP\r\n" * (n // 6))


def _long_line(n: int, message_id: str) -> bytes:
    """One flowed paragraph of n characters of words: one line of commands."""
    body = b"".join([b"A PAR - BUR A MAR - SPA \r\n"] * (n // 25)) + b"LIST\r\n"
    return _mail(message_id, body, "text/plain; charset=utf-8; format=flowed")


def _order_word(n: int, message_id: str) -> bytes:
    """An order whose province is a word of n letters (quoted-printable)."""
    return _mail(message_id, _qp(b"A PAR - " + b"BUR" * (n // 3) + b"\r\n"),
                 encoding="quoted-printable")  # fmt: skip


def _qp(data: bytes) -> bytes:
    """`data` (no "=" in it) in quoted-printable: each line cut by soft breaks."""
    assert b"=" not in data
    lines = data.split(b"\r\n")
    return b"\r\n".join(
        b"=\r\n".join(line[i : i + 75] for i in range(0, len(line), 75)) for line in lines
    )


def _b64(data: bytes) -> bytes:
    encoded = base64.b64encode(data)
    return b"\r\n".join(encoded[i : i + 76] for i in range(0, len(encoded), 76)) + b"\r\n"


# Each body shape, with the size (units) that makes a mail of about 1 MiB or less.
BODIES: dict[str, tuple[Body, int]] = {
    "a word of 1M letters, quoted-printable": (_qp_word, 1_000_000),
    "a word of 1M letters, flowed delsp=yes": (_flowed_word, 1_000_000),
    "a word of 750K letters, base64": (_base64_word, 750_000),
    "500 words of 2,000 letters": (_long_words, 1_000_000),
    "750 KB of NUL bytes, base64": (_nul_bytes, 750_000),
    "HTML: 330,000 unclosed <a": (_html_open_tags, 990_000),
    "HTML: an unclosed <!--": (_html_open_comment, 1_000_000),
    "HTML: 90,000 paragraphs, quoted-printable": (_html_many_tags, 980_000),
    "utf-16 body, base64": (_charset("utf-16"), 350_000),
    "utf-7 body, base64": (_charset("utf-7"), 700_000),
    "punycode body, base64": (_charset("punycode"), 700_000),
    "1 MB of wrote: / > pairs": (_quoted, 1_000_000),
    "1 MB of attribution halves": (_attribution_halves, 1_000_000),
    "170,000 lines of HLEP": (_many_lines, 1_000_000),
    "one flowed line of 1 MB": (_long_line, 1_000_000),
    "an order with a 1M-letter province": (_order_word, 1_000_000),
}
