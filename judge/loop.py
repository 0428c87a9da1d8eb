"""One background loop for every daemon job: the inbox processor, the outbound sender
and the scheduler's rounds.

Each job is a blocking `step` that returns whether it did work. The loop runs the
step again at once while it keeps finding work (after `pause`, when given), else
waits `idle_seconds` or until `wake()` is called. One error policy for all: a step
that raises is logged with its traceback and tried again after a back-off that
doubles from `idle_seconds` up to `max_backoff_seconds` (a woken loop does not cut
the back-off short: a broken database is not hammered by arriving mail); the first
step that succeeds resets it. A failure its `known_failure` hook describes (a full
disk: nothing to debug, the operator must act) is logged in that one line, without
the traceback, once per run of failures, and its end is logged too; the same line
coming back within `RETOLD_AFTER_SECONDS` of being told is not told again (a step
that fails only when there is work, such as storing a mail on a full disk, would
otherwise say it once per mail). The loop never
dies of a step's exception; `stop()` ends it after the step under way, and cuts any
wait short.

`judge serve` runs each loop in a thread of its own (`start`, `stop`, `join`);
`judge scheduler` runs its one loop in the foreground (`run`).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

MAX_BACKOFF_SECONDS = 60.0  # the longest wait after repeated failures
RETOLD_AFTER_SECONDS = 60.0  # a known failure told once is told again after this

Step = Callable[[], bool]
# An exception the operator knows without its traceback, said in one line; else None.
KnownFailure = Callable[[Exception], str | None]


class BackgroundLoop:
    """Run `step` until stopped: again at once after work, else when woken or idle."""

    def __init__(
        self,
        name: str,
        step: Step,
        *,
        idle_seconds: float,
        pause: float = 0.0,
        max_backoff_seconds: float = MAX_BACKOFF_SECONDS,
        on_start: Callable[[], None] | None = None,
        known_failure: KnownFailure | None = None,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        if not idle_seconds > 0:
            raise ValueError(f"{name}: idle_seconds must be positive, got {idle_seconds}")
        self.name = name
        self._step = step
        self._idle = idle_seconds
        self._pause = pause
        self._max_backoff = max(max_backoff_seconds, idle_seconds)
        self._on_start = on_start
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.failures = 0  # consecutive failed steps (0 after a success)
        self.known_failure = known_failure  # public: set by whoever runs the loop
        self._told: str | None = None  # the known failure logged for this run of them
        self._monotonic = monotonic
        self._last_told: tuple[str, float] | None = None  # the line, and when it was told

    def wake(self) -> None:
        """Run the step as soon as the one under way (if any) ends. Thread-safe."""
        self._wake.set()

    def stop(self) -> None:
        """End the loop after the step under way; cuts any wait short. Thread-safe."""
        self._stop.set()
        self._wake.set()

    @property
    def stopped(self) -> bool:
        return self._stop.is_set()

    def run(self) -> None:
        """Run in the calling thread until `stop()`."""
        if self._on_start is not None:
            self._on_start()
        log.debug("%s: started", self.name)
        while not self._stop.is_set():
            self._wake.clear()  # a wake() during the step below runs it again
            try:
                busy = self._step()
            except Exception as exc:
                self.failures += 1
                self._log_failure(exc)
                self._stop.wait(self.backoff())
                continue
            if self._told is not None:
                log.info("%s: working again after %d failed round(s)", self.name, self.failures)
                self._told = None
            self.failures = 0
            if busy:
                if self._pause:
                    self._stop.wait(self._pause)
                continue
            self._wake.wait(self._idle)
        log.debug("%s: stopped", self.name)

    def _log_failure(self, exc: Exception) -> None:
        delay = self.backoff()
        known = self.known_failure(exc) if self.known_failure is not None else None
        if known is None:
            log.exception("%s: a round failed (%d in a row); retrying in %.3g s",
                          self.name, self.failures, delay)  # fmt: skip
        elif self._told is None and not self._told_lately(known):
            log.error("%s: %s; retrying, with a back-off up to %.3g s", self.name, known,
                      self._max_backoff)  # fmt: skip
            self._told = known
            self._last_told = (known, self._monotonic())
        elif self._told is None:  # the same line was told a moment ago: this run is its sequel
            log.info("%s: again: %s", self.name, known)
            self._told = known
        else:
            log.debug("%s: %s (%d in a row)", self.name, known, self.failures)

    def _told_lately(self, known: str) -> bool:
        if self._last_told is None or self._last_told[0] != known:
            return False
        return self._monotonic() - self._last_told[1] < RETOLD_AFTER_SECONDS

    def backoff(self) -> float:
        """The wait after the current run of failures: doubling, capped."""
        exponent = min(self.failures - 1, 30)
        return float(min(self._idle * 2**exponent, self._max_backoff))

    def start(self) -> threading.Thread:
        """Run in a daemon thread of its own (a step blocked in I/O does not keep the
        process alive after `stop`)."""
        if self._thread is not None:
            raise RuntimeError(f"{self.name}: already started")
        self._thread = threading.Thread(target=self._run_logged, name=self.name, daemon=True)
        self._thread.start()
        return self._thread

    def _run_logged(self) -> None:
        try:
            self.run()
        except BaseException:
            log.critical("%s: the loop died", self.name, exc_info=True)
            raise

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the thread to end; True when it did (or never started)."""
        if self._thread is None:
            return True
        self._thread.join(timeout)
        return not self._thread.is_alive()
