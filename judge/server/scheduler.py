"""The scheduler: claim the games whose time has come and let the service act on them.

Due games are claimed in small batches (locked; `SKIP LOCKED` on PostgreSQL, so
several judge processes share the work without taking the same game twice); for
each, in its own savepoint, `judge.service.game.due.run_due` reminds, warns or
processes it, and the commit releases the batch together with the mail it
queued. On SQLite every transaction takes the write lock at its start, so
scheduler rounds are serialised and any number of processes stays correct (one
is all it needs).

`tick` is the hook `judge serve` calls every poll interval, with the `SchedulerTimers`
of the judge it runs for (`judge.server.runtime.Judge` owns them: two judges in one
process keep their own); `judge scheduler`
runs the same rounds without the SMTP intake (`--once`: until nothing is due),
and processes the inbox and sends the outbox too: with mail piped in by
`judge deliver`, it is the judge's only daemon.
"""

from __future__ import annotations

import functools
import logging
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from traceback import format_exc
from types import FrameType

from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import Clock
from judge.config import Config
from judge.loop import BackgroundLoop
from judge.outbox.gate import no_mail_in
from judge.server.disk_full import known_disk_full
from judge.server.processor import GivenHandler, process_pending, processor_loop
from judge.server.sender import deliver_due, make_transport, sender_loop
from judge.server.serve import tick_loop
from judge.server.startup import check_outbound, open_judge_database, start_line
from judge.server.watchdog import Watchdogs
from judge.service.confirming import held_mail
from judge.service.game.due import run_due
from judge.service.game.expiry import expire_forming_games
from judge.service.game.parked import tell_master
from judge.service.maps.drawing import DrawingPool, MapDrawer
from judge.service.replies.held_orders import release_and_process
from judge.store import game_failures
from judge.store import games as store
from judge.store.db import make_session_factory
from judge.store.models import Game, GameStatus
from judge.store.outbox import reclaim_abandoned
from judge.store.retention import PruneTimer, prune_if_due
from judge.variants.registry import VariantRegistry

log = logging.getLogger(__name__)

STOP_TIMEOUT = 10.0  # seconds the loops get to wind down after a stop signal


class ExpiryCheck:
    """When forming games were last checked for expiry: at most once a minute, not
    every poll (on SQLite each check would take the write lock)."""

    every = timedelta(minutes=1)

    def __init__(self) -> None:
        self.last: datetime | None = None

    def due(self, now: datetime) -> bool:
        if self.last is not None and self.last <= now < self.last + self.every:
            return False
        self.last = now
        return True


@dataclass
class SchedulerTimers:
    """The scheduler's timers of one judge: old mail pruned at start, then hourly;
    forming games checked for expiry at most once a minute."""

    pruning: PruneTimer = field(default_factory=PruneTimer)
    expiry: ExpiryCheck = field(default_factory=ExpiryCheck)


def tick(
    session: Session,
    clock: Clock,
    config: Config,
    timers: SchedulerTimers,
    variants: VariantRegistry,
    pool: DrawingPool | None = None,
) -> None:
    """One scheduler round in `session` (the `judge serve` hook, given the judge's
    `timers`, its `variants` and the worker `pool` that draws its maps): the due
    games, the maps of the phases processed (outside their transactions), then
    (hourly) the bodies of mail past `[storage] retention_days`."""
    bind = session.get_bind()
    drawer = (
        MapDrawer(make_session_factory(bind), variants, pool) if isinstance(bind, Engine) else None
    )
    run_due_games(session, clock, config, variants, drawer)
    end_stale_forming_games(session, clock, config, variants, timers.expiry)
    if drawer is not None:
        _guarded("drawing the results maps", drawer.finish)
    prune_old_mail(session, clock, config, timers.pruning)


def prune_old_mail(session: Session, clock: Clock, config: Config, timer: PruneTimer) -> None:
    prune_if_due(session, clock.now(), config.storage.retention_days, timer)
    session.commit()


def end_stale_forming_games(
    session: Session, clock: Clock, config: Config, variants: VariantRegistry, check: ExpiryCheck
) -> int:
    """End the forming games that never started (`[limits] forming_game_days`), when
    the judge's `check` says it is time."""
    now = clock.now()
    if not check.due(now):
        return 0
    try:
        ended = expire_forming_games(session, config, variants, now)
        held_mail.expire(session, now)  # mail held for addresses that never confirmed
        session.commit()
    except Exception:
        session.rollback()
        log.exception("scheduler: ending stale forming games failed; retried next round")
        return 0
    return ended


def run_due_games(
    session: Session,
    clock: Clock,
    config: Config,
    variants: VariantRegistry,
    drawer: MapDrawer | None = None,
) -> int:
    """Handle every game that is due, a batch per transaction; return how many.

    Each game runs in its own savepoint: one whose handling fails is rolled back,
    logged, and counted with its error (`judge.store.game_failures`): it is tried
    again after a back-off, and parked after a few failures in a row (its master
    told once), so a broken game can neither stall the others nor fill the log.
    A game the round leaves due with nothing changed would be claimed again at once,
    forever: it is logged once and parked (`_park_stuck`).
    A batch shares one commit (on SQLite, one fsync instead of twenty). After each
    commit, the `drawer` starts drawing the maps the batch recorded, in worker
    processes, while the next batch is adjudicated; the caller waits for them
    (`MapDrawer.finish`).
    """
    failed: set[int] = set()
    handled = 0
    known = game_failures.failing(session, clock.now())
    while True:
        now = clock.now()
        batch = config.scheduler.batch_size
        claimed = store.due_games(session, now, limit=batch, exclude=failed | known.held_back)
        if not claimed:
            session.rollback()
            return handled
        for game in claimed:
            game_id = game.id
            before = _due_state(game)
            error = _run_one(session, config, variants, game, now)
            if error is None and _still_due(game, now) and _due_state(game) == before:
                failed.add(game_id)
                _park_stuck(session, config, variants, game, now)
            elif error is None:
                handled += 1
                if game_id in known.recorded:
                    game_failures.clear(session, game_id)
            else:
                failed.add(game_id)
                _count_failure(session, config, variants, game, error, now)
        session.commit()
        session.expunge_all()  # a long round keeps no game it is done with
        if drawer is not None:
            _guarded("drawing the results maps", drawer.start_pending)


DueState = tuple[object, ...]


def _due_state(game: Game) -> DueState:
    """What a round may change that decides whether, and when, the game is due."""
    return (game.status, game.phase, game.remind_at, game.grace_until, game.next_deadline)


def _due_at(game: Game) -> datetime | None:
    """When the game is due, as `store.due_games` reads it: the first of `remind_at`,
    `grace_until` and `next_deadline` that is set (not the earliest of them)."""
    return next((moment for moment in (game.remind_at, game.grace_until, game.next_deadline)
                 if moment is not None), None)  # fmt: skip


def _still_due(game: Game, now: datetime) -> bool:
    due_at = _due_at(game)
    return game.status == GameStatus.ACTIVE and due_at is not None and due_at <= now


def _park_stuck(
    session: Session, config: Config, variants: VariantRegistry, game: Game, now: datetime
) -> None:
    """A game the round found due and left due with nothing changed would be claimed
    again at once, forever (a row with `grace_until` past, `next_deadline` to come and
    no `remind_at`: `run_due` waits for the deadline, `due_games` sees the grace's
    end). Logged once and parked, its master told, until `judge retry --game`."""
    state = (f"remind_at {_moment(game.remind_at)}, grace_until {_moment(game.grace_until)}, "
             f"next_deadline {_moment(game.next_deadline)}")  # fmt: skip
    error = (f"the scheduler found game {game.name} due ({state}) and handling it changed "
             "nothing, so it would be claimed again at once: parked")  # fmt: skip
    log.error("scheduler: game %s is due but its round changed nothing (%s): parked until "
              "`judge retry --game %s`", game.name, state, game.name)  # fmt: skip
    failure = game_failures.park(session, game.id, error, now)
    try:
        with session.begin_nested():
            tell_master(session, config, variants, no_mail_in(), game, failure, now)
    except Exception:
        log.exception("scheduler: telling the master of %s it is parked failed", game.name)


def _moment(moment: datetime | None) -> str:
    return "none" if moment is None else f"{moment:%Y-%m-%d %H:%M:%S} UTC"


def _run_one(
    session: Session, config: Config, variants: VariantRegistry, game: Game, now: datetime
) -> str | None:
    """Run what is due for the game in a savepoint; None, or the traceback."""
    name = game.name
    try:
        with session.begin_nested():
            run_due(session, config, variants, game, now)
            release_and_process(session, config, variants, no_mail_in(), game, now)  # PHASE
    except Exception:
        log.exception("scheduler: game %s failed", name)
        return format_exc()
    return None


def _count_failure(session: Session, config: Config, variants: VariantRegistry, game: Game,
                   error: str, now: datetime) -> None:  # fmt: skip
    """Record the failure; tell the master once when it parks the game."""
    failure = game_failures.record_failure(session, game.id, error, now)
    if failure.parked_at is None:
        log.warning("scheduler: game %s failed (%d in a row); tried again at %s",
                    game.name, failure.attempts, failure.retry_at)  # fmt: skip
        return
    log.error("scheduler: game %s failed %d times in a row: parked until `judge retry "
              "--game %s`", game.name, failure.attempts, game.name)  # fmt: skip
    try:
        with session.begin_nested():
            tell_master(session, config, variants, no_mail_in(), game, failure, now)
    except Exception:
        log.exception("scheduler: telling the master of %s it is parked failed", game.name)


def run_rounds(
    sessions: sessionmaker[Session],
    clock: Clock,
    config: Config,
    *,
    variants: VariantRegistry,
    timers: SchedulerTimers,
    watchdogs: Watchdogs,
    pool: DrawingPool | None,
    send: bool = True,
    handler: GivenHandler | None = None,
) -> int:
    """Process the stored mail (with a `handler`, under the judge's `watchdogs`),
    handle every due game and draw their maps, then (with `send`) deliver the mail
    that is due. Returns the number of games handled."""
    if handler is not None:
        _guarded("processing the inbox", process_pending, sessions, handler, clock, config,
                 watchdogs)  # fmt: skip
    drawer = MapDrawer(sessions, variants, pool)
    with sessions() as session:
        handled = run_due_games(session, clock, config, variants, drawer)
        end_stale_forming_games(session, clock, config, variants, timers.expiry)
        prune_old_mail(session, clock, config, timers.pruning)
    _guarded("drawing the results maps", drawer.finish)
    if send:
        transport = make_transport(config.outbound)
        _guarded("delivering the outbox", deliver_due, sessions, transport, clock, config,
                 variants)  # fmt: skip
    return handled


def _guarded(what: str, work: Callable[..., object], *args: object) -> None:
    """One failing part of a round (the database away, say) does not stop the others."""
    try:
        work(*args)
    except Exception:
        log.exception("scheduler: %s failed; tried again next round", what)


def run_scheduler(
    config: Config,
    *,
    once: bool,
    variants: VariantRegistry,
    clock: Clock,
    timers: SchedulerTimers,
    watchdogs: Watchdogs,
    pool: DrawingPool | None,
    send: bool = True,
    handler: GivenHandler | None = None,
) -> int:
    """`judge scheduler`: rounds every poll interval until SIGTERM/SIGINT, or one.

    Without `judge serve` (mail piped in by `judge deliver`) this is the daemon that
    processes the inbox (given a `handler`) and sends the outbox. The `variants`, the
    `clock`, the `timers`, the `watchdogs` and the worker `pool` are the judge's
    (`judge.server.runtime.Judge`); a `pool` of None: every map drawn here.
    """
    if send:
        check_outbound(config)
    engine, config = open_judge_database(config)
    try:
        log.info(start_line(config, "scheduler" + (" (once)" if once else "")))
        sessions = make_session_factory(engine)
        if once:
            if send:
                reclaim_abandoned(sessions, clock.now())  # the daemon's sender does it
            started = time.perf_counter()
            handled = run_rounds(sessions, clock, config, variants=variants, timers=timers,
                                 watchdogs=watchdogs, pool=pool, send=send,
                                 handler=handler)  # fmt: skip
            print(f"scheduler: {handled} game(s) handled in {time.perf_counter() - started:.2f} s")
            return 0
        _run_daemon(sessions, clock, config, variants, timers, watchdogs, pool, send=send,
                    handler=handler)  # fmt: skip
        return 0
    finally:
        engine.dispose()


def _run_daemon(
    sessions: sessionmaker[Session],
    clock: Clock,
    config: Config,
    variants: VariantRegistry,
    timers: SchedulerTimers,
    watchdogs: Watchdogs,
    pool: DrawingPool | None,
    *,
    send: bool,
    handler: GivenHandler | None,
) -> None:
    """The loops of `judge serve` without its SMTP intake: the inbox processor (with
    a `handler`) and the sender (with `send`) in threads, the scheduler's rounds in
    the foreground, until SIGTERM/SIGINT."""
    helpers: list[BackgroundLoop] = []
    wake_sender: Callable[[], None] = lambda: None  # noqa: E731
    if send:
        sender = sender_loop(sessions, make_transport(config.outbound), clock, config, variants)
        helpers.append(sender)
        wake_sender = sender.wake
    if handler is not None:
        helpers.append(processor_loop(sessions, handler, clock, config, watchdogs, wake_sender))
    ticks = [functools.partial(tick, timers=timers, variants=variants, pool=pool)]
    rounds = tick_loop(sessions, ticks, clock, config, wake_sender)
    for loop in [rounds, *helpers]:
        loop.known_failure = known_disk_full(config.database.url)  # one line, not a traceback
    for loop in helpers:
        loop.start()
    _stop_on_signals([rounds, *helpers])
    try:
        rounds.run()
    finally:
        for loop in helpers:
            loop.stop()
        for loop in helpers:
            if not loop.join(STOP_TIMEOUT):
                log.error("%s did not stop within %ss; exiting anyway", loop.name, STOP_TIMEOUT)


def _stop_on_signals(loops: list[BackgroundLoop]) -> None:
    def on_signal(signum: int, frame: FrameType | None) -> None:
        for loop in loops:
            loop.stop()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
