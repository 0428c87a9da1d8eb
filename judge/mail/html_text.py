"""Turn an HTML mail body into plain text lines, for mail that has no text/plain part.

Only what the command reader needs: text in reading order, one line per block or
`<br>`, scripts and styles dropped, entities unescaped, and `<blockquote>` content
marked with `> ` so that quoted text is skipped like in a plain-text reply.

The markup is read by a scanner of its own, in one pass: every search starts where
the last one stopped, and a search that finds nothing ends the reading (an unclosed
comment, tag or quoted attribute hides the rest of the document, as in a browser).
The stdlib's `html.parser` is not linear on hostile markup: `"<a " x 20,000` (61 KB)
cost it 27 s, growing with the square of the size; an unclosed `<!--` 151 s. The
characters the scanner examines are counted (`judge.work`).
"""

from __future__ import annotations

import re
from html import unescape

from judge import work

_BLOCKS = frozenset(
    "p div li ul ol tr table h1 h2 h3 h4 h5 h6 pre hr blockquote section article "
    "header footer address dd dt dl center form".split()
)
_HIDDEN = frozenset({"script", "style", "head", "title", "template"})
_SHAPING = _BLOCKS | _HIDDEN | {"br"}  # the tags that change the text (others: none)
_RAW = frozenset({"script", "style"})  # their content is not markup: skipped to the end tag
MAX_QUOTE_MARKS = 8  # "> " per line at most: unclosed <blockquote>s nest without end
_SPACES = re.compile(r"[ \t\r\n\f\v]+")
_MARKUP = re.compile(r"<[a-zA-Z/!?]")  # a "<" not followed by these is text
_TAG = re.compile(r"<(/?)([a-zA-Z][^\s/>]*)([^>\"']*>)?")  # with its end, when unquoted
# Inside a tag: its end, or the start of a quoted attribute value (which may hold ">").
_IN_TAG = re.compile(r""">|=[ \t\r\n\f]*(["'])""")
_RAW_END = {name: re.compile(rf"</{name}[^>]*>", re.IGNORECASE) for name in _RAW}


class _TextCollector:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.current: list[str] = []
        self.hidden = 0
        self.quoted = 0
        self.pre = 0

    def start_or_end(self, tag: str, step: int) -> None:
        if tag not in _SHAPING:
            return
        if tag in _HIDDEN:
            self.hidden = max(0, self.hidden + step)
        if tag == "br" or tag in _BLOCKS:
            self.break_line()
        if tag == "blockquote":
            self.quoted = max(0, self.quoted + step)
        if tag == "pre":
            self.pre = max(0, self.pre + step)

    def empty_tag(self, tag: str) -> None:
        if tag in _SHAPING and tag not in _HIDDEN:
            self.break_line()

    def data(self, raw: str) -> None:
        if self.hidden or not raw:
            return
        data = unescape(raw)
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
            self.lines.append("> " * min(self.quoted, MAX_QUOTE_MARKS) + text)
        elif self.lines and self.lines[-1]:
            self.lines.append("")


def html_to_text(html: str) -> str:
    """The readable text of an HTML document, one paragraph or line break per line.
    Linear in the document's length, whatever its markup; never raises."""
    collector = _TextCollector()
    _scan(html, collector)
    collector.break_line()
    return "\n".join(collector.lines).strip("\n")


def _scan(html: str, collector: _TextCollector) -> None:
    """Feed the document's text and tags to `collector`, in one pass."""
    position, size = 0, len(html)
    search, match, data = _MARKUP.search, _TAG.match, collector.data
    while position < size:
        markup = search(html, position)
        opening = size if markup is None else markup.start()
        if opening > position:
            data(html[position:opening])
        if markup is None:
            break
        tag = match(html, opening)
        if tag is not None and tag[3] and tag[2].lower() not in _SHAPING:
            position = tag.end()  # the commonest: a tag that changes nothing, read whole
            continue
        after = _markup(html, opening, collector)
        if after < 0:
            break  # unclosed: the rest of the document is inside it
        position = after
    work.charge(size)


def _markup(html: str, at: int, collector: _TextCollector) -> int:
    """Read the markup at `at` (a "<"); where reading goes on, or -1 when it never ends."""
    if html.startswith("<!--", at):
        return _after(html, "-->", at + 4)
    tag = _TAG.match(html, at)
    if tag is None:  # a doctype, a processing instruction, junk
        return _after(html, ">", at + 2)
    end = tag.end() if tag[3] else _tag_end(html, tag.end())
    if end < 0:
        return -1
    name = tag[2].lower()
    if tag[1]:
        collector.start_or_end(name, -1)
    elif html[end - 2] == "/":
        collector.empty_tag(name)
    else:
        collector.start_or_end(name, +1)
        if name in _RAW:
            closing = _RAW_END[name].search(html, end)
            work.charge((closing.end() if closing else len(html)) - end)
            if closing is None:
                return -1
            collector.start_or_end(name, -1)
            return closing.end()
    return end


def _tag_end(html: str, start: int) -> int:
    """Where the tag whose attributes begin at `start` ends (after its ">"), or -1."""
    position = start
    while True:
        found = _IN_TAG.search(html, position)
        work.charge((found.end() if found else len(html)) - position)
        if found is None:
            return -1
        if found[0] == ">":
            return found.end()
        position = _after(html, found[1], found.end())  # past the quoted value
        if position < 0:
            return -1


def _after(html: str, text: str, start: int) -> int:
    """The position just after the next `text` from `start`, or -1; its scan counted."""
    found = html.find(text, start)
    work.charge((len(html) if found < 0 else found + len(text)) - start)
    return -1 if found < 0 else found + len(text)
