"""A titled group of lines that a variant adds to its zine page.

Each variant says what its public reports add to the zine (`Variant.zine_report_blocks`)
and what the end of the game reveals (`Variant.zine_final_blocks`); the zine renders
the blocks and never asks which variant a game is. A block reads only the report keys
it knows, so a key added to a report later stays off the page until the variant shows
it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ZineBlock:
    """A titled group of lines from a phase's public report."""

    title: str
    lines: list[str]


def zine_blocks(*pairs: tuple[str, list[str]]) -> list[ZineBlock]:
    """The non-empty (title, lines) pairs as blocks."""
    return [ZineBlock(title, lines) for title, lines in pairs if lines]
