"""Benchmark: mails a relay receives twice when `judge serve` is killed (SIGKILL) at
random moments while it sends to it.

    python bench/sigkill_relay.py [--kills 40] [--mails 6000] [--inbound 0] [--seed 1]
                                  [--folder /var/tmp]

A relay of this script's own (aiosmtpd, in a process of its own, on loopback)
writes the Message-ID of every mail it receives to a log before it answers 250, as
a real relay has the mail once it has queued it, before its answer reaches us.
`--mails` mails are queued in the outbox of a fresh SQLite judge; then, `--kills`
times: `judge serve` is started, and once it has delivered its first mail after
the start it is killed with SIGKILL at a moment drawn uniformly from the next
second. After the last kill the judge runs once more, until every mail a killed
judge had in hand is sent (the database is in `--folder`: on a disk, as in
production, where each commit waits for its fsync; /dev/shm has none). With
`--inbound N`, a client sends N mails a second to the judge's SMTP intake
meanwhile (the processor's write transactions then share SQLite's write lock
with the sender's).

Printed: the kills, the mails the relay got twice (duplicates), duplicates per
kill, and the mean time between two deliveries (what one mail costs).

A kill between the relay's 250 (its log line) and the write of the sender's commit
of `sent` sends that mail again after the restart: that window cannot be closed
(the alternative, marking the mail sent before the relay has it, loses mail on a
crash). Reading the figure: duplicates per kill are that window's share of one
mail's cycle, so anything that shortens the rest of the cycle raises them, with no
mail more at risk. The commit's fsync is not in the window (a kill during it finds
the commit written, and SQLite's recovery reads it from the WAL) but is most of the
cycle on a busy disk: made unsynced, the sender sent 2 to 4 times the mails and the
duplicates per kill rose from 0.10 to 0.37. What widens the window itself is the
wait for SQLite's write lock while the intake and the processor commit the mail
coming in (`--inbound`): 0.10 per kill without, 0.36 with 20 mails a second.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import signal
import smtplib
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from sqlalchemy import func, select  # noqa: E402

from judge.clock import SystemClock  # noqa: E402
from judge.outbox.enqueue import enqueue  # noqa: E402
from judge.outbox.gate import no_mail_in  # noqa: E402
from judge.store.db import make_engine, make_session_factory  # noqa: E402
from judge.store.migrate import upgrade  # noqa: E402
from judge.store.models import OutboxMessage, OutboxStatus  # noqa: E402

START_TIMEOUT = 60.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=40)
    parser.add_argument("--mails", type=int, default=6000)
    parser.add_argument("--inbound", type=float, default=0.0, help="mails a second in")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--folder", default=None, help="where the database goes")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # clean up the processes too
    chance = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="judge-sigkill-", dir=args.folder) as folder:
        root = Path(folder)
        url = f"sqlite:///{root / 'judge.db'}"
        relay, relay_port, relay_log = _start_relay(root)
        try:
            config = _write_config(root, relay_port)
            _queue(url, args.mails)
            started = time.monotonic()
            kills = _kill_repeatedly(config, url, relay_log, args, chance, root)
            elapsed = time.monotonic() - started
            _run_until_taken_back_mail_is_sent(config, url, root)
        finally:
            relay.terminate()
            relay.wait()
        received = Counter(relay_log.read_text().split())
    duplicates = sum(count - 1 for count in received.values())
    print(f"kills: {kills} (database in {Path(folder).parent}), inbound: {args.inbound:g}/s")
    print(f"duplicates: {duplicates}, per kill: {duplicates / max(kills, 1):.2f}")
    relayed = sum(received.values())
    print(f"mails relayed: {relayed} in {elapsed:.1f} s of kills and restarts; "
          f"duplicates per 1000 relayed: {1000 * duplicates / max(relayed, 1):.1f}")


def _kill_repeatedly(config: Path, url: str, relay_log: Path, args: argparse.Namespace,
                     chance: random.Random, root: Path) -> int:  # fmt: skip
    done = 0
    inbound: float = args.inbound
    for _kill in range(args.kills):
        if _pending(url) == 0:
            print("the outbox ran out: give more --mails", file=sys.stderr)
            break
        before = _lines(relay_log)
        judge = _start_judge(config, root)
        stop_inbound = threading.Event()
        sender: threading.Thread | None = None
        try:
            _wait(lambda: _lines(relay_log) > before, "a first delivery")  # noqa: B023
            if inbound:
                port = _judge_port(root)
                sender = threading.Thread(target=_send_inbound,
                                          args=(port, inbound, stop_inbound), daemon=True)
                sender.start()
            time.sleep(chance.uniform(0.0, 1.0))
        finally:
            judge.kill()
            judge.wait()
            stop_inbound.set()
            if sender is not None:
                sender.join()
        done += 1
    return done


def _run_until_taken_back_mail_is_sent(config: Path, url: str, root: Path) -> None:
    """One more run, until no mail a killed judge had leased is left pending (the
    restart takes those back first: they have the lowest ids)."""
    taken_back = _tried_and_pending(url)
    judge = _start_judge(config, root)
    try:
        _wait(lambda: not _tried_and_pending(url) & taken_back, "the killed judges' mail", 600)
    finally:
        judge.terminate()
        judge.wait(30)


def _pending(url: str) -> int:
    """Outbox rows not sent yet."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            query = (select(func.count()).select_from(OutboxMessage)
                     .where(OutboxMessage.status == OutboxStatus.PENDING))  # fmt: skip
            return int(connection.scalar(query) or 0)
    finally:
        engine.dispose()


def _tried_and_pending(url: str) -> set[int]:
    """Outbox rows a judge has leased (and maybe handed over) but not marked sent."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return set(connection.scalars(select(OutboxMessage.id).where(
                OutboxMessage.status == OutboxStatus.PENDING, OutboxMessage.attempts > 0)))
    finally:
        engine.dispose()


def _write_config(root: Path, relay_port: int) -> Path:
    config = root / "judge.toml"
    config.write_text(
        '[judge]\naddress = "judge@example.org"\ncode = "BENCH"\n'
        f'[database]\nurl = "sqlite:///{root / "judge.db"}"\n'
        '[smtp]\nhost = "127.0.0.1"\nport = 0\n'
        f'[outbound]\ntransport = "smtp"\nrelay_host = "127.0.0.1"\nrelay_port = {relay_port}\n'
        "[limits]\nper_sender_per_hour = 10000000\n"
        "[security]\nconfirm_addresses = false\n"
    )
    return config


def _queue(url: str, count: int) -> None:
    engine = make_engine(url)
    try:
        upgrade(engine)
        with make_session_factory(engine).begin() as session:
            for number in range(count):
                message = EmailMessage()
                message["From"], message["To"] = "judge@example.org", f"p{number}@example.org"
                message["Subject"] = f"mail {number}"
                message.set_content(f"mail {number}\n" * 20)
                enqueue(session, message, "notice", gate=no_mail_in(), now=SystemClock().now())
    finally:
        engine.dispose()


def _start_judge(config: Path, root: Path) -> subprocess.Popen[bytes]:
    log = root / "judge.log"
    with log.open("ab") as output:
        return subprocess.Popen([sys.executable, "-m", "judge.cli", "serve", "--config",
                                 str(config)], stdout=output, stderr=subprocess.STDOUT,
                                cwd=REPO)  # fmt: skip


def _judge_port(root: Path) -> int:
    def port() -> int | None:
        for line in reversed((root / "judge.log").read_text().splitlines()):
            if "SMTP intake listening on" in line:
                return int(line.rsplit(":", 1)[1])
        return None

    _wait(lambda: port() is not None, "the judge's port")
    found = port()
    assert found is not None
    return found


def _send_inbound(port: int, per_second: float, stop: threading.Event) -> None:
    number = 0
    while not stop.is_set():
        message = EmailMessage()
        message["From"], message["To"] = f"in{number}@example.org", "judge@example.org"
        message["Subject"], message["Message-ID"] = "help", f"<in{number}@bench.example.org>"
        message.set_content("HELP\n")
        try:
            with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
                client.send_message(message)
        except (OSError, smtplib.SMTPException):
            return  # the judge was killed
        number += 1
        stop.wait(1.0 / per_second)


def _lines(path: Path) -> int:
    return path.read_bytes().count(b"\n")


def _wait(test: Callable[[], bool], what: str, timeout: float = START_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if test():
            return
        time.sleep(0.005)
    raise SystemExit(f"timed out waiting for {what}")


def _start_relay(root: Path) -> tuple[subprocess.Popen[bytes], int, Path]:
    log = root / "relay.log"
    log.touch()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    process = subprocess.Popen([sys.executable, __file__, "--relay", str(log), str(port)])
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process, port, log
        except OSError:
            time.sleep(0.05)
    raise SystemExit("the relay did not start")


def _relay(log: Path, port: int) -> None:
    """The relay: the Message-ID of each mail received, logged before its 250."""
    from aiosmtpd.smtp import SMTP, Envelope, Session

    class Recorder:
        def __init__(self) -> None:
            self.handle = log.open("ab", buffering=0)

        async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
            for line in (envelope.original_content or b"").splitlines():
                if line.lower().startswith(b"message-id:"):
                    self.handle.write(line.split(b":", 1)[1].strip() + b"\n")
                    break
            return "250 2.0.0 OK"

    async def serve() -> None:
        loop = asyncio.get_running_loop()
        recorder = Recorder()
        server = await loop.create_server(lambda: SMTP(recorder, loop=loop), "127.0.0.1", port)
        await server.serve_forever()

    asyncio.run(serve())


if __name__ == "__main__":
    if sys.argv[1:2] == ["--relay"]:
        _relay(Path(sys.argv[2]), int(sys.argv[3]))
    else:
        main()
