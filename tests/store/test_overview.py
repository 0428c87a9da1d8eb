"""The operator's view read from the tables (`judge status` without the service)."""

from __future__ import annotations

import pytest
from sqlalchemy.orm import Session, sessionmaker

from judge.store.overview import operator_overview

pytestmark = pytest.mark.postgres_copy  # the store's own tests run on both backends


def test_an_empty_judge_has_an_empty_overview(sessions: sessionmaker[Session]) -> None:
    with sessions() as session:
        overview = operator_overview(session)
    assert overview == {
        "games": [], "inbox": {}, "failed_inbox": [], "inbox_with_errors": [], "outbox": {},
        "failed_outbox": [],
        "outbox_queue": {"pending": 0, "oldest_pending_seconds": None, "retrying": []},
        "failing_games": [], "bouncing": [],
    }
