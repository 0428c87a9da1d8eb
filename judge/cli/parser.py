"""The `judge` command line's parser, and each command's entry, which imports the
command's module when the command runs.

Building the parser imports none of the judge: `judge --help` reads no database, and
each command imports only what it needs (`judge deliver`, which the MTA runs once per
incoming mail, neither the service nor the variants nor Alembic):
tests/cli/test_command_imports.py keeps it so.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from judge.cli.exits import EXIT_OK
from judge.cli.outbox_ids import outbox_argument
from judge.version import judge_version

if TYPE_CHECKING:
    from judge.config import Config


class _VersionAction(argparse.Action):
    """`judge --version`: the package metadata is read only when asked (`judge
    deliver` runs once per mail)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> None:
        print(f"judge {judge_version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="judge", description="An email Diplomacy judge.")
    parser.add_argument("--version", action=_VersionAction, help="print the judge's version")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    config_option = argparse.ArgumentParser(add_help=False)
    config_option.add_argument("--config", metavar="FILE", help="TOML config file")

    serve = commands.add_parser("serve", parents=[config_option], help="run the judge")
    serve.set_defaults(run=_serve)
    deliver = commands.add_parser(
        "deliver",
        parents=[config_option],
        help="store one mail from stdin (the MTA's pipe); serve or scheduler processes it",
    )
    deliver.add_argument("--sender", help="envelope sender (default: $SENDER or headers)")
    deliver.add_argument(
        "--recipient",
        help="envelope recipient, e.g. a bounce's return path "
        "(default: $RECIPIENT, else the judge's address)",
    )
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
        "retry",
        parents=[config_option],
        help="process failed inbox mail again, requeue failed outgoing mail, or take "
        "back a parked game",
    )
    retry.add_argument("ids", nargs="*", type=int, metavar="INBOX_ID")
    retry.add_argument("--outbox", dest="outbox_ids", type=outbox_argument, action="append",
                       default=[], metavar="ID",
                       help="requeue this failed outgoing mail (repeatable); 'pending': "
                            "send every queued mail now (as judge flush)")  # fmt: skip
    retry.add_argument(
        "--all-failed", action="store_true", help="requeue every failed outgoing mail"
    )
    retry.add_argument(
        "--game",
        dest="games",
        action="append",
        default=[],
        metavar="NAME",
        help="handle this failing or parked game again at the next round (repeatable)",
    )
    retry.set_defaults(run=_retry)
    flush = commands.add_parser(
        "flush",
        parents=[config_option],
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
    scheduler.add_argument(
        "--no-send", dest="send", action="store_false", help="leave the mail in the outbox"
    )
    scheduler.set_defaults(run=_scheduler)
    backup = commands.add_parser(
        "backup", parents=[config_option], help="copy the SQLite database, safely while running"
    )
    backup.add_argument("file", metavar="FILE", help="where the copy goes (replaced atomically)")
    backup.set_defaults(run=_backup)
    commands.add_parser("adjudicate", help="adjudicate one phase, JSON in and out")
    return parser


# --- each command's entry: its module is imported when it runs ----------------------


def _serve(config: Config, args: argparse.Namespace) -> int:
    from judge.cli.daemons import serve

    return serve(config, args)


def _scheduler(config: Config, args: argparse.Namespace) -> int:
    from judge.cli.daemons import scheduler

    return scheduler(config, args)


def _deliver(config: Config, args: argparse.Namespace) -> int:
    from judge.cli import deliver

    return deliver.run(config, args)


def _status(config: Config, args: argparse.Namespace) -> int:
    from judge.cli import status

    return status.run(config, args)


def _db_upgrade(config: Config, args: argparse.Namespace) -> int:
    from judge.cli import db_upgrade

    return db_upgrade.run(config, args)


def _backup(config: Config, args: argparse.Namespace) -> int:
    from judge.cli import backup

    return backup.run(config, args)


def _retry(config: Config, args: argparse.Namespace) -> int:
    from judge.cli.queues import retry

    return retry(config, args)


def _flush(config: Config, args: argparse.Namespace) -> int:
    from judge.cli.queues import flush

    return flush(config, args)


def _zine(config: Config, args: argparse.Namespace) -> int:
    from judge.cli.given_variants import given_variants
    from judge.zine import run_zine

    return run_zine(config, args.game, args.zine_dir, given_variants(args))


def _config_example(args: argparse.Namespace) -> int:
    from judge.config import Config
    from judge.config_example import example_text

    sys.stdout.write(example_text(Config))
    return EXIT_OK
