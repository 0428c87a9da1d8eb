"""Shapes many commands share: one that takes nothing after its keyword."""

from __future__ import annotations

from typing import TypeVar

from judge.language.arguments import no_arguments
from judge.service.commands.registry import MailCommand

T = TypeVar("T")


class NoArguments(MailCommand[T]):
    """A command that refuses any text after its keyword rather than guess (`DRAW F G`
    is not a draw between France and Germany): `made` is what it reads as."""

    def made(self) -> T:
        raise NotImplementedError

    def read(self, rest: str) -> T:
        no_arguments(self.name, rest)
        return self.made()
