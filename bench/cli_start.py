"""Benchmark: what starting a `judge` command costs, in CPU and wall seconds.

    python bench/cli_start.py [--runs 7] [--tree DIR]

`judge deliver` is what the MTA runs once per incoming mail, and the test suite starts
`python -m judge.cli ...` as a subprocess many times: each start's CPU is a real cost.
Printed, per command, the median over `--runs` runs (after one warm-up run that fills
the bytecode caches) of the child's CPU (user + sys) and wall seconds:

* `judge --help`;
* `judge deliver`: one small mail into a migrated SQLite database;
* `judge status`: the operator overview of that database;
* `judge serve`: until it accepts an SMTP connection (its banner read), then SIGTERM.

`--tree` is the checkout whose `judge` runs (default: this one), so that the same
script measures another commit, e.g. `git archive main | tar -x -C /tmp/base` and
`--tree /tmp/base`. Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import signal
import smtplib
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

MAIL = (
    b"From: ann@example.org\r\nTo: judge@example.org\r\nSubject: hello\r\n"
    b"Message-ID: <m{n}@example.org>\r\n\r\nHELP\r\n"
)
CONFIG = """[judge]
address = "judge@example.org"
code = "BENCH"
[smtp]
host = "127.0.0.1"
port = 0
[database]
url = "sqlite:///{database}"
[outbound]
transport = "maildir"
maildir = "{folder}/outbox"
"""


@dataclass(frozen=True)
class Cost:
    cpu: float  # the child's user + sys seconds
    wall: float


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


class Starter:
    """Runs `python -m judge.cli ...` from one checkout, with one config."""

    def __init__(self, tree: Path, folder: Path) -> None:
        self.env = dict(os.environ, PYTHONPATH=str(tree))
        self.env.pop("SENDER", None)
        self.folder = folder
        self.config = folder / "judge.toml"
        self.config.write_text(CONFIG.format(database=folder / "judge.db", folder=folder))
        self.mails = 0

    def command(self, *args: str) -> list[str]:
        return [sys.executable, "-m", "judge.cli", *args]

    def run(self, *args: str, stdin: bytes = b"") -> Cost:
        cpu, wall = _children_cpu(), time.perf_counter()
        result = subprocess.run(self.command(*args), input=stdin, env=self.env, cwd=self.folder,
                                capture_output=True, check=False)  # fmt: skip
        cost = Cost(_children_cpu() - cpu, time.perf_counter() - wall)
        if result.returncode != 0:
            raise RuntimeError(f"judge {' '.join(args)}: {result.stderr.decode()}")
        return cost

    def help(self) -> Cost:
        return self.run("--help")

    def deliver(self) -> Cost:
        self.mails += 1
        mail = MAIL.replace(b"{n}", str(self.mails).encode())
        return self.run("deliver", "--config", str(self.config), stdin=mail)

    def status(self) -> Cost:
        return self.run("status", "--config", str(self.config))

    def serve(self) -> Cost:
        log = self.folder / "serve.log"
        cpu, wall = _children_cpu(), time.perf_counter()
        with log.open("wb") as out:
            process = subprocess.Popen(self.command("serve", "--config", str(self.config)),
                                       env=self.env, cwd=self.folder, stdin=subprocess.DEVNULL,
                                       stdout=out, stderr=out)  # fmt: skip
        try:
            port = _port(process, log)
            with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
                client.noop()
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=60)
        return Cost(_children_cpu() - cpu, time.perf_counter() - wall)


def _port(process: subprocess.Popen[bytes], log: Path) -> int:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        found = re.findall(rb"listening on [^\s:]+:(\d+)", log.read_bytes())
        if found:
            return int(found[-1])
        if process.poll() is not None:
            raise RuntimeError(f"judge serve exited: {log.read_text()}")
        time.sleep(0.01)
    raise TimeoutError(f"judge serve did not start: {log.read_text()}")


def _measure(name: str, start: Callable[[], Cost], runs: int) -> None:
    start()  # warm-up: bytecode caches, the page cache
    costs = [start() for _ in range(runs)]
    cpu = statistics.median(c.cpu for c in costs)
    wall = statistics.median(c.wall for c in costs)
    print(f"{name:<14} cpu {cpu:6.3f} s   wall {wall:6.3f} s   (median of {runs})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--tree", type=Path, default=REPO, help="the checkout to run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        starter = Starter(args.tree.resolve(), Path(folder))
        starter.run("db", "upgrade", "--config", str(starter.config))
        print(f"judge from {args.tree.resolve()}, python {sys.version.split()[0]}")
        _measure("judge --help", starter.help, args.runs)
        _measure("judge deliver", starter.deliver, args.runs)
        _measure("judge status", starter.status, args.runs)
        _measure("judge serve", starter.serve, args.runs)


if __name__ == "__main__":
    main()
