"""`judge serve` and `judge scheduler`: the daemons, each with the one runtime object of
the judge it runs (`judge.server.runtime.Judge`)."""

from __future__ import annotations

import argparse
import asyncio

from judge.cli.exits import EXIT_OK
from judge.cli.given_variants import given_variants
from judge.config import Config
from judge.server.processor import GivenHandler
from judge.server.runtime import Judge
from judge.server.scheduler import run_scheduler
from judge.server.serve import serve as serve_judge


def serve(config: Config, args: argparse.Namespace) -> int:
    with _runtime(config, args) as judge:
        asyncio.run(serve_judge(config, judge.handler, judge.ticks(), clock=judge.clock,
                                watchdogs=judge.watchdogs, variants=judge.variants))  # fmt: skip
    return EXIT_OK


def scheduler(config: Config, args: argparse.Namespace) -> int:
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


def _runtime(config: Config, args: argparse.Namespace) -> Judge:
    """The one runtime object of the judge this command runs, with the variants built
    here and the inbox handler `main` was given (else the service layer's, which the
    runtime builds with those variants)."""
    given: GivenHandler | None = args.handler
    return Judge(config, given_variants(args), handler=given)
