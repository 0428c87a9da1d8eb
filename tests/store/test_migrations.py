"""Migrations build the schema from nothing, on both backends, and match the models."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, select, text

from judge.clock import ManualClock
from judge.config import Config
from judge.server.processor import process_pending
from judge.server.watchdog import Watchdogs
from judge.service.replies.service_handler import ServiceHandler
from judge.store.db import make_engine, make_session_factory
from judge.store.migrate import current_revision, head_revision, upgrade
from judge.store.models import Base, InboxMessage, InboxStatus, OutboxMessage
from judge.variants.registry import default_registry

pytestmark = pytest.mark.postgres_copy  # the store's own tests run on both backends

TABLES = {"inbox", "outbox", "games", "players", "phases", "orders", "events"}


def test_upgrade_from_empty_creates_every_table(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        assert current_revision(engine) is None
        upgrade(engine)
        assert TABLES <= set(inspect(engine).get_table_names())
        assert current_revision(engine) == head_revision()
    finally:
        engine.dispose()


def test_upgrade_twice_changes_nothing(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        upgrade(engine)
        upgrade(engine)
        assert current_revision(engine) == head_revision()
    finally:
        engine.dispose()


def test_migrations_match_the_models(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        upgrade(engine)
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []
    finally:
        engine.dispose()


def test_processes_starting_together_migrate_once(database_url: str) -> None:
    engines = [make_engine(database_url) for _ in range(4)]
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            list(pool.map(upgrade, engines))
        assert current_revision(engines[0]) == head_revision()
    finally:
        for engine in engines:
            engine.dispose()


def test_a_mail_stored_before_0011_is_read_whole_after_the_upgrade(
    database_url: str, make_config: Callable[..., Config], clock: ManualClock,
    watchdogs: Watchdogs,
) -> None:
    """An operator upgrades with mail waiting: its row has no header facts, and the
    processor reads it whole (`inbox.header_facts` NULL), then answers it."""
    engine = make_engine(database_url)
    try:
        upgrade(engine, "0010_event_translations")
        raw = b"From: ann@example.org\r\nMessage-ID: <w@example.org>\r\n\r\nLIST\r\n"
        with engine.begin() as connection:
            connection.execute(
                text("INSERT INTO inbox (raw, mail_from, rcpt_tos, received_at, message_id,"
                     " digest, status, attempts) VALUES (:raw, 'ann@example.org', '[]', :at,"
                     " '<w@example.org>', 'd', 'new', 0)"),
                {"raw": raw, "at": clock.now()},
            )  # fmt: skip
        upgrade(engine)
        sessions = make_session_factory(engine)
        config = make_config(database_url)
        assert process_pending(sessions, ServiceHandler(default_registry()), clock, config,
                               watchdogs)  # fmt: skip == 1
        with sessions() as session:
            row = session.scalars(select(InboxMessage)).one()
            replies = session.scalars(select(OutboxMessage)).all()
        assert row.header_facts is None and row.status == InboxStatus.DONE
        assert [reply.to_address for reply in replies] == ["ann@example.org"]
    finally:
        engine.dispose()
