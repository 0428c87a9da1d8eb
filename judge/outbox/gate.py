"""The one filter in front of the outbox: per mail in, at most one mail to an address
that never asked for it, and at most `HELD_PER_MAIL` mails held.

Anyone can put any address in a From line or a command (OBSERVE, SET ADDRESS,
SET ZINE, SIGNON ?game), so the judge must never be a cannon aimed at strangers,
nor at addresses that confirmed for some other game. While the service handles one
received mail (`judge.service.replies.handling`), every mail it queues, whatever command asked
for it, passes `route` here, in `judge.outbox.enqueue`, with the mail's `Gate` (passed down
from `judge.service.replies.handling`, never found on the session):

* a mail about a game, to an address that has not asked for that game (no seat in
  it, not its zine: `judge.outbox.asking`): the first such mail of the received
  mail is sent (the confirmation request that lets the address ask, or one mail to
  an address that confirmed it reads the judge); every further one is refused (a
  request) or held;
* to the mail's own sender (the reply, a notice): sent. The sender wrote to us;
* to an address that confirmed it reads the judge's mail: sent;
* to any other address (a stranger): one confirmation request (`kind` confirm)
  per received mail is sent, and only if no other mail above went to an address
  that never asked; any further request is refused, and every other mail (game
  mail, a copy of a reply) is held (`held_mail`): it goes out when the address
  confirms (judge.service.confirming.held_mail), or fails visibly in the outbox when it
  waited `HOLD_DAYS`.

Held mail is kept for the address's confirmation, not as a store of everything a
hostile mail could make: one received mail holds at most `HELD_PER_MAIL` mails. A
second mail of the same kind of the same game for the same address replaces the one
held for it by this mail (the newest says what is true now); past the limit the
copies are dropped, counted, and the count logged once when the mail is done
(`close_gate`).

Outside a received mail (the scheduler, the command line) no stranger is answering
anything, and game mail already passes the service's own filter (confirmed
addresses only; the others' copies are held: `judge.service.game_mail.mailing.broadcast`):
such work says so with the gate `no_mail_in`, which sends everything. There is no
default: every way into the outbox takes a gate, so work that forgot to say which
mail it does cannot get past the filter. With `[security] confirm_addresses =
false` (a closed judge) everything is sent.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from dataclasses import dataclass, field
from enum import Enum

from sqlalchemy.orm import Session

from judge.outbox.asking import addresses_asking
from judge.store.models import Address

log = logging.getLogger(__name__)

CONFIRM_KIND = "confirm"
HELD_PER_MAIL = 5  # held_mail rows one received mail may add


class Route(Enum):
    SEND = "send"
    HOLD = "hold"
    REFUSE = "refuse"


HeldKey = tuple[str, int | None, str]  # (address, game id, kind)


@dataclass(frozen=True)
class Part:
    """One announcement as a reader reads it: its subject's words and its text."""

    what: str
    body: str


@dataclass
class BatchedMail:
    """The one announcement mail of a reader in a game (`judge.service.game_mail.notice_batch`),
    and the announcements it held after each write (by the bytes written), so a
    rolled-back addition is seen."""

    held: bool  # a held_mail row, else an outbox row
    row_id: int
    written: dict[bytes, tuple[Part, ...]]


@dataclass
class Gate:
    """What the outbox knows of the work queuing mail: for a received mail (`received`),
    who wrote it, the one address mailed that never asked for it, the mails held and
    the copies dropped since, and its announcement mails by (reader, game). Made by
    `open_gate` (a received mail) or `no_mail_in` (the scheduler, the command line);
    every way into the outbox asks for one."""

    sender: str
    confirming: bool
    received: bool = True
    strangers: set[str] = field(default_factory=set)
    held: dict[HeldKey, int] = field(default_factory=dict)  # -> held_mail row id
    dropped: int = 0
    batched: dict[tuple[str, int], BatchedMail] = field(default_factory=dict)

    @property
    def filtering(self) -> bool:
        """Whether mail is filtered for strangers: in a received mail, on a judge that
        asks addresses to confirm."""
        return self.received and self.confirming


def require_gate(gate: Gate) -> Gate:
    """`gate`, or a TypeError when it is none: a caller's `None` must not pass for a
    gate that sends everything (typed callers never get here without one)."""
    if not isinstance(gate, Gate):
        raise TypeError(f"queuing mail needs the Gate of the work doing it, not {gate!r}")
    return gate


def open_gate(sender: str, confirming: bool) -> Gate:
    """The gate of one received mail from `sender` (see the module)."""
    return Gate(sender.strip().lower(), confirming)


def no_mail_in() -> Gate:
    """The gate of work no received mail asked for (a deadline, the command line): no
    stranger is answering anything there, so it filters nothing (see the module)."""
    return Gate("", confirming=False, received=False)


def close_gate(gate: Gate) -> None:
    """The received mail is done: say, once, how many copies it could not hold."""
    if gate.dropped:
        log.warning("outbox: %d mail(s) not held for unconfirmed addresses: one received "
                    "mail holds at most %d (from %s)", gate.dropped, HELD_PER_MAIL,
                    gate.sender)  # fmt: skip


def is_confirmed_address(session: Session, address: str) -> bool:
    row = session.get(Address, address.strip().lower())
    return row is not None and row.confirmed_at is not None


def is_stranger(session: Session, gate: Gate, address: str) -> bool:
    """Whether mail to `address` now would be mail to a stranger (see the module)."""
    if not gate.filtering:
        return False
    key = address.strip().lower()
    return key != gate.sender and not is_confirmed_address(session, key)


def _unasked(
    session: Session, key: str, game_id: int | None, asking: Collection[str] | None
) -> bool:
    if game_id is None:
        return False
    return key not in (asking if asking is not None else addresses_asking(session, game_id))


def may_request(session: Session, gate: Gate, address: str, game_id: int | None = None) -> bool:
    """Whether a confirmation request to `address` (about game `game_id`, if any) may
    still go with this mail."""
    if not gate.filtering:
        return True
    key = address.strip().lower()
    if _unasked(session, key, game_id, None):
        return not gate.strangers
    if not is_stranger(session, gate, key):
        return True
    return not gate.strangers or key in gate.strangers


def route(
    session: Session,
    gate: Gate,
    address: str,
    kind: str,
    game_id: int | None = None,
    *,
    asking: Collection[str] | None = None,
) -> Route:
    """What becomes of one mail to `address` of `kind`, about game `game_id` if any
    (see the module). `asking`: the addresses that asked for that game, when the
    caller has them (`judge.outbox.asking.addresses_asking`). Without a `Gate` it is a
    TypeError: no mail passes unfiltered because its caller gave none."""
    if not require_gate(gate).filtering:
        return Route.SEND
    key = address.strip().lower()
    if _unasked(session, key, game_id, asking):
        if not gate.strangers and (kind == CONFIRM_KIND or is_confirmed_address(session, key)):
            gate.strangers.add(key)
            return Route.SEND
        return Route.REFUSE if kind == CONFIRM_KIND else Route.HOLD
    if not is_stranger(session, gate, key):
        return Route.SEND
    if kind != CONFIRM_KIND:
        return Route.HOLD
    if gate.strangers:
        log.warning("outbox: a second mail to a stranger (%s) refused for one mail in", key)
        return Route.REFUSE
    gate.strangers.add(key)
    return Route.SEND
