"""A real `judge serve` under test: started on a free loopback port, mailed with
`smtplib`, read from its maildir outbox; and the standard game's sign-up and phases.

The judge runs as a subprocess with a temporary config (SQLite file or the
PostgreSQL schema from `JUDGE_TEST_DATABASE_URL`, maildir outbox). `serving` starts
it (with a test's inbox handler through the launcher `serve_with` when named) and
stops it; `Judge` mails it and waits for its replies.
"""

from __future__ import annotations

import io
import json
import signal
import smtplib
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from email.utils import make_msgid
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

import judge.cli
from support.serve_with import command, environment
from support.service.scenario import orders_for, owes_orders

if TYPE_CHECKING:  # the pipeline's judge imports this module's `Judge`
    from support.e2e.pipeline_judge import ByMail

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
MASTER, OBSERVER = "gm@example.org", "watcher@example.org"
PLAYERS = [f"p{i}@example.org" for i in range(7)]
TIMEOUT = 180.0  # generous: CI machines can be loaded; a pass is usually seconds


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Judge:
    """The running judge: where to mail it, where it writes, how to ask its status."""

    port: int
    config: Path
    maildir: Path
    seen: set[str] = field(default_factory=set)
    parsed: dict[str, EmailMessage] = field(default_factory=dict)  # by file name

    def mails(self) -> list[EmailMessage]:
        """Every mail in the maildir, in order. A mail in `new/` is complete and never
        changes (the judge writes it in `tmp/` and renames it), so each file is parsed
        once: the tests poll this ten times a second, and a game's maildir holds
        hundreds of mails."""
        folder = self.maildir / "new"
        files = sorted(folder.iterdir()) if folder.is_dir() else []
        for path in files:
            if path.name not in self.parsed:
                mail = message_from_bytes(path.read_bytes(), policy=default)
                self.parsed[path.name] = cast(EmailMessage, mail)
        return [self.parsed[path.name] for path in files]

    def wait_for(
        self, test: Callable[[list[EmailMessage]], list[EmailMessage]], what: str
    ) -> list[EmailMessage]:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            found = test(self.mails())
            if found:
                return found
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for {what}")

    def send(self, sender: str, body: str, subject: str = "orders") -> EmailMessage:
        """Mail the judge and wait for the reply threaded on that mail."""
        message = EmailMessage()
        message["From"] = sender
        message["To"] = "judge@example.org"
        message["Subject"] = subject
        message["Message-ID"] = make_msgid(domain="example.org")
        message.set_content(body)
        with smtplib.SMTP("127.0.0.1", self.port, timeout=30) as client:
            client.send_message(message)
        replies = self.wait_for(
            lambda mails: [
                m for m in mails if m["In-Reply-To"] == message["Message-ID"] and m["To"] == sender
            ],
            f"the reply to {body.splitlines()[0]!r}",
        )
        return replies[0]

    def status(self, game: str = "g1") -> dict[str, Any]:
        """`judge status GAME --json`, run in this process: the command's own code and
        output, read from the database the running judge writes, without starting an
        interpreter for it (1.6 s of CPU a call; a game by mail asks at every phase)."""
        return cast(dict[str, Any], json.loads(judge_command("status", game, "--json",
                                                             "--config", str(self.config))))


def judge_command(*argv: str) -> str:
    """Run a short `judge` command (`status`, `zine`...) in this process; its stdout.
    It must succeed, as `subprocess.run(..., check=True)` would have it."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = judge.cli.main(list(argv))
    assert code == 0, f"judge {' '.join(argv)} exited with {code}: {err.getvalue()}"
    return out.getvalue()


def serving(
    write_config: Callable[..., Path], database_url: str, tmp_path: Path,
    handler: str | None = None,
) -> Iterator[Judge]:
    """`judge serve` on a free port until the generator is closed; with `handler`
    (`module:name` under tests/), through the test launcher `serve_with`."""
    port = _free_port()
    config = write_config(
        database_url,
        smtp={"port": port},
        limits={"per_sender_per_hour": 1000},
        scheduler={"poll_seconds": 0.2},
    )
    log = (tmp_path / "judge.log").open("wb")
    arguments = ("serve", "--config", str(config))
    process = subprocess.Popen(
        [sys.executable, "-m", "judge.cli", *arguments] if handler is None
        else command(handler, *arguments),
        stdout=log,
        stderr=subprocess.STDOUT,
        env=environment(),
    )
    try:
        _wait_for_port(port, process)
        yield Judge(port, config, tmp_path / "outbox")
    finally:
        stop_process(process, log)


def stop_process(process: subprocess.Popen[bytes], log: IO[bytes]) -> None:
    """End a server started by a test: SIGTERM, a kill after 30 s, then close its log."""
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


def _wait_for_port(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"judge serve exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("judge serve did not start listening")


def _body(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return cast(str, part.get_content()).replace("\r\n", "\n")


def _with_subject(subject: str) -> Callable[[list[EmailMessage]], list[EmailMessage]]:
    def found(mails: list[EmailMessage]) -> list[EmailMessage]:
        matching = [m for m in mails if m["Subject"] == subject]
        everyone = {*PLAYERS, MASTER, OBSERVER}
        return matching if {m["To"] for m in matching} >= everyone else []

    return found


def _sign_up(judge: ByMail) -> dict[str, tuple[str, str]]:
    """CREATE, OBSERVE and seven SIGNONs; returns power -> (address, password)."""
    reply = judge.send(MASTER, "CREATE g1 gmpass standard", subject="new game")
    assert reply["Subject"] == "Re: new game"
    assert "Game 'g1' (Standard) created." in _body(reply)
    judge.send(OBSERVER, "OBSERVE g1 look")
    for index, address in enumerate(PLAYERS):
        reply = judge.send(address, f"SIGNON ?g1 pw{index}\nPREFERENCES {POWERS[index][0]}")
        assert "No errors found in your mail." in _body(reply)
    starts = judge.wait_for(_with_subject("TEST:g1 - Game Start"), "the start mails")
    powers: dict[str, tuple[str, str]] = {}
    for mail in starts:
        text = _body(mail)
        assert text.startswith(":: Judge: TEST  Game: g1  Variant: Standard\n")
        assert "The game master is gm@example.org." in text
        if mail["To"] in PLAYERS:
            index = PLAYERS.index(mail["To"])
            assert f"You are playing {POWERS[index]}." in text
            powers[POWERS[index]] = (mail["To"], f"pw{index}")
    return powers


def _play_phase(judge: Judge, powers: dict[str, tuple[str, str]]) -> tuple[str, dict[str, str]]:
    """Every power that owes orders mails them; returns the phase and its results by address."""
    status = judge.status()
    phase = status["phase"]
    for power in POWERS:
        if owes_orders(phase, power, status):
            address, password = powers[power]
            lines = [f"SIGNON {power[0]}g1 {password}", *orders_for(phase, power, status)]
            reply = judge.send(address, "\n".join(lines))
            assert "No errors found in your mail." in _body(reply), _body(reply)
    results = judge.wait_for(_with_subject(f"TEST:g1 - {phase} Results"), f"{phase} results")
    return phase, {m["To"]: _body(m) for m in results}
