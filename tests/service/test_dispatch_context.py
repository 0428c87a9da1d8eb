"""A refused command leaves the per-mail context exactly as it found it.

A handler may sign on, add copies, touch games and attach files before it finds a
reason to refuse; the dispatcher must then undo all of it, not only the database.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Config
from judge.language import command_types as c
from judge.language.command_types import ParsedLine
from judge.mail.attachments import Attachment
from judge.service import dispatch
from judge.service.context import MailContext, Refusal, Signed
from judge.store.models import Game, Player


def _meddle_then(failure: Exception) -> Any:
    def handler(ctx: MailContext, command: object) -> list[object]:
        game = Game(id=99, name="other")
        ctx.signed = Signed(game, Player(id=5, address="x@example.org"))
        ctx.copy_to.add("x@example.org")
        ctx.orders_touched[5] = ctx.signed
        ctx.games_touched[99] = game
        ctx.replaced_adjustments.add((1, "FRANCE"))
        ctx.attachments["map.png"] = Attachment("map.png", b"png")
        raise failure

    return handler


@pytest.mark.parametrize("failure", [Refusal("need_signon"), RuntimeError("a bug")])
def test_a_refused_or_failed_command_leaves_the_context_unchanged(
    sessions: sessionmaker[Session],
    make_config: Any,
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
    failure: Exception,
) -> None:
    config: Config = make_config(database_url)
    with sessions() as session:
        ctx = MailContext(session, config, datetime(2026, 1, 1, tzinfo=UTC), "a@example.org")
        ctx.copy_to.add("kept@example.org")
        before = ctx.checkpoint()
        monkeypatch.setitem(dispatch.HANDLERS, c.Resign, _meddle_then(failure))
        entry = dispatch.run_line(ctx, ParsedLine(("RESIGN",), 0, c.Resign()))
        assert entry.errors == 1
        assert ctx.checkpoint() == before
        assert ctx.copy_to == {"kept@example.org"}
