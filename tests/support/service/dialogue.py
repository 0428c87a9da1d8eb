"""Simulated players for the dialogue property test: an intended set of orders or bids,
sent the way people send them.

A `Plan` is what one player means to have on file when the phase is processed: one
`Item` per unit, site, mercenary or preference list, each with the line that says it
and, maybe, a decoy said first and corrected later (another order for the same unit or
site, another amount, a bid later cancelled; a decoy for another unit or site, a build
or removal, is taken back with `CANCEL` before the line is sent). `mails_for` turns a
plan into the player's mails, with a seeded random: the lines in random order (each
item's own order kept), cut into one to three mails, with refused lines (in any mail,
the last one too: a refused line is not on file and never holds the phase, issue 32),
duplicates, withdrawals (`CANCEL`, then the line again), quoted replies (the tails of
the client corpus, `tests/mail/replies`) and signatures that carry decoys the judge
must not read. A player who sends more than one
mail says `SET WAIT` in the first and `SET NOWAIT` in the last, as a njudge player
does; in a bid phase the wait is the judge's own and the last mail says `SET NOWAIT`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from email import message_from_bytes
from email.policy import default
from functools import cache
from typing import cast

from support.mail.reply_corpus import client_replies


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


@cache
def corpus_tails() -> tuple[tuple[str, ...], ...]:
    """What follows the player's own text in each top-posted sample of the client
    corpus (`mail.reply_corpus`): the quoted judge's mail under an Outlook header
    block, an attribution line in English, French or German, a forwarded-message
    marker, the judge's text pasted back with no separator. Some carry commands
    (`SET NOWAIT`, `RESIGN`) that must never be obeyed."""
    tails = []
    for sample in client_replies():
        part = message_from_bytes(sample.raw, policy=default).get_body(("plain",))
        if part is None:
            continue
        lines = cast(str, part.get_content()).splitlines()
        filled = [index for index, line in enumerate(lines) if line.strip()]
        own = [lines[index].strip() for index in filled[: len(sample.read)]]
        if sample.read and own == [line.strip() for line in sample.read]:
            tails.append(tuple(lines[filled[len(sample.read) - 1] + 1 :]))
    return tuple(tails)


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
        if plan.refused and rng.random() < 0.6:
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
    """What follows the player's own text: a quoted reply from the client corpus or a
    signature, each carrying decoys (and refused lines) that must not be read."""
    decoys = [item.decoy for item in plan.items if item.decoy] + plan.refused
    carried = rng.sample(decoys, min(2, len(decoys)))
    roll = rng.random()
    if roll < 0.4:
        tail = list(rng.choice(corpus_tails()))
        quoted = any(line.startswith(">") for line in tail)
        return [*tail, *(f"> {line}" if quoted else line for line in carried)]
    if roll < 0.6:
        return ["", "-- ", "Ann, sent from my phone", *carried[:1]]
    return []


def interleave(plans: list[Plan], rng: random.Random) -> list[tuple[Plan, str]]:
    """Every player's mails in one random order, each player's own order kept."""
    queues = [[(plan, mail) for mail in mails_for(plan, rng)] for plan in plans]
    order: list[tuple[Plan, str]] = []
    while any(queues):
        chosen = rng.choice([q for q in queues if q])
        order.append(chosen.pop(0))
    return order
