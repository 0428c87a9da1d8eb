"""Stop the processing of one mail that runs too long, and let the others go on.

Every stage of reading a mail is bounded (`judge.mail.text_bounds`, `judge.mail.
bounds`), but a bound can be missed, and a mail that loops or waits for ever in the
inbox processor's thread would hold every mail after it (and, on SQLite, the write
lock the SMTP intake needs). So the processor runs each mail's steps under a
`Watchdog`: past `[processor] mail_seconds`, the watchdog's thread raises
`MailTooLong` in the processor's thread (CPython's `PyThreadState_SetAsyncExc`),
which the processor catches: the mail's effects are rolled back, it is marked
`failed` with the reason (`judge status` lists it) and the next mail goes on.

The exception is raised between two bytecodes of the processor's thread, so a
single call into C that never returns is not stopped (none of the reading stages
makes one: their searches are linear). `MailTooLong` is a `BaseException`, so that
the handler's own `except Exception` blocks do not swallow it; if one does anyway,
it is raised again every second until the mail's steps end.

A watchdog's thread lives until `stop`. The watchdogs of one judge are held by its
`Watchdogs` (one per `mail_seconds` value), which the judge's runtime object
(`judge.server.runtime.Judge`) owns and stops as it ends; nothing is kept for the
process.
"""

from __future__ import annotations

import ctypes
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

REPEAT_SECONDS = 1.0  # a swallowed MailTooLong is raised again after this


class MailTooLong(BaseException):
    """Raised in the processor's thread when one mail's processing ran too long."""


class _StoodDown(BaseException):
    """Sent by a watched thread to itself as it stands down (see `_stand_down`)."""


class Watchdog:
    """One watched step at a time (the processor's thread), over a thread of its own."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._condition = threading.Condition()
        self._watched: tuple[int, float] | None = None  # (thread id, deadline)
        self._thread: threading.Thread | None = None
        self._stopped = threading.Event()  # the running thread's: set, it ends

    @contextmanager
    def watching(self) -> Iterator[None]:
        """Run the block with a deadline `seconds` from now; past it, `MailTooLong` is
        raised in the block (or as it ends: catch it around the `with`)."""
        thread_id = threading.get_ident()
        with self._condition:
            self._start()
            self._watched = (thread_id, time.monotonic() + self.seconds)
            self._condition.notify()
        try:
            yield
        finally:
            if self._stand_down(thread_id):
                raise MailTooLong  # it came as the block ended: the block ran too long

    def _stand_down(self, thread_id: int) -> bool:
        """Stop watching, even if `MailTooLong` arrives meanwhile (then True): once
        this returns, none is raised, and none is left pending.

        One raised and not yet delivered is replaced by `_StoodDown`, which this
        thread then receives and catches. It is not taken back with NULL: on CPython
        3.11 that leaves the interpreter's "asynchronous exception pending" signal set
        for good, so that every later call of every thread passes through the eval
        breaker, and a thread run under `sys.setprofile` loops at its next call."""
        arrived = False
        while True:
            try:
                with self._condition:
                    self._watched = None
                break
            except MailTooLong:
                arrived = True
        try:
            if _raise_in(thread_id, _StoodDown):
                while True:  # the next bytecodes receive it
                    pass
        except _StoodDown:
            pass
        except MailTooLong:
            arrived = True  # delivered just before it could be replaced
        return arrived

    def stop(self) -> None:
        """End the watchdog's thread (promptly: it waits on a condition, notified
        here), if it runs. A block still watched is no longer bounded; a later
        `watching` starts a new thread."""
        with self._condition:
            thread, self._thread = self._thread, None
            self._stopped.set()
            self._condition.notify_all()
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    @property
    def running(self) -> bool:
        """Whether the watchdog's thread is alive."""
        thread = self._thread
        return thread is not None and thread.is_alive()

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._stopped = threading.Event()
            self._thread = threading.Thread(target=self._watch, args=(self._stopped,),
                                            name="judge-watchdog", daemon=True)  # fmt: skip
            self._thread.start()

    def _watch(self, stopped: threading.Event) -> None:
        with self._condition:
            while not stopped.is_set():
                if self._watched is None:
                    self._condition.wait()
                    continue
                thread_id, deadline = self._watched
                left = deadline - time.monotonic()
                if left > 0:
                    self._condition.wait(left)
                    continue
                _raise_in(thread_id, MailTooLong)
                self._watched = (thread_id, time.monotonic() + REPEAT_SECONDS)


class Watchdogs:
    """The watchdogs of one judge: one per `[processor] mail_seconds` value (a judge
    keeps one config, but the tests run many), each with its thread, all ended by
    `stop` (or as the `with` block ends)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_seconds: dict[float, Watchdog] = {}

    def of(self, seconds: float) -> Watchdog:
        """The watchdog that stops a step past `seconds`, made on first use."""
        with self._lock:
            watchdog = self._by_seconds.get(seconds)
            if watchdog is None:
                watchdog = self._by_seconds[seconds] = Watchdog(seconds)
            return watchdog

    def running(self) -> list[Watchdog]:
        """The watchdogs whose thread is alive."""
        with self._lock:
            return [watchdog for watchdog in self._by_seconds.values() if watchdog.running]

    def stop(self) -> None:
        """End every watchdog's thread; a later `of(...).watching()` starts one again."""
        with self._lock:
            watchdogs = list(self._by_seconds.values())
        for watchdog in watchdogs:
            watchdog.stop()

    def __enter__(self) -> Watchdogs:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def _raise_in(thread_id: int, exception: type[BaseException]) -> int:
    """Raise `exception` in the thread at its next bytecodes (replacing one raised and
    not yet delivered); the number of threads found (1, or 0 if it has ended)."""
    found = ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread_id), ctypes.py_object(exception)
    )
    return int(found)
