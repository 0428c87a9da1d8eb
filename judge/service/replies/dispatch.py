"""Run one parsed line: find its handler, check who sent it, and make a refused
command change nothing.

Who may send a command is checked here, in one place, before its handler runs: the
command's class declares its audience (`MailCommand.audience`, `refusal_for`), and
a line from anyone else is refused with that audience's error (`Sign on first`,
`Only the master of 'g1' may do that`), at the point where the handler would have
started, so a refused line counts as one (PROCESS once per mail, an order line
refused) exactly as a handler's refusal does.

Each command that may write runs inside a savepoint. A `Refusal` (the sender's
mistake) or an unexpected error (the judge's) rolls the savepoint back, and the
line's effects on the mail (who is signed on, copies, games touched...: an
immutable value the line built, `judge.service.context.Effects`) are dropped
instead of becoming the mail's, so the database and the mail's state are as if the
line had not been sent, and the line's note says what went wrong. Commands that only read
(`READS_ONLY`) have nothing to undo, and run without one: LIST is the commonest
mail of all.
"""

from __future__ import annotations

import logging
import re
import traceback
from dataclasses import dataclass, replace
from typing import Any

from judge.language.command_types import ParsedLine
from judge.service.commands import phase_orders
from judge.service.commands.catalog import judge_commands
from judge.service.commands.registry import CommandRegistry, Handler, MailCommand
from judge.service.context import MailContext, Note, Refusal, Signed, note
from judge.service.replies.echo_secrets import secrets_of

log = logging.getLogger(__name__)

# The judge's commands (`judge.service.commands.catalog`): the parser reads with
# `COMMANDS.grammar`, and a line finds its handler in `COMMANDS.handlers` (`HANDLERS`:
# a test may stand in for one handler there, or for the registry with a copy that
# holds one more command). Both are read when a mail is handled, not when imported.
COMMANDS: CommandRegistry = judge_commands()
HANDLERS: dict[type, Handler[Any]] = COMMANDS.handlers


@dataclass(frozen=True)
class Entry:
    """One echoed line of the reply and what became of it.

    `seat` is whom the line was done as (who the mail was signed on as once the
    line had run), with that seat's address then (`seat_address`): the copy for a
    seat acted in from another address shows its lines (`judge.service.
    seat_copies`). `kind` is the command's type (None: the line was not read), and
    `secrets` the passwords the line holds, masked in every copy.
    """

    text: str
    notes: tuple[Note, ...]
    seat: Signed | None = None
    seat_address: str = ""
    kind: type | None = None
    secrets: tuple[str, ...] = ()

    @property
    def errors(self) -> int:
        return sum(1 for n in self.notes if n.error)

    @property
    def writes(self) -> bool:
        """Whether the line is a command that writes (done or refused), not one that
        only shows something (LIST, HELP, MAP...) nor a line the judge could not read."""
        shows_only = self.kind is None or self.kind in READS_ONLY or self.kind in ANSWERED_ONCE
        return not shows_only

    @property
    def changed(self) -> bool:
        """Whether the line did something (a command that writes, not refused): such
        a line is never left out of a reply (`judge.service.replies.reply_echo`)."""
        return self.writes and self.errors == 0


# Lines that submit orders or bids for the current phase, and the refusals that mean
# "the judge did not take what you ordered": a mail with one of them is not a complete
# submission, so early processing waits for a clean one (`orders.note_refusals`).
ORDER_COMMANDS: frozenset[type] = COMMANDS.kinds("submits_orders")
ORDER_MISTAKES: frozenset[str] = frozenset(
    {"order_unreadable", "order_illegal", "order_refused", "not_your_unit", "waive_which",
     "internal_error", "too_many_adjustments_on_file", "adjustment_not_due", "bid_phase",
     "bid_malformed", "bid_not_a_power", "bid_on_home_power", "bid_not_a_mercenary", "bid_amount",
     "only_players_bid", "nothing_to_withdraw"}
)
# A BID line the command reader could not read (`BID Italy`) is a refused bid line too.
_BID_WORDS = re.compile(r"\s*(?:BIDS?|ENCH[EÈ]RES?)\b", re.IGNORECASE)

# Commands whose handlers never change the database.
READS_ONLY: frozenset[type] = COMMANDS.kinds("reads_only")
# Commands that only show something: the same one twice in a mail is answered once
# (`HELP gm` 500 times must not make a 2 MB reply).
ANSWERED_ONCE: frozenset[type] = COMMANDS.kinds("answered_once")


# Commands that move a game through its phases: one of each per mail and game. The
# work one mail can cause is bounded by counting, not by the watchdog's timer: a
# master's mail of 998 PROCESS lines processes one phase, not 998.
ONCE_PER_GAME: dict[type, str] = {
    kind: COMMANDS.owner_of(kind).name for kind in COMMANDS.kinds("once_per_game")
}


def run_line(ctx: MailContext, parsed: ParsedLine) -> Entry:
    """Run one line; its entry says what became of it, and as whom it was done."""
    entry = _run_line(ctx, parsed, COMMANDS)
    signed = ctx.signed
    return replace(
        entry,
        seat=signed,
        seat_address=signed.player.address if signed is not None else "",
        kind=None if parsed.command is None else type(parsed.command),
        secrets=secrets_of(parsed.command),
    )


def _run_line(ctx: MailContext, parsed: ParsedLine, commands: CommandRegistry) -> Entry:
    if parsed.command is None:
        if _BID_WORDS.match(parsed.text) and ctx.held_phase is None:
            ctx.order_line_read(ctx.signed, refused=True)
        return Entry(parsed.text, (Refusal("parse_error", message=parsed.error or "").note,))
    kind = type(parsed.command)
    # After PHASE, order and bid lines are held for that later phase, not run now.
    held = ctx.held_phase is not None and kind in phase_orders.HELD_COMMANDS
    handler = _admitting(commands.owner_of(kind),
                         phase_orders.hold if held else commands.handlers[kind])  # fmt: skip
    if type(parsed.command) in ANSWERED_ONCE:
        asked = repr(parsed.command)
        if asked in ctx.tally.answered:
            return Entry(parsed.text, (note("answered_above"),))
        ctx.tally.answered.add(asked)
    if type(parsed.command) in READS_ONLY:
        return _read_line(ctx, parsed, handler)
    repeated = _repeated_for_game(ctx, parsed.command)
    if repeated is not None:
        return Entry(parsed.text, (repeated.note,))
    signed = ctx.signed
    is_order = type(parsed.command) in ORDER_COMMANDS and not held
    savepoint = ctx.session.begin_nested()
    ctx.open_line()
    try:
        notes = handler(ctx, parsed.command)
    except Refusal as refusal:
        failure = refusal.note
        spoils_orders = refusal.key in ORDER_MISTAKES
    except Exception:
        log.exception("command %r failed", parsed.text)
        _record_crash(ctx, parsed)
        failure = Refusal("internal_error").note
        spoils_orders = True
    else:
        savepoint.commit()
        ctx.close_line(succeeded=True)
        if is_order:
            ctx.order_line_read(signed, refused=False)
        return Entry(parsed.text, tuple(notes))
    savepoint.rollback()
    ctx.close_line(succeeded=False)
    if is_order:
        ctx.order_line_read(signed, refused=spoils_orders)
    return Entry(parsed.text, (failure,))


def _admitting(command: MailCommand[Any], handler: Handler[Any]) -> Handler[Any]:
    """`handler`, run only for a sender in the command's audience: anyone else's line
    is refused with the audience's error where the handler would have started."""

    def run(ctx: MailContext, parsed: Any, /) -> list[Note]:
        refusal = command.refusal_for(parsed, ctx.signed)
        if refusal is not None:
            raise refusal
        return handler(ctx, parsed)

    return run


def _repeated_for_game(ctx: MailContext, command: object) -> Refusal | None:
    """The refusal of a second PROCESS (or ROLLBACK) for the same game in one mail;
    None for any other line, which is counted here when it is one of them (tried
    is counted: a refused or failed one counts too)."""
    word = ONCE_PER_GAME.get(type(command))
    if word is None or ctx.signed is None:
        return None  # not one of them, or refused for its audience (nobody signed on)
    game = ctx.signed.game
    if (word, game.id) in ctx.tally.once_per_game:
        return Refusal("once_per_mail", command=word, game=game.name)
    ctx.tally.once_per_game.add((word, game.id))
    return None


def _read_line(ctx: MailContext, parsed: ParsedLine, handler: Handler[Any]) -> Entry:
    try:
        notes = handler(ctx, parsed.command)
    except Refusal as refusal:
        return Entry(parsed.text, (refusal.note,))
    except Exception:
        log.exception("command %r failed", parsed.text)
        _record_crash(ctx, parsed)
        return Entry(parsed.text, (Refusal("internal_error").note,))
    return Entry(parsed.text, tuple(notes))


def _record_crash(ctx: MailContext, parsed: ParsedLine) -> None:
    """Keep the traceback: the mail's row is marked `done_with_errors` with it."""
    ctx.tally.internal_errors.append(f"line {parsed.text!r}:\n{traceback.format_exc()}")
