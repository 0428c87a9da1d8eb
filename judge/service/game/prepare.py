"""The read-only step before a batch: do a mail's Argon2 work outside the write lock.

The inbox processor runs each batch of mails in one write transaction, which on
SQLite holds the database's only write lock: a password check there (tens of
milliseconds) stalls the intake, the scheduler and the sender. So, before the
batch, the processor calls `prepare_mail` for each mail in a read-only session:
it reads the mail (the handler takes that reading: `judge.service.reading.kept_readings`),
finds the seat each SIGNON / OBSERVE line would check (by the same rules as the
handler: an observer by the sender's address), and checks the password, or hashes
a password about to be set (CREATE, a join, `SIGNON ?`, OBSERVE, SET PASSWORD), keeping the
results in `judge.service.reading.password_work`. The handler then takes them instead of
hashing under the lock.

The step is bounded like the handler: it stops after the mail's allowed number of
wrong passwords, and does at most `MAX_WORK_PER_MAIL` hashes, whatever the mail
holds; anything not prepared is still computed by the handler.
"""

from __future__ import annotations

import logging

from sqlalchemy.orm import Session

from judge.config import Config
from judge.language import command_types as c
from judge.language.commands import parse_commands
from judge.language.grammar import Grammar
from judge.service.reading.kept_readings import KeptReadings
from judge.service.reading.password_work import PasswordWork
from judge.service.seats.finding import signon_seat, the_observer
from judge.store import games as store
from judge.store.models import InboxMessage, Player
from judge.variants.registry import VariantRegistry

log = logging.getLogger(__name__)

MAX_WORK_PER_MAIL = 8  # Argon2 runs per mail in this step, at most


def prepare_mail(
    session: Session,
    row: InboxMessage,
    config: Config,
    readings: KeptReadings,
    passwords: PasswordWork,
    grammar: Grammar,
    variants: VariantRegistry,
) -> None:
    """Check and hash ahead what handling `row` will need, keeping the mail's reading
    in the handler's `readings` and the Argon2 results in its `passwords`; the mail is
    read with `grammar`, the judge's commands', and `variants`, the judge's registry.
    Never raises."""
    try:
        _prepare(session, row, config, readings, passwords, grammar, variants)
    except Exception:
        log.exception("inbox %s: preparing the password work failed", row.id)


def _prepare(
    session: Session,
    row: InboxMessage,
    config: Config,
    readings: KeptReadings,
    passwords: PasswordWork,
    grammar: Grammar,
    variants: VariantRegistry,
) -> None:
    mail = readings.read_ahead(row, config.judge.address)  # the handler takes this reading
    if mail.must_not_answer or not mail.sender:
        return
    work = failures = 0
    lines = mail.lines[: config.limits.lines_per_mail]
    for parsed in parse_commands(lines, variants, grammar):
        if work >= MAX_WORK_PER_MAIL or failures >= config.limits.failed_passwords_per_mail:
            return
        command = parsed.command
        if isinstance(command, c.Create | c.SetPassword | c.JoinNext):
            # SIGNON ? joins a game where the sender has no seat: a new password
            new = command.new if isinstance(command, c.SetPassword) else command.password
            passwords.hash_ahead(new)
            work += 1
        elif isinstance(command, c.Signon | c.Observe):
            seat = _seat(session, command, mail.sender)
            work += 1
            if seat is None:
                passwords.hash_ahead(command.password)  # a new seat: its password is hashed
            elif not passwords.verify_ahead(seat.password_hash, command.password):
                failures += 1


def _seat(session: Session, command: c.Signon | c.Observe, sender: str) -> Player | None:
    """The seat whose password the line will be checked against (None: a new seat)."""
    game = store.get_game(session, command.game)
    if game is None:
        return None
    if isinstance(command, c.Observe):
        return the_observer(session, game, sender)
    return signon_seat(session, game, command, sender)
