"""The copy a seat's own address gets of what a mail from another address did in its name.

A master who writes `BECOME France` acts as France's player for the lines that
follow; someone who signs on to a seat from another address acts in that seat's
name. Nothing may be done in a player's name unseen, so the seat's registered
address gets a copy (`MailContext.copy_to`, confirmed addresses only). The copy
is not the sender's reply: it shows

* the lines done in that seat's name (from the BECOME or SIGNON that entered it
  to the next line that left it), each with what became of it, cut as a reply is
  but never silently (`judge.service.replies.reply_echo.copy_screenful`: a screenful,
  then every line that did or tried to do something, and a count of the rest);
* the notes at the end of the mail that concern that seat (its current orders)
  or its game (a start, an early processing);
* no password (`judge.service.replies.echo_secrets`): not the master's from the SIGNON
  before BECOME, not another seat's, not the one SET PASSWORD gave;
* nothing of the lines done as anyone else: the master's own commands (a master's
  WHOGAME of a gunboat game lists every address) stay in the master's reply, and
  a line read as the player shows what the player may see.

The copy is worded in the seat's player's language; the sender's reply in the
sender's (`sender_seat`: a master's reply stays the master's after BECOME).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from judge.language.command_types import Become
from judge.service.context import MailContext, Note, Signed
from judge.service.replies.dispatch import Entry
from judge.service.replies.echo_secrets import copy_line, masked
from judge.service.replies.reply_echo import copy_screenful
from judge.service.seats.reader_preferences import reader_of
from judge.store.game_settings import GameSettings
from judge.wording.readers import Reader
from judge.wording.templates import render, render_macro

NOTES = "notes.txt.j2"


@dataclass(frozen=True)
class TrailerNote:
    """A note of the reply's end, with the seat (player id) or game it concerns, if
    any: a copy shows the notes of its seats and of their games."""

    note: Note
    seat_id: int | None = None
    game_id: int | None = None


@dataclass(frozen=True)
class SeatCopy:
    """One reply to queue: its address, subject, body, error count and reader."""

    to: str
    subject: str
    body: str
    errors: int
    reader: Reader


def sender_seat(entries: Sequence[Entry], sender: str) -> Signed | None:
    """The last seat of the mail's sender's own address that the mail acted as (a
    master's seat, after a BECOME too), or None when it acted as none of them."""
    key = sender.lower()
    for entry in reversed(entries):
        if entry.seat is not None and entry.seat_address.lower() == key:
            return entry.seat
    return None


def seat_copies(
    ctx: MailContext,
    subject: str,
    entries: Sequence[Entry],
    trailer: Sequence[TrailerNote],
    addresses: Iterable[str],
) -> list[SeatCopy]:
    """The copy for each of `addresses` (the confirmed `copy_to`): none for an address
    whose seats the mail did not act in, nor for the sender's own."""
    secrets = {secret for entry in entries for secret in entry.secrets}
    copies: list[SeatCopy] = []
    for address in addresses:
        key = address.lower()
        if key == ctx.sender.lower():
            continue
        seats = {entry.seat.player.id for entry in entries
                 if entry.seat is not None and entry.seat_address.lower() == key}  # fmt: skip
        mine = [entry for entry in entries
                if entry.seat is not None and entry.seat.player.id in seats]  # fmt: skip
        if not mine:
            continue
        body, errors, reader = _copy_body(ctx, mine, trailer, seats, secrets)
        copies.append(SeatCopy(address, masked(subject, secrets), body, errors, reader))
    return copies


def _copy_body(
    ctx: MailContext,
    mine: Sequence[Entry],
    trailer: Sequence[TrailerNote],
    seats: set[int],
    secrets: set[str],
) -> tuple[str, int, Reader]:
    first = mine[0].seat
    assert first is not None  # `mine` holds only entries with a seat
    reader = reader_of(first.game, first.player)
    games = {entry.seat.game.id for entry in mine if entry.seat is not None}
    lines = [replace(entry, text=copy_line(entry.text, entry.kind is not None, secrets))
             for entry in mine]  # fmt: skip
    shown, more = copy_screenful(lines)
    notes = [t.note for t in trailer if t.seat_id in seats or t.game_id in games]
    errors = sum(entry.errors for entry in mine) + sum(n.error for n in notes)
    body = render(
        "reply_copy.txt.j2", reader, intro=_intro(ctx, mine, first, reader), entries=shown,
        trailer=[*more, *notes], errors=errors,
    )  # fmt: skip
    return masked(body, secrets), errors, reader


def _intro(ctx: MailContext, mine: Sequence[Entry], first: Signed, reader: Reader) -> str:
    """Who acted: a master (whose address every player may see in WHOGAME), or
    someone from another address (not named in a gunboat game, where players'
    addresses are hidden from each other)."""
    game = first.game.name
    if any(entry.kind is Become for entry in mine):
        return render_macro(NOTES, "copy_by_master", reader, game=game, sender=ctx.sender)
    hidden = GameSettings.of(first.game).gunboat
    sender = "" if hidden else ctx.sender
    return render_macro(NOTES, "copy_by_address", reader, game=game, sender=sender)
