"""`judge serve`: one asyncio process running the SMTP intake, the inbox processor,
the scheduler's ticks and the outbound sender, until SIGTERM or SIGINT.

The inbox processor, the sender and the scheduler's rounds are `BackgroundLoop`s,
each in a thread of its own, so the SMTP listener in the event loop always answers
promptly. The intake hands its mail to the processor (`judge.server.handover`), or
stores it itself when the processor is busy with one mail for long; a mail whose
processing runs too long is stopped (`judge.server.watchdog`).

What the process keeps while it runs (the clock, the watchdogs, the handler and its
readings, the scheduler's timers and worker processes, bound into the `ticks`) is
the judge's (`judge.server.runtime.Judge`), passed in by the command line.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable, Sequence

from sqlalchemy.orm import Session, sessionmaker

from judge.clock import Clock
from judge.config import Config
from judge.loop import BackgroundLoop
from judge.server.disk_full import known_disk_full
from judge.server.handover import Accepted, Handover
from judge.server.intake import bound_address, start_smtp
from judge.server.intake_inbox import Inbox
from judge.server.processor import GivenHandler, processor_loop
from judge.server.sender import make_transport, sender_loop
from judge.server.spool import Spool
from judge.server.startup import check_outbound, open_judge_database, start_line
from judge.server.startup_failure import StartupError
from judge.server.watchdog import Watchdogs
from judge.store.db import make_session_factory
from judge.store.inbox import ReceivedMail
from judge.variants.registry import VariantRegistry

log = logging.getLogger(__name__)

STOP_TIMEOUT = 10.0  # seconds the loops get to wind down after a stop signal

# A scheduler hook, called every poll interval. The runner commits after it returns
# (and rolls back if it raises); a tick may also commit in between.
Tick = Callable[[Session, Clock, Config], None]


async def serve(
    config: Config,
    handler: GivenHandler,
    ticks: Sequence[Tick],
    *,
    clock: Clock,
    watchdogs: Watchdogs,
    variants: VariantRegistry,
) -> None:
    """Run the judge until SIGTERM or SIGINT (honoured from the start), with the
    judge's `clock` and `watchdogs` and the `variants` the command line built (the
    sender's notices of a refused recipient name the games' variants). A failure to
    start raises `StartupError` (one line: what, and why)."""
    stop = _stop_on_signals()
    check_outbound(config)
    engine, config = await asyncio.to_thread(open_judge_database, config)
    try:
        if not stop.is_set():
            sessions = make_session_factory(engine)
            await _run(config, sessions, variants, handler, ticks, clock, watchdogs, stop)
    finally:
        engine.dispose()


def _stop_on_signals() -> asyncio.Event:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    return stop


async def _run(
    config: Config,
    sessions: sessionmaker[Session],
    variants: VariantRegistry,
    handler: GivenHandler,
    ticks: Sequence[Tick],
    clock: Clock,
    watchdogs: Watchdogs,
    stop: asyncio.Event,
) -> None:
    sender = sender_loop(sessions, make_transport(config.outbound), clock, config, variants)
    inbox = Inbox(sessions, clock, config)
    # A mail the processor does not take in time (it is busy with a long mail) is
    # spooled to a file by the intake: one mail never holds the others' 250. While
    # the processor's rounds fail (a full disk), the intake stores each mail itself.
    handover = _IntakeHandover(lambda: processor.failures > 0, lambda: processor.wake(),
                               Spool(config.processor.spool), inbox.store,
                               config.processor.intake_wait_seconds)  # fmt: skip
    processor = processor_loop(sessions, handler, clock, config, watchdogs, sender.wake, handover)
    loops = [sender, processor]
    if ticks:
        loops.append(tick_loop(sessions, ticks, clock, config, sender.wake))
    for loop in loops:
        loop.known_failure = known_disk_full(config.database.url)  # one line, not a traceback
        loop.start()
    try:
        try:
            server = await start_smtp(inbox, handover, lambda _id: processor.wake())
        except OSError as exc:
            where = f"{config.smtp.host}:{config.smtp.port}"
            raise StartupError(f"cannot listen on {where}: {exc.strerror or exc}") from exc
        host, port = bound_address(server)
        log.info("%s, SMTP intake listening on %s:%d", start_line(config, "serving"), host, port)
        try:
            await stop.wait()
        finally:
            server.close()
            with contextlib.suppress(TimeoutError):  # open sessions may linger (3.12+)
                async with asyncio.timeout(5):
                    await server.wait_closed()
    finally:
        await _stop_all(loops)
        log.info("stopped")


class _IntakeHandover(Handover):
    """The handover, except while the processor's rounds fail (a full disk, the
    database away): the processor then takes nothing until its back-off ends, so the
    intake stores each mail itself at once (its own error for its own reply: 452 for
    a full disk), rather than waiting for the processor in vain and then calling it
    busy."""

    def __init__(self, processor_failing: Callable[[], bool], on_handed: Callable[[], None],
                 spool: Spool, store: Callable[[ReceivedMail], int],
                 wait_seconds: float) -> None:  # fmt: skip
        super().__init__(on_handed, spool, wait_seconds)
        self._processor_failing = processor_failing
        self._store_itself = store

    async def store(self, mail: ReceivedMail) -> Accepted:
        if self._processor_failing():
            return await asyncio.to_thread(self._store_itself, mail)
        return await super().store(mail)


async def _stop_all(loops: list[BackgroundLoop]) -> None:
    """Stop every loop, and wait a bounded time for the steps under way to end."""
    for loop in loops:
        loop.stop()
    stuck = [loop.name for loop in loops if not await asyncio.to_thread(loop.join, STOP_TIMEOUT)]
    if stuck:
        log.error("loop(s) %s did not stop within %ss; exiting anyway", stuck, STOP_TIMEOUT)


def tick_loop(
    sessions: sessionmaker[Session],
    ticks: Sequence[Tick],
    clock: Clock,
    config: Config,
    on_done: Callable[[], None],
) -> BackgroundLoop:
    """The scheduler's rounds as a `BackgroundLoop`: every tick each poll interval,
    each in its own session; then `on_done` (it wakes the sender)."""

    def step() -> bool:
        for tick in ticks:
            _run_tick(sessions, tick, clock, config)
        on_done()
        return False

    return BackgroundLoop("judge-scheduler", step, idle_seconds=config.scheduler.poll_seconds)


def _run_tick(sessions: sessionmaker[Session], tick: Tick, clock: Clock, config: Config) -> None:
    with sessions() as session:
        tick(session, clock, config)
        session.commit()
