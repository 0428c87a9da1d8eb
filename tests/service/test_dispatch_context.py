"""A refused command leaves the per-mail context exactly as it found it.

A handler may sign on, add copies, touch games, attach files and count a broadcast
before it finds a reason to refuse; the dispatcher must then undo all of it, not only
the database. The test meddles with every field of `MailContext` (not a hand-picked
few), so a field added later and left out of the checkpoint fails here, unless it is
listed, with its reason, in `KEPT_ACROSS_REFUSAL`.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy.orm import Session, sessionmaker
from support.service.harness import JudgeHarness

from judge.config import Config
from judge.language import command_types as c
from judge.language.command_types import ParsedLine
from judge.mail.attachments import Attachment
from judge.service import dispatch
from judge.service.context import KEPT_ACROSS_REFUSAL, MailContext, Refusal, Signed
from judge.store.models import Game, Player

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

ROLLED_BACK = [f.name for f in dataclasses.fields(MailContext) if f.name not in KEPT_ACROSS_REFUSAL]


def _snapshot(ctx: MailContext) -> dict[str, Any]:
    """Every rolled-back field by value (containers copied, so later changes show)."""
    taken: dict[str, Any] = {}
    for name in ROLLED_BACK:
        value = getattr(ctx, name)
        taken[name] = type(value)(value) if isinstance(value, (set, dict, list)) else value
    return taken


def _changed(value: object) -> object:
    """A different value of the same kind, whatever the field holds."""
    if isinstance(value, set):
        return value | {("meddled", len(value))}
    if isinstance(value, dict):
        return {**value, "meddled": Attachment("m", b"m")}
    if isinstance(value, list):
        return [*value, "meddled"]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if value is None or isinstance(value, Signed):
        return Signed(Game(id=99, name="other"), Player(id=5, address="x@example.org"))
    raise AssertionError(f"no way to change a {type(value).__name__}: add one")


def _meddle_then(failure: Exception) -> Any:
    def handler(ctx: MailContext, command: object) -> list[object]:
        for name in ROLLED_BACK:
            setattr(ctx, name, _changed(getattr(ctx, name)))
        ctx.copy_to.add("x@example.org")  # and in place, as handlers do
        ctx.broadcasts += 1
        raise failure

    return handler


def test_the_kept_fields_are_fields() -> None:
    names = {f.name for f in dataclasses.fields(MailContext)}
    assert set(KEPT_ACROSS_REFUSAL) <= names, set(KEPT_ACROSS_REFUSAL) - names
    assert "broadcasts" in ROLLED_BACK and "signed" in ROLLED_BACK


@pytest.mark.parametrize("failure", [Refusal("need_signon"), RuntimeError("a bug")])
def test_a_refused_or_failed_command_leaves_every_field_unchanged(
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
        ctx.broadcasts = 2
        before = _snapshot(ctx)
        monkeypatch.setitem(dispatch.HANDLERS, c.Resign, _meddle_then(failure))
        entry = dispatch.run_line(ctx, ParsedLine(("RESIGN",), 0, c.Resign()))
        assert entry.errors == 1
        after = _snapshot(ctx)
        assert {k: v for k, v in after.items() if v != before[k]} == {}
        assert ctx.copy_to == {"kept@example.org"} and ctx.broadcasts == 2


def test_refused_press_lines_do_not_use_up_the_press_allowance(judge: JudgeHarness) -> None:
    """Private press before the game starts is refused after the press allowance was
    counted; five such refusals leave the mail's allowance whole: the sixth, public,
    press is sent."""
    judge.reply("gm@example.org", "CREATE g1 gmpass standard")
    judge.reply("p1@example.org", "SIGNON ?g1 pw1")
    refused = ["PRESS TO E", "Hello.", "ENDPRESS"] * judge.config.limits.broadcasts_per_mail
    body = "\n".join(["SIGNON ?g1 pw2", *refused, "PRESS", "Hello all.", "ENDPRESS"])
    reply = judge.reply("p2@example.org", body)
    text = reply.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert text.count("has not started") == judge.config.limits.broadcasts_per_mail, text
    assert "too many" not in text.lower(), text
    assert "Sent to" in text.split("Hello all.")[-1], text
