"""The service's inbox handler: the processor's two steps for one stored mail.

`prepare` is `judge.service.game.prepare.prepare_mail` (read the mail, hash the
passwords it gives, in the processor's read-only session, before the batch's write
transaction); `handle` is `judge.service.replies.handling.handle_inbox_message` (apply it to the
games, in the batch's transaction). The processor takes any object with these two
methods (`judge.server.handler_protocol.Handler`); the command line builds this one.

Called as a function, it handles (with nothing read ahead: `handle` reads what
`prepare` did not), as the tests and benches that call the service's handler do.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

import judge.service.replies.dispatch as dispatch
from judge.clock import Clock
from judge.config import Config
from judge.service.game.prepare import prepare_mail
from judge.service.reading.kept_readings import KeptReadings
from judge.service.reading.password_work import PasswordWork
from judge.service.replies.handling import handle_inbox_message
from judge.store.inbox import Outcome
from judge.store.models import InboxMessage
from judge.variants.registry import VariantRegistry


class ServiceHandler:
    """Reads a mail ahead (`prepare`), then applies it to the games (`handle`). The
    readings and Argon2 results kept between the two steps are this handler's own;
    `variants` is the judge's registry (the command line builds it, and the handler with
    it), which both steps read the mail and the games with."""

    def __init__(self, variants: VariantRegistry) -> None:
        self.variants = variants
        self.readings = KeptReadings()
        self.passwords = PasswordWork()

    def prepare(self, session: Session, row: InboxMessage, config: Config) -> None:
        prepare_mail(session, row, config, self.readings, self.passwords,
                     dispatch.COMMANDS.grammar, self.variants)  # fmt: skip

    def handle(
        self, session: Session, row: InboxMessage, clock: Clock, config: Config
    ) -> Outcome | None:
        return handle_inbox_message(session, row, clock, config, self.readings, self.passwords,
                                    self.variants)  # fmt: skip

    def __call__(
        self, session: Session, row: InboxMessage, clock: Clock, config: Config
    ) -> Outcome | None:
        return self.handle(session, row, clock, config)
