"""The `judge` admin command line: serve, deliver, status, db upgrade, retry, flush,
zine, scheduler, backup, config example, adjudicate (and `judge --version`).

Only the daemons (`serve`, `scheduler`) process mail and send it; `deliver` only
stores what the MTA pipes in.

This package only reads arguments and wires parts together. `main` is here, the parser
in `judge.cli.parser`, and each command in a small module that is imported only when the
command runs (`judge.cli.deliver`, `status`, `queues`, `daemons`...): a start of `judge`
imports only what its command needs (tests/cli/test_command_imports.py).

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

import logging
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from judge.cli.exits import EXIT_FAILURE, EXIT_USAGE
from judge.cli.parser import build_parser

if TYPE_CHECKING:
    from judge.server.processor import GivenHandler
    from judge.variants.registry import VariantRegistry


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
        from judge.adjudicate.cli import main as adjudicate_main

        return adjudicate_main(args_list[1:])
    parser = build_parser()
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
    # The judge's own modules are imported from here on, and only those this command
    # needs (judge.cli.parser): `judge --help` and `judge deliver` start fast.
    from judge.config import ConfigError, load_config
    from judge.server.startup_failure import StartupError

    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"judge: {exc}", file=sys.stderr)
        if args.command == "deliver":  # the MTA keeps the mail and tries again later
            from judge.server.piped import EX_TEMPFAIL

            return EX_TEMPFAIL
        return EXIT_USAGE
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
