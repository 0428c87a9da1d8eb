"""`judge serve` and `judge scheduler`: the daemons, each with the one runtime object of
the judge it runs (`judge.server.runtime.Judge`).

The daemons' modules are imported when each function runs, not when this module is: a
test that replaces one (`run_scheduler`, tests/store/test_variant_registry.py) replaces
it for that test only, whichever test imported this module first.
"""

from __future__ import annotations

import argparse
import asyncio
from typing import TYPE_CHECKING

from judge.cli.exits import EXIT_OK
from judge.cli.given_variants import given_variants
from judge.config import Config

if TYPE_CHECKING:
    from judge.server.processor import GivenHandler
    from judge.server.runtime import Judge


def serve(config: Config, args: argparse.Namespace) -> int:
    from judge.server.serve import serve as serve_judge

    with _runtime(config, args) as judge:
        asyncio.run(serve_judge(config, judge.handler, judge.ticks(), clock=judge.clock,
                                watchdogs=judge.watchdogs, variants=judge.variants))  # fmt: skip
    return EXIT_OK


def scheduler(config: Config, args: argparse.Namespace) -> int:
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


def _runtime(config: Config, args: argparse.Namespace) -> Judge:
    """The one runtime object of the judge this command runs, with the variants built
    here and the inbox handler `main` was given (else the service layer's, which the
    runtime builds with those variants)."""
    from judge.server.runtime import Judge

    given: GivenHandler | None = args.handler
    return Judge(config, given_variants(args), handler=given)
