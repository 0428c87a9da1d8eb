"""Sealed bids for the mercenaries: validation, acknowledgement, and resolution.

A bid phase ends with one call to `resolve_bids`: it decides who controls each
mercenary for the year, what each player pays, and returns the public report
(every bid with its fate, the totals, control statements, the treasury table).
The rules differ per ruleset (see `Ruleset.payment` and `Ruleset.overbid`):

* `intimate`, `intimate-2000`: winning bids are paid. A player whose winning bids
  exceed the treasury loses it all and all their bids are void; the opponent then
  takes every mercenary it bid for at half of each bid, rounded up per power. If
  the opponent cannot pay that, its treasury goes to zero too and every mercenary
  is in anarchy. Two overbids at once: both treasuries zero, all anarchy.
* `propaganda`: every bid is paid. A player whose bids exceed the points loses
  half the points (the half rounded down) and none of their bids count.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.rules.state import power_name
from judge.variants.base import Refused
from judge.variants.intimate.rulesets import Overbid, Payment, Ruleset

Bids = Mapping[str, Mapping[str, int]]  # bidder's home power -> mercenary -> amount

WON, FAILED, TIED, VOID, HALF = "won", "failed", "tied", "void", "half"

# The note on a treasury row (`note_key`), and its English words (`note`).
TREASURY_LOST, CANNOT_PAY, HALF_PRICE, HALF_LOST = (
    "treasury_lost", "cannot_pay_half_price", "half_price", "half_points_lost"
)
NOTES = {
    TREASURY_LOST: "overbid: treasury lost",
    CANNOT_PAY: "cannot pay the half price",
    HALF_PRICE: "half price",
    HALF_LOST: "overbid: half the points lost",
}


@dataclass(frozen=True)
class BidResolution:
    """Control for the year, the new money, and the public report."""

    control: dict[str, str | None]
    treasury: dict[str, int]
    report: dict[str, Any]


# --- single bids, as they arrive ------------------------------------------------------


def check_bid(value: Any, mercenaries: Sequence[str], homes: Sequence[str]) -> Refused | None:
    """Refusal of one bid `(power, amount)` (a note of `templates/notes.txt.j2`),
    or None. `amount` 0 withdraws a bid."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        return Refused("bid_malformed")
    word, amount = value
    power = power_name(str(word))
    if power is None:
        return Refused("bid_not_a_power", {"word": str(word)})
    if power in homes:
        return Refused("bid_on_home_power", {"power": power.title()})
    if power not in mercenaries:
        return Refused("bid_not_a_mercenary", {"power": power.title()})
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        return Refused("bid_amount", {"amount": repr(amount)})
    return None


def clean_bids(raw: Mapping[str, Any], mercenaries: Sequence[str]) -> dict[str, int]:
    """The bids that count at all: canonical mercenary names, positive whole amounts."""
    bids: dict[str, int] = {}
    for word, amount in raw.items():
        power = power_name(str(word))
        if power is None or power not in mercenaries:
            continue
        if isinstance(amount, int) and not isinstance(amount, bool) and amount > 0:
            bids[power] = amount
    return bids


def bid_acknowledgement(ruleset: Ruleset, treasury: int, bids: Mapping[str, int]) -> dict[str, Any]:
    """What the reply to a BID line tells the bidder: current bids, total, warning
    (`warning` in English, `overbid` the kind of risk the templates word).

    `bids` are the seat's bids after the new line was applied (0 = withdrawn).
    """
    current = {p: a for p, a in sorted(bids.items()) if a > 0}
    total = sum(current.values())
    return {
        "bids": current,
        "total": total,
        "treasury": treasury,
        "currency": ruleset.currency,
        "warning": _overbid_warning(ruleset, total, treasury),
        "overbid": _overbid_risk(ruleset, total, treasury),
    }


def _overbid_risk(ruleset: Ruleset, total: int, treasury: int) -> str | None:
    """What the templates word the warning from: None (no risk), "half_points"
    (propaganda: bids void, half the points lost) or "treasury" (the others:
    overbidding loses all the treasury)."""
    if total <= treasury:
        return None
    return "half_points" if ruleset.overbid is Overbid.HALF_POINTS else "treasury"


def _overbid_warning(ruleset: Ruleset, total: int, treasury: int) -> str | None:
    """The warning in English (`warning`), the words of the `bid_ok` note's."""
    if total <= treasury:
        return None
    if ruleset.overbid is Overbid.HALF_POINTS:
        return (
            f"Your bids total {total}, more than your {treasury} {ruleset.currency}: "
            f"your bids will be void and you will lose half of your {ruleset.currency}."
        )
    return (
        f"Your bids total {total}, more than your {treasury} {ruleset.currency}. If your "
        f"successful bids exceed {treasury}, you overbid: you lose all your "
        f"{ruleset.currency} and all your bids are void."
    )


# --- resolution ---------------------------------------------------------------------


def highest_bidders(bids: Bids, mercenaries: Sequence[str]) -> dict[str, str | None]:
    """Mercenary -> the single highest bidder; None on a tie or with no bids."""
    winners: dict[str, str | None] = {}
    for merc in mercenaries:
        offers = {p: b[merc] for p, b in bids.items() if b.get(merc, 0) > 0}
        best = max(offers.values(), default=0)
        leaders = [p for p, amount in offers.items() if amount == best]
        winners[merc] = leaders[0] if len(leaders) == 1 else None
    return winners


def half_price(bids: Mapping[str, int]) -> int:
    """Half of each bid, rounded up per power, then summed (4, 3, 1 -> 5)."""
    return sum((amount + 1) // 2 for amount in bids.values() if amount > 0)


def resolve_bids(
    ruleset: Ruleset,
    treasury: Mapping[str, int],
    bids: Bids,
    mercenaries: Sequence[str],
) -> BidResolution:
    """Reveal the bids of both players (keys of `treasury`) and settle the year's control."""
    full = {p: dict(bids.get(p, {})) for p in treasury}
    if ruleset.overbid is Overbid.HALF_POINTS:
        return _resolve_propaganda(ruleset, treasury, full, mercenaries)
    return _resolve_forfeit(ruleset, treasury, full, mercenaries)


def _resolve_forfeit(
    ruleset: Ruleset, treasury: Mapping[str, int], bids: Bids, mercs: Sequence[str]
) -> BidResolution:
    winners = highest_bidders(bids, mercs)
    won = {p: sum(b[m] for m in b if winners.get(m) == p) for p, b in bids.items()}
    over = [p for p in treasury if won[p] > treasury[p]]
    if not over:
        return _settle_normally(ruleset, treasury, bids, winners, won, mercs)
    if len(over) == len(treasury):
        notes = {p: TREASURY_LOST for p in treasury}
        return _settle_void(ruleset, treasury, bids, won, set(over), notes, mercs)
    return _settle_one_overbid(ruleset, treasury, bids, won, over[0], mercs)


def _settle_normally(
    ruleset: Ruleset,
    treasury: Mapping[str, int],
    bids: Bids,
    winners: Mapping[str, str | None],
    won: Mapping[str, int],
    mercs: Sequence[str],
) -> BidResolution:
    pays = {p: sum(bids[p].values()) if ruleset.payment is Payment.ALL else won[p] for p in bids}
    new = {p: treasury[p] - pays[p] for p in treasury}
    entries = [_entry(p, m, a, _fate(p, m, winners)) for p, m, a in _each_bid(bids, mercs)]
    report = _report(ruleset, entries, won, set(), dict(winners), treasury, new, {})
    return BidResolution(dict(winners), new, report)


def _settle_void(
    ruleset: Ruleset,
    treasury: Mapping[str, int],
    bids: Bids,
    won: Mapping[str, int],
    over: set[str],
    notes: Mapping[str, str],
    mercs: Sequence[str],
) -> BidResolution:
    """Every bid void, every mercenary in anarchy, every treasury in `notes` to zero."""
    control: dict[str, str | None] = {m: None for m in mercs}
    new = {p: 0 if p in notes else treasury[p] for p in treasury}
    entries = [_entry(p, m, a, VOID) for p, m, a in _each_bid(bids, mercs)]
    report = _report(ruleset, entries, won, over, control, treasury, new, notes)
    return BidResolution(control, new, report)


def _settle_one_overbid(
    ruleset: Ruleset,
    treasury: Mapping[str, int],
    bids: Bids,
    won: Mapping[str, int],
    overbidder: str,
    mercs: Sequence[str],
) -> BidResolution:
    other = next(p for p in treasury if p != overbidder)
    cost = half_price(bids[other])
    if cost > treasury[other]:
        notes = {overbidder: TREASURY_LOST, other: CANNOT_PAY}
        return _settle_void(ruleset, treasury, bids, won, {overbidder}, notes, mercs)
    control: dict[str, str | None] = {m: other if bids[other].get(m) else None for m in mercs}
    new = {overbidder: 0, other: treasury[other] - cost}
    entries = [
        _entry(p, m, a, VOID, 0) if p == overbidder else _entry(p, m, a, HALF, (a + 1) // 2)
        for p, m, a in _each_bid(bids, mercs)
    ]
    notes = {overbidder: TREASURY_LOST, other: HALF_PRICE}
    report = _report(ruleset, entries, won, {overbidder}, control, treasury, new, notes)
    return BidResolution(control, new, report)


def _resolve_propaganda(
    ruleset: Ruleset, treasury: Mapping[str, int], bids: Bids, mercs: Sequence[str]
) -> BidResolution:
    totals = {p: sum(b.values()) for p, b in bids.items()}
    over = {p for p in treasury if totals[p] > treasury[p]}
    counted = {p: ({} if p in over else b) for p, b in bids.items()}
    winners = highest_bidders(counted, mercs)
    won = {p: sum(b[m] for m in b if winners.get(m) == p) for p, b in counted.items()}
    new = {p: treasury[p] - (treasury[p] // 2 if p in over else totals[p]) for p in treasury}
    entries = [
        _entry(p, m, a, VOID, 0) if p in over else _entry(p, m, a, _fate(p, m, winners), a)
        for p, m, a in _each_bid(bids, mercs)
    ]
    notes = {p: HALF_LOST for p in over}
    report = _report(ruleset, entries, won, over, dict(winners), treasury, new, notes)
    return BidResolution(dict(winners), new, report)


# --- report -------------------------------------------------------------------------


def _each_bid(bids: Bids, mercs: Sequence[str]) -> list[tuple[str, str, int]]:
    """(bidder, mercenary, amount) for every positive bid, by mercenary then bidder."""
    return [
        (p, m, bids[p][m]) for m in mercs for p in sorted(bids) if bids[p].get(m, 0) > 0
    ]


def _fate(bidder: str, merc: str, winners: Mapping[str, str | None]) -> str:
    winner = winners.get(merc)
    if winner is None:
        return TIED
    return WON if winner == bidder else FAILED


def _entry(
    bidder: str, merc: str, amount: int, result: str, price: int | None = None
) -> dict[str, Any]:
    if price is None:
        price = amount if result == WON else 0
    return {"player": bidder, "power": merc, "amount": amount, "result": result, "price": price}


def _report(
    ruleset: Ruleset,
    entries: list[dict[str, Any]],
    won: Mapping[str, int],
    over: set[str],
    control: Mapping[str, str | None],
    old: Mapping[str, int],
    new: Mapping[str, int],
    notes: Mapping[str, str],
) -> dict[str, Any]:
    players = sorted(old)
    return {
        "ruleset": ruleset.name,
        "currency": ruleset.currency,
        "bids": entries,
        "totals": [
            {
                "player": p,
                "successful": won.get(p, 0),
                "all": sum(e["amount"] for e in entries if e["player"] == p),
                "overbid": p in over,
            }
            for p in players
        ],
        "control": [{"power": m, "controller": c} for m, c in control.items()],
        "treasury": [
            {"player": p, "old": old[p], "spent": old[p] - new[p], "new": new[p],
             "note": NOTES.get(notes.get(p, "")), "note_key": notes.get(p)}
            for p in players
        ],
    }
