"""CPU per mail of the inbox processor alone, without SMTP: where the LIST time goes.

    python bench/inbox_worker.py [--mails 2000] [--body LIST] [--profile 25]

A fresh SQLite database gets the mail benchmark's games (`mail_seed`), then
`--mails` stored mails like the ones `bench/mail.py` sends; `process_pending`
with the real handler runs over them, and the CPU time per mail is printed (the
median of `--repeat` runs, each on fresh mails). `--profile N` prints the N
costliest functions (cumulative) of one more run under cProfile.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from mail_seed import open_database, seed_started
from mail_smtp import build

from judge.clock import SystemClock
from judge.config import config_from_dict
from judge.server.intake import received
from judge.server.processor import process_pending
from judge.server.watchdog import Watchdogs
from judge.service.replies.service_handler import ServiceHandler
from judge.store.db import make_session_factory
from judge.store.inbox import store_messages
from judge.store.passwords import hash_password
from judge.variants.registry import default_registry


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mails", type=int, default=2000)
    parser.add_argument("--body", default="LIST")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", type=int, default=0, metavar="N")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="judge-worker-bench-") as folder:
        engine = open_database(Path(folder))
        seed_started(engine, "g1", "pw", hash_password("pw"))
        sessions = make_session_factory(engine)
        variants = default_registry()  # the judge's, as the command line builds it
        config = config_from_dict(
            {"judge": {"address": "judge@example.org"}, "database": {"url": str(engine.url)},
             "limits": {"per_sender_per_hour": 1_000_000},
             "security": {"confirm_addresses": False}},
            Path(folder),
        )  # fmt: skip
        clock = SystemClock()
        handler = ServiceHandler(variants)  # the judge's own, as `judge serve` builds it
        watchdogs = Watchdogs()

        def one_run() -> float:
            mails = [build(f"reader{n % 100}@example.org", "list", args.body + "\n")
                     for n in range(args.mails)]  # fmt: skip
            stored = [received(m.data, m.sender, ("judge@example.org",)) for m in mails]
            store_messages(sessions, stored, datetime.now(UTC))  # as the intake stores them
            started = time.process_time()
            done = process_pending(sessions, handler, clock, config, watchdogs)
            assert done == args.mails, done
            return (time.process_time() - started) / done * 1000

        figures = [one_run() for _ in range(args.repeat)]
        print(f"{args.body!r}: {statistics.median(figures):.3f} ms CPU per mail "
              f"(runs: {', '.join(f'{f:.3f}' for f in figures)})")  # fmt: skip
        if args.profile:
            profile = cProfile.Profile()
            profile.runcall(one_run)
            pstats.Stats(profile, stream=sys.stdout).sort_stats("cumulative").print_stats(
                args.profile
            )
        watchdogs.stop()
        engine.dispose()


if __name__ == "__main__":
    main()
