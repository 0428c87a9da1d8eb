"""Changes that wait for the confirmation of the address they concern.

Mail forged in an address's name must not take its game mail away (STOP,
UNOBSERVE), nor sign it up for a game it never asked for (SIGNON ?game, OBSERVE
from an address that has not asked for that game: `judge.outbox.asking`), and no
command may point game mail at an address that never asked for it (SET ADDRESS,
SET ZINE to an address that is not confirmed and in the game). Each such command is
kept here with a code of its own, made with `secrets`; the code goes only to the
address concerned (STOP and UNOBSERVE: in the reply to it, which goes to the
address itself; SIGNON ?game, OBSERVE, SET ADDRESS and SET ZINE: in one
confirmation request to that address, within the per-mail limit of
`judge.outbox.gate`). `CONFIRM code` from that address, or a reply to the request
keeping the code in its Subject, carries the change out (as Mailman does for an
unsubscription), and sends the mail held for that address in that game. A pending
change that is never confirmed does nothing; it is forgotten after `MAX_AGE`.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from datetime import timedelta

from sqlalchemy.orm import Session

import judge.service.confirming.held_mail as held_mail
from judge.mail.compose import broadcast_message
from judge.outbox.enqueue import enqueue
from judge.outbox.gate import CONFIRM_KIND, may_request
from judge.service.context import MailContext, Note, note
from judge.service.seats.pending_seats import take_seat
from judge.service.seats.reader_preferences import reader_of
from judge.store.game_settings import GameSettings
from judge.store.models import (
    Address,
    Game,
    PendingAction,
    Player,
    PlayerRole,
    PlayerStatus,
)
from judge.store.pending_action_rows import open_action, open_actions_of
from judge.wording.subjects import judge_subject
from judge.wording.templates import render

__all__ = ["PendingAction"]

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I
CODE_LENGTH = 8  # 40 bits: one guess per mail
MAX_AGE = timedelta(days=7)
STOP, UNOBSERVE, SET_ADDRESS, SET_ZINE = "stop", "unobserve", "set_address", "set_zine"
JOIN, OBSERVE = "join", "observe"  # a seat from an address that has not asked for the game


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def hold(
    ctx: MailContext,
    address: str,
    action: str,
    *,
    game: Game | None = None,
    player: Player | None = None,
    password_hash: str | None = None,
) -> PendingAction:
    """The open pending `action` for `address` (the same one again for a repeated
    command: one code, one row, the newest `password_hash`), else a new one."""
    key = address.strip().lower()
    found = _open(ctx, key, action, game, player)
    if found is not None:
        found.password_hash = password_hash or found.password_hash
        return found
    row = PendingAction(
        address=key, code=new_code(), action=action, game_id=game.id if game else None,
        player_id=player.id if player else None, created_at=ctx.now, password_hash=password_hash,
    )  # fmt: skip
    ctx.session.add(row)
    ctx.session.flush()
    return row


def _open(
    ctx: MailContext, key: str, action: str, game: Game | None, player: Player | None
) -> PendingAction | None:
    return open_action(
        ctx.session, key, action, game.id if game else None, player.id if player else None,
        ctx.now - MAX_AGE,
    )  # fmt: skip


def request(
    ctx: MailContext,
    address: str,
    action: str,
    *,
    game: Game,
    player: Player | None = None,
    password_hash: str | None = None,
) -> PendingAction | None:
    """Hold `action` for `address` and send that address its one request with the
    code; None (nothing held) when this mail already wrote to an address that never
    asked for it (`judge.outbox.gate`)."""
    if _requested_in_this_mail(ctx, address):  # the same command again: no second mail
        again = _open(ctx, address.strip().lower(), action, game, player)
        if again is not None:
            again.password_hash = password_hash or again.password_hash
            return again
    if not may_request(ctx.session, ctx.gate, address, game.id):
        return None
    pending = hold(ctx, address, action, game=game, player=player, password_hash=password_hash)
    seat = ", ".join(player.powers) if player is not None and player.powers else ""
    reader = reader_of(game, player)
    body = render(
        "confirm_action.txt.j2", reader, judge=ctx.config.judge.address,
        code=pending.code, action=action, game=game.name, seat=seat,
    )  # fmt: skip
    message = broadcast_message(
        sender=ctx.config.judge.address,
        sender_name=ctx.config.judge.name,  # "Diplomacy Judge <judge@...>", as every other mail
        to=address,
        subject=judge_subject(
            ctx.config.judge.code, f"please confirm ({pending.code})", reader.language
        ),
        body=body,
        now=ctx.now,
    )
    enqueue(ctx.session, message, CONFIRM_KIND, game.id, gate=ctx.gate, now=ctx.now)
    return pending


def _requested_in_this_mail(ctx: MailContext, address: str) -> bool:
    return address.strip().lower() in ctx.gate.strangers


def find(session: Session, address: str, code: str) -> PendingAction | None:
    """The open pending action of `address` with this code, if any."""
    for row in open_actions_of(session, address.strip().lower()):
        if secrets.compare_digest(row.code, code.upper()):
            return row
    return None


def apply(ctx: MailContext, action: PendingAction, address: Address) -> list[Note]:
    """Carry out a confirmed action (its address confirmed it); the reply's notes.
    The mail held for that address in the action's game goes out with it."""
    notes = _carry_out(ctx, action, address)
    if action.game_id is not None and action.action != UNOBSERVE:
        held_mail.release(ctx.session, action.address, ctx.now, game_id=action.game_id)
    return notes


def _carry_out(ctx: MailContext, action: PendingAction, address: Address) -> list[Note]:
    action.done_at = ctx.now
    game = ctx.session.get(Game, action.game_id) if action.game_id is not None else None
    if action.action == STOP:
        address.stopped_at = ctx.now
        held_mail.drop(ctx.session, address.address, ctx.now, "the address said STOP")
        return [note("stopped", code=address.code)]
    if game is None:
        return [note("action_gone")]
    if action.action == UNOBSERVE:
        for person in game.players:
            mine = person.address.strip().lower() == action.address
            if mine and person.role is PlayerRole.OBSERVER:
                person.status = PlayerStatus.RESIGNED
        return [note("unobserved", game=game.name)]
    if action.action == SET_ADDRESS:
        player = ctx.session.get(Player, action.player_id) if action.player_id else None
        if player is None or player.status is not PlayerStatus.ACTIVE:
            return [note("action_gone")]
        old, player.address = player.address, action.address
        return [note("address_changed", old=old, new=action.address)]
    if action.action == SET_ZINE:
        replace(GameSettings.of(game), zine=action.address).save(game)
        return [note("zine_confirmed", game=game.name, address=action.address)]
    if action.action in (JOIN, OBSERVE) and action.password_hash:
        role = PlayerRole.PLAYER if action.action == JOIN else PlayerRole.OBSERVER
        return take_seat(ctx, game, action.address, action.password_hash, role)
    return [note("action_gone")]
