"""`judge retry` and `judge flush`: put failed mail back in its queue, failing games
back in the scheduler's rounds, and waiting outgoing mail due now. They only change
rows: the running judge (`judge serve` or `judge scheduler`) does the work.
"""

from __future__ import annotations

import argparse
import sys

from sqlalchemy.exc import SQLAlchemyError

from judge.cli.database_failure import database_failure
from judge.cli.exits import EXIT_FAILURE, EXIT_OK, EXIT_USAGE
from judge.cli.outbox_ids import PENDING
from judge.clock import SystemClock
from judge.config import Config
from judge.store import game_failures
from judge.store.db import make_engine, make_session_factory
from judge.store.inbox import requeue
from judge.store.outbox import requeue_outgoing
from judge.store.outbox_flush import make_due_now


def retry(config: Config, args: argparse.Namespace) -> int:
    """Put failed mails back in their queue, and failing games back in the scheduler's
    rounds; `judge serve` or `judge scheduler` runs them.

    Outgoing mail requeued gets a new lifetime from now. `--outbox pending` is
    `judge flush`: queued mail waiting for its next attempt is made due now.
    """
    if PENDING in args.outbox_ids:
        args.outbox_ids = [i for i in args.outbox_ids if i != PENDING]
        flushed = flush(config, args)
        if flushed != EXIT_OK or not (args.ids or args.outbox_ids or args.all_failed or args.games):
            return flushed
    if not (args.ids or args.outbox_ids or args.all_failed or args.games):
        print(
            "judge retry: give INBOX_ID, --outbox ID, --outbox pending, --all-failed or "
            "--game NAME",
            file=sys.stderr,
        )
        return EXIT_USAGE
    engine = make_engine(config.database.url)
    now = SystemClock().now()
    try:
        with make_session_factory(engine).begin() as session:
            refused = [i for i in args.ids if not requeue(session, i)]
            wanted = None if args.all_failed else args.outbox_ids
            requeued = requeue_outgoing(session, wanted, now) if wanted != [] else []
            games = {name: game_failures.take_back(session, name) for name in args.games}
    except SQLAlchemyError as exc:
        database_failure("retry", config, exc)
        return EXIT_FAILURE
    finally:
        engine.dispose()
    for name, taken in games.items():
        if taken:
            print(f"judge retry: game {name} taken back; it is handled at the next round")
        else:
            print(f"judge retry: game {name!r} is not a failing game", file=sys.stderr)
    for inbox_id in refused:
        print(f"judge retry: inbox {inbox_id} is not a failed mail", file=sys.stderr)
    missing = sorted(set(args.outbox_ids) - set(requeued))
    for outbox_id in missing:
        print(f"judge retry: outbox {outbox_id} is not a failed mail", file=sys.stderr)
    if args.outbox_ids or args.all_failed:
        print(f"judge retry: {len(requeued)} outgoing mail(s) requeued")
    failed = refused or missing or not all(games.values())
    return EXIT_FAILURE if failed else EXIT_OK


def flush(config: Config, args: argparse.Namespace) -> int:
    """Postfix's `postqueue -f`: outgoing mail waiting for its next attempt (the
    relay was down) is made due now; `judge serve` or `judge scheduler` sends it at
    its next round."""
    engine = make_engine(config.database.url)
    try:
        with make_session_factory(engine).begin() as session:
            count = make_due_now(session, SystemClock().now())
    except SQLAlchemyError as exc:
        database_failure("flush", config, exc)
        return EXIT_FAILURE
    finally:
        engine.dispose()
    print(
        f"judge flush: {count} waiting outgoing mail(s) due now; the running judge "
        f"sends them within [scheduler] poll_seconds ({config.scheduler.poll_seconds:g} s)"
    )
    return EXIT_OK
