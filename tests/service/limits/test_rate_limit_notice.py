"""The hourly limit at processing time: a stored mail is judged by the mails from the
same envelope sender stored before it in the hour before it arrived, and the notice
goes once an hour, through the gate it is given."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.config import Config
from judge.outbox.gate import no_mail_in, open_gate
from judge.service.limits import declining
from judge.service.limits.hourly_limit import WINDOW, Verdict, mails_before
from judge.store.models import HeldMail, InboxMessage, InboxStatus, OutboxMessage

LIMIT = 3


def _stored(session: Session, sender: str, at: Any) -> InboxMessage:
    row = InboxMessage(raw=b"x", mail_from=sender, rcpt_tos=["judge@example.org"],
                       received_at=at, digest="0" * 64, status=InboxStatus.NEW)  # fmt: skip
    session.add(row)
    session.flush()
    return row


def _config(make_config: Callable[..., Config], database_url: str) -> Config:
    return make_config(database_url, limits={"per_sender_per_hour": LIMIT})


def test_a_mail_is_judged_by_the_mails_of_its_sender_in_the_hour_before_it(
    sessions: sessionmaker[Session], clock: ManualClock,
    make_config: Callable[..., Config], database_url: str,
) -> None:  # fmt: skip
    config = _config(make_config, database_url)
    with sessions() as session:
        start = clock.now()
        _stored(session, "ann@example.org", start - WINDOW)  # an hour before: not counted
        _stored(session, "bob@example.org", start)  # another sender: not counted
        rows = [_stored(session, "ann@example.org", start + timedelta(minutes=n))
                for n in range(LIMIT + 1)]  # fmt: skip
        assert [mails_before(session, row) for row in rows] == list(range(LIMIT + 1))
        verdicts = [declining.verdict(session, row, config) for row in rows]
        assert verdicts == [Verdict.UNDER] * (LIMIT - 1) + [Verdict.REACHED, Verdict.OVER]
        late = _stored(session, "ann@example.org", start + WINDOW + timedelta(minutes=LIMIT - 0.5))
        assert mails_before(session, late) == 1  # only the last earlier one is in its hour


def _notices(session: Session) -> list[str]:
    query = select(OutboxMessage.to_address).where(OutboxMessage.kind == declining.NOTICE_KIND)
    return list(session.scalars(query))


def test_the_notice_goes_once_an_hour(
    sessions: sessionmaker[Session], clock: ManualClock,
    make_config: Callable[..., Config], database_url: str,
) -> None:  # fmt: skip
    config = _config(make_config, database_url)
    with sessions() as session:
        gate = open_gate("ann@example.org", confirming=True)  # the mail's own sender
        declining.send_notice(session, config, gate, "Ann@example.org", clock.now())
        declining.send_notice(session, config, gate, "ann@example.org", clock.now() + WINDOW / 2)
        assert _notices(session) == ["Ann@example.org"]
        assert declining.notice_sent(session, "ANN@example.org", clock.now() + WINDOW / 2)
        assert not declining.notice_sent(session, "ann@example.org", clock.now() + WINDOW * 2)
        declining.send_notice(session, config, gate, "ann@example.org", clock.now() + WINDOW * 2)
        assert len(_notices(session)) == 2


def test_the_notice_passes_the_gate_it_is_given(
    sessions: sessionmaker[Session], clock: ManualClock,
    make_config: Callable[..., Config], database_url: str,
) -> None:  # fmt: skip
    config = _config(make_config, database_url)
    with sessions() as session:
        gate = open_gate("ann@example.org", confirming=True)
        declining.send_notice(session, config, gate, "stranger@example.net", clock.now())
        assert _notices(session) == [] and len(list(session.scalars(select(HeldMail)))) == 1
        with pytest.raises(TypeError):
            declining.send_notice(session, config, None, "a@example.org",
            clock.now())  # type: ignore[arg-type]
        declining.send_notice(session, config, no_mail_in(), "b@example.org", clock.now())
        assert _notices(session) == ["b@example.org"]
