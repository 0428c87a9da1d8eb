"""A received mail's announcements: one mail per recipient per game, not one each.

Four SET lines of a master announce four changes to everyone in the game: as four
mails each, nine readers got 36 mails from one mail in. While the service handles a
received mail (its outbox gate, `judge.outbox.gate`, passed down), every announcement
(`kind` notice) of a game to a reader who already has one queued or held from the
same mail is added to that mail instead, in order: its header lines once, then each
announcement's text, one subject naming each change once. Only the first
announcement of the mail to a reader passes the gate; the others join it, so the
gate's count of mails per mail in is the count of mails sent.

The state kept on the gate (which row holds which announcements) is checked against the
row itself before each addition: a line whose savepoint was rolled back took its
rows and its additions with it, and what the row holds now is what is added to.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from email.message import EmailMessage

from sqlalchemy.orm import Session

from judge.outbox.enqueue import rewrite
from judge.outbox.gate import BatchedMail, Gate, Part
from judge.store.models import HeldMail, OutboxMessage, OutboxStatus

__all__ = ["Part", "add_to_mail", "batching", "joined_bodies", "remember"]

BATCHED_KINDS = frozenset({"notice"})

Build = Callable[[str, str, str], EmailMessage]  # (to, what, body) -> the mail


def batching(gate: Gate, kind: str) -> bool:
    """Whether mail of `kind` queued through `gate` is batched: announcements, within
    a received mail (`gate.received`), whose gate keeps the batch (`Gate.batched`)."""
    return gate.received and kind in BATCHED_KINDS


def add_to_mail(
    session: Session, gate: Gate, to: str, game_id: int, part: Part, kind: str,
    build: Build, now: datetime,
) -> bool:
    """Add `part` to the announcement mail `to` already has from this received mail
    about game `game_id`; False when there is none (the caller queues a new one)."""
    mail = gate.batched.get((to.strip().lower(), game_id))
    if mail is None:
        return False
    row: OutboxMessage | HeldMail | None = (
        session.get(HeldMail, mail.row_id) if mail.held else session.get(OutboxMessage, mail.row_id)
    )
    if row is None or (isinstance(row, OutboxMessage) and row.status is not OutboxStatus.PENDING):
        return False
    parts = mail.written.get(row.message)
    if parts is None:  # rewritten since by something else: leave it be
        return False
    grown = (*parts, part)
    whats = list(dict.fromkeys(p.what for p in grown))
    message = build(to, ", ".join(whats), joined_bodies([p.body for p in grown]))
    mail.written[rewrite(session, row, message, kind, now)] = grown
    return True


def remember(
    session: Session, gate: Gate, to: str, game_id: int, part: Part, kind: str,
    sent: dict[str, OutboxMessage],
) -> None:
    """Note the mail just queued (in `sent`, by lower-case address) or held for `to`,
    so that the mail's next announcements join it."""
    key = to.strip().lower()
    row: OutboxMessage | HeldMail | None = sent.get(key)
    if row is None:
        held_id = gate.held.get((key, game_id, kind))
        row = session.get(HeldMail, held_id) if held_id is not None else None
    if row is None or row.id is None:
        return  # refused or dropped: nothing went, nothing to add to
    held = isinstance(row, HeldMail)
    gate.batched[(key, game_id)] = BatchedMail(held, row.id, {row.message: (part,)})


def joined_bodies(bodies: list[str]) -> str:
    """The texts one after the other; a text that starts with the same header lines
    (up to its first blank line) as the first is added without them."""
    first = bodies[0]
    head, gap, _ = first.partition("\n\n")
    joined = first.rstrip("\n")
    for body in bodies[1:]:
        own_head, own_gap, rest = body.partition("\n\n")
        text = rest if gap and own_gap and own_head == head else body
        joined += "\n\n" + text.strip("\n")
    return joined + "\n"
