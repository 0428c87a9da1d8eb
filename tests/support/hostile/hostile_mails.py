"""The worst mails found so far, as raw bytes: shared by `bench/hostile.py` and
`tests/hostile/`.

Each is under the default 1 MiB size limit, so it passes the SMTP intake, and each
once cost the stdlib parsers gigabytes, minutes, or an answer never given.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

SENDER = "mallory@example.org"
JUDGE = "judge@example.org"


def head(subject: str = "hello", message_id: str = "<h1@example.org>", sender: str = SENDER,
         extra: str = "") -> str:  # fmt: skip
    """A plain header block without its blank line; `extra` lines (CRLF-ended) go last."""
    return (
        f"From: {sender}\r\nTo: {JUDGE}\r\nSubject: {subject}\r\n"
        f"Message-ID: {message_id}\r\nMIME-Version: 1.0\r\n{extra}"
    )


def _folded(words: list[str], per_line: int = 60) -> str:
    lines = [" ".join(words[i : i + per_line]) for i in range(0, len(words), per_line)]
    return "\r\n ".join(lines)


def plain_list(message_id: str = "<list@example.org>") -> bytes:
    """The commonest mail of all, for comparison."""
    return (head("list", message_id) + "\r\nLIST\r\n").encode()


def encoded_words(count: int = 70_000, message_id: str = "<ew@example.org>") -> bytes:
    """A Subject of `count` RFC 2047 encoded words (70,000: about 24 GB in the stdlib)."""
    subject = _folded(["=?utf-8?q?a?="] * count)
    raw = (
        f"From: {SENDER}\r\nTo: {JUDGE}\r\nSubject: {subject}\r\n"
        f"Message-ID: {message_id}\r\nMIME-Version: 1.0\r\n\r\nLIST\r\n"
    )
    return raw.encode()


def parameters(count: int = 70_000, message_id: str = "<params@example.org>") -> bytes:
    """A Content-Type with `count` parameters (70,000: 55 s of CPU in the stdlib)."""
    params = _folded([f"p{i}=v;" for i in range(count)], per_line=40)
    content_type = f"Content-Type: text/plain; charset=utf-8; {params} q=v\r\n"
    return (head("params", message_id, extra=content_type) + "\r\nLIST\r\n").encode()


def nested(depth: int = 1_000, message_id: str = "<nested@example.org>") -> bytes:
    """A multipart nested `depth` deep, with LIST at the bottom (1,000: never answered)."""
    lines = [head("nested", message_id, extra="Content-Type: multipart/mixed; boundary=b0\r\n")]
    for level in range(depth):
        lines.append(f"\r\n--b{level}\r\nContent-Type: multipart/mixed; boundary=b{level + 1}\r\n")
    lines.append(f"\r\n--b{depth}\r\nContent-Type: text/plain\r\n\r\nLIST\r\n")
    lines.extend(f"--b{level}--\r\n" for level in range(depth, -1, -1))
    return "".join(lines).encode()


def many_fields(count: int = 60_000, message_id: str = "<fields@example.org>") -> bytes:
    """`count` short header fields."""
    extra = "".join(f"X-F{i}: v\r\n" for i in range(count))
    return (head("fields", message_id, extra=extra) + "\r\nLIST\r\n").encode()


def long_header(size: int = 900_000, message_id: str = "<long@example.org>") -> bytes:
    """One folded header of about `size` bytes of plain words."""
    extra = "X-Long: " + _folded(["word"] * (size // 5)) + "\r\n"
    return (head("long", message_id, extra=extra) + "\r\nLIST\r\n").encode()


def many_parts(count: int = 5_000, message_id: str = "<parts@example.org>") -> bytes:
    """A flat multipart of `count` small parts."""
    lines = [head("parts", message_id, extra="Content-Type: multipart/mixed; boundary=b\r\n")]
    lines.extend("\r\n--b\r\nContent-Type: text/plain\r\n\r\nLIST\r\n" for _ in range(count))
    lines.append("--b--\r\n")
    return "".join(lines).encode()


def structured(message_id: str = "<structured@example.org>") -> bytes:
    """Just under the limits on address and MIME headers: From and Reply-To of 4 KB
    source routes, and parts whose Content-Types fill the 32 KB budget."""
    route = "<" + "@a," * 1300 + "@a:mallory@example.org>"
    extra = f"Reply-To: {route}\r\nContent-Type: multipart/mixed; boundary=b\r\n"
    top = head("structured", message_id, extra=extra)
    lines = [top.replace(f"From: {SENDER}", f"From: {route}")]
    lines.extend(
        f"\r\n--b\r\nContent-Type: text/plain; name*0=\"{'a' * 3900}\"\r\n\r\nx\r\n"
        for _ in range(5)
    )
    lines.append("\r\n--b\r\nContent-Type: text/plain\r\n\r\nLIST\r\n--b--\r\n")
    return "".join(lines).encode()


# Just under each limit: the most a mail the judge reads in full may cost.
UNDER_LIMITS: dict[str, Callable[..., bytes]] = {
    "Subject: 99 encoded words": partial(encoded_words, 99),
    "Content-Type: 28 parameters": partial(parameters, 28),
    "multipart nested 9 deep": partial(nested, 9),
    "198 MIME parts": partial(many_parts, 198),
    "490 header fields": partial(many_fields, 490),
    "4 KB routes, 32 KB of MIME headers": structured,
}

WORST: dict[str, Callable[..., bytes]] = {
    "LIST (plain)": plain_list,
    "Subject: 70,000 encoded words": encoded_words,
    "Content-Type: 70,000 parameters": parameters,
    "multipart nested 1,000 deep": nested,
    "60,000 header fields": many_fields,
    "one 900 KB header": long_header,
    "5,000 MIME parts": many_parts,
}
