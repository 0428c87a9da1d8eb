"""One received mail in, one reply out: the entry point the inbox worker calls.

The mail is read (MIME via `judge.mail.read`), checked against the sender's hourly
limit, and its commands are run one by one. Then the games it touched get their
chance of early processing, and the reply (with a copy to any registered address
that is not the sender) is queued, all in the caller's transaction.

Only a mail handled in full is `done`: the handler returns an `Outcome` for a mail
it declined to answer (`declined`: a robot, a loop, an empty envelope sender, the
hourly limit), one whose commands crashed (`done_with_errors`, with the tracebacks;
the reply says the judge failed on those lines) and one it could not read at all
(`failed`, with the traceback).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from traceback import format_exc

from sqlalchemy.orm import Session

import judge.service.confirming.confirmation as confirmation
import judge.service.limits.declining as declining
import judge.service.replies.dispatch as dispatch
from judge.clock import Clock
from judge.config import Config
from judge.language.command_types import Signon
from judge.language.commands import parse_commands
from judge.mail.attachments import attach
from judge.mail.compose import reply_message
from judge.mail.read import IncomingMail
from judge.outbox.enqueue import enqueue_direct
from judge.outbox.gate import close_gate, no_mail_in, open_gate
from judge.service.commands import passwords
from judge.service.commands.games import signon_password_holds, start_if_full
from judge.service.commands.orders import current_orders, note_refusals
from judge.service.context import MailContext, Note, Refusal, note
from judge.service.game_mail.bounces import handle_bounce, recovered
from judge.service.game_mail.mailing import build_guarded, one_per_address
from judge.service.reading.kept_readings import KeptReadings
from judge.service.reading.password_work import PasswordWork
from judge.service.reading.sender_auth import sender_verified
from judge.service.replies.dispatch import Entry, run_line
from judge.service.replies.held_orders import release_and_process
from judge.service.replies.notice_reader import notice_reader
from judge.service.replies.reply_echo import screenful
from judge.service.replies.seat_copies import SeatCopy, TrailerNote, seat_copies, sender_seat
from judge.service.seats.reader_preferences import reader_of
from judge.store import game_failures
from judge.store.games import games_of_address
from judge.store.inbox import Outcome
from judge.store.models import Game, InboxMessage, InboxStatus, PlayerStatus
from judge.variants.registry import VariantRegistry
from judge.wording.readers import DEFAULT_READER, Reader
from judge.wording.templates import render

log = logging.getLogger(__name__)


EMPTY_ENVELOPE = "an empty envelope sender (MAIL FROM:<>): a bounce or an automatic mail"


def handle_inbox_message(
    session: Session,
    inbox_row: InboxMessage,
    clock: Clock,
    config: Config,
    readings: KeptReadings,
    passwords: PasswordWork,
    variants: VariantRegistry,
) -> Outcome | None:
    """Handle one stored mail: run its commands and queue the reply. None when it was
    handled in full, else what became of it (`declined`, `done_with_errors`, `failed`).
    The mail's reading is taken from the handler's `readings` when its prepare step
    kept one (else read now), and so the Argon2 work from its `passwords`; `variants`
    is the judge's registry, which the handler was built with."""
    now = clock.now()
    # A bounce of our own mail: the MTA's report, handled before (and without) the
    # sender's gate, as no stranger wrote it: its notices go to the games' masters.
    if handle_bounce(session, inbox_row, config, variants, no_mail_in(), now):
        return None
    mail = readings.read_row(inbox_row, config.judge.address)  # read once: kept_readings.py
    if mail.failure:
        return Outcome(InboxStatus.FAILED, mail.failure)
    why = _why_silent(inbox_row, mail)
    if why:
        log.info("inbox %s: no reply (%s)", inbox_row.id, why)
        return Outcome(InboxStatus.DECLINED, f"not answered: {why}")
    gate = open_gate(mail.sender, config.security.confirm_addresses)
    ctx = MailContext(session=session, config=config, now=now, sender=mail.sender,
                      variants=variants, gate=gate, verified=sender_verified(mail, config),
                      password_work=passwords)  # fmt: skip
    try:
        return _handle(ctx, inbox_row, mail)
    finally:
        close_gate(gate)


def _handle(ctx: MailContext, inbox_row: InboxMessage, mail: IncomingMail) -> Outcome | None:
    session, config, now = ctx.session, ctx.config, ctx.now
    limit = declining.verdict(session, inbox_row, config)
    if limit is not declining.Verdict.UNDER:
        lines = mail.lines[: config.limits.lines_per_mail]
        reader = notice_reader(session, mail.sender, lines)
        declining.send_notice(session, config, ctx.gate, mail.sender, now, reader)
        if limit is declining.Verdict.OVER and not _signs_on(ctx, mail.lines):
            passwords.record_failures(ctx)
            return Outcome(InboxStatus.DECLINED, declining.DECLINED)
    recovered(session, mail.sender)  # mail from an address that bounced: it works again
    confirmed = confirmation.confirm_by_reply(ctx, mail.subject)
    entries, stopped = _run_lines(ctx, mail.lines)
    stopped[:0] = confirmed
    passwords.record_failures(ctx)
    trailer = [*(TrailerNote(n) for n in stopped), *_trailer(ctx)]
    _reply(ctx, mail, entries, trailer)
    if ctx.tally.internal_errors:
        return Outcome(InboxStatus.DONE_WITH_ERRORS, "\n".join(ctx.tally.internal_errors))
    return None


def _why_silent(inbox_row: InboxMessage, mail: IncomingMail) -> str:
    """Why this mail gets no reply at all, or "" when it is answered."""
    if inbox_row.mail_from in ("", "<>"):  # "<>": as rows stored before 0007 hold it
        return EMPTY_ENVELOPE
    if mail.must_not_answer or not mail.sender:
        return mail.why or "no sender address"
    return ""


def _signs_on(ctx: MailContext, lines: Sequence[str]) -> bool:
    """Whether the mail's first SIGNON holds the seat's password: such mail is handled
    even over the sender's limit, so that mail forged in a player's name cannot
    silence the player. A wrong password here counts like any other."""
    lines = lines[: ctx.config.limits.lines_per_mail]
    for parsed in parse_commands(lines, ctx.variants, dispatch.COMMANDS.grammar):
        if isinstance(parsed.command, Signon):
            return signon_password_holds(ctx, parsed.command)
    return False


def _run_lines(ctx: MailContext, lines: Sequence[str]) -> tuple[list[Entry], list[Note]]:
    """Run the mail's lines, up to `[limits] lines_per_mail` lines and `commands_per_mail`
    commands, and until the mail gave too many wrong passwords; the notes say where
    reading stopped, and why (once: the reply stays small)."""
    limits = ctx.config.limits
    stopped: list[Note] = []
    if len(lines) > limits.lines_per_mail:
        stopped.append(Refusal("lines_limit", limit=limits.lines_per_mail, total=len(lines)).note)
        lines = lines[: limits.lines_per_mail]
    commands = parse_commands(lines, ctx.variants, dispatch.COMMANDS.grammar)
    if len(commands) > limits.commands_per_mail:
        stopped.append(Refusal("commands_limit", limit=limits.commands_per_mail,
                               total=len(commands)).note)  # fmt: skip
        commands = commands[: limits.commands_per_mail]
    entries = []
    for parsed in commands:
        entries.append(run_line(ctx, parsed))
        if passwords.mail_limit_reached(ctx):
            stopped.append(Refusal("password_limit", limit=limits.failed_passwords_per_mail).note)
            break
    return entries, stopped


def _trailer(ctx: MailContext) -> list[TrailerNote]:
    """After the last line: each player's current orders, then the games the mail
    touched may start, or process their phase early. Each note says the seat or game
    it concerns, for the copies (`judge.service.replies.seat_copies`)."""
    notes: list[TrailerNote] = []
    note_refusals(ctx)
    # Every player who sent order lines, even if all were refused: the listing then
    # says what stands, and what is still missing.
    for signed in {**ctx.tally.orders_sent, **ctx.effects.orders_touched}.values():
        listing = current_orders(ctx, signed)
        seat = signed.player.id
        if listing is not None:
            notes.append(TrailerNote(note("current_orders", **listing), seat_id=seat))
    for game in ctx.effects.games_touched.values():
        for step in (start_if_full, _early_processing):
            notes.extend(TrailerNote(n, game_id=game.id) for n in _guarded(ctx, game, step))
    return notes


def _early_processing(ctx: MailContext, game: Game) -> list[Note]:
    if game_failures.is_parked(ctx.session, game.id):
        return []  # the operator's to take back first (`judge retry --game`)
    done = release_and_process(ctx.session, ctx.config, ctx.variants, ctx.gate, game, ctx.now)
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
        ctx.tally.internal_errors.append(f"{step.__name__} for game {game.name}:\n{format_exc()}")
        savepoint.rollback()
        return [Refusal("internal_error").note]
    savepoint.commit()
    return notes


def reply_reader(ctx: MailContext, entries: Sequence[Entry] = ()) -> Reader:
    """Who reads the reply: the last seat of the sender's own address the mail acted
    as (`sender_seat`: a master stays the master after BECOME), else the person the
    mail ended signed on as (their language, else their game's); after a refused
    SIGNON, the game's language; when the mail named no game (CONFIRM, HELP), the
    language the sender reads in the games they are in, if all agree (a stranger who
    used French command words in `entries`: French); else the default reader."""
    signed = sender_seat(entries, ctx.sender) or ctx.signed
    if signed is None and ctx.tally.named_game is not None:
        return _reader_in_game(ctx, ctx.tally.named_game)
    if signed is None:
        lines = [entry.text for entry in entries]
        french = dispatch.COMMANDS.grammar.writes_french(lines)
        if french and not games_of_address(ctx.session, ctx.sender):
            return Reader(language="fr")  # a stranger who wrote AIDE, LISTE...
        return _reader_from_games(ctx)
    return reader_of(signed.game, signed.player)


def _reader_in_game(ctx: MailContext, game: Game) -> Reader:
    """The sender's reader in `game` (their own language if they have a seat there,
    else the game's)."""
    seats = [player for named, player in games_of_address(ctx.session, ctx.sender)
             if named.id == game.id]  # fmt: skip
    return reader_of(game, seats[0] if seats else None)


def _reader_from_games(ctx: MailContext) -> Reader:
    """The language of the sender's games: those they play, else those they left or
    were ejected from (an ejected player who signs on again reads why in the game's
    language)."""
    seats = games_of_address(ctx.session, ctx.sender)
    active = [(game, player) for game, player in seats if player.status is PlayerStatus.ACTIVE]
    readers = {reader_of(game, player).language for game, player in active or seats}
    if len(readers) == 1:
        return Reader(language=readers.pop())
    return DEFAULT_READER


def _capped(body: str, limit: int, errors: int, reader: Reader) -> str:
    """The reply's body, cut at a line end before `limit` bytes, with a note."""
    data = body.encode("utf-8")
    if len(data) <= limit:
        return body
    head = data[:limit].decode("utf-8", "ignore")
    head = head[: head.rfind("\n") + 1] if "\n" in head else ""
    return head + render("reply_cut.txt.j2", reader, limit=limit, errors=errors)


def _reply(
    ctx: MailContext, mail: IncomingMail, entries: list[Entry], tagged: list[TrailerNote]
) -> None:
    """The sender's reply, and a copy for each confirmed address whose seat the mail
    acted in (`seat_copies`: only the lines done in that seat's name)."""
    trailer = [t.note for t in tagged]
    errors = sum(entry.errors for entry in entries) + sum(n.error for n in trailer)
    reader = reply_reader(ctx, entries)
    shown, more = screenful(entries)
    body = render(
        "reply.txt.j2",
        reader,
        problems=list(mail.problems),
        entries=shown,
        trailer=[*more, *trailer],
        errors=errors,
    )
    confirmed = partial(confirmation.is_confirmed, ctx.session, ctx.config)
    addresses = filter(confirmed, sorted(ctx.effects.copy_to))  # copies: confirmed addresses only
    copies = seat_copies(ctx, mail.subject, entries, tagged, addresses)
    mails = [SeatCopy(mail.sender, mail.subject, body, errors, reader), *copies]
    for one in one_per_address(mails, lambda copy: copy.to):
        capped = _capped(one.body, ctx.config.limits.reply_bytes, one.errors, one.reader)
        one = replace(one, body=capped)
        build_guarded(ctx.session, one.to, "reply", None, ctx.now,
                      partial(_queue_reply, ctx, mail, one))  # fmt: skip


def _queue_reply(ctx: MailContext, mail: IncomingMail, one: SeatCopy) -> None:
    to, body, errors = one.to, one.body, one.errors
    message = reply_message(
        sender=ctx.config.judge.address,
        sender_name=ctx.config.judge.name,
        to=to,
        original_subject=one.subject,
        in_reply_to=mail.message_id or None,
        references=mail.reply_references,
        body=body,
        error=errors > 0,
        now=ctx.now,
    )
    attach(message, ctx.effects.attachments.values())
    enqueue_direct(ctx.session, message, "reply", gate=ctx.gate, now=ctx.now)
