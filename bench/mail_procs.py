"""The processes the mail benchmark talks to: a real `judge serve`, the bare sink,
and the outbox watcher; plus the server's memory as the kernel reports it.

`judge serve` runs as `python -m judge.cli serve --config FILE` with a config in a
temporary folder: SQLite file `judge.db`, maildir `outbox/`, a free loopback port,
the production defaults otherwise (password hashing included), except a per-sender
hourly limit high enough for a benchmark. Its log goes to `judge.log` there.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

REPO = Path(__file__).resolve().parents[1]
BENCH = REPO / "bench"
START_TIMEOUT = 60.0
PER_SENDER_PER_HOUR = 10_000_000


@dataclass
class Process:
    """A started server process, the port it listens on, and its log file."""

    popen: subprocess.Popen[bytes]
    port: int
    log: IO[bytes]

    @property
    def pid(self) -> int:
        return self.popen.pid

    def stop(self) -> None:
        """SIGTERM, then wait (killing it after 30 s)."""
        if self.popen.poll() is None:
            self.popen.send_signal(signal.SIGTERM)
            try:
                self.popen.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait()
        self.log.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def database_url(folder: Path) -> str:
    return f"sqlite:///{folder / 'judge.db'}"


def write_config(folder: Path, port: int) -> Path:
    """The judge's config for a benchmark run in `folder`."""
    path = folder / "judge.toml"
    path.write_text(
        "[judge]\n"
        'address = "judge@example.org"\n'
        'code = "BENCH"\n'
        "[smtp]\n"
        f"port = {port}\n"
        "[database]\n"
        'url = "sqlite:///judge.db"\n'
        "[outbound]\n"
        'maildir = "outbox"\n'
        "[limits]\n"
        f"per_sender_per_hour = {PER_SENDER_PER_HOUR}\n"
        f"per_connection_address_per_hour = {PER_SENDER_PER_HOUR}\n"
        f"lines_per_mail = 100000\n"
        "[security]\n"
        "confirm_addresses = false\n"
    )
    return path


def start_judge(folder: Path) -> Process:
    """`judge serve` on a free port, with its config and files in `folder`."""
    port = free_port()
    config = write_config(folder, port)
    command = [sys.executable, "-m", "judge.cli", "serve", "--config", str(config)]
    return _start(command, port, folder / "judge.log")


def start_sink(folder: Path) -> Process:
    """The bare aiosmtpd sink on a free port."""
    port = free_port()
    command = [sys.executable, str(BENCH / "mail_sink.py"), str(port)]
    return _start(command, port, folder / "sink.log")


def _start(command: list[str], port: int, log_path: Path) -> Process:
    log = log_path.open("wb")
    popen = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=REPO)
    process = Process(popen, port, log)
    try:
        _wait_for_port(process)
    except Exception:
        process.stop()
        raise
    return process


def _wait_for_port(process: Process) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.popen.poll() is not None:
            raise RuntimeError(f"{process.popen.args!r} exited with {process.popen.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", process.port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{process.popen.args!r} did not start listening")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of `pid` so far, all its threads, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class CpuMeter:
    """CPU spent per mail by a server process and by this process (the clients)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.server = cpu_seconds(pid)
        self.client = _own_cpu()

    def per_mail(self, count: int) -> tuple[float, float]:
        """Milliseconds of CPU per mail since the meter started: (server, clients)."""
        server = cpu_seconds(self.pid) - self.server
        client = _own_cpu() - self.client
        return server * 1000 / max(count, 1), client * 1000 / max(count, 1)


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def memory_kib(pid: int) -> dict[str, int]:
    """VmRSS (resident now) and VmHWM (peak resident) of `pid`, in KiB."""
    values: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0])
    return values


@dataclass
class Watcher:
    """A running `mail_watch.py`: wait for it, then read what it saw."""

    popen: subprocess.Popen[bytes]
    out: Path

    def await_only(self, message_ids: list[str]) -> None:
        """Wait for the replies to these mails only (the ones the server accepted)."""
        final = self.out.with_suffix(".final")
        temporary = final.with_suffix(".tmp")
        temporary.write_text("\n".join(message_ids))
        temporary.rename(final)

    def result(self, timeout: float) -> dict[str, tuple[float, float]]:
        try:
            self.popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.popen.send_signal(signal.SIGTERM)
            self.popen.wait()
        data = json.loads(self.out.read_text())
        return {key: (seen, created) for key, (seen, created) in data["seen"].items()}


def start_watcher(
    db: Path, message_ids: list[str], after: int, timeout: float, poll_ms: float
) -> Watcher:
    """Watch the outbox for replies to `message_ids`; returns once it is polling."""
    ids = db.parent / "expected.txt"
    ids.write_text("\n".join(message_ids))
    out = db.parent / "seen.json"
    ready = out.with_suffix(".ready")
    for stale in (out, ready, out.with_suffix(".final")):
        stale.unlink(missing_ok=True)
    command = [
        sys.executable, str(BENCH / "mail_watch.py"), str(db), str(ids), str(out),
        "--after", str(after), "--timeout", str(timeout), "--poll-ms", str(poll_ms),
    ]  # fmt: skip
    popen = subprocess.Popen(command)
    deadline = time.monotonic() + START_TIMEOUT
    while not ready.exists():
        if popen.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("the outbox watcher did not start")
        time.sleep(0.01)
    return Watcher(popen, out)
