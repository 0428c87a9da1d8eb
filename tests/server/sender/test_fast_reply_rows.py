"""A reply queued by the fast path is the same outbox row as one queued the old way.

`_reply` writes a plain reply with `reply_bytes` and `enqueue_raw`, and any other
with `reply_message` and `enqueue`. Stored in a real database, the two rows must
hold the same values in every column but the id.
"""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.mail.compose import ReplyFields, reply_bytes, reply_message
from judge.outbox.enqueue import enqueue, enqueue_raw
from judge.store.models import OutboxMessage

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
    ],
)
def test_the_fast_path_stores_the_row_the_email_message_path_stores(
    sessions: sessionmaker[Session], clock: ManualClock, changes: dict[str, Any]
) -> None:
    fields = ReplyFields(
        sender="judge@example.org", to="ann@example.net", original_subject="orders",
        in_reply_to="<m1@example.net>", references=("<m1@example.net>",),
        body="> LIST\nNo errors found in your mail.\n", error=False, now=clock.now(),
    )  # fmt: skip
    fields.update(changes)  # type: ignore[typeddict-item]
    message_id = "<1.2.3@example.org>"
    written = reply_bytes(**fields, message_id=message_id)
    assert written is not None
    with sessions.begin() as session:
        enqueue(session, reply_message(**fields, message_id=message_id), "reply", now=clock.now())
        enqueue_raw(session, written[0], to_address=fields["to"], message_id=written[1],
                    kind="reply", now=clock.now())  # fmt: skip
    old, new = _rows(sessions)
    assert new == old
