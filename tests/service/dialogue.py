"""Simulated players for the dialogue property test: an intended set of orders or bids,
sent the way people send them.

A `Plan` is what one player means to have on file when the phase is processed: one
`Item` per unit, site, mercenary or preference list, each with the line that says it
and, maybe, a decoy said first and corrected later (another order for the same unit or
site, another amount, a bid later cancelled; a decoy for another unit or site, a build
or removal, is taken back with `CANCEL` before the line is sent). `mails_for` turns a
plan into the player's mails, with a seeded random: the lines in random order (each
item's own order kept), cut into one to three mails, with refused lines (never in the
last mail, which is then a clean one), duplicates, withdrawals (`CANCEL`, then the
line again), quoted replies and signatures that carry decoys the judge must not read.
A player who sends more than one mail says `SET WAIT` in the first and `SET NOWAIT` in
the last, as a njudge player does; in a bid phase the wait is the judge's own and the
last mail says `SET NOWAIT`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Item:
    """One thing the player means: `line`, perhaps after `decoy` (then corrected)."""

    line: str
    decoy: str | None = None
    withdraw: str | None = None  # the CANCEL argument that takes `line` back
    retract: str | None = None  # the CANCEL argument that takes `decoy` back (another key)
    once: bool = False  # never sent twice (a second WAIVE is a second waive)


@dataclass
class Plan:
    """One player's intent for one phase."""

    address: str
    signon: str  # e.g. "SIGNON Fg1 pw1"
    items: list[Item]
    refused: list[str]  # lines the judge refuses (and that make a mail not clean)
    bid_phase: bool = False
    max_mails: int = 3  # 1: everything in one mail (a joining mail that starts a game)
    mails: list[str] = field(default_factory=list)


QUOTE_HEADS = (
    "On Fri, 27 Nov 2026 at 10:00, Diplomacy Judge <judge@example.org> wrote:",
    "Le ven. 27 nov. 2026 à 10:00, Diplomacy Judge <judge@example.org> a écrit :",
)


def mails_for(plan: Plan, rng: random.Random) -> list[str]:
    """The player's mails for the phase, in the order they are sent."""
    sequences = [_events(item, rng) for item in plan.items]
    events: list[str] = []
    while any(sequences):
        chosen = rng.choice([s for s in sequences if s])
        events.append(chosen.pop(0))
    count = min(len(events), rng.randint(1, plan.max_mails)) if events else 1
    cuts = sorted(rng.sample(range(1, len(events)), count - 1)) if count > 1 else []
    pieces = [events[a:b] for a, b in zip([0, *cuts], [*cuts, len(events)], strict=True)]
    mails = []
    for index, piece in enumerate(pieces):
        last = index == len(pieces) - 1
        lines = list(piece)
        if not last and plan.refused and rng.random() < 0.6:
            lines.insert(rng.randint(0, len(lines)), rng.choice(plan.refused))
        if len(pieces) > 1 and index == 0 and not plan.bid_phase:
            lines.insert(0, "SET WAIT")
        if last and (plan.bid_phase or len(pieces) > 1):
            lines.append("SET NOWAIT")
        mails.append("\n".join([plan.signon, *lines, *_tail(plan, rng)]) + "\n")
    plan.mails = mails
    return mails


def _events(item: Item, rng: random.Random) -> list[str]:
    """The lines that say one item, in their order: a decoy first, a withdrawal and the
    line again, or the line sent twice (a duplicate)."""
    events = []
    if item.decoy is not None:
        events.append(item.decoy)
        if item.retract is not None:
            events.append(f"CANCEL {item.retract}")
    events.append(item.line)
    roll = rng.random()
    if item.withdraw is not None and roll < 0.25:
        events += [f"CANCEL {item.withdraw}", item.line]
    elif roll > 0.85 and not item.once:
        events.append(item.line)
    return events


def _tail(plan: Plan, rng: random.Random) -> list[str]:
    """What follows the player's own text: a quoted reply or a signature, each carrying
    decoys (and refused lines) that must not be read."""
    decoys = [item.decoy for item in plan.items if item.decoy] + plan.refused
    roll = rng.random()
    if roll < 0.35 and decoys:
        quoted = [f"> {line}" for line in rng.sample(decoys, min(2, len(decoys)))]
        return ["", rng.choice(QUOTE_HEADS), *quoted]
    if roll < 0.6:
        return ["", "-- ", "Ann, sent from my phone", *rng.sample(decoys, min(1, len(decoys)))]
    return []


def interleave(plans: list[Plan], rng: random.Random) -> list[tuple[Plan, str]]:
    """Every player's mails in one random order, each player's own order kept."""
    queues = [[(plan, mail) for mail in mails_for(plan, rng)] for plan in plans]
    order: list[tuple[Plan, str]] = []
    while any(queues):
        chosen = rng.choice([q for q in queues if q])
        order.append(chosen.pop(0))
    return order
