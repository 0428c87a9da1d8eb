"""Whatever is raised while a mail is handled, the judge undoes it and goes on.

A fault is injected at every step of a mail's handling, in turn: every command
handler of the dispatcher's table (so a new command is covered as soon as it is
added, or this test says which sample line it lacks), the writing of the reply and
its enqueueing. Each step raises once an `Exception` (the judge's bug) and once
`MailTooLong` (the watchdog's exception, arriving at that moment), after doing its
real work, so there is something to undo. The mails are generated (seeded): a
SIGNON, the line that reaches the step, and a few harmless lines around it, from the
master or a player of a running game (one its command admits). After each, an
innocent mail from a bystander is handled in the same batch.

What must hold every time: the mail's outcome is recorded and visible (`failed`, or
`done_with_errors` for a command's own `Exception`, whose line alone is undone, as
the dispatcher promises), with the injected fault in its error; a failed mail
changed no game and queued no mail; the bystander's mail is answered; and nothing
holds the database's write lock afterwards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session, sessionmaker
from support.service.command_samples import SAMPLES
from support.service.harness import POWERS, JudgeHarness, build_mail, game_tables
from support.service.writable import assert_writable

import judge.service.replies.handling as handling
from judge.language.commands import parse_commands
from judge.language.grammar import Audience
from judge.server.intake import received
from judge.server.watchdog import MailTooLong
from judge.service.replies.dispatch import COMMANDS, HANDLERS
from judge.store.inbox import store_messages
from judge.store.models import InboxMessage, InboxStatus, OutboxMessage, OutboxStatus
from judge.variants.registry import default_registry

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

# Lines around the one under test that change no game for good.
HARMLESS = ("LIST", "HELP", "SUMMARY g1", "HISTORY g1", "VERSION", "WHOGAME g1", "DRAW",
            "NODRAW", "SET WAIT", "A Vienna - Trieste")  # fmt: skip
BYSTANDER = "bystander@example.org"
MARK = "injected fault"


def _sample_of() -> dict[type, str]:
    """The sample line of each command type (parsed as the judge parses them)."""
    found: dict[type, str] = {}
    for sample in SAMPLES:
        [parsed] = parse_commands(sample.split("\n"), default_registry(), COMMANDS.grammar)
        assert parsed.command is not None, (sample, parsed.error)
        found.setdefault(type(parsed.command), sample)
    return found


def test_every_command_of_the_dispatcher_has_a_sample_line() -> None:
    missing = [kind.__name__ for kind in HANDLERS if kind not in _sample_of()]
    assert not missing, f"add a line for these commands to SAMPLES: {missing}"


@dataclass
class Fault:
    """Raise `error` at the first call of a step, after the step's real work (or its
    refusal: the fault replaces it)."""

    error: type[BaseException]
    fired: int = 0

    def wrap(self, real: Callable[..., Any]) -> Callable[..., Any]:
        def faulty(*args: Any, **kwargs: Any) -> Any:
            if self.fired:
                return real(*args, **kwargs)
            self.fired += 1
            try:
                real(*args, **kwargs)  # its work done, or refused half way
            finally:
                raise self.error(MARK)  # in place of whatever it ended with

        return faulty


@contextmanager
def _at_command(monkeypatch: pytest.MonkeyPatch, kind: type, fault: Fault) -> Iterator[None]:
    with monkeypatch.context() as patch:
        patch.setitem(HANDLERS, kind, fault.wrap(HANDLERS[kind]))
        yield


@contextmanager
def _at_module(
    monkeypatch: pytest.MonkeyPatch, name: str, fault: Fault
) -> Iterator[None]:
    with monkeypatch.context() as patch:
        patch.setattr(handling, name, fault.wrap(getattr(handling, name)))
        yield


def _steps() -> list[tuple[str, type | str]]:
    """Every step a fault is injected at: each command, the reply's writing, its enqueueing."""
    return [*((kind.__name__, kind) for kind in HANDLERS),
            ("reply writing", "reply_message"), ("enqueue", "enqueue_direct")]  # fmt: skip


def _mail_for(step: type | str, rng: random.Random, players: dict[str, Any]) -> tuple[str, str]:
    """A generated mail (sender, body) that reaches `step`: from the master or a
    player, whichever the step's command admits (the dispatcher refuses anyone
    else's line before its handler)."""
    as_master = rng.random() < 0.5
    if isinstance(step, type):
        audience = COMMANDS.owner_of(step).audience
        as_master = {Audience.MASTER: True, Audience.PLAYER: False}.get(audience, as_master)
    if as_master:
        sender, signon = "gm@example.org", "SIGNON Mg1 gmpass"
    else:
        power = rng.choice(POWERS)
        player = players[power]
        sender, signon = player.address, f"SIGNON {player.letter}g1 {player.password}"
    target = _sample_of()[step] if isinstance(step, type) else rng.choice(HARMLESS)
    lines = [signon, target, *rng.sample(HARMLESS, rng.randint(0, 3))]
    if step is type(parse_commands([signon], default_registry(), COMMANDS.grammar)[0].command):
        lines = lines[1:]  # the SIGNON itself is the step
    return sender, "\n".join(lines)


def _store(judge: JudgeHarness, sender: str, body: str) -> int:
    mail = received(bytes(build_mail(sender, body)), sender, [judge.config.judge.address])
    [inbox_id] = store_messages(judge.sessions, [mail], judge.clock.now())
    return inbox_id


def _row(sessions: sessionmaker[Session], inbox_id: int) -> InboxMessage:
    with sessions() as session:
        row = session.get(InboxMessage, inbox_id)
        assert row is not None
        return row


def _queued_since(sessions: sessionmaker[Session], last: int) -> list[str]:
    """The addresses of mail queued (not failed) after outbox row `last`."""
    with sessions() as session:
        return list(session.scalars(
            select(OutboxMessage.to_address).where(
                OutboxMessage.id > last, OutboxMessage.status != OutboxStatus.FAILED)
        ))  # fmt: skip


def _last_outbox(sessions: sessionmaker[Session]) -> int:
    with sessions() as session:
        return session.scalar(select(func.max(OutboxMessage.id))) or 0


def _engine(judge: JudgeHarness) -> Engine:
    bind = judge.sessions.kw["bind"]
    assert isinstance(bind, Engine)
    return bind


@pytest.mark.parametrize("error", [Exception, MailTooLong], ids=["exception", "mail_too_long"])
def test_a_fault_at_any_step_is_undone_recorded_and_the_next_mail_handled(
    judge: JudgeHarness, monkeypatch: pytest.MonkeyPatch, error: type[BaseException]
) -> None:
    players = judge.start_game()
    rng = random.Random(31)
    problems: list[str] = []
    for name, step in _steps():
        fault = Fault(error)
        sender, body = _mail_for(step, rng, players)
        before, last = game_tables(judge.sessions), _last_outbox(judge.sessions)
        injected = (_at_command(monkeypatch, step, fault) if isinstance(step, type)
                    else _at_module(monkeypatch, step, fault))  # fmt: skip
        with injected:
            faulty = _store(judge, sender, body)
            innocent = _store(judge, BYSTANDER, "LIST")
            judge.process_pending()
        assert_writable(_engine(judge))
        row, next_row = _row(judge.sessions, faulty), _row(judge.sessions, innocent)
        queued = _queued_since(judge.sessions, last)
        if not fault.fired:
            problems.append(f"{name}: the mail never reached the step:\n{body}")
            continue
        command_error = error is Exception and isinstance(step, type)
        expected = InboxStatus.DONE_WITH_ERRORS if command_error else InboxStatus.FAILED
        if error is Exception and not isinstance(step, type):
            expected = InboxStatus.DONE  # the reply's recipient is recorded failed instead
        if row.status is not expected:
            problems.append(f"{name}: {row.status}, not {expected}: {row.error}")
        if expected is not InboxStatus.DONE and MARK not in (row.error or ""):
            problems.append(f"{name}: the fault is not in the mail's error: {row.error}")
        if next_row.status is not InboxStatus.DONE:
            problems.append(f"{name}: the next mail is {next_row.status}: {next_row.error}")
        if expected is InboxStatus.FAILED and game_tables(judge.sessions) != before:
            problems.append(f"{name}: a failed mail changed a game")
        if expected is not InboxStatus.DONE_WITH_ERRORS:
            if queued != [BYSTANDER]:  # a reply that failed half way is not queued either
                problems.append(f"{name}: mail queued besides the bystander's reply: {queued}")
    assert not problems, "\n".join(problems)
