"""One received mail in, one reply out: the entry point the inbox worker calls.

The mail is read (MIME via `judge.mail.read`), checked against the sender's hourly
limit, and its commands are run one by one. Then the games it touched get their
chance of early processing, and the reply (with a copy to any registered address
that is not the sender) is queued, all in the caller's transaction.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from sqlalchemy.orm import Session

from judge.clock import Clock
from judge.config import Config
from judge.mail.attachments import attach
from judge.mail.commands import parse_commands
from judge.mail.compose import ReplyFields, reply_bytes, reply_message
from judge.mail.read import IncomingMail, read_message
from judge.mail.templates import render
from judge.outbound import enqueue, enqueue_raw
from judge.service import ratelimit
from judge.service.bounces import handle_bounce, recovered
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.dispatch import Entry, run_line
from judge.service.games import start_if_full
from judge.service.mailing import one_per_address
from judge.service.orders import current_orders, note_refusals
from judge.service.processing import process_if_ready
from judge.store.models import Game, InboxMessage

log = logging.getLogger(__name__)


def handle_inbox_message(
    session: Session, inbox_row: InboxMessage, clock: Clock, config: Config
) -> None:
    """Handle one stored mail: run its commands and queue the reply."""
    now = clock.now()
    if handle_bounce(session, inbox_row, config, now):  # a bounce of our own mail
        return
    mail = read_message(inbox_row.raw, config.judge.address)
    if mail.must_not_answer or not mail.sender:
        log.info("inbox %s: no reply (%s)", inbox_row.id, mail.why or "no sender")
        return
    limit = ratelimit.verdict(session, inbox_row, config, now)
    if limit is not ratelimit.Verdict.UNDER:
        ratelimit.send_notice(session, config, mail.sender, now)
        if limit is ratelimit.Verdict.OVER:
            return
    recovered(session, mail.sender)  # mail from an address that bounced: it works again
    ctx = MailContext(session=session, config=config, now=now, sender=mail.sender)
    entries = [run_line(ctx, parsed) for parsed in parse_commands(mail.lines)]
    trailer = _trailer(ctx)
    _reply(ctx, mail, entries, trailer)


def _trailer(ctx: MailContext) -> list[Note]:
    """After the last line: each player's current orders, then the games the mail
    touched may start, or process their phase early."""
    notes: list[Note] = []
    note_refusals(ctx)
    for signed in ctx.orders_touched.values():
        listing = current_orders(ctx, signed)
        if listing is not None:
            notes.append(note("current_orders", **listing))
    for game in ctx.games_touched.values():
        notes.extend(_guarded(ctx, game, start_if_full))
        notes.extend(_guarded(ctx, game, _early_processing))
    return notes


def _early_processing(ctx: MailContext, game: Game) -> list[Note]:
    done = process_if_ready(ctx.session, ctx.config, game, ctx.now)
    return [note("processed_early", phase=d.phase, next_phase=d.next_phase) for d in done]


def _guarded(
    ctx: MailContext, game: Game, step: Callable[[MailContext, Game], list[Note]]
) -> list[Note]:
    """Run an end-of-mail step in a savepoint: a failure undoes only that step."""
    savepoint = ctx.session.begin_nested()
    try:
        notes = step(ctx, game)
    except Exception:
        log.exception("%s for game %s failed", step.__name__, game.name)
        savepoint.rollback()
        return [Refusal("internal_error").note]
    savepoint.commit()
    return notes


def _reply(ctx: MailContext, mail: IncomingMail, entries: list[Entry], trailer: list[Note]) -> None:
    errors = sum(entry.errors for entry in entries) + sum(n.error for n in trailer)
    body = render(
        "reply.txt.j2",
        problems=list(mail.problems),
        entries=entries,
        trailer=trailer,
        errors=errors,
    )
    recipients = [mail.sender, *sorted(ctx.copy_to)]
    for to in one_per_address(recipients, str):
        reply = ReplyFields(
            sender=ctx.config.judge.address,
            to=to,
            original_subject=mail.subject,
            in_reply_to=mail.message_id or None,
            references=mail.reply_references,
            body=body,
            error=errors > 0,
            now=ctx.now,
        )
        # The fast path writes the bytes itself (a bare address is its own To address);
        # a reply with files, or one it does not handle, is built as an EmailMessage.
        plain = None if ctx.attachments else reply_bytes(**reply)
        if plain is not None:
            data, message_id = plain
            enqueue_raw(ctx.session, data, to_address=to, message_id=message_id,
                        kind="reply", now=ctx.now)  # fmt: skip
            continue
        message = reply_message(**reply)
        attach(message, ctx.attachments.values())
        enqueue(ctx.session, message, "reply", now=ctx.now)
