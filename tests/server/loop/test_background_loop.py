"""The one background loop: its wake-up, its error policy and its stop."""

from __future__ import annotations

import logging
import threading
import time

import pytest

from judge.loop import BackgroundLoop


def _until(condition: object, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return True
        time.sleep(0.005)
    return False


def test_a_failing_step_is_logged_retried_after_backoff_and_the_loop_keeps_running(
    caplog: pytest.LogCaptureFixture,
) -> None:
    calls: list[float] = []

    def step() -> bool:
        calls.append(time.monotonic())
        if len(calls) <= 2:
            raise RuntimeError(f"boom {len(calls)}")
        return False

    loop = BackgroundLoop("flaky", step, idle_seconds=0.05, max_backoff_seconds=1.0)
    with caplog.at_level(logging.ERROR, logger="judge.loop"):
        loop.start()
        assert _until(lambda: len(calls) >= 4)
        loop.stop()
        assert loop.join(5)
    failures = [r for r in caplog.records if "a round failed" in r.getMessage()]
    assert len(failures) == 2
    assert all(r.exc_info and "boom" in str(r.exc_info[1]) for r in failures)
    # the back-off doubles: ~0.05 s after the first failure, ~0.1 s after the second
    assert calls[1] - calls[0] >= 0.045
    assert calls[2] - calls[1] >= 0.095
    assert loop.failures == 0  # the success reset it


def test_the_backoff_doubles_up_to_its_cap() -> None:
    loop = BackgroundLoop("capped", lambda: False, idle_seconds=1.0, max_backoff_seconds=5.0)
    delays = []
    for failures in range(1, 6):
        loop.failures = failures
        delays.append(loop.backoff())
    assert delays == [1.0, 2.0, 4.0, 5.0, 5.0]


def test_wake_runs_a_step_promptly() -> None:
    ran = threading.Event()
    count = 0

    def step() -> bool:
        nonlocal count
        count += 1
        if count > 1:
            ran.set()
        return False

    loop = BackgroundLoop("sleepy", step, idle_seconds=30)
    loop.start()
    assert _until(lambda: count == 1)
    started = time.monotonic()
    loop.wake()
    assert ran.wait(2)
    assert time.monotonic() - started < 1.0  # not the 30 s idle wait
    loop.stop()
    assert loop.join(5)


def test_a_busy_step_runs_again_at_once_until_it_finds_no_work() -> None:
    work = [1, 2, 3]
    done: list[int] = []

    def step() -> bool:
        if not work:
            return False
        done.append(work.pop(0))
        return True

    loop = BackgroundLoop("busy", step, idle_seconds=30)
    loop.start()
    assert _until(lambda: done == [1, 2, 3], 2)
    loop.stop()
    assert loop.join(5)


def test_stop_ends_the_loop_even_in_a_long_backoff_or_idle_wait() -> None:
    def failing() -> bool:
        raise OSError("database away")

    backing_off = BackgroundLoop("down", failing, idle_seconds=30)
    idle = BackgroundLoop("idle", lambda: False, idle_seconds=30)
    backing_off.start()
    idle.start()
    assert _until(lambda: backing_off.failures == 1)
    started = time.monotonic()
    backing_off.stop()
    idle.stop()
    assert backing_off.join(2) and idle.join(2)
    assert time.monotonic() - started < 2
    assert backing_off.stopped and idle.stopped


def test_run_in_the_foreground_returns_once_stopped() -> None:
    rounds = 0
    loop: BackgroundLoop

    def step() -> bool:
        nonlocal rounds
        rounds += 1
        if rounds == 3:
            loop.stop()
        return True

    loop = BackgroundLoop("foreground", step, idle_seconds=30)
    loop.run()
    assert rounds == 3


def test_a_loop_needs_a_positive_idle_wait() -> None:
    with pytest.raises(ValueError, match="idle_seconds"):
        BackgroundLoop("spin", lambda: False, idle_seconds=float("nan"))


def test_a_known_failure_between_successes_is_told_once_until_a_minute_has_passed(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A full disk under a processor: each mail's step fails, the idle step between
    mails succeeds. The operator reads one error line, not one per mail; the same
    line a minute later is told again."""
    now = [0.0]
    rounds = iter([True, False, True, False, True, False, "later", True, False])
    seen: list[object] = []

    def step() -> bool:
        kind = next(rounds, None)
        seen.append(kind)
        if kind == "later":
            now[0] += 61.0
            return False
        if kind is True:
            raise OSError("database or disk is full")
        if kind is None:
            loop.stop()
        return False

    loop = BackgroundLoop("processor", step, idle_seconds=0.001, max_backoff_seconds=0.001,
                          known_failure=lambda exc: f"disk full: {exc}",
                          monotonic=lambda: now[0])  # fmt: skip
    with caplog.at_level(logging.INFO, logger="judge.loop"):
        loop.run()
    told = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.getMessage() for r in told] == [
        "processor: disk full: database or disk is full; retrying, with a back-off up to 0.001 s",
    ] * 2
    assert not any(r.exc_info for r in told)
    assert seen.count(True) == 4
    again = [r for r in caplog.records if "again: disk full" in r.getMessage()]
    assert len(again) == 2 and all(r.levelno == logging.INFO for r in again)
