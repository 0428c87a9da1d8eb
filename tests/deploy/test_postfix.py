"""The judge behind a real Postfix, set up as docs/deploy.md says, mail going both ways.

A private Postfix instance on loopback (see `postfix`) takes the players' mail:
* for judge@judge.test its transport map hands the mail to `judge serve` over SMTP;
* for judge@pipe.test its pipe(8) transport runs `judge deliver --sender=${sender}
  --recipient=${recipient}` as an unprivileged user, from a wheel installed in a
  virtualenv as the guide says.
A bounce of a reply comes back through Postfix to the reply's VERP return path
(`recipient_delimiter = +`, as the guide says) and marks the player bouncing.
Both judges send their replies by SMTP to the same Postfix, which delivers them into
the players' maildirs. The tests read those maildirs, the judge's database and
Postfix's queue. They skip, saying why, where Postfix cannot be installed or started.
"""

from __future__ import annotations

import re
import smtplib
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from email.utils import make_msgid
from pathlib import Path
from typing import cast

import pytest
from support.deploy import postfix
from support.deploy.installed import REPOSITORY, clean_environment, install, shared_wheel
from support.e2e.judge_process import TIMEOUT, _free_port, _wait_for_port, stop_process

pytestmark = pytest.mark.slow
SERVE_ADDRESS = f"judge@{postfix.JUDGE_DOMAIN}"
PIPE_ADDRESS = f"judge@{postfix.PIPE_DOMAIN}"
JUDGE_LIMIT = 200_000  # the judge's max_message_bytes
POSTFIX_LIMIT = 180_000  # Postfix's message_size_limit: below the judge's, as the guide says
INTERPRETERS = (str(Path(getattr(sys, "_base_executable", sys.executable)).resolve()),
                "/usr/bin/python3")


@dataclass
class Deployment:
    postfix: postfix.Postfix
    serve_home: Path
    pipe_home: Path | None  # None: no interpreter the pipe's user may run

    def send(self, sender: str, recipient: str, body: str, size: int = 0) -> EmailMessage:
        message = EmailMessage()
        message["From"] = sender or "MAILER-DAEMON@players.test"
        message["To"] = recipient
        message["Subject"] = "list"
        message["Message-ID"] = make_msgid(domain=postfix.PLAYER_DOMAIN)
        message.set_content(body + ("x" * 69 + "\n") * (size // 70))  # about `size` bytes
        with smtplib.SMTP("127.0.0.1", self.postfix.port, timeout=30) as client:
            client.send_message(message, from_addr=sender)
        return message

    def reply_to(self, message: EmailMessage, local_part: str) -> EmailMessage:
        """Wait for the judge's reply to `message` in the player's maildir."""
        folder = self.postfix.mailbox(local_part) / "new"
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            for path in sorted(folder.glob("*")) if folder.is_dir() else []:
                mail = cast(EmailMessage, message_from_bytes(path.read_bytes(), policy=default))
                if mail["In-Reply-To"] == message["Message-ID"]:
                    return mail
            time.sleep(0.1)
        raise AssertionError(
            f"no reply to {message['Message-ID']} for {local_part}; Postfix's log:\n"
            f"{self.postfix.log_tail()}"
        )

    def queue_empties(self) -> bool:
        """True once Postfix's queue is empty (nothing deferred, nothing in flight)."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            done = subprocess.run(
                ["postqueue", "-c", str(self.postfix.config_dir), "-p"], capture_output=True,
                check=False, timeout=30, env={"PATH": postfix.SBIN_PATH},
            )
            if b"Mail queue is empty" in done.stdout:
                return True
            time.sleep(0.2)
        return False


@pytest.fixture(scope="module")
def deployment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    reason = postfix.unavailable()
    if reason:
        pytest.skip(reason)
    root = Path(tempfile.mkdtemp(prefix="judge-postfix-"))
    port, serve_port = _free_port(), _free_port()
    try:
        pipe_judge, pipe_home = _pipe_install(root, port, tmp_path_factory)
        instance = postfix.configure(
            root, port, serve_port, pipe_judge, pipe_home / "judge.toml", POSTFIX_LIMIT
        )
        serve_home = root / "serve-home"
        serve_home.mkdir()
        _write_config(serve_home, SERVE_ADDRESS, "SRV", port, serve_port)
        problem = instance.start()
        if problem:
            pytest.skip(problem)
        try:
            with _serving(serve_home, serve_port), _scheduling(pipe_judge, pipe_home):
                yield Deployment(instance, serve_home, pipe_home if pipe_judge.exists() else None)
        finally:
            instance.stop()
    finally:
        subprocess.run(["rm", "-rf", str(root)], check=False)


def _pipe_install(
    root: Path, postfix_port: int, factory: pytest.TempPathFactory
) -> tuple[Path, Path]:
    """The guide's install for the pipe: a wheel in a virtualenv the pipe's user can run."""
    home = root / "pipe-home"
    home.mkdir()
    _write_config(home, PIPE_ADDRESS, "PIP", postfix_port, 0)
    subprocess.run(["chown", "-R", f"{postfix.PIPE_USER}:", str(home)], check=True)
    python = _interpreter_for(postfix.PIPE_USER)
    if python is None:
        return root / "venv" / "bin" / "judge", home  # absent: the pipe test skips
    return install(shared_wheel(factory), root / "venv", python), home


def _interpreter_for(user: str) -> str | None:
    """A Python 3.11+ with venv that `user` may run (pyenv's under /root is not one)."""
    check = "import ensurepip, sys, venv; assert sys.version_info >= (3, 11)"
    for python in INTERPRETERS:
        try:
            done = subprocess.run(
                [python, "-c", check], user=user, cwd="/", capture_output=True, timeout=60,
                check=False,
            )
        except OSError:
            continue
        if done.returncode == 0:
            return python
    return None


def _write_config(home: Path, address: str, code: str, relay_port: int, port: int) -> None:
    (home / "judge.toml").write_text(
        f'[judge]\naddress = "{address}"\ncode = "{code}"\n'
        f"[smtp]\nport = {port}\nmax_message_bytes = {JUDGE_LIMIT}\n"
        f'[outbound]\ntransport = "smtp"\nrelay_host = "127.0.0.1"\nrelay_port = {relay_port}\n'
        "[scheduler]\npoll_seconds = 0.2\n"
    )


def _return_path_of(reply: EmailMessage, judge: str) -> bool:
    """The reply left with the judge's own VERP return path (`judge+bounce-<id>-<to>-<mac>`
    at the judge's domain), so a bounce of it names its outbox row."""
    local, domain = judge.split("@")
    return re.fullmatch(
        rf"<{re.escape(local)}\+bounce-\d+-[0-9a-f]{{6}}-[0-9a-f]{{12}}@{re.escape(domain)}>",
        str(reply["Return-Path"]),
    ) is not None


class _serving:
    """`judge serve` from the source tree in `home`, for the duration of a with-block."""

    def __init__(self, home: Path, port: int) -> None:
        self.home, self.port = home, port

    def __enter__(self) -> subprocess.Popen[bytes]:
        env = {**clean_environment(), "PYTHONPATH": str(REPOSITORY)}
        self.log = (self.home / "serve.log").open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "judge.cli", "serve"], cwd=self.home, env=env,
            stdout=self.log, stderr=subprocess.STDOUT,
        )
        _wait_for_port(self.port, self.process)
        return self.process

    def __exit__(self, *exc: object) -> None:
        stop_process(self.process, self.log)


class _scheduling:
    """`judge scheduler` from the pipe's install, as the pipe's user, as the guide says
    a pipe-only setup runs it: `deliver` only stores, the scheduler answers and sends."""

    def __init__(self, judge: Path, home: Path) -> None:
        self.judge, self.home = judge, home
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> None:
        if not self.judge.exists():
            return
        self.log = (self.home.parent / "scheduler.log").open("wb")
        self.process = subprocess.Popen(
            [str(self.judge), "scheduler", "--config", str(self.home / "judge.toml")],
            cwd=self.home, env=clean_environment(), user=postfix.PIPE_USER,
            stdout=self.log, stderr=subprocess.STDOUT,
        )

    def __exit__(self, *exc: object) -> None:
        if self.process is None:
            return
        stop_process(self.process, self.log)


def test_a_mail_through_postfix_to_judge_serve_and_the_reply_back(
    deployment: Deployment,
) -> None:
    request = deployment.send("ann@players.test", SERVE_ADDRESS, "LIST\n")
    reply = deployment.reply_to(request, "ann")
    assert "There are no games on judge SRV yet." in _text(reply)
    assert _return_path_of(reply, SERVE_ADDRESS)
    assert reply["Delivered-To"] == "ann@players.test"
    assert any(f"mx.{postfix.JUDGE_DOMAIN}" in line for line in reply.get_all("Received", []))
    stored = _inbox(deployment.serve_home)
    assert ("ann@players.test", "done") in stored
    assert any(f"by mx.{postfix.JUDGE_DOMAIN}" in raw for raw in _raw_inbox(deployment.serve_home))
    _bounce(deployment, reply, "ann@players.test")
    assert _bouncing(deployment.serve_home, "ann@players.test"), deployment.postfix.log_tail()


def test_postfix_refuses_what_the_judge_would_refuse_while_talking_to_the_sender(
    deployment: Deployment,
) -> None:
    """Postfix's limit is the lower one: the sender hears 552 at once, no bounce later."""
    with pytest.raises(smtplib.SMTPResponseException) as refused:
        deployment.send("ann@players.test", SERVE_ADDRESS, "LIST\n", size=JUDGE_LIMIT)
    assert refused.value.smtp_code == 552
    near_the_limit = deployment.send(
        "cat@players.test", SERVE_ADDRESS, "LIST\n", size=POSTFIX_LIMIT - 4_000
    )
    assert "There are no games" in _text(deployment.reply_to(near_the_limit, "cat"))


def test_a_mail_piped_into_judge_deliver_and_a_bounce_that_gets_no_reply(
    deployment: Deployment,
) -> None:
    if deployment.pipe_home is None:
        pytest.skip(f"no Python 3.11+ that the user {postfix.PIPE_USER!r} may run for the pipe")
    request = deployment.send("bob@players.test", PIPE_ADDRESS, "LIST\n")
    reply = deployment.reply_to(request, "bob")
    assert "There are no games on judge PIP yet." in _text(reply)
    assert _return_path_of(reply, PIPE_ADDRESS)

    deployment.send("", PIPE_ADDRESS, "LIST\n")  # null sender: a bounce, never answered
    stored = _wait_for_rows(deployment.pipe_home, 2)
    assert stored == [("bob@players.test", "done"), ("", "declined")]
    assert deployment.queue_empties(), deployment.postfix.log_tail()
    assert "status=deferred" not in deployment.postfix.maillog.read_text()  # no exit 75
    assert len(list((deployment.postfix.mailbox("bob") / "new").iterdir())) == 1
    _bounce(deployment, reply, "bob@players.test")  # piped in with --recipient
    assert _bouncing(deployment.pipe_home, "bob@players.test"), deployment.postfix.log_tail()


def test_the_guide_shows_the_pipe_entry_the_test_runs() -> None:
    guide = (REPOSITORY / "docs" / "deploy.md").read_text()
    entry = postfix.PIPE_SERVICE.format(
        user="judge", judge="/opt/judge/bin/judge", config="/etc/judge/judge.toml"
    )
    assert entry in guide
    assert "\n    recipient_delimiter = +\n" in guide  # bounces reach their return paths
    assert "  smtp:[127.0.0.1]:2525\n" in guide


QMAIL_BOUNCE = """\
From: MAILER-DAEMON@players.test
To: {path}
Subject: failure notice

Hi. This is the qmail-send program at players.test.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<{address}>:
Sorry, no mailbox here by that name. (#5.1.1)
"""


def _bounce(deployment: Deployment, reply: EmailMessage, address: str) -> None:
    """A bounce of `reply` in a server's own words (no DSN), to its return path."""
    path = str(reply["Return-Path"]).strip("<>")
    with smtplib.SMTP("127.0.0.1", deployment.postfix.port, timeout=30) as client:
        client.sendmail("", [path], QMAIL_BOUNCE.format(path=path, address=address).encode())


def _bouncing(home: Path, address: str) -> bool:
    """True once the judge in `home` marked `address` bouncing."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        with closing(sqlite3.connect(home / "judge.db")) as db:
            if db.execute("SELECT 1 FROM bouncing_addresses WHERE address = ?",
                          (address,)).fetchone():  # fmt: skip
                return True
        time.sleep(0.2)
    return False


def _inbox(home: Path) -> list[tuple[str, str]]:
    query = "SELECT mail_from, status FROM inbox ORDER BY id"
    with closing(sqlite3.connect(home / "judge.db")) as db:
        return [(str(sender), str(status)) for sender, status in db.execute(query)]


def _raw_inbox(home: Path) -> list[str]:
    with closing(sqlite3.connect(home / "judge.db")) as db:
        rows = db.execute("SELECT raw FROM inbox").fetchall()
    return [bytes(raw).decode(errors="replace") for (raw,) in rows]


def _wait_for_rows(home: Path, count: int) -> list[tuple[str, str]]:
    deadline = time.monotonic() + TIMEOUT
    rows: list[tuple[str, str]] = []
    while time.monotonic() < deadline:
        if (home / "judge.db").exists():
            rows = _inbox(home)
            if len(rows) >= count and all(status != "new" for _, status in rows):
                return rows
        time.sleep(0.2)
    raise AssertionError(f"the judge stored {rows}, not {count} processed mails")


def _text(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return cast(str, part.get_content())
