"""Storage that stays small (issue 13.5): a phase's map is stored once for all its
readers and attached as each mail is sent; old mail bodies are pruned after the
retention, the record kept; a game-year of a 7-player game with maps grows the
database by less than 1 MB (a regression guard on one year; `bench/storage.py`
measures several)."""

from __future__ import annotations

from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from pathlib import Path
from typing import cast

import pytest
from sqlalchemy import func, select, text
from support.service.harness import JudgeHarness

from judge.server import scheduler
from judge.server.runtime import Judge
from judge.server.sender import deliver_due, make_transport
from judge.service.maps import drawing, mail_maps
from judge.store.models import (
    InboxMessage,
    InboxStatus,
    OutboxMessage,
    OutboxStatus,
    PhaseMap,
)
from judge.store.retention import prune

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

MEGABYTE = 1024 * 1024


def _maildir_mails(judge: JudgeHarness) -> list[EmailMessage]:
    folder = Path(judge.config.outbound.maildir) / "new"
    return [
        cast(EmailMessage, message_from_bytes(path.read_bytes(), policy=default))
        for path in sorted(folder.iterdir())
    ]


def _send_all(judge: JudgeHarness) -> int:
    transport = make_transport(judge.config.outbound)
    return deliver_due(judge.sessions, transport, judge.clock, judge.config, judge.variants)


def test_a_phase_map_is_stored_once_and_every_sent_results_mail_carries_it(
    judge: JudgeHarness,
) -> None:
    judge.start_game()
    judge.play_phase()
    with judge.sessions() as session:
        (stored,) = session.scalars(select(PhaseMap)).all()
        rows = session.scalars(
            select(OutboxMessage).where(OutboxMessage.kind == "results")
        ).all()
        assert len(rows) == 8  # seven players and the master
        assert {row.map_id for row in rows} == {stored.id}
        assert len(stored.data) > 20_000
        assert all(len(row.message) < 10_000 for row in rows)  # no copy of the map
        png = stored.data

    assert _send_all(judge) > 8

    results = [m for m in _maildir_mails(judge) if m["Subject"] == "TEST:g1 - S1901M Results"]
    assert len(results) == 8
    for mail in results:
        (attachment,) = mail.iter_attachments()
        assert attachment.get_filename() == "g1-S1901M.png"
        assert attachment.get_content() == png


def test_pruning_after_the_retention_keeps_headers_and_outcome(judge: JudgeHarness) -> None:
    judge.start_game()
    judge.play_phase()
    _send_all(judge)
    with judge.sessions() as session:
        before = {row.id: row.message for row in session.scalars(select(OutboxMessage))}

    judge.clock.advance(29 * 86400)
    with judge.sessions() as session:
        assert prune(session, judge.clock.now(), 30).outbox == 0  # not yet
        session.commit()
    judge.clock.advance(2 * 86400)
    judge.send("late@example.org", "HELP")  # a mail within the retention, kept whole
    with judge.sessions() as session:
        pruned = prune(session, judge.clock.now(), 30)
        session.commit()
    assert pruned.outbox == len(before) and pruned.maps == 1 and pruned.inbox > 8

    with judge.sessions() as session:
        for row in session.scalars(select(OutboxMessage).where(OutboxMessage.id.in_(before))):
            head, blank, _body = before[row.id].partition(b"\r\n\r\n")
            assert row.message == head + blank
            assert row.status is OutboxStatus.SENT and row.sent_at is not None
            assert row.pruned_at == judge.clock.now()
            kept = message_from_bytes(row.message, policy=default)
            assert kept["Message-ID"] == row.message_id and kept["Subject"]
        assert session.scalar(select(func.count()).select_from(PhaseMap)) == 0
        inbox = session.scalars(select(InboxMessage).order_by(InboxMessage.id)).all()
        late = inbox[-1]
        assert late.pruned_at is None and b"HELP" in late.raw and late.header_facts is not None
        for row in inbox[:-1]:
            assert row.status is InboxStatus.DONE and row.pruned_at is not None
            assert row.raw.endswith((b"\n\n", b"\r\n\r\n")) and b"SIGNON" not in row.raw
            assert row.header_facts is None  # read for the processing, not kept as record
            assert message_from_bytes(row.raw, policy=default)["Message-ID"] == row.message_id


def test_a_game_year_with_maps_grows_the_database_by_less_than_a_megabyte(
    judge: JudgeHarness, database_url: str
) -> None:
    if not database_url.startswith("sqlite"):
        pytest.skip("measured on SQLite's pages")
    judge.start_game()
    start = _database_bytes(judge)
    judge.play_until("S1902M")
    _send_all(judge)
    grown = _database_bytes(judge) - start
    print(f"1901 grew the database by {grown} bytes")
    assert grown < MEGABYTE, f"{grown} bytes for 1901"


def _database_bytes(judge: JudgeHarness) -> int:
    with judge.sessions() as session:
        pages = session.execute(text("PRAGMA page_count")).scalar_one()
        size = session.execute(text("PRAGMA page_size")).scalar_one()
        free = session.execute(text("PRAGMA freelist_count")).scalar_one()
    return int((pages - free) * size)


def test_the_scheduler_tick_prunes_when_its_timer_says_so(judge: JudgeHarness) -> None:
    running = Judge(judge.config, judge.variants, clock=judge.clock)  # freshly started
    judge.start_game()
    _send_all(judge)
    judge.clock.advance(31 * 86400)
    with judge.sessions() as session:
        scheduler.tick(session, judge.clock, judge.config, running.timers, running.variants)
        session.commit()
    with judge.sessions() as session:
        rows = session.scalars(select(OutboxMessage)).all()
        # The start mails (sent a month ago) are pruned; the results of the deadline the
        # same tick processed wait to be sent, whole.
        assert {row.status for row in rows if row.pruned_at is not None} == {OutboxStatus.SENT}
        assert all(row.pruned_at is None for row in rows if row.status is OutboxStatus.PENDING)
        assert all(row.pruned_at is not None for row in rows if row.status is OutboxStatus.SENT)
        assert sum(row.pruned_at is not None for row in rows) >= 8  # the start mails at least
    assert not running.timers.pruning.due()  # then not again for an hour


def test_results_wait_for_their_map_and_one_that_fails_to_draw_goes_as_plain_text(
    judge: JudgeHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> bytes:
        raise RuntimeError("no ink")

    judge.start_game()
    _send_all(judge)
    monkeypatch.setattr("support.service.harness.draw_pending_maps", lambda *_args: 0)
    judge.play_phase()  # processed; its map not drawn yet
    _send_all(judge)  # the replies go; the results wait for their map
    with judge.sessions() as session:
        waiting = session.scalars(
            select(OutboxMessage).where(OutboxMessage.kind == "results")
        ).all()
        assert len(waiting) == 8 and all(r.status is OutboxStatus.PENDING for r in waiting)
    monkeypatch.setattr(mail_maps, "phase_png", broken)
    assert drawing.draw_pending_maps(judge.sessions, judge.variants) == 1
    assert _send_all(judge) == 8
    results = [m for m in _maildir_mails(judge) if m["Subject"] == "TEST:g1 - S1901M Results"]
    assert len(results) == 8
    assert all(m.get_content_type() == "text/plain" for m in results)
    assert all(m.get_content().startswith(":: Judge: TEST  Game: g1") for m in results)
