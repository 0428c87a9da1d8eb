"""A start copied from one played earlier in the process is the start a test would
have played by mail (`support.service.start_replay`), and a start that may differ is
played by mail: a database with a row in it, a clock elsewhere, patched code.

Every test here works on SQLite databases in folders of its own (PostgreSQL starts
are always played by mail) and begins with no start kept, so what it proves does not
depend on the tests that ran before it in the process.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from golden.recorder import recording
from sqlalchemy import Engine, text
from support.service import start_replay
from support.service.harness import JudgeHarness, Player

from judge.clock import ManualClock
from judge.config import DatabaseSection, config_from_dict
from judge.store.db import make_engine, make_session_factory
from judge.store.passwords import verify_password

START = datetime(2026, 1, 1, 12, tzinfo=UTC)
CONFIG = {  # as the `judge` fixture's: confirmation off, a high per-sender limit
    "judge": {"address": "judge@example.org", "code": "TEST"},
    "database": {"url": "sqlite:///judge.db"},
    "outbound": {"transport": "maildir", "maildir": "outbox"},
    "security": {"confirm_addresses": False},
    "limits": {"per_sender_per_hour": 1000},
}
Rows = dict[str, list[dict[str, Any]]]
JudgeIn = Callable[..., JudgeHarness]


@pytest.fixture
def judge_in(tmp_path: Path, migrated_sqlite: Path) -> Iterator[JudgeIn]:
    """`judge_in("a")`: a judge on a migrated SQLite database of its own folder, its
    clock at START; no start is kept in the process when the test begins."""
    engines: list[Engine] = []

    def build(name: str, *, replay_starts: bool = True) -> JudgeHarness:
        folder = tmp_path / name
        folder.mkdir()
        shutil.copyfile(migrated_sqlite, folder / "judge.db")
        config = config_from_dict(CONFIG, folder)
        engines.append(make_engine(config.database.url))
        sessions = make_session_factory(engines[-1])
        return JudgeHarness(sessions, ManualClock(START), config, replay_starts=replay_starts)

    with start_replay.nothing_kept():
        yield build
    for engine in engines:
        engine.dispose()


def every_row(judge: JudgeHarness) -> Rows:
    """Every row of every table, by table, in the order the rows were written."""
    with judge.sessions() as session:
        tables = session.scalars(
            text("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        ).all()
        rows: Rows = {}
        for name in tables:
            found = session.execute(text(f'SELECT * FROM "{name}" ORDER BY rowid'))
            rows[name] = [dict(row._mapping) for row in found]
        return rows


PASSWORDS = ("gmpass", *(f"pw{index}" for index in range(7)))
TEST_MESSAGE_ID = re.compile(rb"<t\d+@example\.org>")
JUDGE_MESSAGE_ID = re.compile(rb"(?im)^(Message-ID: )<[^>]+>")
MIME_BOUNDARY = re.compile(rb"===============\d+==")
DRAWN_AT_RANDOM = {"games": "rng_seed", "phases": "lot_seed"}


def as_played_anywhere(rows: Rows) -> Rows:
    """The rows with what differs between two starts by mail made the same.

    The tests' Message-IDs (`<tN@example.org>`, numbered per process) and the inbox
    digests of the mails that carry them; what the judge draws at random: its own
    Message-IDs, MIME boundaries, a game's `rng_seed`, a phase's `lot_seed`; an Argon2
    hash (its salt is random) becomes the password it accepts; and a variant's JSON is
    compared as the value it holds (its keys come in the order of a set)."""
    masked: Rows = {}
    for name, table in rows.items():
        masked[name] = []
        for row in table:
            row = dict(row)
            for column, value in row.items():
                if isinstance(value, bytes | str):
                    raw = value.encode() if isinstance(value, str) else value
                    raw = JUDGE_MESSAGE_ID.sub(rb"\1<judge>", TEST_MESSAGE_ID.sub(b"<t>", raw))
                    raw = MIME_BOUNDARY.sub(b"<boundary>", raw)
                    row[column] = raw
            if name == "inbox":
                row.pop("digest")
            if name == "outbox":
                row["message_id"] = "<judge>"
            if name in DRAWN_AT_RANDOM:
                row.pop(DRAWN_AT_RANDOM[name])
            if "variant_data" in row and row["variant_data"] is not None:
                row["variant_data"] = json.loads(row["variant_data"])
            if "password_hash" in row:
                hashed = row["password_hash"].decode()
                row["password_hash"] = [p for p in PASSWORDS if verify_password(hashed, p)]
            masked[name].append(row)
    return masked


def test_a_restored_start_is_the_kept_database_and_what_a_start_by_mail_writes(
    judge_in: JudgeIn,
) -> None:
    first, restored = judge_in("first"), judge_in("restored")
    by_mail = judge_in("by_mail", replay_starts=False)
    before = start_replay.restores()
    first.start_game(count=3)
    restored.start_game(count=3)
    by_mail.start_game(count=3)
    assert start_replay.restores() == before + 1
    assert every_row(restored) == every_row(first)  # the very rows, salts and seeds too
    assert restored.players == first.players == by_mail.players
    assert restored.clock.now() == first.clock.now() == by_mail.clock.now()
    assert as_played_anywhere(every_row(restored)) == as_played_anywhere(every_row(by_mail))
    # what a handler keeps between its two steps is all taken by the end of a start:
    # the restored judge's new handler holds what the player's does
    for judge in (first, by_mail):
        assert not judge.handler.readings._kept
        assert not judge.handler.passwords._verified and not judge.handler.passwords._hashed
    # the game goes on from the same place: a phase played on each writes the same
    restored.play_phase()
    by_mail.play_phase()
    assert restored.status()["phase"] == by_mail.status()["phase"] == "F1901M"
    assert as_played_anywhere(every_row(restored)) == as_played_anywhere(every_row(by_mail))


def test_a_start_from_a_database_with_a_row_is_played_by_mail(judge_in: JudgeIn) -> None:
    judge_in("first").start_game(count=2)
    judge = judge_in("busy")
    judge.reply("someone@example.org", "HELP")  # an inbox row, an outbox row
    before = start_replay.restores()
    players = judge.start_game(count=2)
    assert start_replay.restores() == before
    assert start_replay.kept_starts() == 1
    assert sorted(players) == ["Austria", "England"]


def test_a_start_at_another_time_or_already_seated_is_played_by_mail(judge_in: JudgeIn) -> None:
    judge_in("first").start_game(count=2)
    before = start_replay.restores()
    later = judge_in("later")
    later.clock.advance(timedelta(minutes=1))
    later.start_game(count=2)
    seated = judge_in("seated")
    seated.players["Turkey"] = Player("p9@example.org", "pw9", "Turkey")
    seated.start_game(count=2)
    assert start_replay.restores() == before
    assert start_replay.kept_starts() == 2  # the later one, kept under its own time


def test_a_start_under_the_golden_recorder_is_played_by_mail_and_recorded(
    judge_in: JudgeIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    judge_in("first").start_game(count=2)
    before = start_replay.restores()
    recorded = judge_in("recorded")
    with monkeypatch.context() as patch, recording(patch) as record:
        recorded.start_game(count=2)
    assert start_replay.restores() == before
    assert len(record.mails) == len(every_row(recorded)["outbox"]) > 0
    judge_in("again").start_game(count=2)  # the code as it was: the first start again
    assert start_replay.restores() == before + 1


def test_a_start_on_postgresql_is_played_by_mail(judge_in: JudgeIn) -> None:
    judge = judge_in("postgres")
    on_postgres = replace(
        judge.config, database=DatabaseSection(url="postgresql+psycopg://judge@db/judge")
    )
    key = start_replay.start_key(
        judge.sessions, judge.clock, on_postgres, judge.variants, ("g1", 7, "gm@example.org")
    )
    assert key is None  # no key: the harness plays the start by mail
    assert start_replay.start_key(
        judge.sessions, judge.clock, judge.config, judge.variants, ("g1", 7, "gm@example.org")
    ) == start_replay.start_key(
        judge.sessions, judge.clock, judge.config, judge.variants, ("g1", 7, "gm@example.org")
    )
