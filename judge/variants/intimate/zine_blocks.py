"""What an Intimate game adds to its zine: bid results, control, treasury, income.

The wording is `intimate_report`'s, the same as in the results mails. Bids reach
the page only through the public report of a processed bid phase, so no bid is
ever shown before its bid results.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.variants.intimate.report import format_bid_report, format_report
from judge.variants.zine_blocks import ZineBlock, zine_blocks

BID_TITLES = ("Bids", "Successful bids", "Control for the year", "Treasury")
OTHER_KEYS = ("income", "popularity", "victory", "bidding_skipped")


def intimate_zine_blocks(public: Mapping[str, Any]) -> list[ZineBlock]:
    found: list[ZineBlock] = []
    if "bidding" in public:
        sections = _sections(format_bid_report(public["bidding"]))
        found += zine_blocks(*zip(BID_TITLES, sections, strict=False))
    others = {key: public[key] for key in OTHER_KEYS if key in public}
    found += zine_blocks(
        ("Judge's orders", _default_orders(public.get("default_orders", []))),
        ("Income and victory", [line for line in format_report(others) if line]),
    )
    return found


def _sections(lines: list[str]) -> list[list[str]]:
    """Lines split at the blank lines between sections."""
    sections: list[list[str]] = [[]]
    for line in lines:
        if line:
            sections[-1].append(line)
        else:
            sections.append([])
    return sections


def _default_orders(rows: list[Mapping[str, Any]]) -> list[str]:
    return [f"{row['power'].title()}: {row['order']} ({row['reason']})." for row in rows]
