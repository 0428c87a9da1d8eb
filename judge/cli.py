"""The `judge` admin command line: serve, deliver, status, db upgrade, retry, flush,
zine, scheduler, backup, config example, adjudicate (and `judge --version`).

Only the daemons (`serve`, `scheduler`) process mail and send it; `deliver` only
stores what the MTA pipes in.

This module only reads arguments and wires parts together:

* inbox handler: `judge.service.replies.service_handler.ServiceHandler`, built by the
  runtime with the judge's variants; a caller of `main` may pass another, and the
  registry it was built with (`main(argv, handler=..., variants=...)`: tests plug in a
  probe with a small launcher, `tests/support/serve_with.py`); nothing in the
  environment or the config names one;
* variants: `judge.variants.registry.default_registry()`, built here once by each
  command that reads a game's variant (`serve`, `scheduler`, `status`, `zine`) and
  passed down by argument to all the work that needs it (no session carries it);
* the judge at run time: `judge.server.runtime.Judge`, built here for `serve` and
  `scheduler`: it owns the variants, the config, the clock, the scheduler's timers,
  the watchdogs and the map-drawing workers, and stops them as the command ends;
* scheduler: `judge.server.scheduler.tick(session, clock, config, timers, variants)`,
  bound to the judge's timers and variants (`Judge.ticks`);
* game status: `judge.service.status.game_status(session, variants, name)`.

Exit codes: 0 success, 1 failure (e.g. no such game), 2 usage or config errors;
`deliver` uses the sysexits codes MTAs understand (75: try again later).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from judge.clock import SystemClock
from judge.config import Config, ConfigError, load_config
from judge.server.disk_full import disk_full, disk_full_line
from judge.server.intake import EX_TEMPFAIL, Inbox, store_piped
from judge.server.processor import GivenHandler
from judge.server.sqlite_access import hint_for
from judge.server.startup import StartupError, cause, open_judge_database, shown_url
from judge.store import game_failures
from judge.store.backup import BackupError, backup_sqlite
from judge.store.db import make_engine, make_session_factory
from judge.store.inbox import requeue
from judge.store.migrate import current_revision, upgrade
from judge.store.outbox import requeue_outgoing
from judge.store.outbox_flush import make_due_now
from judge.store.overview import operator_overview, outbox_queue_lines
from judge.variants.registry import VariantRegistry, default_registry
from judge.version import judge_version

if TYPE_CHECKING:
    from judge.server.runtime import Judge

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2


def main(
    argv: Sequence[str] | None = None,
    *,
    handler: GivenHandler | None = None,
    variants: VariantRegistry | None = None,
) -> int:
    """Run one `judge` command; `handler` replaces the service's inbox handler and
    `variants` the registry built here (tests: the one their handler was built with)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["adjudicate"]:
        return _adjudicate(args_list[1:])
    parser = _parser()
    args = parser.parse_args(args_list)
    if not hasattr(args, "run"):
        parser.print_usage(sys.stderr)
        return EXIT_USAGE
    if not getattr(args, "needs_config", True):
        result_without_config: int = args.run(args)
        return result_without_config
    if args.command in PRIVATE_FILES_COMMANDS:
        _tighten_umask()
    args.handler = handler
    args.variants = variants
    _configure_logging(args.command)
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"judge: {exc}", file=sys.stderr)
        return EX_TEMPFAIL if args.command == "deliver" else EXIT_USAGE
    try:
        result: int = args.run(config, args)
    except StartupError as exc:
        print(f"judge {args.command}: cannot start: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    return result


PRIVATE_FILES_COMMANDS = ("serve", "scheduler", "deliver", "backup", "db", "flush", "retry")
PRIVATE_UMASK = 0o027  # files the judge creates: at most 0640 (maildir mail), folders 0750


def _tighten_umask() -> None:
    """Never let the judge create a file others can read (mail, the database's
    -wal/-shm files); a stricter umask of the operator's is kept. `judge zine` is
    left out: its pages are meant to be published."""
    current = os.umask(PRIVATE_UMASK)
    os.umask(current | PRIVATE_UMASK)


DAEMONS = ("serve", "scheduler")  # they log a line per mail in, processed and out (INFO)


def _configure_logging(command: str) -> None:
    logging.basicConfig(
        level=logging.INFO if command in DAEMONS else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd: a line per command
    logging.getLogger("flufl.bounce").setLevel(logging.WARNING)  # a line per detector run
    logging.getLogger("alembic").setLevel(logging.WARNING)  # a line per migration: the
    # start says "migrated from revision A to B" once instead (judge.server.startup)


class _VersionAction(argparse.Action):
    """`judge --version`: the package metadata is read only when asked (`judge
    deliver` runs once per mail)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> None:
        print(f"judge {judge_version()}")
        parser.exit()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="judge", description="An email Diplomacy judge.")
    parser.add_argument("--version", action=_VersionAction, help="print the judge's version")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    config_option = argparse.ArgumentParser(add_help=False)
    config_option.add_argument("--config", metavar="FILE", help="TOML config file")

    serve = commands.add_parser("serve", parents=[config_option], help="run the judge")
    serve.set_defaults(run=_serve)
    deliver = commands.add_parser(
        "deliver", parents=[config_option],
        help="store one mail from stdin (the MTA's pipe); serve or scheduler processes it",
    )
    deliver.add_argument("--sender", help="envelope sender (default: $SENDER or headers)")
    deliver.add_argument("--recipient", help="envelope recipient, e.g. a bounce's return path "
                         "(default: $RECIPIENT, else the judge's address)")
    deliver.set_defaults(run=_deliver)
    status = commands.add_parser(
        "status", parents=[config_option], help="a game's state, or the operator overview"
    )
    status.add_argument("game", nargs="?", help="game name")
    status.add_argument("--json", action="store_true", help="print JSON")
    status.set_defaults(run=_status)
    db = commands.add_parser("db", help="database maintenance")
    db_commands = db.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    db_upgrade = db_commands.add_parser(
        "upgrade", parents=[config_option], help="apply the migrations"
    )
    db_upgrade.set_defaults(run=_db_upgrade)
    retry = commands.add_parser(
        "retry", parents=[config_option],
        help="process failed inbox mail again, requeue failed outgoing mail, or take "
             "back a parked game",
    )
    retry.add_argument("ids", nargs="*", type=int, metavar="INBOX_ID")
    retry.add_argument("--outbox", dest="outbox_ids", type=_outbox_argument, action="append",
                       default=[], metavar="ID",
                       help="requeue this failed outgoing mail (repeatable); 'pending': "
                            "send every queued mail now (as judge flush)")  # fmt: skip
    retry.add_argument("--all-failed", action="store_true",
                       help="requeue every failed outgoing mail")
    retry.add_argument("--game", dest="games", action="append", default=[], metavar="NAME",
                       help="handle this failing or parked game again at the next "
                            "round (repeatable)")
    retry.set_defaults(run=_retry)
    flush = commands.add_parser(
        "flush", parents=[config_option],
        help="make waiting outgoing mail due now (the running judge sends it)",
    )
    flush.set_defaults(run=_flush)
    config_command = commands.add_parser("config", help="the configuration file")
    config_actions = config_command.add_subparsers(dest="config_command", metavar="ACTION",
                                                   required=True)  # fmt: skip
    example = config_actions.add_parser(
        "example", help="print the example config, every key explained (> judge.toml)"
    )
    example.set_defaults(run=_config_example, needs_config=False)
    zine = commands.add_parser(
        "zine", parents=[config_option], help="a game's public record as one HTML page"
    )
    zine.add_argument("game", nargs="?", help="game name (the page goes to stdout)")
    zine.add_argument("--all", metavar="DIR", dest="zine_dir", help="every game, into DIR")
    zine.set_defaults(run=_zine)
    scheduler = commands.add_parser(
        "scheduler", parents=[config_option], help="run deadlines without the SMTP intake"
    )
    scheduler.add_argument("--once", action="store_true", help="handle what is due, then exit")
    scheduler.add_argument("--no-send", dest="send", action="store_false",
                           help="leave the mail in the outbox")
    scheduler.set_defaults(run=_scheduler)
    backup = commands.add_parser(
        "backup", parents=[config_option], help="copy the SQLite database, safely while running"
    )
    backup.add_argument("file", metavar="FILE", help="where the copy goes (replaced atomically)")
    backup.set_defaults(run=_backup)
    commands.add_parser("adjudicate", help="adjudicate one phase, JSON in and out")
    return parser


def _serve(config: Config, args: argparse.Namespace) -> int:
    from judge.server.serve import serve

    with _runtime(config, args) as judge:
        asyncio.run(serve(config, judge.handler, judge.ticks(), clock=judge.clock,
                          watchdogs=judge.watchdogs, variants=judge.variants))  # fmt: skip
    return EXIT_OK


def _deliver(config: Config, args: argparse.Namespace) -> int:
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
        upgrade(engine)
    except Exception as exc:  # one line for the MTA's log, and 75: it tries again later
        reason = (disk_full_line(exc, url) if disk_full(exc) else
                  f"database {shown_url(url)} unavailable: {cause(exc)}{hint_for(url)}")
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


def _give_up_delivering(seconds: float) -> None:
    print(f"judge deliver: not stored within {seconds:g} s; try again later", file=sys.stderr)
    sys.stderr.flush()
    os._exit(EX_TEMPFAIL)  # a transaction under way is rolled back by the database


def _status(config: Config, args: argparse.Namespace) -> int:
    engine = make_engine(config.database.url)
    try:
        with make_session_factory(engine)() as session:
            if args.game is None:
                overview = operator_overview(session, SystemClock().now())
                _print(overview, args.json, _overview_text)
                return EXIT_OK
            status = _game_status(session, _variants(args), args.game)
    except SQLAlchemyError as exc:
        _database_failure("status", config, exc)
        return EXIT_FAILURE
    finally:
        engine.dispose()
    if status is None:
        print(f"judge status: no game called {args.game!r}", file=sys.stderr)
        return EXIT_FAILURE
    _print(status, args.json, _game_text)
    return EXIT_OK


def _database_failure(command: str, config: Config, exc: SQLAlchemyError) -> None:
    """An admin command's database error in one line: the URL (without its password) and
    the driver's own reason, e.g. PostgreSQL's "Peer authentication failed" when the
    command runs as root instead of as the judge's user (docs/deploy.md)."""
    reason = cause(exc) + hint_for(config.database.url)
    missing = "no such table" in reason or "does not exist" in reason
    hint = "; is it created? (judge db upgrade)" if missing else ""
    print(f"judge {command}: cannot read the database {shown_url(config.database.url)}: "
          f"{reason}{hint}", file=sys.stderr)  # fmt: skip


def _db_upgrade(config: Config, args: argparse.Namespace) -> int:
    engine, _config = open_judge_database(config)
    try:
        print(f"database at revision {current_revision(engine)}")
    finally:
        engine.dispose()
    return EXIT_OK


def _backup(config: Config, args: argparse.Namespace) -> int:
    try:
        result = backup_sqlite(config.database.url, Path(args.file))
    except BackupError as exc:
        print(f"judge backup: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    print(f"backed up {result.size_bytes} bytes to {result.path}")
    return EXIT_OK


PENDING = "pending"


def _outbox_argument(text: str) -> int | str:
    if text.strip().lower() == PENDING:
        return PENDING
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an outbox id nor 'pending': {text!r}") from None


def _retry(config: Config, args: argparse.Namespace) -> int:
    """Put failed mails back in their queue, and failing games back in the scheduler's
    rounds; `judge serve` or `judge scheduler` runs them.

    Outgoing mail requeued gets a new lifetime from now. `--outbox pending` is
    `judge flush`: queued mail waiting for its next attempt is made due now.
    """
    if PENDING in args.outbox_ids:
        args.outbox_ids = [i for i in args.outbox_ids if i != PENDING]
        flushed = _flush(config, args)
        if flushed != EXIT_OK or not (args.ids or args.outbox_ids or args.all_failed or args.games):
            return flushed
    if not (args.ids or args.outbox_ids or args.all_failed or args.games):
        print("judge retry: give INBOX_ID, --outbox ID, --outbox pending, --all-failed or "
              "--game NAME", file=sys.stderr)
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
        _database_failure("retry", config, exc)
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


def _flush(config: Config, args: argparse.Namespace) -> int:
    """Postfix's `postqueue -f`: outgoing mail waiting for its next attempt (the
    relay was down) is made due now; `judge serve` or `judge scheduler` sends it at
    its next round."""
    engine = make_engine(config.database.url)
    try:
        with make_session_factory(engine).begin() as session:
            count = make_due_now(session, SystemClock().now())
    except SQLAlchemyError as exc:
        _database_failure("flush", config, exc)
        return EXIT_FAILURE
    finally:
        engine.dispose()
    print(f"judge flush: {count} waiting outgoing mail(s) due now; the running judge "
          f"sends them within [scheduler] poll_seconds ({config.scheduler.poll_seconds:g} s)")
    return EXIT_OK


def _config_example(args: argparse.Namespace) -> int:
    from judge.config_example import example_text

    sys.stdout.write(example_text(Config))
    return EXIT_OK


def _scheduler(config: Config, args: argparse.Namespace) -> int:
    from judge.server.scheduler import run_scheduler

    with _runtime(config, args) as judge:
        return run_scheduler(
            config,
            once=args.once,
            clock=judge.clock,
            timers=judge.timers,
            watchdogs=judge.watchdogs,
            pool=judge.drawing,
            send=args.send,
            handler=judge.handler,
            variants=judge.variants,
        )


def _zine(config: Config, args: argparse.Namespace) -> int:
    from judge.zine import run_zine

    return run_zine(config, args.game, args.zine_dir, _variants(args))


def _adjudicate(argv: list[str]) -> int:
    from judge.adjudicate.cli import main as adjudicate_main

    return adjudicate_main(argv)


def _runtime(config: Config, args: argparse.Namespace) -> Judge:
    """The one runtime object of the judge this command runs, with the variants built
    here and the inbox handler `main` was given (else the service layer's, which the
    runtime builds with those variants)."""
    from judge.server.runtime import Judge

    given: GivenHandler | None = args.handler
    return Judge(config, _variants(args), handler=given)


def _variants(args: argparse.Namespace) -> VariantRegistry:
    """The judge's variants: those `main` was given, else the registry built here, once
    for the command (only the commands that read a game's variant build it)."""
    given: VariantRegistry | None = args.variants
    return given if given is not None else default_registry()


def _game_status(session: Session, variants: VariantRegistry, name: str) -> dict[str, Any] | None:
    from judge.service.status import game_status

    return game_status(session, variants, name)


def _print(data: dict[str, Any], as_json: bool, text: Callable[[dict[str, Any]], str]) -> None:
    print(json.dumps(data, indent=2, sort_keys=False) if as_json else text(data))


def _game_text(status: dict[str, Any]) -> str:
    lines = [
        f"{status.get('game')}: {status.get('variant')}, {status.get('status')}, "
        f"phase {status.get('phase') or '-'}, deadline {status.get('deadline') or '-'}"
    ]
    for player in status.get("players", []):
        lines.append(f"  {player.get('address')}: {' '.join(player.get('powers', [])) or '-'}")
    return "\n".join(lines)


def _overview_text(overview: dict[str, Any]) -> str:
    lines = [f"games: {len(overview['games'])}"]
    lines += [
        f"  {g['game']}: {g['variant']}, {g['status']}, phase {g['phase'] or '-'}"
        for g in overview["games"]
    ]
    lines.append(f"inbox: {_count_text(overview['inbox'])}")
    for row in overview["failed_inbox"]:
        last = (row["error"] or "").strip().splitlines()[-1:] or [""]
        lines.append(f"  failed #{row['id']} from <{row['mail_from']}>: {last[0]}")
    for row in overview["inbox_with_errors"]:
        last = (row["error"] or "").strip().splitlines()[-1:] or [""]
        lines.append(f"  done_with_errors #{row['id']} from <{row['mail_from']}>: {last[0]}")
    lines.append(f"outbox: {_count_text(overview['outbox'])}")
    lines += outbox_queue_lines(overview["outbox_queue"])
    for row in overview["failed_outbox"]:
        lines.append(f"  failed #{row['id']} to <{row['to']}>: {row['error']}")
    failing = overview.get("failing_games", [])
    lines.append(f"failing games: {len(failing)}")
    for row in failing:
        last = (row["error"] or "").strip().splitlines()[-1:] or [""]
        state = ("parked (judge retry --game " + row["game"] + ")" if row["parked"]
                 else f"retried at {row['retry_at']}")  # fmt: skip
        lines.append(f"  game {row['game']} failed {row['attempts']} time(s), {state}: {last[0]}")
    lines.append(f"bouncing addresses: {len(overview['bouncing'])}")
    lines += [
        f"  <{row['address']}>: {row['bounces']} bounce(s) since {row['first_bounce']}, "
        f"last {row['last_bounce']}: {row['diagnostic'] or '-'}"
        for row in overview["bouncing"]
    ]
    return "\n".join(lines)


def _count_text(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {status}" for status, n in sorted(counts.items())) or "empty"


if __name__ == "__main__":
    sys.exit(main())
