"""Benchmark the CPU one mail costs, per shape: the worst command mails, the worst
bodies, and a control mail; the median of several runs each.

    python bench/mail_shapes.py [--runs 5] [--control 250]

One SQLite database in a temporary folder holds a running standard game (seeded
through the store: `bench.mail_seed.seed_started`), its master `gm-g1@example.org`.
Each mail is written first (not measured), then stored as the intake stores it
(`received`: its header block is read then) and handled by the real inbox processor
and service handler (`process_pending`, under the judge's watchdogs); measured
around both, in CPU seconds of this process (user + system). Shapes:

* SIGNON + 998 PROCESS, from the master (issue 31: it wedged the judge; now one
  PROCESS per mail and game, and at most `[limits] commands_per_mail` commands);
* SIGNON + 998 other commands, from the master (DRAW, NODRAW, SET WAIT, an order);
* 1 MB of empty lines, then LIST;
* SIGNON + 500 orders, from a player;
* the control mail, LIST, sent `--control` times.

Target (issue 31): each at most 1 s of CPU. Each run's outcome is printed beside
its figure: a mail that failed is not a figure.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.mail_seed import open_database, seed_started  # noqa: E402
from judge.clock import SystemClock  # noqa: E402
from judge.config import Config, config_from_dict  # noqa: E402
from judge.server.intake import received  # noqa: E402
from judge.server.processor import process_pending  # noqa: E402
from judge.server.watchdog import Watchdogs  # noqa: E402
from judge.service.replies.service_handler import ServiceHandler  # noqa: E402
from judge.store.db import make_session_factory  # noqa: E402
from judge.store.inbox import store_messages  # noqa: E402
from judge.store.models import InboxMessage  # noqa: E402
from judge.store.passwords import hash_password  # noqa: E402
from judge.variants.registry import default_registry  # noqa: E402

TARGET_CPU = 1.0
PASSWORD = "pw"
MASTER = "gm-g1@example.org"
OTHERS = ("DRAW", "NODRAW", "SET WAIT", "A VIE H")


def _mail(sender: str, body: str, number: int) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = "judge@example.org"
    message["Subject"] = "bench"
    message["Message-ID"] = f"<shape{number}-{time.time_ns()}@example.org>"
    message.set_content(body)
    return bytes(message)


def _shapes(player: str, signon: str, orders: tuple[str, ...]) -> dict[str, tuple[str, str]]:
    master_signon = f"SIGNON Mg1 {PASSWORD}"
    return {
        "SIGNON + 998 PROCESS (master)": (MASTER, master_signon + "\n" + "PROCESS\n" * 998),
        "SIGNON + 998 other commands (master)": (
            MASTER, master_signon + "\n" + "".join(f"{OTHERS[i % 4]}\n" for i in range(998))),
        "1 MB of empty lines, then LIST": (player, "\n" * 1_000_000 + "LIST\n"),
        "SIGNON + 500 orders (player)": (
            player, signon + "\n" + "".join(f"{orders[i % len(orders)]}\n" for i in range(500))),
    }  # fmt: skip


def _measure(
    make: Callable[[], bytes], handle: Callable[[bytes], str], runs: int
) -> tuple[float, list[str]]:
    """The median CPU seconds of `runs` calls of `handle` (each on a mail `make` wrote
    beforehand, not measured), and their outcomes."""
    times, outcomes = [], []
    for _ in range(runs):
        raw = make()
        started = time.process_time()
        outcomes.append(handle(raw))
        times.append(time.process_time() - started)
    return statistics.median(times), sorted(set(outcomes))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per shape (median)")
    parser.add_argument("--control", type=int, default=250, help="control mails (LIST)")
    args = parser.parse_args()
    print(f"load average: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as folder:
        engine = open_database(Path(folder))
        seats = seed_started(engine, "g1", PASSWORD, hash_password(PASSWORD))
        config: Config = config_from_dict(
            {"judge": {"address": "judge@example.org", "code": "BENCH"},
             "database": {"url": str(engine.url)},
             "outbound": {"transport": "maildir", "maildir": "outbox"},
             "limits": {"per_sender_per_hour": 100_000},
             "security": {"confirm_addresses": False}},
            Path(folder),
        )  # fmt: skip
        sessions = make_session_factory(engine)
        clock, handler, count = SystemClock(), ServiceHandler(default_registry()), [0]
        watchdogs = Watchdogs()

        def make(sender: str, body: str) -> Callable[[], bytes]:
            def write() -> bytes:
                count[0] += 1
                return _mail(sender, body, count[0])

            return write

        def handle(sender: str) -> Callable[[bytes], str]:
            return lambda raw: _handle(raw, sender)

        def _handle(raw: bytes, sender: str) -> str:
            [inbox_id] = store_messages(sessions, [received(raw, sender, [config.judge.address])],
                                        clock.now())  # fmt: skip
            process_pending(sessions, handler, clock, config, watchdogs)
            with sessions() as session:
                row = session.get(InboxMessage, inbox_id)
                return str(row.status) if row is not None else "missing"

        seat = seats[0]
        print(f"{'shape':40} {'median CPU s':>12}  outcomes")
        over = []
        for name, (sender, body) in _shapes(seat.address, seat.signon, seat.orders).items():
            cpu, outcomes = _measure(make(sender, body), handle(sender), args.runs)
            print(f"{name:40} {cpu:12.3f}  {', '.join(outcomes)}")
            over += [name] if cpu > TARGET_CPU else []
        control = "ann@example.org"
        cpu, outcomes = _measure(make(control, "LIST\n"), handle(control), args.control)
        name = f"control: LIST, x{args.control}"
        print(f"{name:40} {cpu:12.3f}  {', '.join(outcomes)}")
        over += [name] if cpu > TARGET_CPU else []
        watchdogs.stop()
        engine.dispose()
    print(f"over {TARGET_CPU} s of CPU: {', '.join(over) if over else 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
