"""Two judges in one process keep their own state: each runtime object owns its timers."""

from __future__ import annotations

import functools
from datetime import UTC, datetime

import pytest

from judge.clock import ManualClock
from judge.config import Config
from judge.server.runtime import Judge
from judge.service.handler import ServiceHandler
from judge.store import password_work
from judge.store.models import InboxMessage, InboxStatus


def test_two_judges_in_one_process_share_no_timers() -> None:
    first = Judge(Config())
    second = Judge(Config(), clock=ManualClock(datetime(2026, 1, 1, tzinfo=UTC)))
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
    first, second = Judge(Config()), Judge(Config())
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
    first, second = Judge(Config()), Judge(Config())
    assert isinstance(first.handler, ServiceHandler)
    assert isinstance(second.handler, ServiceHandler)
    first.handler.passwords.hash_ahead("secret")
    made = iter(["made-now"])
    monkeypatch.setattr(password_work, "hash_password", lambda password: next(made))
    assert second.handler.passwords.new_hash("secret") == "made-now"  # nothing kept for it
    assert first.handler.passwords.new_hash("secret") == "hash-secret"  # kept ahead


def test_two_judges_in_one_process_draw_with_their_own_worker_pools() -> None:
    first, second = Judge(Config()), Judge(Config())
    assert first.drawing is not second.drawing
    (first_tick,) = first.ticks()
    (second_tick,) = second.ticks()
    assert isinstance(first_tick, functools.partial)
    assert isinstance(second_tick, functools.partial)
    assert first_tick.keywords == {"timers": first.timers, "pool": first.drawing}
    assert second_tick.keywords == {"timers": second.timers, "pool": second.drawing}
