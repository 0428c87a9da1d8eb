"""`judge serve`: one asyncio process running the SMTP intake, the inbox processor,
the scheduler's ticks and the outbound sender, until SIGTERM or SIGINT.

Blocking work (database transactions, sending mail) runs in threads, so the SMTP
listener always answers promptly.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from judge.clock import Clock, SystemClock
from judge.config import Config
from judge.mail.handover import Handover
from judge.mail.intake import Inbox, bound_address, start_smtp
from judge.outbound import make_transport, run_sender
from judge.store.db import make_engine, make_session_factory
from judge.store.migrate import upgrade
from judge.worker import Handler, run_processor

log = logging.getLogger(__name__)

STOP_TIMEOUT = 10.0  # seconds the loops get to wind down after a stop signal

# A scheduler hook, called every poll interval. The runner commits after it returns
# (and rolls back if it raises); a tick may also commit in between.
Tick = Callable[[Session, Clock, Config], None]


@dataclass
class Wakeups:
    """Events that cut a loop's wait short when there is new work for it."""

    inbox: asyncio.Event = field(default_factory=asyncio.Event)
    outbox: asyncio.Event = field(default_factory=asyncio.Event)


async def serve(
    config: Config,
    handler: Handler | None,
    ticks: Sequence[Tick] = (),
    clock: Clock | None = None,
) -> None:
    """Run the judge until SIGTERM or SIGINT (honoured from the start)."""
    stop = _stop_on_signals()
    engine = make_engine(config.database.url)
    try:
        await asyncio.to_thread(upgrade, engine)
        if not stop.is_set():
            sessions = make_session_factory(engine)
            await _run(config, sessions, handler, ticks, clock or SystemClock(), stop)
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
    handler: Handler | None,
    ticks: Sequence[Tick],
    clock: Clock,
    stop: asyncio.Event,
) -> None:
    wake = Wakeups()
    inbox = Inbox(sessions, clock, config)
    handover = Handover(wake.inbox.set) if handler is not None else None
    server = await start_smtp(inbox, lambda _id: wake.inbox.set(), handover)
    host, port = bound_address(server)
    log.info("SMTP intake listening on %s:%d", host, port)
    jobs = [run_sender(sessions, make_transport(config.outbound), clock, config, wake.outbox)]
    if handler is None:
        log.warning("no inbox handler available: mail is stored but not processed")
    else:
        jobs.append(
            run_processor(
                sessions, handler, clock, config, wake.inbox, wake.outbox.set, handover
            )
        )
    if ticks:
        jobs.append(run_ticks(sessions, ticks, clock, config, wake.outbox.set))
    try:
        await _until(stop, jobs)
    finally:
        server.close()
        with contextlib.suppress(TimeoutError):  # open sessions may linger (3.12+)
            async with asyncio.timeout(5):
                await server.wait_closed()
        log.info("stopped")


async def _until(stop: asyncio.Event, jobs: list[Coroutine[Any, Any, None]]) -> None:
    """Run the jobs until `stop` is set, then cancel them (waiting a bounded time)."""
    tasks = [asyncio.create_task(job) for job in jobs]
    try:
        await stop.wait()
    finally:
        for task in tasks:
            task.cancel()
        _, pending = await asyncio.wait(tasks, timeout=STOP_TIMEOUT)
        if pending:
            log.error("%d loop(s) did not stop within %ss; exiting anyway",
                      len(pending), STOP_TIMEOUT)


async def run_ticks(
    sessions: sessionmaker[Session],
    ticks: Sequence[Tick],
    clock: Clock,
    config: Config,
    on_done: Callable[[], None],
) -> None:
    """Call every tick each poll interval, each in its own session, until cancelled."""
    while True:
        for tick in ticks:
            try:
                await asyncio.to_thread(_run_tick, sessions, tick, clock, config)
            except Exception:
                log.exception("scheduler tick %r failed", tick)
        on_done()
        await asyncio.sleep(config.scheduler.poll_seconds)


def _run_tick(sessions: sessionmaker[Session], tick: Tick, clock: Clock, config: Config) -> None:
    with sessions() as session:
        tick(session, clock, config)
        session.commit()
