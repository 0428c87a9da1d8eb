"""What the inbox processor runs for each stored mail: a `Handler`, with two steps.

`prepare` does the slow, read-only work of a mail (reading it, hashing the passwords
it gives) in a read-only session, before the batch takes the write lock; `handle`
applies it to the games in the batch's write transaction (one savepoint per mail). It
must not commit or roll back the session, and returns None when the mail was handled
in full, else what became of it. The service's handler is
`judge.service.replies.service_handler.ServiceHandler`; the command line builds it.

A plain function may stand for a handler that has nothing to read ahead (the tests'
probes, the benches): `as_handler` gives it a `prepare` that does nothing. The
processor asks a handler for its steps by this protocol, never by looking for an
attribute on a function.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from sqlalchemy.orm import Session

from judge.clock import Clock
from judge.config import Config
from judge.store.inbox import Outcome
from judge.store.models import InboxMessage

HandleMail = Callable[[Session, InboxMessage, Clock, Config], Outcome | None]


@runtime_checkable
class Handler(Protocol):
    """The two steps of handling one stored mail (see the module's docstring)."""

    def prepare(self, session: Session, row: InboxMessage, config: Config) -> None: ...

    def handle(
        self, session: Session, row: InboxMessage, clock: Clock, config: Config
    ) -> Outcome | None: ...


@dataclass(frozen=True)
class HandleOnly:
    """A handler made of one function: nothing to read ahead, all done in `handle`."""

    handle_mail: HandleMail

    def prepare(self, session: Session, row: InboxMessage, config: Config) -> None:
        """Nothing: the function reads the mail when it handles it."""

    def handle(
        self, session: Session, row: InboxMessage, clock: Clock, config: Config
    ) -> Outcome | None:
        return self.handle_mail(session, row, clock, config)


def as_handler(given: Handler | HandleMail) -> Handler:
    """`given` as a `Handler`: itself, or a plain function wrapped in `HandleOnly`."""
    return given if isinstance(given, Handler) else HandleOnly(given)
