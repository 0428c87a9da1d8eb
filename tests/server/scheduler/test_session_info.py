"""No session carries anything in its `info`: what the judge's work needs beyond the
database (its variant registry, a mail's outbox gate, a notice batch) is passed by
argument. Every session the judge opens is watched while it handles mail (the
processor's read-ahead and write steps), runs a deadline (the scheduler's round, its
maps drawn) and sends the outbox; one with anything in its `info` fails the test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta

import pytest
from sqlalchemy import event, select
from sqlalchemy.orm import Session
from support.server.scheduler.driver import Scheduler
from support.service.harness import JudgeHarness, build_mail

from judge.server.intake import received
from judge.server.scheduler import SchedulerTimers, run_rounds
from judge.server.watchdog import Watchdogs
from judge.store.inbox import store_messages
from judge.store.models import InboxMessage, InboxStatus, OutboxMessage, OutboxStatus

# The moments of a session's life where something put on its `info` would be seen.
WATCHED = ("after_begin", "after_flush", "before_commit", "after_transaction_end")


class SessionWatch:
    """Every session the process opens while watched, and each time one had `info`."""

    def __init__(self) -> None:
        self.seen: set[int] = set()
        self.filled: list[str] = []
        self._listeners: list[tuple[str, Callable[..., None]]] = []

    def __enter__(self) -> SessionWatch:
        for name in WATCHED:
            listener = self._listener(name)
            event.listen(Session, name, listener)
            self._listeners.append((name, listener))
        return self

    def __exit__(self, *exc_info: object) -> None:
        for name, listener in self._listeners:
            event.remove(Session, name, listener)

    def _listener(self, name: str) -> Callable[..., None]:
        def check(session: Session, *_args: object) -> None:
            self.seen.add(id(session))
            if session.info:
                self.filled.append(f"{name}: {dict(session.info)}")

        return check


@pytest.fixture
def watch() -> Iterator[SessionWatch]:
    with SessionWatch() as watching:
        yield watching


def test_no_session_carries_anything_while_the_judge_handles_mail_and_deadlines(
    judge: JudgeHarness, scheduler: Scheduler, watch: SessionWatch
) -> None:
    judge.replay_starts = False  # the start's sessions are watched too: played by mail
    judge.start_game()  # CREATE, the sign-ups and the start, handled mail by mail
    judge.reply("gm@example.org", "SIGNON Mg1 gmpass\nSET GRACE 0")  # processed at the deadline
    deadline = scheduler.deadline()
    mail = received(bytes(build_mail("ann@example.org", "LIST g1")), "ann@example.org",
                    [judge.config.judge.address])  # fmt: skip
    store_messages(judge.sessions, [mail], judge.clock.now())
    judge.clock.set(deadline + timedelta(seconds=1))
    with Watchdogs() as watchdogs:  # a round of `judge scheduler`: inbox, deadlines, sending
        handled = run_rounds(judge.sessions, judge.clock, judge.config, variants=judge.variants,
                             timers=SchedulerTimers(), watchdogs=watchdogs, pool=None,
                             handler=judge.handler)  # fmt: skip

    assert handled == 1  # the deadline was run: its phase processed
    assert scheduler.game().phase != "S1901M"
    with judge.sessions() as session:
        statuses = set(session.scalars(select(InboxMessage.status)))
        sent = set(session.scalars(select(OutboxMessage.status)))
    assert statuses == {InboxStatus.DONE}  # the LIST too, in the round's processor pass
    assert OutboxStatus.SENT in sent
    assert len(watch.seen) > 20  # the watch saw the judge's sessions
    assert watch.filled == []


def test_the_watch_sees_a_session_given_info(judge: JudgeHarness, watch: SessionWatch) -> None:
    """The watch above can fail: a session with something in its `info` is reported."""
    with judge.sessions(info={"variants": judge.variants}) as session:
        session.scalars(select(InboxMessage)).all()
    assert watch.filled and watch.filled[0].startswith("after_begin: {'variants'")
