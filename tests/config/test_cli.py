"""The `judge` admin command line, run in-process: usage errors, db upgrade, status."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy.orm import Session, sessionmaker

import judge.adjudicate.cli
from judge.cli import main
from judge.clock import ManualClock
from judge.store import games, inbox
from judge.store.db import make_engine, make_session_factory
from judge.store.migrate import head_revision, upgrade
from judge.store.models import InboxMessage, InboxStatus

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

STATUS_KEYS = {"game", "variant", "status", "phase", "deadline", "players", "powers", "winner"}


def test_no_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage" in capsys.readouterr().err


def test_an_unknown_option_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["status", "--bogus"])
    assert exit_info.value.code == 2


def test_a_bad_config_is_a_usage_error(tmp_path: Path) -> None:
    config = tmp_path / "judge.toml"
    config.write_text("[nope]\n")
    assert main(["status", "--config", str(config)]) == 2


def test_db_upgrade_creates_the_schema(
    database_url: str, write_config: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["db", "upgrade", "--config", str(write_config(database_url))]) == 0
    assert f"database at revision {head_revision()}" in capsys.readouterr().out


def _prepare(database_url: str, clock: ManualClock) -> sessionmaker[Session]:
    engine = make_engine(database_url)
    upgrade(engine)
    return make_session_factory(engine)


def test_status_without_a_game_lists_games_and_failed_mail(
    database_url: str, write_config: Callable[..., Path], clock: ManualClock,
    capsys: pytest.CaptureFixture[str],
) -> None:
    sessions = _prepare(database_url, clock)
    inbox_id = inbox.store_message(
        sessions, b"Subject: x\r\n\r\nbody\r\n", mail_from="ann@example.org", rcpt_tos=[],
        now=clock.now(),
    )
    with sessions.begin() as session:
        games.create_game(session, name="g1", variant="standard", rng_seed=1, now=clock.now())
        row = session.get(InboxMessage, inbox_id)
        assert row is not None
        inbox.mark_failed(row, "Traceback ...\nValueError: broken", clock.now())
    config = str(write_config(database_url))
    assert main(["status", "--config", config]) == 0
    text = capsys.readouterr().out
    assert "g1: standard, forming" in text
    assert f"failed #{inbox_id} from <ann@example.org>: ValueError: broken" in text
    assert main(["status", "--config", config, "--json"]) == 0
    overview = json.loads(capsys.readouterr().out)
    assert overview["inbox"] == {InboxStatus.FAILED.value: 1}
    assert overview["failed_inbox"][0]["error"].endswith("ValueError: broken")
    sessions.kw["bind"].dispose()


def test_retry_puts_a_failed_mail_back_in_the_queue(
    database_url: str, write_config: Callable[..., Path], clock: ManualClock,
    capsys: pytest.CaptureFixture[str],
) -> None:
    sessions = _prepare(database_url, clock)
    failed = inbox.store_message(sessions, b"x", mail_from="a@x.org", rcpt_tos=[],
                                 now=clock.now())
    with sessions.begin() as session:
        row = session.get(InboxMessage, failed)
        assert row is not None
        inbox.mark_failed(row, "boom", clock.now())
    fresh = inbox.store_message(sessions, b"y", mail_from="a@x.org", rcpt_tos=[],
                                now=clock.now())
    config = str(write_config(database_url))
    assert main(["retry", str(failed), str(fresh), "--config", config]) == 1
    assert f"inbox {fresh} is not a failed mail" in capsys.readouterr().err
    with sessions() as session:
        requeued = session.get(InboxMessage, failed)
        assert requeued is not None and requeued.status == InboxStatus.NEW
    sessions.kw["bind"].dispose()


def test_status_of_a_game_prints_its_json(
    database_url: str, write_config: Callable[..., Path], clock: ManualClock,
    capsys: pytest.CaptureFixture[str],
) -> None:
    sessions = _prepare(database_url, clock)
    with sessions.begin() as session:
        games.create_game(session, name="g1", variant="standard", rng_seed=1, now=clock.now())
    config = str(write_config(database_url))
    assert main(["status", "g1", "--config", config, "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert STATUS_KEYS <= set(status)
    assert (status["game"], status["variant"], status["status"]) == ("g1", "standard", "forming")
    assert main(["status", "nope", "--config", config, "--json"]) == 1
    sessions.kw["bind"].dispose()


def test_status_on_a_database_never_upgraded_says_so(
    database_url: str, write_config: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["status", "--config", str(write_config(database_url))]) == 1
    assert "judge db upgrade" in capsys.readouterr().err


def test_adjudicate_is_handed_its_own_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []
    monkeypatch.setattr(judge.adjudicate.cli, "main", lambda argv: seen.append(argv) or 0)
    assert main(["adjudicate", "--batch"]) == 0
    assert seen == [["--batch"]]


def test_the_handler_given_to_main_processes_the_inbox_and_the_environment_names_none(
    database_url: str, write_config: Callable[..., Path], clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`main(argv, handler=...)` is the only way to replace the inbox handler: a
    `module:function` in the environment (the retired JUDGE_HANDLER) is not imported."""
    sessions = _prepare(database_url, clock)
    stored = inbox.store_message(sessions, b"Subject: x\r\n\r\nHELP\r\n",
                                 mail_from="ann@example.org", rcpt_tos=[], now=clock.now())
    seen: list[int] = []

    def probe(session: Session, row: InboxMessage, *rest: object) -> None:
        seen.append(row.id)

    monkeypatch.setenv("JUDGE_HANDLER", "this_module_does_not_exist:nothing")
    config = str(write_config(database_url))
    assert main(["scheduler", "--once", "--no-send", "--config", config], handler=probe) == 0
    assert seen == [stored]
    sessions.kw["bind"].dispose()
