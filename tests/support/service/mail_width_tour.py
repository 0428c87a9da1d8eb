"""The mail-width tour the width tests share: a standard year played by mail with a
check on every batch of mails, the recorder of the templates rendered, and the
longest values a mail can hold (the English and French width tests, the golden
French mails and the every-template proof take them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from typing import Any, cast

import pytest
from sqlalchemy import func, select

from judge.server.scheduler import run_due_games
from judge.store.models import OutboxMessage
from judge.variants.registry import default_registry
from judge.wording import templates
from judge.wording.readers import Reader
from support.service.harness import JudgeHarness, body_of

TEMPLATE_DIR = templates.template_dir()
WIDTH = 78


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """The names of the templates (and `module:macro`) rendered during the test."""
    seen: set[str] = set()
    render, render_macro = templates.render, templates.render_macro

    def recording_render(name: str, *reader: Reader, **data: Any) -> str:
        seen.add(name)
        return render(name, *reader, **data)

    def recording_macro(module: str, macro: str, *reader: Reader, **data: Any) -> str:
        seen.add(f"{module}:{macro}")
        return render_macro(module, macro, *reader, **data)

    for module in ("judge.wording.templates", "judge.service.context"):
        monkeypatch.setattr(f"{module}.render_macro", recording_macro, raising=False)
    for module in (
        "judge.wording.templates", "judge.service.commands.help", "judge.service.commands.listing",
        "judge.service.replies.handling", "judge.service.game.announce",
        "judge.service.game.lateness",
        "judge.service.game.processing", "judge.service.limits.declining",
        "judge.service.commands.press",
        "judge.service.game.starting", "judge.service.game.ending", "judge.wording.report",
        "judge.service.context",
    ):  # fmt: skip
        monkeypatch.setattr(f"{module}.render", recording_render, raising=False)
    yield seen


def too_wide(mail: EmailMessage) -> list[str]:
    return [
        line
        for line in body_of(mail).splitlines()
        if len(line) > WIDTH and not line.startswith("> ")
    ]


def scheduler_round(judge: JudgeHarness) -> list[EmailMessage]:
    """One scheduler round; the mails it queued."""
    with judge.sessions() as session:
        before = session.scalar(select(func.max(OutboxMessage.id))) or 0
        run_due_games(session, judge.clock, judge.config, judge.variants)
        rows = session.scalars(select(OutboxMessage).where(OutboxMessage.id > before)).all()
        return [cast(EmailMessage, message_from_bytes(r.message, policy=default)) for r in rows]


def check(mails: list[EmailMessage]) -> list[EmailMessage]:
    for mail in mails:
        assert too_wide(mail) == [], mail["Subject"]
        if mail.get_content_type() == "text/plain":
            assert mail["Content-Transfer-Encoding"] in ("7bit", "8bit"), mail["Subject"]
    return mails


# The longest values a mail can hold: a game name of 20 characters (the most CREATE
# takes) and the longest time zone name, which every deadline line then shows.
LONGEST_GAME = "abcdefghij-klmnopqrs"
LONGEST_ZONE = "America/Argentina/ComodRivadavia"


def play_a_standard_year(
    judge: JudgeHarness, check: Callable[[list[EmailMessage]], object], game: str = "g1",
    zone: str | None = None,
) -> None:
    """A tour of the mails of a standard game year, each batch handed to `check`:
    HELP and its topics, the start, the master's settings, LIST and HISTORY (with an
    unknown command), orders with press, a reminder, late notices, four phases, and
    a draw. The English and the French template tests both take it. With `zone`,
    the master and every player read their mail in that time zone."""
    check(judge.send("new@example.org", "HELP"))
    for topic in default_registry().help_topics():
        check(judge.send("new@example.org", f"HELP {topic}"))
    check(judge.send("new@example.org", "HELP SET DIAS"))  # one command's page
    judge.start_game(game)
    if zone is not None:
        for power, player in judge.players.items():
            signon = f"SIGNON {power[0]}{game} {player.password}"
            check(judge.send(player.address, f"{signon}\nSET TIMEZONE {zone}"))
        check(judge.send("gm@example.org", f"SIGNON M{game} gmpass\nSET TIMEZONE {zone}"))
    check(judge.send("gm@example.org", f"SIGNON M{game} gmpass\nSET GRACE 24h\nSET MOVE NEXT 2d"))
    check(judge.send("new@example.org", f"LIST\nLIST {game}\nHISTORY {game}\nSUMMARY {game}\nFOO"))
    france = judge.players["France"]
    orders = f"SIGNON F{game} {france.password}\nA PAR-BUR\nA MUN-RUH\nPRESS\nHi\nENDPRESS"
    check(judge.send(france.address, orders))
    judge.clock.advance(timedelta(days=2, hours=23))  # the reminder
    check(scheduler_round(judge))
    judge.clock.advance(timedelta(days=1, hours=1))  # the deadline: late notices
    check(scheduler_round(judge))
    for _ in range(4):
        check(judge.play_phase(game))
    check(judge.send("new@example.org", f"LIST {game}\nHISTORY {game}\nSUMMARY {game}"))
    for power, player in judge.players.items():
        check(judge.send(player.address, f"SIGNON {power[0]}{game} {player.password}\nDRAW"))
