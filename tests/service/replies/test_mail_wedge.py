"""One mail that runs too long no longer wedges the judge.

Found on a live judge: a master's mail of SIGNON and 998 PROCESS ran past `[processor]
mail_seconds`; the watchdog's `MailTooLong` landed inside SQLAlchemy, which took it for
an exit signal and invalidated the batch's connection; the batch then failed with
`PendingRollbackError`, its write lock stayed held, every later batch failed with
"database is locked", other senders got 451 and the same mail was run again and again.

Here a PROCESS that runs for ever, reading the database (so that the watchdog's
exception arrives inside SQLAlchemy), stands for the slow step, on both backends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session
from support.service.harness import JudgeHarness, build_mail, game_tables
from support.service.writable import assert_writable

from judge.language import command_types as c
from judge.server.intake import received
from judge.server.watchdog import MailTooLong
from judge.service.context import MailContext
from judge.service.replies.dispatch import HANDLERS
from judge.store.inbox import store_messages
from judge.store.models import Game, InboxMessage, InboxStatus

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

WEDGE = "SIGNON Mg1 gmpass\n" + "PROCESS\n" * 998


def _for_ever(real: Callable[..., Any]) -> Callable[..., Any]:
    def slow(ctx: MailContext, command: Any) -> Any:
        real(ctx, command)
        while True:  # stopped by the watchdog, most likely inside SQLAlchemy
            ctx.session.execute(select(Game)).all()

    return slow


@pytest.fixture
def slow_process(judge: JudgeHarness, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    judge.start_game()
    judge.config = replace(judge.config,
                           processor=replace(judge.config.processor, mail_seconds=0.5))  # fmt: skip
    monkeypatch.setitem(HANDLERS, c.Process, _for_ever(HANDLERS[c.Process]))
    yield


def _store(judge: JudgeHarness, sender: str, body: str) -> int:
    mail = received(bytes(build_mail(sender, body)), sender, [judge.config.judge.address])
    [inbox_id] = store_messages(judge.sessions, [mail], judge.clock.now())
    return inbox_id


def _statuses(judge: JudgeHarness, ids: list[int]) -> list[tuple[InboxStatus, str]]:
    with judge.sessions() as session:
        rows = [session.get(InboxMessage, inbox_id) for inbox_id in ids]
        return [(row.status, row.error or "") for row in rows if row is not None]


def _engine(judge: JudgeHarness) -> Engine:
    bind = judge.sessions.kw["bind"]
    assert isinstance(bind, Engine)
    return bind


def _wedge_between_two_mails(judge: JudgeHarness) -> list[tuple[InboxStatus, str]]:
    before = game_tables(judge.sessions)
    ids = [_store(judge, "early@example.org", "LIST"), _store(judge, "gm@example.org", WEDGE),
           _store(judge, "late@example.org", "LIST")]  # fmt: skip
    assert judge.process_pending() == 3
    assert_writable(_engine(judge))
    statuses = _statuses(judge, ids)
    if statuses[1][0] is InboxStatus.FAILED:
        assert game_tables(judge.sessions) == before  # the wedge changed nothing
    return statuses


@pytest.mark.usefixtures("slow_process")
def test_a_mail_stopped_by_the_watchdog_fails_alone_and_frees_the_database(
    judge: JudgeHarness,
) -> None:
    for _ in range(3):  # where the exception lands differs from run to run
        early, wedge, late = _wedge_between_two_mails(judge)
        assert wedge[0] is InboxStatus.FAILED
        assert "ran longer than 0.5 s ([processor] mail_seconds)" in wedge[1]
        assert "MailTooLong" in wedge[1]
        assert (early[0], late[0]) == (InboxStatus.DONE, InboxStatus.DONE)
    after = _store(judge, "after@example.org", "LIST")  # the judge goes on
    assert judge.process_pending() == 1
    assert _statuses(judge, [after]) == [(InboxStatus.DONE, "")]


@pytest.mark.usefixtures("slow_process")
def test_a_rollback_that_fails_too_discards_the_batch_and_the_mail_fails_alone(
    judge: JudgeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_rollback = Session.rollback
    raised: list[str] = []

    def rollback_interrupted(session: Session) -> None:
        if not raised:
            raised.append("once")
            raise MailTooLong("arrived inside the rollback")
        real_rollback(session)

    monkeypatch.setattr("judge.server.batch_recovery.Session.rollback", rollback_interrupted)
    early, wedge, late = _wedge_between_two_mails(judge)
    assert raised
    assert wedge[0] is InboxStatus.FAILED and "mail_seconds" in wedge[1]
    # The early mail was in the discarded transaction: it stayed new, and the next
    # batch handled it, once.
    assert (early[0], late[0]) == (InboxStatus.DONE, InboxStatus.DONE)
