"""A reply queued the way `_reply` queues it is the outbox row `enqueue` stores.

`_reply` builds every reply with `reply_message` and queues it with
`enqueue_direct`, a Core insert without the ORM's unit of work. Stored in a real
database, its row must hold the same values in every column but the id as the row
`enqueue` stores for the same message, and its bytes must read back as the reply.
"""

from __future__ import annotations

from email import message_from_bytes
from email.policy import default
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.mail.compose import reply_message
from judge.outbox.enqueue import enqueue, enqueue_direct
from judge.outbox.gate import no_mail_in
from judge.store.models import OutboxMessage

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

COLUMNS = ("to_address", "message", "message_id", "kind", "game_id", "created_at", "sent_at",
           "status", "attempts", "next_attempt_at", "last_error")  # fmt: skip


def _rows(sessions: sessionmaker[Session]) -> list[dict[str, Any]]:
    with sessions() as session:
        rows = session.scalars(select(OutboxMessage).order_by(OutboxMessage.id))
        return [{name: getattr(row, name) for name in COLUMNS} for row in rows]


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"body": "x" * 100 + "\nBonne journée\n", "error": True},
        {"references": tuple(f"<{n}.{n}@example.net>" for n in range(12))},
        {"in_reply_to": None, "references": ()},
        {"sender_name": "Jüdge", "original_subject": "Grüße"},
    ],
)
def test_a_reply_queued_directly_is_the_row_enqueue_stores(
    sessions: sessionmaker[Session], clock: ManualClock, changes: dict[str, Any]
) -> None:
    fields: dict[str, Any] = dict(
        sender="judge@example.org", to="ann@example.net", original_subject="orders",
        in_reply_to="<m1@example.net>", references=("<m1@example.net>",),
        body="> LIST\nNo errors found in your mail.\n", error=False, now=clock.now(),
        message_id="<1.2.3@example.org>",
    )  # fmt: skip
    fields.update(changes)
    with sessions.begin() as session:
        gate = no_mail_in()
        enqueue(session, reply_message(**fields), "reply", gate=gate, now=clock.now())
        enqueue_direct(session, reply_message(**fields), "reply", gate=gate, now=clock.now())
    old, new = _rows(sessions)
    assert new == old
    mail = message_from_bytes(new["message"], policy=default)
    assert (new["to_address"], new["message_id"]) == (fields["to"], mail["Message-ID"])
    assert mail["Auto-Submitted"] == "auto-replied"
    assert mail.get_content().replace("\r\n", "\n") == fields["body"]
