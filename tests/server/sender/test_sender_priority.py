"""The sender's thread yields the CPU to the rest of the judge (Linux only)."""

from __future__ import annotations

import os
import sys
import threading

import pytest

from judge.server.sender import SENDER_NICENESS, _lower_priority


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread nice is Linux's")
def test_the_sender_thread_runs_at_a_lower_priority_and_only_it() -> None:
    before = os.getpriority(os.PRIO_PROCESS, 0)
    seen: list[int] = []

    def sender() -> None:
        _lower_priority()
        seen.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))

    thread = threading.Thread(target=sender)
    thread.start()
    thread.join(5)
    assert seen == [min(before + SENDER_NICENESS, 19)]
    assert os.getpriority(os.PRIO_PROCESS, 0) == before  # the rest of the process is untouched
