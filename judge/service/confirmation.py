"""Confirmed addresses: no ongoing game mail to an address that has not shown it
reads the judge's mail (spec: "Confirmed addresses").

The From address proves nothing, so anyone can make the judge write to anyone:
OBSERVE with a forged From, SIGNON ?game, SET ADDRESS, SET ZINE. The one reply to
each mail still goes (to the From address, never to the forger). Anything more, a
game's broadcasts, results and press, goes only to addresses that are confirmed
and have not said STOP. The first time game mail would go to an unconfirmed
address (or when an address joins, observes, is set as a player's address or a
zine), the judge sends it one confirmation request with a code instead. `CONFIRM
code` from that address, or a reply to the request (In-Reply-To), confirms it for
the whole judge. Until then a forming game does not start on its seat.

`STOP` stops all game mail to the sender's address; only a `CONFIRM code` (or a
reply to the request) starts it again, so that mail forged in the address's name
cannot turn its game mail back on. The reply to STOP carries the code: it goes to
the address itself, never to a forger.

`[security] confirm_addresses = false` turns confirmation off (a closed judge);
STOP still holds.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from judge.config import Config
from judge.language.command_types import Confirm, Stop, Unobserve
from judge.mail.compose import broadcast_message
from judge.outbound import enqueue
from judge.service.context import MailContext, Note, Refusal, note
from judge.store import games as store
from judge.store.models import Address, Game, GameStatus, Player, PlayerRole, PlayerStatus
from judge.wording.templates import render

REQUEST_KIND = "confirm"
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I
CODE_LENGTH = 8


def _key(address: str) -> str:
    return address.strip().lower()


def _row(session: Session, address: str) -> Address | None:
    return session.get(Address, _key(address))


def _row_or_new(session: Session, address: str) -> Address:
    row = _row(session, address)
    if row is None:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        row = Address(address=_key(address), code=code)
        session.add(row)
        session.flush()
    return row


def is_confirmed(session: Session, config: Config, address: str) -> bool:
    """True when game mail may start going to `address` (or confirmation is off)."""
    if not config.security.confirm_addresses:
        return True
    row = _row(session, address)
    return row is not None and row.confirmed_at is not None


def deliverable(
    session: Session, config: Config, addresses: Iterable[str], now: datetime
) -> list[str]:
    """The addresses game mail may go to: confirmed and not stopped. Each unconfirmed
    one is sent its confirmation request (once) instead."""
    keep = []
    for address in addresses:
        row = _row(session, address)
        if row is not None and row.stopped_at is not None:
            continue
        if is_confirmed(session, config, address):
            keep.append(address)
        else:
            request(session, config, address, now)
    return keep


def request(session: Session, config: Config, address: str, now: datetime) -> bool:
    """Send `address` its confirmation request, unless it was sent (or is not needed).
    True when a request is outstanding for it."""
    if is_confirmed(session, config, address):
        return False
    row = _row_or_new(session, address)
    if row.requested_at is not None:
        return True
    body = render("confirm_request.txt.j2", judge=config.judge.address, code=row.code)
    message = broadcast_message(
        sender=config.judge.address,
        sender_name=config.judge.name,  # "Diplomacy Judge <judge@...>", as every other mail
        to=address,
        subject=f"{config.judge.code}: please confirm your address",
        body=body,
        now=now,
    )
    row.request_message_id = str(enqueue(session, message, REQUEST_KIND, now=now).message_id)
    row.requested_at = now
    return True


def confirm_by_reply(ctx: MailContext, references: Sequence[str]) -> bool:
    """Confirm the sender's address when the mail answers its confirmation request."""
    row = _row(ctx.session, ctx.sender)
    if row is None or row.request_message_id is None or row.confirmed_at is not None:
        return False
    if row.request_message_id not in references:
        return False
    _confirmed(ctx, row)
    return True


def confirm(ctx: MailContext, command: Confirm) -> list[Note]:
    row = _row(ctx.session, ctx.sender)
    if row is None or not secrets.compare_digest(row.code, command.code):
        raise Refusal("bad_confirm_code")
    _confirmed(ctx, row)
    return [note("confirmed", address=ctx.sender)]


def _confirmed(ctx: MailContext, row: Address) -> None:
    row.confirmed_at = row.confirmed_at or ctx.now
    row.stopped_at = None
    for game in _forming_games_of(ctx.session, ctx.sender):
        ctx.touch(game)  # a game waiting for this seat may start after the mail


def _forming_games_of(session: Session, address: str) -> list[Game]:
    query = (
        select(Game)
        .join(Player, Player.game_id == Game.id)
        .where(
            Game.status == GameStatus.FORMING,
            Player.status == PlayerStatus.ACTIVE,
            func.lower(Player.address) == _key(address),
        )
    )
    return list(session.scalars(query).unique())


def stop(ctx: MailContext, command: Stop) -> list[Note]:
    row = _row_or_new(ctx.session, ctx.sender)
    row.stopped_at = ctx.now
    return [note("stopped", code=row.code)]


def unobserve(ctx: MailContext, command: Unobserve) -> list[Note]:
    game = store.get_game(ctx.session, command.game)
    if game is None:
        raise Refusal("no_such_game", game=command.game)
    mine = [
        person
        for person in store.players_of(ctx.session, game, roles=[PlayerRole.OBSERVER])
        if _key(person.address) == _key(ctx.sender)
    ]
    if not mine:
        raise Refusal("not_observing", game=game.name)
    for person in mine:
        person.status = PlayerStatus.RESIGNED
    return [note("unobserved", game=game.name)]


def unconfirmed(session: Session, config: Config, people: Sequence[Player]) -> list[str]:
    """The addresses of `people` that are not confirmed yet."""
    return [p.address for p in people if not is_confirmed(session, config, p.address)]


def confirmation_note(ctx: MailContext, address: str) -> list[Note]:
    """A note for the reply when `address` needs (and was sent) a confirmation request."""
    if request(ctx.session, ctx.config, address, ctx.now):
        return [note("confirm_requested", address=address)]
    return []
