"""Small tools for intake tests: mails to send, the listener they go to, and `judge`
run as a subprocess."""

from __future__ import annotations

import re
import signal
import smtplib
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path

from support.serve_with import command, environment


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


@dataclass
class Listener:
    """A running intake listener: where it listens, and the inbox ids it stored."""

    host: str
    port: int
    stored: list[int] = field(default_factory=list)

    def client(self) -> smtplib.SMTP:
        return smtplib.SMTP(self.host, self.port, timeout=10)


StartListener = Callable[..., Listener]  # the `start_listener` fixture (conftest.py)

TESTS_DIR = Path(__file__).resolve().parents[3]
RECORDING_HANDLER = "support.server.intake.recording_handler:handle_message"


def judge_env(**extra: str) -> dict[str, str]:
    """The environment for a `judge` subprocess (tests/ importable, for handlers)."""
    env = environment()
    env["PYTHONFAULTHANDLER"] = "1"
    env.pop("SENDER", None)
    env.update(extra)
    return env


def judge_command(*args: str, handler: str | None = RECORDING_HANDLER) -> list[str]:
    """`judge ARGS` with `handler` (`module:name`; None: the service's own)."""
    if handler is None:
        return [sys.executable, "-m", "judge.cli", *args]
    return command(handler, *args)


def run_judge(*args: str, stdin: bytes = b"", **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        judge_command(*args), input=stdin, env=judge_env(**env), capture_output=True,
        timeout=60, check=False,
    )


class ServeProcess:
    """`judge serve` as a subprocess, its log in a file, its port read from the log."""

    def __init__(
        self, config: Path, log: Path, env: dict[str, str],
        handler: str | None = RECORDING_HANDLER,
    ) -> None:
        self.config, self.log, self.env, self.handler = config, log, env, handler
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30) -> int:
        """Start the server and return the SMTP port it listens on."""
        offset = self.log.stat().st_size if self.log.exists() else 0
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                judge_command("serve", "--config", str(self.config), handler=self.handler),
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

    def stop(self, timeout: float = 30) -> int:
        """SIGTERM, then wait; return the exit code. A server that hangs is aborted,
        and its log (with every thread's stack, from faulthandler) is in the error."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.send_signal(signal.SIGABRT)
            self.process.wait(timeout=30)
            raise AssertionError(f"judge serve did not stop:\n{self.log.read_text()}") from None
