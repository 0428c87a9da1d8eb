"""Benchmark the worst mails found so far: the CPU time and the memory to read and
answer each, beside a plain LIST mail.

    python bench/hostile.py

Each mail runs in a fresh process: a migrated SQLite database in a temporary
folder, the mail stored in the inbox, then the real inbox processor and service
handler (`process_pending`), and the reply delivered to a maildir (`deliver_due`).
Measured around storing the mail as the intake does (`received`: its header block
is read then, issue 15) and those two calls: the CPU time (user + system, this
process) and the peak RSS (VmHWM) above the RSS just before them ("idle": imports
done, database open). Target: no mail over 1 s of CPU or 100 MB above idle.

Three groups: the attacks of issue 12 (each beyond a reading limit, so answered with
the reason it was not read), mails just under each limit (read in full: the most a
mail the judge reads may cost), and the hostile bodies of issue 20 (each read, up to
the bounds of `judge.mail.text_bounds`). `work` is the work counted while reading
and answering (`judge.work`: characters examined, hint cells).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # `support`

from support.hostile.hostile_bodies import BODIES
from support.hostile.hostile_mails import UNDER_LIMITS, WORST

TARGET_CPU = 1.0
TARGET_MB = 100.0


def _proc_kb(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def _reset_peak() -> None:
    """Reset VmHWM to the current RSS (Linux: write 5 to clear_refs)."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        pass


def measure_one(name: str) -> dict[str, object]:
    """Read and answer one mail in this process; the figures as a dict."""
    from judge import work
    from judge.clock import SystemClock
    from judge.config import config_from_dict
    from judge.server.intake import received
    from judge.server.processor import process_pending
    from judge.server.sender import deliver_due, make_transport
    from judge.server.watchdog import Watchdogs
    from judge.service.replies.service_handler import ServiceHandler
    from judge.store.db import make_engine, make_session_factory
    from judge.store.inbox import store_messages
    from judge.store.migrate import upgrade
    from judge.store.models import InboxMessage, OutboxMessage
    from judge.variants.registry import default_registry

    raw = _raw(name)
    with tempfile.TemporaryDirectory() as folder:
        config = config_from_dict(
            {"judge": {"address": "judge@example.org", "code": "BENCH"},
             "database": {"url": f"sqlite:///{folder}/judge.db"},
             "outbound": {"transport": "maildir", "maildir": "outbox"},
             "limits": {"per_sender_per_hour": 1000}},
            Path(folder),
        )  # fmt: skip
        engine = make_engine(config.database.url)
        upgrade(engine)
        sessions = make_session_factory(engine)
        variants = default_registry()  # the judge's, as the command line builds it
        clock = SystemClock()
        _reset_peak()
        idle_kb = _proc_kb("VmRSS")
        started = time.process_time()
        wall = time.monotonic()
        counted = work.counted()
        mail = received(raw, "mallory@example.org", ["judge@example.org"])
        store_messages(sessions, [mail], clock.now())
        with Watchdogs() as watchdogs:  # the judge's, as `judge serve` has them
            process_pending(sessions, ServiceHandler(variants), clock, config, watchdogs)
        deliver_due(sessions, make_transport(config.outbound), clock, config, variants)
        cpu = time.process_time() - started
        wall = time.monotonic() - wall
        counted = work.counted() - counted
        peak_kb = _proc_kb("VmHWM")
        with sessions() as session:
            row = session.query(InboxMessage).one()
            replies = session.query(OutboxMessage).count()
            status = str(row.status)
        engine.dispose()
    return {
        "name": name, "bytes": len(raw), "cpu_s": cpu, "wall_s": wall,
        "idle_mb": idle_kb / 1024, "above_idle_mb": (peak_kb - idle_kb) / 1024,
        "status": status, "replies": replies, "work": counted,
    }  # fmt: skip


def _raw(name: str) -> bytes:
    if name in BODIES:
        make, size = BODIES[name]
        return make(size, "<body@example.org>")
    return {**WORST, **UNDER_LIMITS}[name]()


def _run_isolated(name: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, __file__, "--one", name], capture_output=True, check=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
    )  # fmt: skip
    result: dict[str, object] = json.loads(done.stdout)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--only", help="run only the mails whose name holds this text")
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure_one(args.one)))
        return 0
    print(f"load average: {os.getloadavg()[0]:.2f}")
    print(f"{'mail':44} {'bytes':>8} {'CPU s':>7} {'wall s':>7} {'idle MB':>8} "
          f"{'+peak MB':>8} {'work':>9}  status (replies)")  # fmt: skip
    over = []
    groups = (("attacks", WORST), ("just under the limits", UNDER_LIMITS),
              ("hostile bodies", BODIES))  # fmt: skip
    for group, mails in groups:
        print(f"-- {group}")
        for name in mails:
            if args.only and args.only not in name:
                continue
            r = _run_isolated(name)
            print(f"{name:44} {r['bytes']:>8} {r['cpu_s']:>7.3f} {r['wall_s']:>7.3f} "
                  f"{r['idle_mb']:>8.1f} {r['above_idle_mb']:>8.1f} {r['work']:>9}  "
                  f"{r['status']} ({r['replies']})")  # fmt: skip
            if float(str(r["cpu_s"])) > TARGET_CPU or float(str(r["above_idle_mb"])) > TARGET_MB:
                over.append(name)
    targets = f"{TARGET_CPU} s CPU, {TARGET_MB} MB above idle"
    print(f"over target ({targets}): {', '.join(over) or 'none'}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
