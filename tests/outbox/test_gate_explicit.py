"""The outbox gate is passed, never found: every way into the outbox takes one, a call
without it is a TypeError, and nothing is queued (it fails closed). A received
mail's gate holds a stranger's mail; only the gate that says "no mail in" sends
everything, and only because its caller chose it. No mail's state is kept on
`session.info`."""

from __future__ import annotations

import re
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

import judge
from judge.clock import ManualClock
from judge.outbox.enqueue import enqueue, enqueue_copies, enqueue_direct, enqueue_raw
from judge.outbox.gate import (
    HELD_PER_MAIL,
    Route,
    is_stranger,
    may_request,
    no_mail_in,
    open_gate,
    route,
)
from judge.service.game_mail.notice_batch import batching
from judge.store.models import Address, HeldMail, OutboxMessage

PACKAGE = Path(judge.__file__).parent
STRANGER = "stranger@example.net"


def _message(to: str = STRANGER) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "Judge <judge@example.org>"
    message["To"] = to
    message["Subject"] = "hello"
    message.set_content("ok\n")
    return message


def _count(session: Session, table: type[Any]) -> int:
    return session.scalar(select(func.count()).select_from(table)) or 0


WAYS_IN: dict[str, Callable[..., object]] = {
    "enqueue": lambda session, now, **gate: enqueue(session, _message(), "notice", now=now, **gate),
    "enqueue_direct": lambda session, now, **gate: enqueue_direct(
        session, _message(), "reply", now=now, **gate),
    "enqueue_raw": lambda session, now, **gate: enqueue_raw(
        session, bytes(_message()), to_address=STRANGER, message_id="<m@example.org>",
        kind="notice", now=now, **gate),
    "enqueue_copies": lambda session, now, **gate: enqueue_copies(
        session, _message(), [STRANGER, "b@example.net"], "notice", now=now, **gate),
}  # fmt: skip


@pytest.mark.parametrize("way", sorted(WAYS_IN))
def test_a_way_into_the_outbox_without_a_gate_is_a_type_error_and_queues_nothing(
    sessions: sessionmaker[Session], clock: ManualClock, way: str
) -> None:
    with sessions() as session:
        with pytest.raises(TypeError, match="gate"):
            WAYS_IN[way](session, clock.now())
        with pytest.raises(TypeError, match="Gate"):
            WAYS_IN[way](session, clock.now(), gate=None)
        assert (_count(session, OutboxMessage), _count(session, HeldMail)) == (0, 0)


def test_route_without_a_gate_refuses_to_answer(sessions: sessionmaker[Session]) -> None:
    with sessions() as session, pytest.raises(TypeError, match="Gate"):
        route(session, None, STRANGER, "notice")  # type: ignore[arg-type]


@pytest.mark.parametrize("way", sorted(WAYS_IN))
def test_a_received_mails_gate_holds_a_strangers_mail(
    sessions: sessionmaker[Session], clock: ManualClock, way: str
) -> None:
    with sessions() as session:
        gate = open_gate("ann@example.org", confirming=True)
        WAYS_IN[way](session, clock.now(), gate=gate)
        assert _count(session, OutboxMessage) == 0
        assert _count(session, HeldMail) == len(gate.held) >= 1


@pytest.mark.parametrize("way", sorted(WAYS_IN))
def test_the_gate_of_no_mail_in_sends_what_it_is_given(
    sessions: sessionmaker[Session], clock: ManualClock, way: str
) -> None:
    with sessions() as session:
        gate = no_mail_in()
        WAYS_IN[way](session, clock.now(), gate=gate)
        assert _count(session, OutboxMessage) >= 1 and _count(session, HeldMail) == 0
        assert (gate.strangers, gate.held, gate.dropped) == (set(), {}, 0)


def test_a_received_mails_own_sender_is_answered(sessions: sessionmaker[Session]) -> None:
    with sessions() as session:
        gate = open_gate(" Ann@Example.org ", confirming=True)
        assert route(session, gate, "ann@example.org", "reply") is Route.SEND
        assert route(session, gate, STRANGER, "reply") is Route.HOLD
        assert route(session, gate, STRANGER, "confirm") is Route.SEND  # its one request
        assert route(session, gate, "other@example.net", "confirm") is Route.REFUSE
        closed = open_gate("ann@example.org", confirming=False)  # a closed judge
        assert route(session, closed, STRANGER, "reply") is Route.SEND


def test_one_received_mail_holds_at_most_its_share(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions() as session:
        gate = open_gate("ann@example.org", confirming=True)
        for n in range(HELD_PER_MAIL + 2):
            enqueue(session, _message(f"s{n}@example.net"), "notice", gate=gate, now=clock.now())
        assert _count(session, HeldMail) == HELD_PER_MAIL
        assert gate.dropped == 2


def test_nothing_is_kept_on_session_info() -> None:
    """The gate, the notice batch and the variant registry are passed down, not found
    on `session.info` (nor on a sessionmaker's `info=`): any such lookup fails here
    (`tests/server/scheduler/test_session_info.py` checks the sessions themselves)."""
    hidden = re.compile(
        r"\.info\s*\[|\.info\.(get|pop|setdefault|update)\(|sessionmaker\(.*\binfo="
    )
    found = {
        f"{path.relative_to(PACKAGE)}: {line.strip()}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line in path.read_text().splitlines()
        if "session.info" in line or hidden.search(line)
    }
    assert found == set()


def test_confirmation_requests_go_one_a_mail_and_always_outside_one(
    sessions: sessionmaker[Session],
) -> None:
    with sessions() as session:
        assert may_request(session, no_mail_in(), STRANGER)
        assert may_request(session, open_gate("ann@example.org", confirming=False), STRANGER)
        gate = open_gate("ann@example.org", confirming=True)
        assert is_stranger(session, gate, STRANGER)
        assert not is_stranger(session, gate, "ANN@example.org")
        assert not is_stranger(session, no_mail_in(), STRANGER)
        assert may_request(session, gate, STRANGER)
        assert route(session, gate, STRANGER, "confirm") is Route.SEND
        assert may_request(session, gate, STRANGER)  # the same one again: still that one
        assert not may_request(session, gate, "other@example.net")
        assert may_request(session, gate, "ann@example.org")  # the sender is no stranger


def test_mail_about_a_game_goes_once_a_mail_to_an_address_that_did_not_ask_for_it(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    with sessions() as session:
        session.add(Address(address="friend@example.net", code="C0DE", confirmed_at=clock.now()))
        session.flush()
        nobody: tuple[str, ...] = ()  # nobody asked for game 1
        assert route(session, no_mail_in(), STRANGER, "notice", 1, asking=nobody) is Route.SEND
        gate = open_gate("ann@example.org", confirming=True)
        assert route(session, gate, "friend@example.net", "notice") is Route.SEND  # confirmed
        assert route(session, gate, STRANGER, "notice", 1, asking=nobody) is Route.HOLD
        assert route(session, gate, "friend@example.net", "notice", 1, asking=nobody) is Route.SEND
        assert gate.strangers == {"friend@example.net"}
        assert route(session, gate, STRANGER, "confirm", 1, asking=nobody) is Route.REFUSE
        asked = ("friend@example.net",)
        assert route(session, gate, "friend@example.net", "notice", 1, asking=asked) is Route.SEND


def test_outside_a_received_mail_held_mail_is_neither_capped_nor_batched(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    """The per-mail caps and the announcement batch belong to a received mail: work
    no mail asked for (a deadline's results to unconfirmed readers) holds them all."""
    readers = [f"r{n}@example.net" for n in range(HELD_PER_MAIL + 2)]
    with sessions() as session:
        gate = no_mail_in()
        enqueue_copies(session, _message(), readers, "results", gate=gate, now=clock.now(),
                       held=readers)  # fmt: skip
        assert _count(session, HeldMail) == len(readers)
        assert (gate.held, gate.dropped) == ({}, 0)
        assert not batching(gate, "notice") and batching(open_gate("a@example.org", True), "notice")


def test_a_second_address_that_did_not_ask_for_a_game_waits_even_when_confirmed(
    sessions: sessionmaker[Session], clock: ManualClock
) -> None:
    """Mail about a game to an address that did not ask for it goes to one such address
    a received mail: a second one is held (or, for a request, refused), confirmed or
    not, and is not offered a confirmation request either (found by the mutation run
    of `judge/outbox/gate.py`: these branches survived)."""
    with sessions() as session:
        for address in ("friend@example.net", "pal@example.net"):
            session.add(Address(address=address, code="C0DE", confirmed_at=clock.now()))
        session.flush()
        nobody: tuple[str, ...] = ()
        gate = open_gate("ann@example.org", confirming=True)
        assert may_request(session, gate, "pal@example.net", 1)  # nobody answered yet
        assert route(session, gate, "friend@example.net", "notice", 1, asking=nobody) is Route.SEND
        assert route(session, gate, "pal@example.net", "notice", 1, asking=nobody) is Route.HOLD
        assert not may_request(session, gate, "pal@example.net", 1)
        assert route(session, gate, "pal@example.net", "notice") is Route.SEND  # not about it
