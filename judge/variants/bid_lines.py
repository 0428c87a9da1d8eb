"""How sealed bids are kept between mails: as order lines of the bidder's home power.

The store keeps a seat's submission as lines of text per power. A bid is one
line per power bid for, `BID AUSTRIA 5`; no line at all is `BID NONE` (which
still counts as sent). Only a variant that takes bids uses this format; the
shell stores and reads the lines through `Variant.encode_bids`/`decode_bids`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

BID_WORD = "BID"


def encode_bid_lines(bids: Mapping[str, int]) -> list[str]:
    """One line per power with a bid above 0, in power order (0 withdraws a bid)."""
    return [f"{BID_WORD} {power} {amount}" for power, amount in sorted(bids.items()) if amount]


def decode_bid_lines(lines: Iterable[str]) -> dict[str, int]:
    """Power -> amount from stored bid lines; other lines are ignored."""
    bids: dict[str, int] = {}
    for line in lines:
        words = line.split()
        if len(words) == 3 and words[0] == BID_WORD and words[2].isdigit():
            bids[words[1]] = int(words[2])
    return bids
