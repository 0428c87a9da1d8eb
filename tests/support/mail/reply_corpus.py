"""The corpus of client replies in tests/mail/replies: each `NAME.eml` is a mail as a
client sends it (Outlook on Windows, Mac, the web and iOS; Gmail on the web and
Android; Apple Mail; Thunderbird; iOS Mail; Samsung's client; in English, French
and German), answering or forwarding a judge's mail, and `NAME.read` holds the lines
the judge must read from it, one a line, in order. Other tests (a dialogue that
answers with quoted text) may take the samples from here."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

REPLIES = Path(__file__).resolve().parents[2] / "mail" / "replies"


@dataclass(frozen=True)
class ClientReply:
    name: str
    raw: bytes  # the whole mail, header block and body, with CRLF line ends
    read: tuple[str, ...]  # the lines the judge must read


def client_replies() -> list[ClientReply]:
    """Every sample of the corpus, sorted by name."""
    return [_sample(path) for path in sorted(REPLIES.glob("*.eml"))]


def _sample(path: Path) -> ClientReply:
    raw = path.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    read = path.with_suffix(".read").read_text(encoding="utf-8").splitlines()
    return ClientReply(name=path.stem, raw=raw, read=tuple(read))
