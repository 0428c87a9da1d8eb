"""The variants travel with the sessions: the command line builds the registry once
and every session of the judge reaches that one, never a process-wide cache."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from judge.cli import main
from judge.service.seats.snapshots import variants
from judge.store.db import make_engine, make_session_factory, registry_of
from judge.variants.registry import VariantRegistry, default_registry

pytestmark = pytest.mark.postgres_copy  # the store's own tests run on both backends


def test_a_session_reaches_the_registry_its_factory_was_given(database_url: str) -> None:
    engine = make_engine(database_url)
    registry = default_registry()
    with make_session_factory(engine, registry)() as session:
        assert registry_of(session) is registry
        assert variants(session) is registry
    engine.dispose()


def test_two_judges_in_one_process_do_not_share_a_registry(database_url: str) -> None:
    engine = make_engine(database_url)
    first = make_session_factory(engine, default_registry())
    second = make_session_factory(engine, default_registry())
    with first() as one, first() as two, second() as three:
        assert registry_of(one) is registry_of(two)  # one factory: one registry
        assert registry_of(one) is not registry_of(three)
        assert registry_of(three).get("standard").name == "standard"
    engine.dispose()


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


def test_a_session_given_no_registry_refuses_to_make_one_up(database_url: str) -> None:
    engine = make_engine(database_url)
    with make_session_factory(engine)() as session, pytest.raises(LookupError):
        registry_of(session)
    engine.dispose()
