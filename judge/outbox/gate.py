"""The one filter in front of the outbox: per mail in, at most one mail to an address
that never asked for it, and at most `HELD_PER_MAIL` mails held.

Anyone can put any address in a From line or a command (OBSERVE, SET ADDRESS,
SET ZINE, SIGNON ?game), so the judge must never be a cannon aimed at strangers,
nor at addresses that confirmed for some other game. While the service handles one
received mail (`judge.service.inbox`), every mail it queues, whatever command asked
for it, passes `route` here, in `judge.outbox.enqueue`:

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
  confirms (judge.service.held_mail), or fails visibly in the outbox when it
  waited `HOLD_DAYS`.

Held mail is kept for the address's confirmation, not as a store of everything a
hostile mail could make: one received mail holds at most `HELD_PER_MAIL` mails. A
second mail of the same kind of the same game for the same address replaces the one
held for it by this mail (the newest says what is true now); past the limit the
copies are dropped, counted, and the count logged once when the mail is done
(`close_gate`).

Outside a received mail (the scheduler, the command line) no stranger is answering
anything, and game mail already passes the service's own filter (confirmed
addresses only; the others' copies are held: `judge.service.mailing.broadcast`).
With `[security] confirm_addresses = false` (a closed judge) everything is sent.
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

GATE_KEY = "judge.outbox.gate"
CONFIRM_KIND = "confirm"
HELD_PER_MAIL = 5  # held_mail rows one received mail may add


class Route(Enum):
    SEND = "send"
    HOLD = "hold"
    REFUSE = "refuse"


HeldKey = tuple[str, int | None, str]  # (address, game id, kind)


@dataclass
class Gate:
    """The received mail being handled: who wrote it, the one address mailed that
    never asked for it, the mails held and the copies dropped since."""

    sender: str
    confirming: bool
    strangers: set[str] = field(default_factory=set)
    held: dict[HeldKey, int] = field(default_factory=dict)  # -> held_mail row id
    dropped: int = 0


def open_gate(session: Session, sender: str, confirming: bool) -> Gate:
    """Start routing the mail queued for one received mail from `sender`."""
    gate = Gate(sender.strip().lower(), confirming)
    session.info[GATE_KEY] = gate
    return gate


def close_gate(session: Session) -> None:
    """The received mail is done: say, once, how many copies it could not hold."""
    gate = session.info.pop(GATE_KEY, None)
    if isinstance(gate, Gate) and gate.dropped:
        log.warning("outbox: %d mail(s) not held for unconfirmed addresses: one received "
                    "mail holds at most %d (from %s)", gate.dropped, HELD_PER_MAIL,
                    gate.sender)  # fmt: skip


def current_gate(session: Session) -> Gate | None:
    gate = session.info.get(GATE_KEY)
    return gate if isinstance(gate, Gate) else None


def is_confirmed_address(session: Session, address: str) -> bool:
    row = session.get(Address, address.strip().lower())
    return row is not None and row.confirmed_at is not None


def is_stranger(session: Session, address: str) -> bool:
    """Whether mail to `address` now would be mail to a stranger (see the module)."""
    gate = current_gate(session)
    if gate is None or not gate.confirming:
        return False
    key = address.strip().lower()
    return key != gate.sender and not is_confirmed_address(session, key)


def _unasked(
    session: Session, key: str, game_id: int | None, asking: Collection[str] | None
) -> bool:
    if game_id is None:
        return False
    return key not in (asking if asking is not None else addresses_asking(session, game_id))


def may_request(session: Session, address: str, game_id: int | None = None) -> bool:
    """Whether a confirmation request to `address` (about game `game_id`, if any) may
    still go with this mail."""
    gate = current_gate(session)
    if gate is None or not gate.confirming:
        return True
    key = address.strip().lower()
    if _unasked(session, key, game_id, None):
        return not gate.strangers
    if not is_stranger(session, key):
        return True
    return not gate.strangers or key in gate.strangers


def route(
    session: Session,
    address: str,
    kind: str,
    game_id: int | None = None,
    *,
    asking: Collection[str] | None = None,
) -> Route:
    """What becomes of one mail to `address` of `kind`, about game `game_id` if any
    (see the module). `asking`: the addresses that asked for that game, when the
    caller has them (`judge.outbox.asking.addresses_asking`)."""
    gate = current_gate(session)
    if gate is None or not gate.confirming:
        return Route.SEND
    key = address.strip().lower()
    if _unasked(session, key, game_id, asking):
        if not gate.strangers and (kind == CONFIRM_KIND or is_confirmed_address(session, key)):
            gate.strangers.add(key)
            return Route.SEND
        return Route.REFUSE if kind == CONFIRM_KIND else Route.HOLD
    if not is_stranger(session, key):
        return Route.SEND
    if kind != CONFIRM_KIND:
        return Route.HOLD
    if gate.strangers:
        log.warning("outbox: a second mail to a stranger (%s) refused for one mail in", key)
        return Route.REFUSE
    gate.strangers.add(key)
    return Route.SEND
