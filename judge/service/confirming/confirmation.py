"""Confirmed addresses: no ongoing game mail to an address that has not shown it
reads the judge's mail (spec: "Confirmed addresses").

The From address proves nothing, so anyone can make the judge write to anyone:
OBSERVE with a forged From, SIGNON ?game, SET ADDRESS, SET ZINE. The one reply to
each mail still goes (to the From address, never to the forger). Anything more, a
game's broadcasts, results and press, goes only to addresses that are confirmed
and have not said STOP; for an address not confirmed yet it is held
(`judge.service.confirming.held_mail`), and sent when the address confirms. The first time
game mail would go to an unconfirmed address (or when an address joins, observes,
is set as a player's address or a zine), the judge sends it one confirmation
request with a code, at most one such request per mail received
(`judge.outbox.gate`). `CONFIRM code` from that address, or a reply to the
request whose Subject still holds the code (the code is the secret only the
request carries), confirms it for the whole judge. Until then a forming game does
not start on its seat.

Confirming that an address reads the judge is not asking for every game: an
address has asked for a game once it holds a seat in it or is its zine
(`judge.outbox.asking`), and at most one mail per mail in goes to an address that
has not asked for the game the mail is about (`judge.outbox.gate`). What an address
may lose by mail forged in its name (STOP, UNOBSERVE), what seats it in a game it
has not asked for (SIGNON ?game, OBSERVE from a sender the MTA did not verify) and
what points mail at an address (SET ADDRESS, SET ZINE to an address that is not
confirmed and asking for the game) waits for that address to confirm, with a code
of its own (`judge.service.confirming.pending_actions`).

`[security] confirm_addresses = false` turns confirmation off (a closed judge);
STOP still needs its confirmation.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable, Sequence
from datetime import datetime

from sqlalchemy.orm import Session

import judge.service.confirming.held_mail as held_mail
import judge.service.confirming.pending_actions as pending_actions
from judge.config import Config
from judge.language.command_types import Confirm, Stop, Unobserve
from judge.mail.compose import broadcast_message
from judge.outbox.asking import has_asked
from judge.outbox.enqueue import enqueue
from judge.outbox.gate import CONFIRM_KIND, Gate, may_request
from judge.service.context import MailContext, Note, Refusal, note
from judge.store import games as store
from judge.store.models import Address, Game, Player, PlayerRole, PlayerStatus
from judge.wording.readers import DEFAULT_READER, Reader
from judge.wording.subjects import judge_subject
from judge.wording.templates import render

REQUEST_KIND = CONFIRM_KIND
CODE_ALPHABET = pending_actions.CODE_ALPHABET
CODE_LENGTH = pending_actions.CODE_LENGTH
_CODE_WORD = re.compile(rf"\b[{CODE_ALPHABET}]{{{CODE_LENGTH}}}\b")


def _key(address: str) -> str:
    return address.strip().lower()


def _row(session: Session, address: str) -> Address | None:
    return session.get(Address, _key(address))


def _row_or_new(session: Session, address: str) -> Address:
    row = _row(session, address)
    if row is None:
        row = Address(address=_key(address), code=pending_actions.new_code())
        session.add(row)
        session.flush()
    return row


def is_confirmed(session: Session, config: Config, address: str) -> bool:
    """True when game mail may start going to `address` (or confirmation is off)."""
    if not config.security.confirm_addresses:
        return True
    row = _row(session, address)
    return row is not None and row.confirmed_at is not None


def asks_for(session: Session, config: Config, address: str, game: Game) -> bool:
    """True when `address` may be given a seat in `game` or its zine at once, with no
    request of its own: confirmation is off, or the address is confirmed and asked
    for the game already (a seat in it, its zine)."""
    if not config.security.confirm_addresses:
        return True
    return is_confirmed(session, config, address) and has_asked(session, address, game.id)


def seats_at_once(ctx: MailContext, game: Game) -> bool:
    """Whether a SIGNON ?game or OBSERVE from the sender seats it at once: confirmation
    is off, the MTA verified the sender (`ctx.verified`: its From is not forged), or
    the sender asked for the game already. Else it waits for the sender's CONFIRM."""
    if not ctx.config.security.confirm_addresses or ctx.verified:
        return True
    return has_asked(ctx.session, ctx.sender, game.id)


def is_stopped(session: Session, address: str) -> bool:
    row = _row(session, address)
    return row is not None and row.stopped_at is not None


def deliverable(
    session: Session,
    config: Config,
    gate: Gate,
    addresses: Iterable[str],
    now: datetime,
    reader: Reader = DEFAULT_READER,
) -> tuple[list[str], list[str]]:
    """The addresses game mail may go to now (confirmed, not stopped), and those it
    is held for (not confirmed yet, not stopped). Each of the latter is sent its
    confirmation request (once, within the per-mail limit), in `reader`'s language
    (the game's)."""
    send, hold = [], []
    for address in addresses:
        if is_stopped(session, address):
            continue
        if is_confirmed(session, config, address):
            send.append(address)
        else:
            hold.append(address)
            request(session, config, gate, address, now, reader)
    return send, hold


def request(
    session: Session, config: Config, gate: Gate, address: str, now: datetime,
    reader: Reader = DEFAULT_READER,
) -> bool:
    """Send `address` its confirmation request, unless it was sent (or is not needed,
    or this mail already wrote to a stranger). True when a request is outstanding.
    The request is in `reader`'s language: that of the game that asked for it."""
    if is_confirmed(session, config, address):
        return False
    row = _row_or_new(session, address)
    if row.requested_at is not None:
        return True
    if not may_request(session, gate, address):
        return False
    body = render("confirm_request.txt.j2", reader, judge=config.judge.address, code=row.code)
    message = broadcast_message(
        sender=config.judge.address,
        sender_name=config.judge.name,  # "Diplomacy Judge <judge@...>", as every other mail
        to=address,
        subject=judge_subject(
            config.judge.code, f"please confirm your address ({row.code})", reader.language
        ),
        body=body,
        now=now,
    )
    queued = enqueue(session, message, REQUEST_KIND, gate=gate, now=now)
    row.request_message_id = str(queued.message_id)
    row.requested_at = now
    return True


def confirm_by_reply(ctx: MailContext, subject: str) -> list[Note]:
    """Confirm what the mail answers: a reply to a request keeps the request's code in
    its Subject (`Re: ... (CODE)`); the code, not the thread, proves the mail came
    from a reader of that request. The notes say what was confirmed."""
    codes = set(_CODE_WORD.findall(subject.upper()))
    if not codes:
        return []
    row = _row(ctx.session, ctx.sender)
    notes: list[Note] = []
    if row is not None and row.confirmed_at is None and row.requested_at is not None:
        if any(secrets.compare_digest(row.code, code) for code in codes):
            _confirmed(ctx, row)
            notes.append(note("confirmed", address=ctx.sender))
    for code in sorted(codes):
        action = pending_actions.find(ctx.session, ctx.sender, code)
        if action is not None:
            notes.extend(_apply(ctx, action))
    return notes


def confirm(ctx: MailContext, command: Confirm) -> list[Note]:
    code = command.code.upper()
    action = pending_actions.find(ctx.session, ctx.sender, code)
    if action is not None:
        return _apply(ctx, action)
    row = _row(ctx.session, ctx.sender)
    if row is None or not secrets.compare_digest(row.code, code):
        raise Refusal("bad_confirm_code")
    _confirmed(ctx, row)
    return [note("confirmed", address=ctx.sender)]


def _apply(ctx: MailContext, action: pending_actions.PendingAction) -> list[Note]:
    """Carry out a confirmed action; its confirmation also confirms the address."""
    row = _row_or_new(ctx.session, ctx.sender)
    if row.confirmed_at is None:
        _confirmed(ctx, row)
    return pending_actions.apply(ctx, action, row)


def _confirmed(ctx: MailContext, row: Address) -> None:
    row.confirmed_at = row.confirmed_at or ctx.now
    row.stopped_at = None
    held_mail.release(ctx.session, row.address, ctx.now)
    for game in store.forming_games_of(ctx.session, ctx.sender):
        ctx.touch(game)  # a game waiting for this seat may start after the mail


def stop(ctx: MailContext, command: Stop) -> list[Note]:
    """STOP from an address: it takes effect once that address confirms (the code goes
    in this reply, to the address itself, never to a forger)."""
    action = pending_actions.hold(ctx, ctx.sender, pending_actions.STOP)
    return [note("stop_pending", code=action.code)]


def unobserve(ctx: MailContext, command: Unobserve) -> list[Note]:
    game = store.get_game(ctx.session, command.game)
    if game is None:
        raise Refusal("no_such_game", game=command.game)
    if not observing(ctx.session, game, ctx.sender):
        raise Refusal("not_observing", game=game.name)
    action = pending_actions.hold(ctx, ctx.sender, pending_actions.UNOBSERVE, game=game)
    return [note("unobserve_pending", game=game.name, code=action.code)]


def observing(session: Session, game: Game, address: str) -> list[Player]:
    """The active observer seats of `address` in `game`."""
    return [
        person
        for person in store.players_of(session, game, roles=[PlayerRole.OBSERVER])
        if _key(person.address) == _key(address) and person.status is PlayerStatus.ACTIVE
    ]


def unconfirmed(session: Session, config: Config, people: Sequence[Player]) -> list[str]:
    """The addresses of `people` that are not confirmed yet."""
    return [p.address for p in people if not is_confirmed(session, config, p.address)]


def confirmation_note(
    ctx: MailContext, address: str, reader: Reader = DEFAULT_READER
) -> list[Note]:
    """A note for the reply when `address` needs (and was sent) a confirmation request
    (in `reader`'s language)."""
    if request(ctx.session, ctx.config, ctx.gate, address, ctx.now, reader):
        return [note("confirm_requested", address=address)]
    if not is_confirmed(ctx.session, ctx.config, address):
        return [note("confirm_not_sent", address=address)]
    return []
