"""The whole mail pipeline gives the same rows when the same mails are run again.

The same mails (a game's sign-up and orders, robots, MIME, encoded and folded
headers, a mail beyond the reading limits) are stored and processed by the real
inbox worker twice in one process, on two fresh databases, each run with its own
handler and watchdogs (state that belongs to one judge: `judge.server.runtime`);
the inbox rows and the outbox rows must be byte for byte the same. State shared
through the process (a cache, a counter, a clock read) that changed what the judge
stores or sends would make the second run differ.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import select
from support.mail import samples
from support.service.harness import build_mail

from judge.clock import ManualClock
from judge.config import Config
from judge.server.intake import received
from judge.server.processor import process_pending
from judge.server.watchdog import Watchdogs
from judge.service.replies.service_handler import ServiceHandler
from judge.store.db import make_engine, make_session_factory
from judge.store.inbox import store_messages
from judge.store.migrate import upgrade
from judge.store.models import InboxMessage, OutboxMessage
from judge.variants.registry import default_registry

JUDGE = "judge@example.org"
_INBOX = select(
    InboxMessage.message_id, InboxMessage.mail_from, InboxMessage.status, InboxMessage.error
).order_by(InboxMessage.id)
_OUTBOX = select(
    OutboxMessage.to_address, OutboxMessage.kind, OutboxMessage.message,
    OutboxMessage.message_id, OutboxMessage.status,
).order_by(OutboxMessage.id)  # fmt: skip


def _mail(sender: str, body: str, subject: str = "orders", **headers: str) -> bytes:
    message: EmailMessage = build_mail(sender, body, subject=subject, headers=headers or None)
    return bytes(message)


def _script() -> list[tuple[bytes, str]]:
    """(raw mail, envelope sender) in the order they arrive."""
    mails = [(_mail("gm@example.org", "CREATE g1 gmpass standard"), "gm@example.org")]
    for index, power in enumerate("AEFGIRT"):
        player = f"p{index}@example.org"
        body = f"SIGNON ?g1 pw{index}\nPREFERENCES {power}"
        mails.append((_mail(player, body), player))
    mails += [
        (_mail("p0@example.org", "LIST g1\nHELP"), "p0@example.org"),
        (_mail('"Ann Q. Player" <p1@example.org>', "LIST"), "p1@example.org"),
        (_mail("p2@example.org", "WHOIS nobody", subject="café au lait"), ""),
        (_mail("p3@example.org", "LIST", **{"Auto-Submitted": "auto-replied"}), "p3@x.org"),
        (b"From: p4@example.org\r\nSubject: folded\r\n  subject\r\n"
         b"Message-ID:\r\n <folded@example.org>\r\n\r\nLIST\r\n", "p4@example.org"),
        (b"From: p5@example.org\nSubject: " + b"=?utf-8?q?x?= " * 200 + b"\n\nLIST\n",
         "p5@example.org"),
    ]  # fmt: skip
    mails += [(raw, "") for name, raw in sorted(vars(samples).items())
              if name.isupper() and isinstance(raw, bytes)]  # fmt: skip
    return mails


def _run(
    root: Path, script: list[tuple[bytes, str]], config: Config, clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
) -> list[tuple[object, ...]]:  # fmt: skip
    numbers = itertools.count(1)  # the judge's own Message-IDs, the same on both runs

    def message_id(domain: str) -> str:
        return f"<judge.{next(numbers)}@{domain}>"

    monkeypatch.setattr("judge.mail.compose.new_message_id", message_id)
    monkeypatch.setattr("judge.outbox.enqueue.new_message_id", message_id)
    engine = make_engine(f"sqlite:///{root / 'judge.db'}")
    upgrade(engine)
    sessions = make_session_factory(engine)
    handler, watchdogs = ServiceHandler(default_registry()), Watchdogs()
    try:
        for raw, sender in script:
            store_messages(sessions, [received(raw, sender, [JUDGE])], clock.now())
            process_pending(sessions, handler, clock, config, watchdogs)
        with sessions() as session:
            inbox = session.execute(_INBOX).all()
            outbox = session.execute(_OUTBOX).all()
    finally:
        watchdogs.stop()
        engine.dispose()
    return [tuple(row) for row in inbox] + [tuple(row) for row in outbox]


def test_the_pipeline_gives_the_same_rows_run_twice(
    tmp_path: Path, clock: ManualClock, make_config: Callable[..., Config],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    (tmp_path / "first").mkdir()
    (tmp_path / "second").mkdir()
    config = make_config(f"sqlite:///{tmp_path / 'unused.db'}",
                         limits={"per_sender_per_hour": 1000})  # fmt: skip
    script = _script()
    start = clock.now()
    first = _run(tmp_path / "first", script, config, clock, monkeypatch)
    clock.set(start)
    second = _run(tmp_path / "second", script, config, clock, monkeypatch)
    assert first == second
    assert len(first) > 1.5 * len(script)  # the mails were stored, and most answered
