"""One `broadcast` for every fan-out: the message is built once for all its readers,
and only confirmed addresses that did not say STOP get it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

import judge.service.game_mail.mailing as mailing
from judge.clock import ManualClock
from judge.config import Config
from judge.outbox.gate import no_mail_in
from judge.service.confirming.confirmation import REQUEST_KIND
from judge.store.games import create_game
from judge.store.models import Address, OutboxMessage, OutboxStatus

READERS = [f"reader{n}@example.org" for n in range(6)]


def _outbox(session: Session) -> list[OutboxMessage]:
    return list(session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))


def _broadcast(
    sessions: sessionmaker[Session], config: Config, clock: ManualClock,
    readers: list[str], confirmed: list[str], stopped: tuple[str, ...] = (),
) -> list[OutboxMessage]:
    with sessions() as session:
        for address in confirmed:
            session.add(Address(address=address, code="C0DE", confirmed_at=clock.now(),
                                stopped_at=clock.now() if address in stopped else None))
        game = create_game(session, name="g1", variant="standard", rng_seed=1, now=clock.now())
        session.flush()
        mailing.broadcast(session, config, game, to=readers, what="Notice", body="Hello all.\n",
                          kind="notice", now=clock.now(), gate=no_mail_in())  # fmt: skip
        session.commit()
        return _outbox(session)


def test_a_broadcast_to_many_readers_builds_one_message(
    sessions: sessionmaker[Session], clock: ManualClock, make_config: Callable[..., Config],
    database_url: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = make_config(database_url, security={"confirm_addresses": False})
    built: list[str] = []
    build = mailing._game_message

    def counting(*args: object, **kwargs: object) -> object:
        built.append(str(kwargs["to"]))
        return build(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(mailing, "_game_message", counting)
    rows = _broadcast(sessions, config, clock, READERS, confirmed=[])
    assert len(built) == 1
    assert [row.to_address for row in rows] == READERS
    assert len({row.message_id for row in rows}) == len(READERS)  # each its own id
    for row, reader in zip(rows, READERS, strict=True):
        assert f"To: {reader}".encode() in row.message
        assert b"Hello all." in row.message


def test_a_broadcast_still_leaves_out_unconfirmed_and_stopped_readers(
    sessions: sessionmaker[Session], clock: ManualClock, make_config: Callable[..., Config],
    database_url: str,
) -> None:
    config = make_config(database_url, security={"confirm_addresses": True})
    confirmed = READERS[:3]
    rows = _broadcast(sessions, config, clock, READERS, confirmed=confirmed,
                      stopped=(READERS[2],))  # fmt: skip
    notices = [row.to_address for row in rows if row.kind == "notice"]
    requests = [row.to_address for row in rows if row.kind == REQUEST_KIND]
    assert notices == READERS[:2]
    assert sorted(requests) == sorted(READERS[3:])  # asked to confirm instead


def test_a_broadcast_that_cannot_be_built_fails_each_readers_row(
    sessions: sessionmaker[Session], clock: ManualClock, make_config: Callable[..., Config],
    database_url: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = make_config(database_url, security={"confirm_addresses": False})

    def broken(*args: object, **kwargs: object) -> object:
        raise ValueError("template trouble")

    monkeypatch.setattr(mailing, "_game_message", broken)
    rows = _broadcast(sessions, config, clock, [*READERS[:3], "=?utf-8?q?x?= <a@b>"],
                      confirmed=[])  # fmt: skip
    assert [row.status for row in rows] == [OutboxStatus.FAILED] * 4
    assert ["template trouble" in (row.last_error or "") for row in rows] == [
        False, True, True, True,
    ]  # the address that is not plain is failed first, for its own reason
