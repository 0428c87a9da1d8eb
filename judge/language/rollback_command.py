"""Reading the master's `ROLLBACK [phase]` (njudge's `ROLLBACK turn`).

The phase is a phase code as the judge shows it (`S1902M`, `F1902R`, `W1902A`,
Intimate's `S1902B`); njudge's `S1902A` for a bid phase reads as `S1902B`. With no
phase the game goes back one phase. Whether the phase is one the game can go back
to is the service's business (`judge.service.commands.rollback`).
"""

from __future__ import annotations

from judge.language.arguments import CommandError, words
from judge.language.command_types import Rollback
from judge.rules.state import Phase


def rollback_command(rest: str) -> Rollback:
    given = words(rest)
    if not given:
        return Rollback()
    if len(given) != 1:
        raise CommandError("rollback_usage")
    try:
        return Rollback(Phase.parse(given[0]).code)
    except ValueError:
        raise CommandError("rollback_usage") from None
