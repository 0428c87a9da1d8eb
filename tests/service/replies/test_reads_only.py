"""The commands run without a savepoint (`READS_ONLY`) must never write: each one,
on a game in progress and on a missing game, issues no INSERT, UPDATE or DELETE."""

from __future__ import annotations

import pytest
from sqlalchemy import event
from sqlalchemy.orm import Session, sessionmaker
from support.language.parsing import GRAMMAR, VOCABULARY
from support.service.harness import JudgeHarness

from judge.language.commands import parse_commands
from judge.outbox.gate import no_mail_in
from judge.service.context import MailContext
from judge.service.replies.dispatch import READS_ONLY, run_line

LINES = ["HELP", "HELP orders", "LIST", "LIST g1", "LIST nosuch", "HISTORY g1",
         "HISTORY nosuch", "SUMMARY g1", "SUMMARY nosuch", "SIGNOFF",
         "VERSION", "WHOGAME g1", "HISTORY"]  # fmt: skip


@pytest.mark.parametrize("line", LINES)
def test_a_read_only_command_writes_nothing(
    judge: JudgeHarness, sessions: sessionmaker[Session], line: str
) -> None:
    judge.start_game()
    [parsed] = parse_commands([line], VOCABULARY, GRAMMAR)
    assert type(parsed.command) in READS_ONLY
    writes: list[str] = []
    with sessions.begin() as session:
        connection = session.connection()

        def note_writes(*args: object) -> None:
            statement = str(args[2]).lstrip().upper()
            if statement.startswith(("INSERT", "UPDATE", "DELETE")):
                writes.append(statement)

        event.listen(connection, "before_cursor_execute", note_writes)
        ctx = MailContext(session=session, config=judge.config, now=judge.clock.now(),
                          sender="ann@example.org", variants=judge.variants,
                          gate=no_mail_in())  # fmt: skip
        entry = run_line(ctx, parsed)
        session.flush()
        assert not (session.new or session.dirty or session.deleted)
        event.remove(connection, "before_cursor_execute", note_writes)
    assert entry.notes
    assert writes == []


def test_every_read_only_command_is_covered_above() -> None:
    covered = {type(parse_commands([line], VOCABULARY, GRAMMAR)[0].command) for line in LINES}
    assert covered == READS_ONLY
