"""The judge at run time: one object per judge, built by the command line.

What one judge keeps while it runs (its config, its clock, its variants, its inbox
handler with the readings that handler keeps, the scheduler's timers, the watchdogs
that stop a mail running too long, the worker processes that draw its maps) belongs
to this object and is handed on explicitly, so two judges in one process (two tests,
say) share none of it. `stop` (or the end of a `with` block) ends the threads and
processes it started.
"""

from __future__ import annotations

import functools

from judge.clock import Clock, SystemClock
from judge.config import Config
from judge.server.processor import GivenHandler
from judge.server.scheduler import SchedulerTimers, tick
from judge.server.serve import Tick
from judge.server.watchdog import Watchdogs
from judge.service.maps.drawing import DrawingPool
from judge.service.replies.service_handler import ServiceHandler
from judge.variants.registry import VariantRegistry


class Judge:
    """One running judge: its settings, its variants (the registry the command line
    built), its clock and inbox handler (given, or the system clock and the service's
    handler, built with these variants), and the state it keeps."""

    def __init__(
        self,
        config: Config,
        variants: VariantRegistry,
        *,
        clock: Clock | None = None,
        handler: GivenHandler | None = None,
    ) -> None:
        self.config = config
        self.variants = variants
        self.clock: Clock = clock if clock is not None else SystemClock()
        self.handler: GivenHandler = handler if handler is not None else ServiceHandler(variants)
        self.timers = SchedulerTimers()
        self.drawing = DrawingPool()
        self.watchdogs = Watchdogs()

    def ticks(self) -> list[Tick]:
        """The scheduler's hooks, bound to this judge's timers and worker pool."""
        return [functools.partial(tick, timers=self.timers, variants=self.variants,
                                  pool=self.drawing)]  # fmt: skip

    def stop(self) -> None:
        """End what this judge started: its watchdogs' threads, its drawing workers.
        (Its loops are stopped by `serve` or `run_scheduler` as they return.)"""
        try:
            self.watchdogs.stop()
        finally:
            self.drawing.shutdown()

    def __enter__(self) -> Judge:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
