"""The VERP key kept with the data (issue 22.4): generated at the first start, carried
by a backup restored to another path, and the key a judge used before (derived from
its database URL) still accepted for the mail it signed, and only for that mail."""

from __future__ import annotations

import hashlib
import hmac
import shutil
from dataclasses import replace
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import select

from judge.clock import ManualClock
from judge.config import Config, config_from_dict
from judge.mail.verp import bounce_address, derived_key, return_path_id, verp_key
from judge.outbox.enqueue import enqueue
from judge.outbox.gate import no_mail_in
from judge.server.intake_inbox import Inbox
from judge.server.startup import with_stored_verp_keys
from judge.store.backup import backup_sqlite
from judge.store.db import make_engine, make_session_factory
from judge.store.migrate import upgrade
from judge.store.models import JudgeSetting

JUDGE = "judge@example.org"


@pytest.fixture(autouse=True)
def _migrated(tmp_path: Path, migrated_sqlite: Path) -> None:
    """The judge's database, migrated once per test process (see tests/conftest.py)."""
    shutil.copyfile(migrated_sqlite, tmp_path / "judge.db")


def _config(path: Path, **outbound: object) -> Config:
    data = {"judge": {"address": JUDGE}, "database": {"url": f"sqlite:///{path}"},
            "outbound": outbound}  # fmt: skip
    return config_from_dict(data, path.parent)


def _started(config: Config) -> Config:
    """What `judge serve` and `judge scheduler` do first."""
    engine = make_engine(config.database.url)
    try:
        upgrade(engine)
        return with_stored_verp_keys(engine, config)
    finally:
        engine.dispose()


def _queue(config: Config, clock: ManualClock, count: int) -> None:
    engine = make_engine(config.database.url)
    upgrade(engine)
    try:
        with make_session_factory(engine).begin() as session:
            for number in range(count):
                message = EmailMessage()
                message["From"], message["To"] = JUDGE, f"p{number}@example.org"
                message["Subject"] = "Results"
                message.set_content("ok\n")
                enqueue(session, message, "results", gate=no_mail_in(), now=clock.now())
    finally:
        engine.dispose()


def test_the_key_is_generated_once_kept_in_the_database_and_carried_by_a_backup(
    tmp_path: Path, clock: ManualClock
) -> None:
    first = _started(_config(tmp_path / "judge.db"))
    assert first.stored_verp is not None and len(first.stored_verp.secret) == 64
    assert first.stored_verp.previous == ""  # a new judge: no mail signed before
    assert verp_key(first) != derived_key(first)  # not guessable from the URL any more
    assert _started(first).stored_verp == first.stored_verp  # read, not generated again
    _queue(first, clock, 1)
    path = bounce_address(JUDGE, 1, verp_key(first), "p0@example.org")

    restored_dir = tmp_path / "restored"
    restored_dir.mkdir()
    backup_sqlite(first.database.url, restored_dir / "judge.db")
    restored = _started(_config(restored_dir / "judge.db"))

    assert restored.database.url != first.database.url
    assert restored.stored_verp == first.stored_verp
    assert return_path_id(path, restored) == 1
    inbox = Inbox(make_session_factory(make_engine(restored.database.url)), clock, restored)
    assert inbox.is_return_path(path)  # the SMTP intake takes the bounce: no 550
    forged = f"judge+bounce-1-{'0' * 12}@example.org"
    assert return_path_id(forged, restored) is None


def test_an_older_judges_mail_stays_bounceable_after_a_move_and_only_that_mail(
    tmp_path: Path, clock: ManualClock
) -> None:
    old = _config(tmp_path / "judge.db")
    _queue(old, clock, 3)  # sent by a judge that derived its key from the URL
    old_path = _path_of_an_older_judge(3, derived_key(old))

    upgraded = _started(old)
    stored = upgraded.stored_verp
    assert stored is not None and stored.previous == derived_key(old).hex()
    assert stored.previous_below == 4
    assert return_path_id(old_path, upgraded) == 3

    moved_dir = tmp_path / "moved"
    moved_dir.mkdir()
    shutil.copyfile(tmp_path / "judge.db", moved_dir / "judge.db")  # the judge stopped
    moved = _started(_config(moved_dir / "judge.db"))
    assert return_path_id(old_path, moved) == 3  # the old URL's key came along
    _queue(moved, clock, 1)
    # The old, guessable key signs nothing sent since: row 4 needs the new key.
    fay = "p0@example.org"
    assert return_path_id(bounce_address(JUDGE, 4, derived_key(old), fay), moved) is None
    assert return_path_id(bounce_address(JUDGE, 4, verp_key(moved), fay), moved) == 4


def _path_of_an_older_judge(outbox_id: int, key: bytes) -> str:
    """A return path as judges wrote them before the recipient tag: `bounce-<id>-<mac>`,
    the MAC over the id alone."""
    mac = hmac.new(key, str(outbox_id).encode("ascii"), hashlib.sha256).hexdigest()[:12]
    return f"judge+bounce-{outbox_id}-{mac}@example.org"


def test_an_explicit_secret_in_the_config_still_wins(tmp_path: Path) -> None:
    config = _started(_config(tmp_path / "judge.db", verp_secret="operator's own"))
    assert verp_key(config) == b"operator's own"
    engine = make_engine(config.database.url)
    with make_session_factory(engine)() as session:  # generated all the same, kept aside
        assert session.scalar(select(JudgeSetting.value).where(JudgeSetting.name == "verp_secret"))
    engine.dispose()
    without = _started(replace(config, outbound=replace(config.outbound, verp_secret="")))
    assert verp_key(without) != b"operator's own"
