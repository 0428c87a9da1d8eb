"""The inbox processor: hand each stored mail, oldest first, to the service's handler.

Mails are processed in batches, one transaction per batch, so a busy judge pays one
commit (and one fsync) for many mails. Under `judge serve` the SMTP intake hands its
mail over (`judge.server.handover`), and the processor's thread stores it between
batches, so that the intake never queues for the write lock behind a batch.

Inside a batch each mail gets its own session and savepoint: the row is claimed,
the handler applies the mail to the games and queues the replies, and the row is
marked `done` (or `declined`, when the handler chose not to answer: a limit, a
bounce), all released together, isolated from the mails before and after it.
A crash anywhere before the commit leaves the batch's rows `new`, so they are
processed after a restart, and exactly once. A handler that raises has its effects
rolled back (to the mail's savepoint) and the row is marked `failed` with the
traceback, for the operator; it is never dropped. A handler may also return an
`Outcome` (`declined`, `done_with_errors`, `failed`): only a mail fully handled is
`done`.

A mail whose processing runs longer than `[processor] mail_seconds` (its reading
step, or the handler) is stopped by a watchdog (`judge.server.watchdog`): its
effects are rolled back and it is marked `failed` with the reason, and the batch
goes on with the next mail. The watchdogs are the judge's (`Watchdogs`, owned by
`judge.server.runtime.Judge`), passed to every entry point here.

Whatever escapes a mail's handling (any exception, the watchdog's included, even one
raised by the rollback) is undone the same way, after the watchdog has stood down.
When the batch's transaction did not survive it (the watchdog's exception landing
inside SQLAlchemy invalidates the connection), the batch is discarded instead: its
connection closed (its lock freed), the mail marked `failed` in a transaction of
its own, the batch's other mails left `new` for the next batch
(`judge.server.batch_recovery`). The work one mail may cause is bounded by counting
in the dispatcher (`judge.service.replies.dispatch`); the watchdog is the last resort.

A crash the process does not survive (the kernel's OOM killer, a segfault) cannot
be caught. So before a batch begins, an attempt is counted for each of its mails
and committed (`inbox.count_attempts`). A mail still `new` with an attempt counted
is a suspect: it is processed alone, and after `MAX_ATTEMPTS` it is marked `failed`
without being run again.
"""

from __future__ import annotations

import logging
import time
import traceback
from collections.abc import Callable, Collection

from sqlalchemy import Connection, Engine, text
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import Clock
from judge.config import Config
from judge.loop import BackgroundLoop
from judge.server.batch_recovery import (
    BatchBroken,
    discard,
    fail_alone,
    roll_back_or_discard,
    rolled_back,
)
from judge.server.handler_protocol import HandleMail, HandleOnly, Handler, as_handler
from judge.server.handover import Handed, Handover, fail, settle
from judge.server.spool import Spool, read_spool
from judge.server.watchdog import MailTooLong, Watchdog, Watchdogs
from judge.store import inbox
from judge.store.db import begin_read_only
from judge.store.models import InboxMessage, InboxStatus

log = logging.getLogger(__name__)

# What the processor is given: a `Handler` (prepare, handle), or a plain function
# that only handles (`judge.server.handler_protocol`).
GivenHandler = Handler | HandleMail


def process_next(
    sessions: sessionmaker[Session],
    handler: GivenHandler,
    clock: Clock,
    config: Config,
    watchdogs: Watchdogs,
) -> bool:
    """Process the oldest `new` mail, if any; return False when there was none."""
    return process_batch(sessions, handler, clock, config, watchdogs, 1) == 1


def process_batch(
    sessions: sessionmaker[Session],
    handler: GivenHandler,
    clock: Clock,
    config: Config,
    watchdogs: Watchdogs,
    size: int,
    handover: Handover | None = None,
) -> int:
    """Process up to `size` of the oldest `new` mails in one transaction; return how many.
    Each mail's steps run under the judge's `watchdogs`.

    With a `handover`, the mails the SMTP intake handed over are stored first, in a
    short transaction of their own (which also counts the batch's attempts), and
    their sessions answered once it committed.
    The batch then ends early whenever a newly handed mail has waited
    `[processor] handover_wait_seconds`.

    A mail whose processing fails outside the handler (the database, say) ends the
    batch and stays `new`, to be tried again: the mails before it are committed; when
    it was the batch's first, the error is raised.
    """
    engine = _engine(sessions)
    handed = handover.take() if handover is not None else []
    spool = handover.spool if handover is not None else None
    ids = _store_and_count(engine, handed, spool, clock, size)
    if not ids:
        return 0
    steps = as_handler(handler)
    watchdog = watchdogs.of(config.processor.mail_seconds)
    overran = _prepare(sessions, steps, config, watchdog, size)
    connection = engine.connect()
    try:
        transaction = connection.begin()
        try:
            count = _process_rows(sessions, connection, steps, clock, config, watchdog, ids,
                                  handover, overran)  # fmt: skip
            transaction.commit()
        except BatchBroken as broken:
            discard(connection)
            fail_alone(engine, broken, ids, clock.now())
            return 1
        except BaseException:
            roll_back_or_discard(connection, transaction)  # its lock ends here, whatever it was
            raise
        return count
    finally:
        connection.close()


def store_handed(sessions: sessionmaker[Session], handover: Handover, clock: Clock) -> int:
    """Store the mails the SMTP intake handed over, in one transaction, and answer
    their sessions; process nothing. Returns how many were stored. (A judge with no
    processor running: the intake's own tests.)"""
    handed = handover.take()
    if not handed:
        return 0
    try:
        with _engine(sessions).begin() as connection:
            stored = inbox.insert_received(connection, [item.mail for item in handed], clock.now())
    except BaseException as error:
        fail(handed, error)
        raise
    settle(handed, stored)
    return len(stored)


def _prepare(
    sessions: sessionmaker[Session], handler: Handler, config: Config, watchdog: Watchdog,
    size: int,
) -> set[int]:
    """Let the handler do its slow, read-only work (reading the mail, password
    hashing) for the next mails before the batch takes the write lock:
    `handler.prepare(session, row, config)` in a read-only session (skipped for a
    plain function, which has nothing to read ahead). Returns the ids of the mails
    whose step ran too long (the watchdog stopped it): the batch marks them failed
    without handling them."""
    overran: set[int] = set()
    if isinstance(handler, HandleOnly):
        return overran
    with sessions() as session:
        begin_read_only(session)
        for row in inbox.peek_new(session, size):
            try:
                with watchdog.watching():
                    handler.prepare(session, row, config)
            except MailTooLong:
                log.error("inbox %s: reading it ran too long; stopped", row.id)
                overran.add(row.id)
            except Exception:
                # Only read ahead: the mail is read again as it is handled, and fails there.
                log.exception("inbox %s: reading it ahead failed", row.id)
            else:
                continue
            if not _still_readable(session):
                break  # the read-only session is spoiled; the rest is read as handled
    return overran


def _still_readable(session: Session) -> bool:
    """Whether the read-ahead session still works (a `MailTooLong` landing inside
    SQLAlchemy invalidates its connection). Never raises."""
    try:
        session.execute(text("SELECT 1")).close()
    except BaseException:  # any failure means the same: stop reading ahead
        return False
    return True


def too_long(config: Config) -> str:
    """The error of a mail the watchdog stopped (its last line: `judge status`)."""
    return (f"processing this mail ran longer than {config.processor.mail_seconds:g} s "
            "([processor] mail_seconds) and was stopped; see `judge retry`")  # fmt: skip


def _store_and_count(
    engine: Engine, handed: list[Handed], spool: Spool | None, clock: Clock, size: int
) -> list[int]:
    """Store the spooled and the handed-over mails and count an attempt for the next
    batch's mails, in one short transaction (one commit); answer the handed sessions
    and delete the spool's files once it is committed. Returns the ids of the batch to
    process."""
    spooled = read_spool(spool) if spool is not None else []
    try:
        with engine.begin() as connection:
            mails = [mail for _, mail in spooled] + [item.mail for item in handed]
            stored = inbox.insert_received(connection, mails, clock.now()) if mails else []
            batch = inbox.count_attempts(connection, size)
    except BaseException as error:
        if handed:
            fail(handed, error)
        raise
    if spool is not None and spooled:
        spool.remove([path for path, _ in spooled])
    if handed:
        settle(handed, stored[len(spooled):])
    return batch


def _process_rows(
    sessions: sessionmaker[Session],
    connection: Connection,
    handler: Handler,
    clock: Clock,
    config: Config,
    watchdog: Watchdog,
    ids: list[int],
    handover: Handover | None,
    overran: Collection[int] = (),
) -> int:
    finished: list[InboxMessage] = []
    rows = inbox.claim_batch(connection, ids)
    copies = inbox.processed_copies(connection, rows)
    started = time.monotonic()
    for row in rows:
        if finished and (
            time.monotonic() - started > config.processor.batch_seconds
            or (handover is not None
                and handover.waited() > config.processor.handover_wait_seconds)
        ):
            break
        message = inbox.unattached(row)
        if message.attempts > inbox.MAX_ATTEMPTS:
            log.error("inbox %s: processing began %s times and never ended; failed",
                      row.id, message.attempts - 1)  # fmt: skip
            inbox.mark_failed(message, _NEVER_ENDED.format(message.attempts - 1), clock.now())
            finished.append(message)
            continue
        if message.id in overran:
            inbox.mark_failed(message, too_long(config), clock.now())
            finished.append(message)
            continue
        try:
            _process_one(sessions, connection, message, copies, finished, handler, clock, config,
                         watchdog)  # fmt: skip
        except BatchBroken:
            raise
        except Exception:
            if not finished:
                raise
            log.exception("inbox %s: processing failed; kept new, batch ended", row.id)
            break
        finished.append(message)
    inbox.write_outcomes(connection, finished)
    reached = {message.id for message in finished}
    inbox.uncount_attempts(connection, [i for i in ids if i not in reached])
    return len(finished)


_NEVER_ENDED = (
    "processing this mail began {} times and never ended (the process crashed or was "
    "killed, e.g. out of memory); it is not tried again: see `judge retry`"
)


def _engine(sessions: sessionmaker[Session]) -> Engine:
    bind = sessions.kw.get("bind")
    if not isinstance(bind, Engine):
        raise TypeError("the inbox processor needs a sessionmaker bound to an engine")
    return bind


def _process_one(
    sessions: sessionmaker[Session],
    connection: Connection,
    row: InboxMessage,
    copies: dict[int, int],
    finished: list[InboxMessage],
    handler: Handler,
    clock: Clock,
    config: Config,
    watchdog: Watchdog,
) -> None:
    """One mail, in its own session and savepoint within the batch's transaction;
    `row` is marked with the outcome, to be written with the batch."""
    original = copies.get(row.id) or _copy_in_batch(row, finished)
    if original is not None:
        inbox.mark_duplicate(row, original, clock.now())
        log.info("inbox %s from <%s>: duplicate of inbox %s", row.id, row.mail_from, original)
        return
    started = time.perf_counter()
    session = sessions(bind=connection, join_transaction_mode="create_savepoint")
    spoiled: str | None = None  # the reason, when the batch's transaction is spoiled
    try:
        session.begin()
        with watchdog.watching():
            outcome = handler.handle(session, row, clock, config)
        session.commit()
        session.close()
    except BaseException as error:
        # The watchdog has stood down (`watching` ended): nothing is raised from
        # here on but by the cleanup itself, which `rolled_back` survives.
        reason = traceback.format_exc()
        if isinstance(error, MailTooLong):
            reason += too_long(config)
        if rolled_back(session, connection):  # the handler's effects, to the savepoint
            if not isinstance(error, Exception | MailTooLong):
                raise  # the process is stopping (KeyboardInterrupt, SystemExit): row stays new
            log.error("inbox %s from <%s>: handling it failed; marked failed in %.3f s\n%s",
                      row.id, row.mail_from, time.perf_counter() - started, reason)  # fmt: skip
            inbox.mark_failed(row, reason, clock.now())
            return
        # The traceback's frames hold the driver's cursor, and SQLite closes a
        # connection (ending its transaction, freeing the write lock) only once its
        # last statement is freed: so clear them, and raise outside this `except`.
        traceback.clear_frames(error.__traceback__)
        spoiled = reason
    if spoiled is not None:
        raise BatchBroken(row, spoiled)
    took = time.perf_counter() - started
    if outcome is None:
        inbox.mark_done(row, clock.now())
        log.info("inbox %s from <%s>: done in %.3f s", row.id, row.mail_from, took)
    else:
        log.log(logging.ERROR if outcome.status is InboxStatus.FAILED else logging.INFO,
                "inbox %s from <%s>: %s in %.3f s", row.id, row.mail_from, outcome.status,
                took)  # fmt: skip
        inbox.mark_outcome(row, outcome, clock.now())


def _copy_in_batch(row: InboxMessage, finished: list[InboxMessage]) -> int | None:
    """An earlier mail of this batch with the same bytes, processed already."""
    for earlier in finished:
        if earlier.digest == row.digest and earlier.raw == row.raw and (
            earlier.status in inbox.PROCESSED
        ):
            return earlier.id
    return None


def process_pending(
    sessions: sessionmaker[Session],
    handler: GivenHandler,
    clock: Clock,
    config: Config,
    watchdogs: Watchdogs,
    limit: int | None = None,
) -> int:
    """Process `new` mail until none is left (or `limit` is reached); return the count."""
    count = 0
    while limit is None or count < limit:
        batch = config.processor.batch_size
        size = batch if limit is None else min(batch, limit - count)
        done = process_batch(sessions, handler, clock, config, watchdogs, size)
        if not done:
            break
        count += done
    return count


def processor_loop(
    sessions: sessionmaker[Session],
    handler: GivenHandler,
    clock: Clock,
    config: Config,
    watchdogs: Watchdogs,
    on_processed: Callable[[], None] | None = None,
    handover: Handover | None = None,
) -> BackgroundLoop:
    """The inbox processor as a `BackgroundLoop`: batch after batch while there is
    any mail, then at once when woken (new mail), else every poll interval.

    After each batch, `on_processed` runs (it wakes the sender), so replies go out
    while a long backlog is still being worked through. Every batch runs on the
    loop's own thread, with its caches warm.
    """

    def step() -> bool:
        size = config.processor.batch_size
        done = process_batch(sessions, handler, clock, config, watchdogs, size, handover)
        if done and on_processed is not None:
            on_processed()
        return done > 0

    return BackgroundLoop("judge-inbox", step, idle_seconds=config.scheduler.poll_seconds)
