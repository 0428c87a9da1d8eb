"""PING, a command no module of the judge declares: the registry tests add it to show
that a command is one class (read, answered, listed by HELP)."""

from __future__ import annotations

from dataclasses import dataclass

from judge.i18n import N_
from judge.language.grammar import Audience
from judge.service.commands.registry import MailCommand
from judge.service.context import MailContext, Note


@dataclass(frozen=True)
class Ping:
    words: str


class PingCommand(MailCommand[Ping]):
    """A command this module alone declares: PING (French COUCOU) answers PONG."""

    name = "PING"
    spellings = {"fr": ("COUCOU",)}
    usage = N_("PING [words]")
    description = N_("the judge answers PONG with your words")
    audience = Audience.ANYONE
    handles = (Ping,)
    reads_only = True

    def read(self, rest: str) -> Ping:
        return Ping(rest)

    def handle(self, ctx: MailContext, command: Ping) -> list[Note]:
        return [Note(f"PONG {command.words}".rstrip())]
