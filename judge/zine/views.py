"""What a variant adds to its zine: report sections, and how its powers are coloured.

The page asks the game's `VariantView` (see `lookup.view_for`), never "which
variant is this?". A view reads only the keys it knows from the public report, so
a key added to a report later stays off the page until a view is taught to show it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.render.palette import ColourOf
from judge.rules.state import Phase
from judge.variants.base import Snapshot, Variant


@dataclass(frozen=True)
class ReportBlock:
    """A titled group of lines from a phase's public report."""

    title: str
    lines: list[str]


class VariantView:
    """Standard Diplomacy: nothing beyond the order results."""

    def report_blocks(self, public: Mapping[str, Any]) -> list[ReportBlock]:
        """The sections of a phase's public report."""
        return []

    def final_blocks(self, variant: Variant, latest: Snapshot) -> list[ReportBlock]:
        """What becomes public when the game is over; asked only of a finished game."""
        return []

    def colour_of(self, summary: Mapping[str, Any], board: Phase) -> ColourOf | None:
        """A colour hook for the map of the board of phase `board` (None: the usual)."""
        return None


def blocks(*pairs: tuple[str, list[str]]) -> list[ReportBlock]:
    """The non-empty (title, lines) pairs as blocks."""
    return [ReportBlock(title, lines) for title, lines in pairs if lines]
