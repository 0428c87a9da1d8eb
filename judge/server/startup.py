"""What the daemons do before they run, said in one line each way.

At start, `judge serve` and `judge scheduler` log one line naming the judge's
version, the database (its URL without the password) and the outbound transport
(`start_line`). A failure to start (a bad database URL, a SQLite file that cannot
be opened, a PostgreSQL server that does not answer, a port in use) is a
`StartupError` whose message names the path or URL and the cause in one line: the
command prints it and exits nonzero, without a traceback an operator must read
from the bottom up.
"""

from __future__ import annotations

import contextlib
import logging
import os
from dataclasses import replace
from pathlib import Path

from sqlalchemy import Engine

from judge.config import Config
from judge.mail.verp import verp_key
from judge.server.sqlite_access import hint_for
from judge.server.startup_failure import StartupError, cause, shown_url
from judge.store.db import make_engine
from judge.store.migrate import current_revision, upgrade
from judge.store.verp_keys import stored_verp_keys
from judge.version import judge_version

log = logging.getLogger(__name__)


def open_judge_database(config: Config) -> tuple[Engine, Config]:
    """The database, migrated to the newest revision, and `config` with the VERP keys
    kept in it (`judge.store.verp_keys`). StartupError when it cannot be opened."""
    where = f"database {shown_url(config.database.url)}"
    try:
        engine = make_engine(config.database.url)
    except Exception as exc:
        raise StartupError(f"{where}: {cause(exc)}") from exc
    try:
        before = current_revision(engine)
        upgrade(engine)
        after = current_revision(engine)
        if after != before:
            log.info("%s migrated from revision %s to %s", where, before or "(empty)", after)
        config = with_stored_verp_keys(engine, config)
    except Exception as exc:
        engine.dispose()
        log.debug("opening the database failed", exc_info=True)
        raise StartupError(f"{where}: {cause(exc)}{hint_for(config.database.url)}") from exc
    return engine, config


def check_outbound(config: Config) -> None:
    """StartupError when the outgoing maildir cannot take mail: it exists and is not a
    folder, or its folders cannot be created, or a file cannot be written in them."""
    outbound = config.outbound
    if outbound.transport != "maildir":
        return
    root = Path(outbound.maildir)
    where = f"[outbound] maildir = {root}"
    if root.exists() and not root.is_dir():
        raise StartupError(f"{where}: not a folder")
    probe = root / "tmp" / f".judge-start-{os.getpid()}"
    try:
        for sub in ("tmp", "new", "cur"):
            folder = root / sub
            if folder.exists() and not folder.is_dir():
                raise StartupError(f"{where}: {folder} is not a folder")
            folder.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.close(descriptor)
    except OSError as exc:
        raise StartupError(f"{where}: cannot write there: {exc.strerror or exc}") from exc
    finally:
        with contextlib.suppress(OSError):
            probe.unlink()


def with_stored_verp_keys(engine: Engine, config: Config) -> Config:
    """`config` with the VERP keys kept in the database (`judge.store.verp_keys`),
    generated first if it has none yet: a judge's first start after it kept none
    keeps the key it signed with until then (`judge.mail.verp.derived_key`, or the
    configured secret) for the mail already sent."""
    until_now = verp_key(replace(config, stored_verp=None))
    return replace(config, stored_verp=stored_verp_keys(engine, until_now))


def start_line(config: Config, what: str) -> str:
    """`judge <version> <what>: database <url>, outbound <transport>`."""
    outbound = config.outbound
    if outbound.transport == "smtp":
        security = "STARTTLS" if outbound.relay_starttls else "plain"
        transport = f"smtp to {outbound.relay_host}:{outbound.relay_port} ({security})"
    else:
        transport = f"maildir {outbound.maildir}"
    return (f"judge {judge_version()} {what}: database {shown_url(config.database.url)}, "
            f"outbound {transport}")  # fmt: skip
