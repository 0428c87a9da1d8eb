"""Read chapter 6 of Kruijswijk's DATC v3.1 HTML into raw cases.

Each case keeps its id, title, prose paragraphs and `<pre>` order blocks, with the
orders as the DATC writes them. Two quirks of the document are handled: the
anchor of 6.E.1 is written `<a name><h4>` (reversed), and the heading of 6.J.5
has no dot after the number (we use the anchor, not the heading, for the id).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from names import POWERS

_ANCHOR = re.compile(r'<a\s+name="(6\.[A-J]\.\d+)"\s*>')
_PRE = re.compile(r"<pre>(.*?)</pre>", re.S)
_TAG = re.compile(r"<[^>]+>")
_HEADER = re.compile(r"^([A-Za-z]+)\s*:?\s*$")


@dataclass
class RawCase:
    id: str
    title: str
    prose: list[str] = field(default_factory=list)
    blocks: list[list[tuple[str, str]]] = field(default_factory=list)  # (power, order)
    pre_text: list[str] = field(default_factory=list)


def _text(fragment: str) -> str:
    return " ".join(html.unescape(_TAG.sub(" ", fragment)).split())


def _orders(pre: str) -> list[tuple[str, str]]:
    """`England:\\nF North Sea - Picardy` -> [("ENGLAND", "F North Sea - Picardy")]."""
    power = ""
    orders: list[tuple[str, str]] = []
    for line in html.unescape(_TAG.sub("", pre)).splitlines():
        line = " ".join(line.split())
        if not line:
            continue
        header = _HEADER.match(line)
        if header and header.group(1).upper() in POWERS:
            power = header.group(1).upper()
            continue
        if not power:
            raise ValueError(f"order before any power: {line!r}")
        orders.append((power, line))
    return orders


def _is_order_block(pre: str) -> bool:
    first = html.unescape(pre).strip().splitlines()[0]
    match = _HEADER.match(" ".join(first.split()))
    return bool(match and match.group(1).upper() in POWERS)


def _title(segment: str) -> str:
    heading = _text(segment.split("</h4>", 1)[0])
    return heading.split("TEST CASE,", 1)[1].strip() if "TEST CASE," in heading else heading


def read_cases(path: Path) -> list[RawCase]:
    """All 164 cases of chapter 6, in document order."""
    document = path.read_text(encoding="utf-8", errors="replace")
    chapter = document[document.index('<a name="6">') :]
    marks = list(_ANCHOR.finditer(chapter))
    cases: list[RawCase] = []
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(chapter)
        segment = chapter[mark.start() : end]
        segment = segment.split("<h3>", 1)[0]  # drop the next section's heading
        case = RawCase(id=mark.group(1), title=_title(segment[mark.end() - mark.start() :]))
        for pre in _PRE.findall(segment):
            case.pre_text.append(" / ".join(html.unescape(pre).split("\n")).strip(" /"))
            if _is_order_block(pre):
                case.blocks.append(_orders(pre))
        body = _PRE.sub("\n", segment.split("</h4>", 1)[-1])
        for para in re.split(r"</?p>|\n\s*\n", body):
            text = _text(para)
            if text:
                case.prose.append(text)
        cases.append(case)
    return cases
