"""`judge deliver`: store one mail the MTA pipes in, and exit; processing and sending
are the daemon's (`judge serve` or `judge scheduler`).

The MTA runs it once per incoming mail, so it imports only what storing a mail needs:
the database and the header reading, not the service, the variants, the templates nor
Alembic (the database is migrated only when it is not at the newest revision,
`judge.store.schema_version`). tests/cli/test_command_imports.py keeps it so.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading

from sqlalchemy import Engine

from judge.clock import SystemClock
from judge.config import Config
from judge.server.disk_full import disk_full, disk_full_line
from judge.server.intake_inbox import Inbox
from judge.server.piped import EX_TEMPFAIL, store_piped
from judge.server.sqlite_access import hint_for
from judge.server.startup_failure import cause, shown_url
from judge.store.db import make_engine, make_session_factory
from judge.store.schema_version import at_head


def run(config: Config, args: argparse.Namespace) -> int:
    """Store one piped mail and exit: processing and sending are the daemon's.

    Within `[smtp] deliver_timeout_seconds` or not at all: past it, the process
    exits 75 (the MTA tries again later; a mail stored twice is a duplicate the
    processor recognises).
    """
    watchdog = threading.Timer(config.smtp.deliver_timeout_seconds, _give_up_delivering,
                               [config.smtp.deliver_timeout_seconds])  # fmt: skip
    watchdog.daemon = True
    watchdog.start()
    try:
        recipient = args.recipient or os.environ.get("RECIPIENT") or None
        raw = sys.stdin.buffer.read()
        return _store_piped_mail(config, args.sender, raw, recipient)
    finally:
        watchdog.cancel()


def _store_piped_mail(
    config: Config,
    sender: str | None,
    raw: bytes,
    recipient: str | None = None,
) -> int:
    url = config.database.url
    try:
        engine = make_engine(url)
        _migrated(engine)
    except Exception as exc:  # one line for the MTA's log, and 75: it tries again later
        reason = (
            disk_full_line(exc, url)
            if disk_full(exc)
            else f"database {shown_url(url)} unavailable: {cause(exc)}{hint_for(url)}"
        )
        print(f"judge deliver: {reason}; try again later", file=sys.stderr)
        return EX_TEMPFAIL
    try:
        inbox = Inbox(make_session_factory(engine), SystemClock(), config)
        outcome = store_piped(inbox, raw, sender, recipient)
        if outcome.exit_code == EX_TEMPFAIL:
            print(f"judge deliver: {outcome.reason}; try again later", file=sys.stderr)
        elif outcome.exit_code != 0:
            print(f"judge deliver: {outcome.reason}", file=sys.stderr)
        return outcome.exit_code
    finally:
        engine.dispose()


def _migrated(engine: Engine) -> None:
    """Migrate the database unless it is at the newest revision already (Alembic is
    imported only then: it costs more than storing the mail)."""
    if at_head(engine):
        return
    from judge.store.migrate import upgrade

    upgrade(engine)


def _give_up_delivering(seconds: float) -> None:
    print(f"judge deliver: not stored within {seconds:g} s; try again later", file=sys.stderr)
    sys.stderr.flush()
    os._exit(EX_TEMPFAIL)  # a transaction under way is rolled back by the database
