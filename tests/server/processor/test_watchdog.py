"""The watchdog that stops a mail running too long leaves nothing behind.

Found by the suite itself: after any mail processed under the watchdog, a test that
counts function calls with `sys.setprofile` looped for ever at its next call. The
stand-down took back a pending `MailTooLong` with NULL, which on CPython 3.11 leaves the
interpreter's "asynchronous exception pending" signal set for good. Each case runs in
a subprocess with a timeout, so a regression fails here instead of hanging the suite.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from judge.server.watchdog import MailTooLong, Watchdog

PROFILED_AFTER_A_WATCHED_STEP = textwrap.dedent(
    """
    import sys
    from judge.server.watchdog import Watchdog

    watchdog = Watchdog(5)
    with watchdog.watching():
        pass
    calls = 0

    def count(frame, event, arg):
        global calls
        calls += 1

    def step():
        return 1

    sys.setprofile(count)
    for _ in range(100):
        step()
    sys.setprofile(None)
    print(calls)
    """
)


def test_a_watched_step_leaves_no_pending_signal_behind() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROFILED_AFTER_A_WATCHED_STEP],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= 200  # every call and return of `step` was seen


def test_a_step_past_its_time_is_stopped_and_the_next_one_runs() -> None:
    watchdog = Watchdog(0.2)
    with pytest.raises(MailTooLong):
        with watchdog.watching():
            while True:
                pass
    with watchdog.watching():
        total = sum(range(1000))  # not stopped: the first one is over
    assert total == 499500
