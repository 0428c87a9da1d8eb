"""Turn an HTML mail body into plain text lines, for mail that has no text/plain part.

Only what the command reader needs: text in reading order, one line per block or
`<br>`, scripts and styles dropped, entities unescaped, and `<blockquote>` content
marked with `> ` so that quoted text is skipped like in a plain-text reply.
"""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

_BLOCKS = frozenset(
    "p div li ul ol tr table h1 h2 h3 h4 h5 h6 pre hr blockquote section article "
    "header footer address dd dt dl center form".split()
)
_HIDDEN = frozenset({"script", "style", "head", "title", "template"})
_SPACES = re.compile(r"[ \t\r\n\f\v]+")


class _TextCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.current: list[str] = []
        self.hidden = 0
        self.quoted = 0
        self.pre = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._open_or_close(tag, +1)

    def handle_endtag(self, tag: str) -> None:
        self._open_or_close(tag, -1)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _BLOCKS or tag == "br":
            self.break_line()

    def _open_or_close(self, tag: str, step: int) -> None:
        if tag in _HIDDEN:
            self.hidden = max(0, self.hidden + step)
        if tag == "br" or tag in _BLOCKS:
            self.break_line()
        if tag == "blockquote":
            self.quoted = max(0, self.quoted + step)
        if tag == "pre":
            self.pre = max(0, self.pre + step)

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        if self.pre:
            first, *others = data.split("\n")
            self.current.append(first)
            for other in others:
                self.break_line()
                self.current.append(other)
        else:
            self.current.append(_SPACES.sub(" ", data))

    def break_line(self) -> None:
        text = "".join(self.current).replace("\xa0", " ").strip()
        self.current = []
        if text:
            self.lines.append("> " * self.quoted + text)
        elif self.lines and self.lines[-1]:
            self.lines.append("")


def html_to_text(html: str) -> str:
    """The readable text of an HTML document, one paragraph or line break per line."""
    collector = _TextCollector()
    try:
        collector.feed(html)
        collector.close()
    except Exception:  # html.parser may trip on broken markup; fall back to crude stripping
        return _strip_tags(html)
    collector.break_line()
    return "\n".join(collector.lines).strip("\n")


def _strip_tags(html: str) -> str:
    text = re.sub(r"(?is)<(script|style)\b.*?</\1\s*>", "", html)
    text = re.sub(r"(?i)<\s*(br|/p|/div|/li|/tr)\b[^>]*>", "\n", text)
    return unescape(re.sub(r"<[^>]*>", "", text))
