"""Two judges in one process keep their own state: each runtime object owns its timers,
its handler's readings and password work, its drawing workers and its watchdogs, and
ends its threads as it stops."""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from support.variant_registry import WORKER_REGISTRY

from judge.clock import ManualClock
from judge.config import Config
from judge.server.runtime import Judge
from judge.server.watchdog import MailTooLong, Watchdog, Watchdogs
from judge.service.reading import password_work
from judge.service.replies.service_handler import ServiceHandler
from judge.store.models import InboxMessage, InboxStatus


def test_two_judges_in_one_process_share_no_timers() -> None:
    first = Judge(Config(), WORKER_REGISTRY)
    second = Judge(Config(), WORKER_REGISTRY, clock=ManualClock(datetime(2026, 1, 1, tzinfo=UTC)))
    assert first.timers is not second.timers
    assert first.timers.pruning is not second.timers.pruning
    assert first.timers.expiry is not second.timers.expiry

    assert first.timers.pruning.due()  # the first judge prunes at its start...
    assert not first.timers.pruning.due()  # ...then not again for an hour
    assert second.timers.pruning.due()  # the second judge's start is its own

    now = second.clock.now()
    assert first.timers.expiry.due(now)
    assert not first.timers.expiry.due(now)
    assert second.timers.expiry.due(now)  # not held back by the first judge's check


def test_two_judges_in_one_process_keep_their_own_readings() -> None:
    first, second = Judge(Config(), WORKER_REGISTRY), Judge(Config(), WORKER_REGISTRY)
    assert isinstance(first.handler, ServiceHandler)
    assert isinstance(second.handler, ServiceHandler)
    raw = b"From: a@example.org\r\nTo: judge@example.org\r\nSubject: x\r\n\r\nLIST\r\n"
    row = InboxMessage(id=1, raw=raw, mail_from="a@example.org", rcpt_tos=[], digest="d",
                       received_at=datetime(2026, 1, 1, tzinfo=UTC),
                       status=InboxStatus.NEW)  # fmt: skip
    ahead = first.handler.readings.read_ahead(row, "judge@example.org")
    assert second.handler.readings.read_row(row, "judge@example.org") is not ahead
    assert first.handler.readings.read_row(row, "judge@example.org") is ahead


def test_two_judges_in_one_process_keep_their_own_password_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(password_work, "hash_password", lambda password: f"hash-{password}")
    first, second = Judge(Config(), WORKER_REGISTRY), Judge(Config(), WORKER_REGISTRY)
    assert isinstance(first.handler, ServiceHandler)
    assert isinstance(second.handler, ServiceHandler)
    first.handler.passwords.hash_ahead("secret")
    made = iter(["made-now"])
    monkeypatch.setattr(password_work, "hash_password", lambda password: next(made))
    assert second.handler.passwords.new_hash("secret") == "made-now"  # nothing kept for it
    assert first.handler.passwords.new_hash("secret") == "hash-secret"  # kept ahead


def test_two_judges_in_one_process_draw_with_their_own_worker_pools() -> None:
    first, second = Judge(Config(), WORKER_REGISTRY), Judge(Config(), WORKER_REGISTRY)
    assert first.drawing is not second.drawing
    (first_tick,) = first.ticks()
    (second_tick,) = second.ticks()
    assert isinstance(first_tick, functools.partial)
    assert isinstance(second_tick, functools.partial)
    assert first_tick.keywords == {"timers": first.timers, "variants": first.variants,
                                   "pool": first.drawing}  # fmt: skip
    assert second_tick.keywords == {"timers": second.timers, "variants": second.variants,
                                    "pool": second.drawing}  # fmt: skip


def _watch_once(judge: Judge) -> Watchdog:
    """Run one watched step under the judge's watchdog, as its processor does."""
    watchdog = judge.watchdogs.of(judge.config.processor.mail_seconds)
    with watchdog.watching():
        pass
    return watchdog


def _threads_started_by(step: Callable[[], object]) -> set[threading.Thread]:
    before = set(threading.enumerate())
    step()
    return set(threading.enumerate()) - before


def test_two_judges_in_one_process_keep_their_own_watchdogs() -> None:
    with Judge(Config(), WORKER_REGISTRY) as first, Judge(Config(), WORKER_REGISTRY) as second:
        assert first.watchdogs is not second.watchdogs
        (mine,) = _threads_started_by(lambda: _watch_once(first))
        (theirs,) = _threads_started_by(lambda: _watch_once(second))
        assert mine is not theirs  # same mail_seconds, yet each judge's own thread
        assert _watch_once(first) is not _watch_once(second)
        first.stop()
        assert not mine.is_alive()
        assert theirs.is_alive()  # the second judge still watches
        assert [w.seconds for w in second.watchdogs.running()] == [Config().processor.mail_seconds]
        assert first.watchdogs.running() == []


def test_stopping_a_judge_ends_its_watchdog_threads() -> None:
    judge = Judge(Config(), WORKER_REGISTRY)
    (thread,) = _threads_started_by(lambda: _watch_once(judge))
    assert thread.is_alive() and thread.name == "judge-watchdog"
    started = time.monotonic()
    judge.stop()
    assert not thread.is_alive()
    assert time.monotonic() - started < 1.0  # promptly: not at its next deadline
    assert judge.watchdogs.running() == []


def test_a_judge_ends_its_watchdogs_as_its_with_block_ends() -> None:
    with Judge(Config(), WORKER_REGISTRY) as judge:
        (thread,) = _threads_started_by(lambda: _watch_once(judge))
        assert thread.is_alive()
    assert not thread.is_alive()


def test_a_stopped_watchdog_still_stops_a_step_past_its_time() -> None:
    watchdogs = Watchdogs()
    watchdog = watchdogs.of(0.2)
    watchdogs.stop()  # stopped before any step: nothing to end, and it starts again
    with pytest.raises(MailTooLong):
        with watchdog.watching():
            while True:
                pass
    assert watchdogs.running() == [watchdog]
    watchdogs.stop()
    assert watchdogs.running() == []
