"""The operator's commands and start-up errors (issue 22.5): `judge --version` from the
package metadata, `judge config example`, `judge flush`, and every failure to start
said in one line naming the path or URL and the cause, with a nonzero exit."""

from __future__ import annotations

import socket
import stat
import tomllib
from collections.abc import Callable
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from judge.cli import main
from judge.clock import SystemClock
from judge.config import config_from_dict
from judge.outbox.enqueue import enqueue
from judge.outbox.gate import no_mail_in
from judge.store.backup import backup_sqlite
from judge.store.db import make_engine
from judge.store.models import OutboxMessage, OutboxStatus

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

REPOSITORY = Path(__file__).resolve().parents[2]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:  # argparse's --version and --help
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_version_is_the_packages_own(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _run(capsys, "--version")
    with (REPOSITORY / "pyproject.toml").open("rb") as handle:
        declared = tomllib.load(handle)["project"]["version"]
    assert (code, out.strip()) == (0, f"judge {declared}")  # the installed metadata agrees
    assert declared != "0.1.0"  # the version every wheel had before releases bumped it


def test_the_example_config_is_printed_and_is_a_valid_config(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "judge.toml").write_text("[nonsense\n")  # not read: no config needed
    code, out, _err = _run(capsys, "config", "example")
    assert code == 0
    assert out == (REPOSITORY / "config.example.toml").read_text()
    config = config_from_dict(tomllib.loads(out), tmp_path)
    assert config.outbound.relay_ca_file is None


def _queue(sessions: sessionmaker[Session], count: int) -> list[int]:
    now = SystemClock().now()
    with sessions.begin() as session:
        for number in range(count):
            message = EmailMessage()
            message["From"], message["To"] = "judge@example.org", f"p{number}@example.org"
            message["Subject"] = "x"
            message.set_content("ok\n")
            enqueue(session, message, "reply", gate=no_mail_in(), now=now)
        return list(session.scalars(select(OutboxMessage.id).order_by(OutboxMessage.id)))


@pytest.mark.parametrize("command", [["flush"], ["retry", "--outbox", "pending"]])
def test_flush_makes_waiting_mail_due_now_and_leaves_leased_and_failed_mail(
    sessions: sessionmaker[Session], database_url: str, write_config: Callable[..., Path],
    capsys: pytest.CaptureFixture[str], command: list[str],
) -> None:
    waiting, leased, failed, due = _queue(sessions, 4)
    later = SystemClock().now() + timedelta(hours=1)
    with sessions.begin() as session:
        session.execute(update(OutboxMessage).where(OutboxMessage.id.in_([waiting, leased, failed]))
                        .values(next_attempt_at=later))  # fmt: skip
        session.execute(update(OutboxMessage).where(OutboxMessage.id == leased)
                        .values(lease_owner="host/1/x"))  # fmt: skip
        session.execute(update(OutboxMessage).where(OutboxMessage.id == failed)
                        .values(status=OutboxStatus.FAILED))  # fmt: skip

    code, out, _err = _run(capsys, *command, "--config", str(write_config(database_url)))

    assert code == 0 and "judge flush: 1 waiting outgoing mail(s) due now" in out
    with sessions() as session:
        rows = {r.id: r for r in session.scalars(select(OutboxMessage))}
    assert rows[waiting].next_attempt_at <= SystemClock().now()
    assert rows[leased].next_attempt_at == later and rows[failed].next_attempt_at == later
    assert rows[due].next_attempt_at <= SystemClock().now()


def _write(tmp_path: Path, url: str, port: int = 0) -> Path:
    path = tmp_path / "judge.toml"
    path.write_text(f'[judge]\naddress = "judge@example.org"\n[database]\nurl = "{url}"\n'
                    f"[smtp]\nhost = \"127.0.0.1\"\nport = {port}\n")  # fmt: skip
    return path


def _one_line_failure(
    capsys: pytest.CaptureFixture[str], config: Path, command: str, *needles: str
) -> str:
    code, _out, err = _run(capsys, command, "--config", str(config), *(
        ["--once"] if command == "scheduler" else []))  # fmt: skip
    lines = err.strip().splitlines()
    assert code == 1 and len(lines) == 1, err
    assert lines[0].startswith(f"judge {command}: cannot start: ")
    for needle in needles:
        assert needle in lines[0], lines[0]
    assert "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize("command", ["serve", "scheduler"])
def test_a_database_that_cannot_be_opened_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    folder = tmp_path / "a-folder.db"  # a folder where the SQLite file should be
    folder.mkdir()
    _one_line_failure(capsys, _write(tmp_path, f"sqlite:///{folder}"), command,
                      f"database sqlite:///{folder}: ", "unable to open database file")  # fmt: skip
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"this is not a SQLite database, but a text file " * 200)
    _one_line_failure(capsys, _write(tmp_path, f"sqlite:///{garbage}"), command,
                      f"database sqlite:///{garbage}: ", "file is not a database")  # fmt: skip


def test_a_bad_database_url_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _one_line_failure(capsys, _write(tmp_path, "nosuchdb://host/judge"), "serve",
                      "database nosuchdb://host/judge: ", "nosuchdb")  # fmt: skip


def test_an_unreachable_postgresql_is_one_line_without_the_password(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    url = f"postgresql://judge:sesame@127.0.0.1:{closed}/judge"
    line = _one_line_failure(capsys, _write(tmp_path, url), "serve",
                             f"database postgresql://judge:***@127.0.0.1:{closed}/judge: ",
                             "refused")  # fmt: skip
    assert "sesame" not in line


def test_a_port_in_use_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, migrated_sqlite: Path
) -> None:
    database = tmp_path / "judge.db"
    database.write_bytes(migrated_sqlite.read_bytes())
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        _one_line_failure(capsys, _write(tmp_path, f"sqlite:///{database}", port), "serve",
                          f"cannot listen on 127.0.0.1:{port}: ", "in use")  # fmt: skip


def test_the_database_and_its_backups_are_created_owner_only(tmp_path: Path) -> None:
    database = tmp_path / "new.db"
    engine = make_engine(f"sqlite:///{database}")
    with engine.begin() as connection:
        connection.exec_driver_sql("CREATE TABLE t (x)")
    engine.dispose()
    assert stat.S_IMODE(database.stat().st_mode) == 0o600
    copy = backup_sqlite(f"sqlite:///{database}", tmp_path / "copy.db").path
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600


@pytest.mark.parametrize(("argv", "said_by"), [
    (("status",), "status"), (("flush",), "flush"), (("retry", "3"), "retry"),
    (("retry", "--outbox", "pending"), "flush"),  # the flush part of retry speaks
])
def test_an_admin_command_that_cannot_reach_the_database_says_why_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: tuple[str, ...], said_by: str
) -> None:
    """As on a fresh Debian machine where the operator ran `judge status` as root against
    PostgreSQL over its socket: the cause (there, "Peer authentication failed"), not a
    traceback nor a guess."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    config = _write(tmp_path, f"postgresql://judge:sesame@127.0.0.1:{closed}/judge")
    code, _out, err = _run(capsys, *argv, "--config", str(config))
    lines = err.strip().splitlines()
    assert code == 1 and len(lines) == 1, err
    where = f"postgresql://judge:***@127.0.0.1:{closed}/judge"
    assert lines[0].startswith(f"judge {said_by}: cannot read the database {where}: ")
    assert "refused" in lines[0] and "sesame" not in lines[0]
    assert "is it created" not in lines[0]


def test_status_of_a_database_never_created_suggests_creating_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = _write(tmp_path, f"sqlite:///{tmp_path / 'empty.db'}")
    code, _out, err = _run(capsys, "status", "--config", str(config))
    assert code == 1
    assert err.strip() == (f"judge status: cannot read the database sqlite:///{tmp_path}/empty.db: "
                           "no such table: games; is it created? (judge db upgrade)")
