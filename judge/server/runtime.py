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
from dataclasses import dataclass, field

from judge.clock import Clock, SystemClock
from judge.config import Config
from judge.server.processor import GivenHandler
from judge.server.scheduler import SchedulerTimers, tick
from judge.server.serve import Tick
from judge.server.watchdog import Watchdogs
from judge.service.maps.drawing import DrawingPool
from judge.service.replies.service_handler import ServiceHandler
from judge.variants.registry import VariantRegistry


@dataclass
class Judge:
    """One running judge: its settings, clock and variants (None: the default
    registry, built where the sessions are made), and the state it keeps."""

    config: Config
    registry: VariantRegistry | None = None
    clock: Clock = field(default_factory=SystemClock)
    timers: SchedulerTimers = field(default_factory=SchedulerTimers)
    handler: GivenHandler = field(default_factory=ServiceHandler)
    drawing: DrawingPool = field(default_factory=DrawingPool)
    watchdogs: Watchdogs = field(default_factory=Watchdogs)

    def ticks(self) -> list[Tick]:
        """The scheduler's hooks, bound to this judge's timers and worker pool."""
        return [functools.partial(tick, timers=self.timers, pool=self.drawing)]

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
