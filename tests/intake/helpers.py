"""Small tools for intake tests: mails to send, an event loop in a thread, and
running `judge` as a subprocess."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Coroutine
from email.message import EmailMessage
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def mail(
    number: int = 1, *, sender: str = "ann@example.org", to: str = "judge@example.org",
    subject: str = "hello", body: str = "HELP\n",
) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = f"<m{number}@example.org>"
    message.set_content(body)
    return message


class LoopThread:
    """An asyncio loop running in a daemon thread; `run` executes a coroutine on it."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float = 30) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)
        self.loop.close()


TESTS_DIR = Path(__file__).resolve().parents[1]
RECORDING_HANDLER = "intake.recording_handler:handle_message"


def judge_env(**extra: str) -> dict[str, str]:
    """The environment for a `judge` subprocess that uses the recording handler."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(TESTS_DIR), env.get("PYTHONPATH")]))
    env["JUDGE_HANDLER"] = RECORDING_HANDLER
    env.pop("SENDER", None)
    env.update(extra)
    return env


def judge_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "judge.cli", *args]


def run_judge(*args: str, stdin: bytes = b"", **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        judge_command(*args), input=stdin, env=judge_env(**env), capture_output=True,
        timeout=60, check=False,
    )


class ServeProcess:
    """`judge serve` as a subprocess, its log in a file, its port read from the log."""

    def __init__(self, config: Path, log: Path, env: dict[str, str]) -> None:
        self.config, self.log, self.env = config, log, env
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30) -> int:
        """Start the server and return the SMTP port it listens on."""
        offset = self.log.stat().st_size if self.log.exists() else 0
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                judge_command("serve", "--config", str(self.config)),
                env=self.env, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
            )
        return self._port(offset, timeout)

    def _port(self, offset: int, timeout: float) -> int:
        deadline = time.monotonic() + timeout
        assert self.process is not None
        while time.monotonic() < deadline:
            found = re.findall(rb"listening on [^\s:]+:(\d+)", self.log.read_bytes()[offset:])
            if found and self.process.poll() is None:
                return int(found[-1])
            if self.process.poll() is not None:
                raise RuntimeError(f"judge serve exited: {self.log.read_text()}")
            time.sleep(0.05)
        raise TimeoutError(f"judge serve did not start: {self.log.read_text()}")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> int:
        """SIGTERM, then wait; return the exit code."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=30)
