"""One command in one place: the class a mail command is, and the registry of them all.

A command is a subclass of `MailCommand[T]`, `T` the typed value its reader makes:
the class carries its keyword (`name`), its spellings in each language, its usage
line and one-line description (English, marked with `N_` for the catalogs), who may
send it (`audience`: the dispatcher refuses anyone else before the handler runs),
its reader (`read`, or `read_words` when it needs the variants' words) and
its handler (`handle`). An alias with its own keyword is a subclass that changes the
name and the reading (`SET DRAW` of `DRAW`, `WITHDRAW` of `RESIGN`), as Mailman 3's
email commands do. The classes are collected from the modules of
`judge.service.commands.catalog`, in order; the registry builds the parser's
`Grammar` and the dispatcher's handler table from them, so adding a command is adding
one class (see docs/commands.md, "Adding a command").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import Any, Generic, Protocol, TypeVar

from judge.language.grammar import Audience, Grammar, Words
from judge.service.commands.audience import outsider_refusal
from judge.service.context import MailContext, Note, Refusal, Signed

T = TypeVar("T")
T_contra = TypeVar("T_contra", contravariant=True)


class Handler(Protocol[T_contra]):
    """What runs one parsed command of type `T_contra` for a mail: its notes, or a
    `Refusal` raised."""

    def __call__(self, ctx: MailContext, command: T_contra, /) -> list[Note]: ...


class MailCommand(Generic[T]):
    """A command of the mail language: override the class attributes, `read` (or
    `read_words`) and `handle`.

    `handles` lists the types the handler takes (those the reader makes). The flags
    say how the dispatcher runs the command: `reads_only` (never writes: no
    savepoint), `answered_once` (shown once per mail), `once_per_game` (moves a game
    through its phases: once per mail and game), `submits_orders` (an order or bid
    line: a refused one keeps early processing waiting); `in_create` marks a game
    setting CREATE takes as an option.
    """

    name: str
    spellings: Mapping[str, tuple[str, ...]] = MappingProxyType({})
    usage: str
    description: str
    audience: Audience
    handles: tuple[type, ...]
    in_create: bool = False
    reads_only: bool = False
    answered_once: bool = False
    once_per_game: bool = False
    submits_orders: bool = False

    def read(self, rest: str) -> T:
        """The command for the text after the keyword; `CommandError` if unreadable."""
        raise NotImplementedError(f"{type(self).__name__} reads no line of its own")

    def read_words(self, rest: str, words: Words) -> T:
        """`read`, for a reader that needs the variants' words or the grammar."""
        return self.read(rest)

    def refusal_for(self, command: T, signed: Signed | None) -> Refusal | None:
        """Why a line of this command from `signed` (None: nobody signed on) is refused
        before its handler runs; None when `audience` holds the sender. The
        dispatcher asks it of every line, so the handler finds the seat it needs
        (`ctx.seat(audience)`) without checking it."""
        return outsider_refusal(self.audience, signed)

    def handle(self, ctx: MailContext, command: T) -> list[Note]:
        raise NotImplementedError(f"{type(self).__name__} has no handler")


class RegistryError(Exception):
    """Two commands claim one keyword or one parsed type with different handlers."""


def commands_of(modules: Iterable[ModuleType]) -> list[MailCommand[Any]]:
    """An instance of each command class defined in `modules`, in the order they
    are written (a class that names no keyword of its own, a shared base, is not
    one)."""
    found: list[MailCommand[Any]] = []
    for module in modules:
        for value in vars(module).values():
            if (isinstance(value, type) and issubclass(value, MailCommand)
                    and value.__module__ == module.__name__ and "name" in vars(value)):
                found.append(value())
    return found


@dataclass(frozen=True, eq=False)
class CommandRegistry:
    """The commands of a judge: the parser's grammar and the dispatcher's table.

    `handlers` is a plain dict so that a test may stand in for one handler
    (`monkeypatch.setitem`); `with_command` gives a copy with one more command.
    """

    commands: tuple[MailCommand[Any], ...]
    grammar: Grammar = field(init=False)
    handlers: dict[type, Handler[Any]] = field(init=False)
    owners: dict[type, MailCommand[Any]] = field(init=False)

    def __post_init__(self) -> None:
        _check_unique_names(self.commands)
        object.__setattr__(self, "grammar", Grammar(self.commands))
        object.__setattr__(self, "handlers", _handler_table(self.commands))
        owners: dict[type, MailCommand[Any]] = {}
        for command in self.commands:
            for kind in command.handles:
                owners.setdefault(kind, command)
        object.__setattr__(self, "owners", owners)

    def with_command(self, command: MailCommand[Any]) -> CommandRegistry:
        return CommandRegistry((*self.commands, command))

    def owner_of(self, kind: type) -> MailCommand[Any]:
        """The first command whose handler takes `kind` (its audience is the one the
        dispatcher checks for a line of that type)."""
        return self.owners[kind]

    def kinds(self, flag: str) -> frozenset[type]:
        """The parsed types of the commands with `flag` set (`reads_only`...)."""
        return frozenset(kind for command in self.commands if getattr(command, flag)
                         for kind in command.handles)  # fmt: skip


def _check_unique_names(commands: Iterable[MailCommand[Any]]) -> None:
    seen: set[str] = set()
    for command in commands:
        if command.name in seen:
            raise RegistryError(f"two commands are named {command.name}")
        seen.add(command.name)


def _handler_table(commands: Iterable[MailCommand[Any]]) -> dict[type, Handler[Any]]:
    table: dict[type, Handler[Any]] = {}
    owners: dict[type, MailCommand[Any]] = {}
    for command in commands:
        for kind in command.handles:
            owner = owners.setdefault(kind, command)
            if type(owner).handle is not type(command).handle:
                raise RegistryError(f"{kind.__name__} has two handlers: "
                                    f"{owner.name}'s and {command.name}'s")  # fmt: skip
            table.setdefault(kind, owner.handle)
    return table
