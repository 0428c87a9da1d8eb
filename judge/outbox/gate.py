"""The one filter in front of the outbox: at most one mail to a stranger per mail in.

Anyone can put any address in a From line or a command (OBSERVE, SET ADDRESS,
SET ZINE, SIGNON ?game), so the judge must never be a cannon aimed at strangers.
While the service handles one received mail (`judge.service.inbox`), every mail it
queues, whatever command asked for it, passes `route` here, in `judge.outbox.enqueue`:

* to the mail's own sender (the reply, a notice): sent. The sender wrote to us;
* to an address that confirmed it reads the judge's mail: sent;
* to any other address (a stranger): one confirmation request (`kind` confirm)
  per received mail is sent; any further request is refused, and every other mail
  (game mail, a copy of a reply) is held (`held_mail`), never dropped: it goes out
  when the address confirms (judge.service.held_mail), or fails visibly in the
  outbox when it waited `HOLD_DAYS`.

Outside a received mail (the scheduler, the command line) no stranger is answering
anything, and game mail already passes the service's own filter (confirmed
addresses only; the others' copies are held: `judge.service.mailing.broadcast`).
With `[security] confirm_addresses = false` (a closed judge) everything is sent.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from enum import Enum

from sqlalchemy.orm import Session

from judge.store.models import Address

log = logging.getLogger(__name__)

GATE_KEY = "judge.outbox.gate"
CONFIRM_KIND = "confirm"


class Route(Enum):
    SEND = "send"
    HOLD = "hold"
    REFUSE = "refuse"


@dataclass
class Gate:
    """The received mail being handled: who wrote it, and the strangers mailed since."""

    sender: str
    confirming: bool
    strangers: set[str] = field(default_factory=set)


def open_gate(session: Session, sender: str, confirming: bool) -> Gate:
    """Start routing the mail queued for one received mail from `sender`."""
    gate = Gate(sender.strip().lower(), confirming)
    session.info[GATE_KEY] = gate
    return gate


def close_gate(session: Session) -> None:
    session.info.pop(GATE_KEY, None)


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


def may_request(session: Session, address: str) -> bool:
    """Whether a confirmation request to `address` may still go with this mail."""
    gate = current_gate(session)
    if gate is None or not is_stranger(session, address):
        return True
    return not gate.strangers or address.strip().lower() in gate.strangers


def route(session: Session, address: str, kind: str) -> Route:
    """What becomes of one mail to `address` of `kind` (see the module)."""
    gate = current_gate(session)
    if gate is None or not is_stranger(session, address):
        return Route.SEND
    key = address.strip().lower()
    if kind != CONFIRM_KIND:
        return Route.HOLD
    if gate.strangers:
        log.warning("outbox: a second mail to a stranger (%s) refused for one mail in", key)
        return Route.REFUSE
    gate.strangers.add(key)
    return Route.SEND
