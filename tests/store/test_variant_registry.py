"""The variants are passed by argument, never carried by the sessions: the command line
builds the registry once per command and hands it down, and a session's `info` stays
empty (`tests/server/scheduler/test_session_info.py` checks it through a whole judge's work)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.orm import Session

from judge.cli import main
from judge.config import Config
from judge.server.runtime import Judge
from judge.service.replies.service_handler import ServiceHandler
from judge.store.db import make_engine, make_session_factory
from judge.variants.registry import VariantRegistry, default_registry

pytestmark = pytest.mark.postgres_copy  # the store's own tests run on both backends


def test_a_session_factory_puts_nothing_on_its_sessions(database_url: str) -> None:
    engine = make_engine(database_url)
    sessions = make_session_factory(engine)
    assert "info" not in sessions.kw
    with sessions() as session:
        assert session.info == {}
    engine.dispose()


def test_two_judges_in_one_process_do_not_share_a_registry() -> None:
    first, second = default_registry(), default_registry()
    one, two = Judge(Config(), first), Judge(Config(), second)
    assert one.variants is first and two.variants is second
    assert isinstance(one.handler, ServiceHandler) and isinstance(two.handler, ServiceHandler)
    assert one.handler.variants is first  # the handler reads mail with its judge's registry
    assert two.handler.variants is second
    (tick,) = one.ticks()
    assert getattr(tick, "keywords", {})["variants"] is first  # and the scheduler's rounds


def test_the_command_line_passes_its_registry_to_the_scheduler(
    database_url: str, write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, Any] = {}

    def fake_run_scheduler(config: object, **options: Any) -> int:
        seen.update(options)
        return 0

    monkeypatch.setattr("judge.server.scheduler.run_scheduler", fake_run_scheduler)
    config = str(write_config(database_url))
    assert main(["scheduler", "--once", "--config", config]) == 0
    assert isinstance(seen["variants"], VariantRegistry)
    assert seen["variants"].resolve("id") == "intimate"
    assert isinstance(seen["handler"], ServiceHandler)
    assert seen["handler"].variants is seen["variants"]  # one registry for the judge


def test_an_admin_command_reads_games_with_the_registry_it_was_given(
    database_url: str, write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[VariantRegistry] = []

    def fake_status(session: Session, variants: VariantRegistry, name: str) -> None:
        seen.append(variants)

    monkeypatch.setattr("judge.service.status.game_status", fake_status)
    config = str(write_config(database_url))
    main(["db", "upgrade", "--config", config])
    given = default_registry()
    assert main(["status", "g1", "--config", config], variants=given) == 1  # no such game
    assert main(["status", "g1", "--config", config]) == 1
    assert seen[0] is given
    assert isinstance(seen[1], VariantRegistry) and seen[1] is not given  # built for it
