"""Text lines for the Intimate parts of a results mail, defined once.

`Outcome.report["public"]` is plain data; the service's templates may render it
themselves, or print these lines. Layout:

    France bids 5 for Austria.
    England bids 3 for Austria. (*failed*)
    France's successful bids total 5.
    Austria: controlled by France.
    Germany: anarchy.
    France: 20 - 5 = 15 credits.

A losing bid and both bids of a tie are marked `(*failed*)` (the control line
then says `anarchy.`); an overbid total is marked `(*Overbid*)`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def _name(power: str | None) -> str:
    return power.title() if power else "nobody"


def _bid_line(entry: Mapping[str, Any]) -> str:
    text = f"{_name(entry['player'])} bids {entry['amount']} for {_name(entry['power'])}."
    result = entry["result"]
    if result == "won":
        return text
    if result == "half":
        return f"{text} (*half price: {entry['price']}*)"
    if result == "tied":
        return f"{text} (*failed*)"
    return f"{text} (*{result}*)"


def _total_line(total: Mapping[str, Any]) -> str:
    name = _name(total["player"])
    text = f"{name}'s successful bids total {total['successful']}."
    return f"{text} (*Overbid*)" if total["overbid"] else text


def _control_line(item: Mapping[str, Any]) -> str:
    if item["controller"] is None:
        return f"{_name(item['power'])}: anarchy."
    return f"{_name(item['power'])}: controlled by {_name(item['controller'])}."


def _treasury_line(row: Mapping[str, Any], currency: str) -> str:
    text = f"{_name(row['player'])}: {row['old']} - {row['spent']} = {row['new']} {currency}."
    return f"{text} ({row['note']})" if row.get("note") else text


def format_bid_report(report: Mapping[str, Any]) -> list[str]:
    """The bid results: every bid, the totals, control, and the treasury table."""
    currency = report["currency"]
    bids = [_bid_line(e) for e in report["bids"]] or ["No bids were made."]
    totals = [_total_line(t) for t in report["totals"]]
    control = [_control_line(c) for c in report["control"]]
    treasury = [_treasury_line(r, currency) for r in report["treasury"]]
    return [*bids, "", *totals, "", *control, "", *treasury]


def format_income(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """`France: 15 + 5 = 20 credits.` (propaganda: `30 + 4 x 5 = 50 points.`)."""
    lines = []
    for row in rows:
        per = "" if row["per_centre"] == 1 else f"{row['per_centre']} x "
        lines.append(
            f"{_name(row['player'])}: {row['old']} + {per}{row['centres']} = "
            f"{row['new']} {row['currency']}."
        )
    return lines


def format_popularity(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """`France: 50 + 10% = 55 points (Austria, controlled by France, captured Munich).`"""
    lines = []
    for row in rows:
        sign = "+" if row["percent"] > 0 else "-"
        lines.append(
            f"{_name(row['player'])}: {row['old']} {sign} {abs(row['percent'])}% = "
            f"{row['new']} points ({row['cause']})."
        )
    return lines


def format_default_orders(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """`The judge ordered for Italy: A NAP B (missing build).`"""
    return [
        f"The judge ordered for {_name(row['power'])}: {row['order']} ({row['reason']})."
        for row in rows
    ]


def format_auto_processed(phases: Sequence[str]) -> list[str]:
    """The phases processed at once because no player had anything to order."""
    return [f"Processed at once, nobody having anything to order: {', '.join(phases)}."]


def format_report(public: Mapping[str, Any]) -> list[str]:
    """Every Intimate section present in a phase's public report, in mail order."""
    sections: list[list[str]] = []
    if "bidding" in public:
        sections.append(format_bid_report(public["bidding"]))
    if public.get("default_orders"):
        sections.append(format_default_orders(public["default_orders"]))
    if public.get("auto_processed"):
        sections.append(format_auto_processed(public["auto_processed"]))
    if public.get("income"):
        sections.append(format_income(public["income"]))
    if public.get("popularity"):
        sections.append(format_popularity(public["popularity"]))
    if public.get("victory"):
        sections.append([public["victory"]["text"]])
    if public.get("bidding_skipped"):
        sections.append(["No mercenary owns a supply centre: there is no more bidding."])
    lines: list[str] = []
    for section in sections:
        lines.extend([*([""] if lines else []), *section])
    return lines
