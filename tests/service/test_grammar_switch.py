"""The whole mail pipeline gives the same results with every fast path off.

`judge.rfc5322.FAST_PATHS` is the one switch of the hand-written RFC 5322
readers and writers. The same mails (a game's sign-up and orders, robots, MIME,
encoded and folded headers, a mail beyond the reading limits) are stored and
processed by the real inbox worker twice, on two fresh databases, with the fast
paths on and off; the inbox rows and the outbox rows must be byte for byte the same.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

import pytest
from mail import samples
from sqlalchemy import select

from judge import rfc5322 as grammar
from judge.clock import ManualClock
from judge.config import Config
from judge.mail import read
from judge.mail.header_facts import HeaderFacts
from judge.server.intake import received
from judge.server.processor import process_pending
from judge.service import handle_inbox_message
from judge.store.db import make_engine, make_session_factory
from judge.store.inbox import store_messages
from judge.store.migrate import upgrade
from judge.store.models import InboxMessage, OutboxMessage
from judge.variants.registry import default_registry
from service.harness import build_mail

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
    sessions = make_session_factory(engine, default_registry())
    try:
        for raw, sender in script:
            store_messages(sessions, [received(raw, sender, [JUDGE])], clock.now())
            process_pending(sessions, handle_inbox_message, clock, config)
        with sessions() as session:
            inbox = session.execute(_INBOX).all()
            outbox = session.execute(_OUTBOX).all()
    finally:
        engine.dispose()
    return [tuple(row) for row in inbox] + [tuple(row) for row in outbox]


def test_the_pipeline_is_the_same_with_the_fast_paths_off(
    tmp_path: Path, clock: ManualClock, make_config: Callable[..., Config],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    (tmp_path / "fast").mkdir()
    (tmp_path / "slow").mkdir()
    config = make_config(f"sqlite:///{tmp_path / 'unused.db'}",
                         limits={"per_sender_per_hour": 1000})  # fmt: skip
    script = _script()
    accepted: list[bool] = []
    simple_facts = read._simple_facts

    def counted(raw: bytes) -> HeaderFacts | None:
        facts = simple_facts(raw)
        accepted.append(facts is not None)
        return facts

    monkeypatch.setattr(read, "_simple_facts", counted)
    fast = _run(tmp_path / "fast", script, config, clock, monkeypatch)
    assert sum(accepted) > len(script) / 2  # the fast path did read most mails
    accepted.clear()
    with grammar.stdlib_only():
        slow = _run(tmp_path / "slow", script, config, clock, monkeypatch)
    assert accepted and not any(accepted)
    assert grammar.FAST_PATHS
    assert fast == slow
    assert len(fast) > 1.5 * len(script)  # the mails were stored, and most answered
