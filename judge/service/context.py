"""The per-mail session: who wrote, who they are signed on as, and what to answer.

One `MailContext` lives for the handling of one mail. Commands read and change it
(a SIGNON sets `signed`), and leave notes for the reply. A command that cannot be
carried out raises `Refusal`; the dispatcher then undoes whatever the command had
written, so a refused command changes nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.config import Config
from judge.mail.attachments import Attachment
from judge.store.models import Game, Player, PlayerRole
from judge.store.password_work import PasswordWork
from judge.variants.base import Refused
from judge.wording.readers import DEFAULT_READER, Reader
from judge.wording.templates import render, render_macro

NOTES = "notes.txt.j2"


@dataclass(frozen=True)
class Note:
    """One outcome under an echoed line of the reply, worded for whoever reads the
    reply. The reader is only known once the whole mail has run (a SIGNON or a
    SET LANGUAGE further down changes it), so a note keeps how to word itself
    (`wording`: e.g. a macro of `notes.txt.j2` with its values) and the reply
    renders it with `text_for`. `text` is the note as the default reader (English,
    UTC) reads it, rendered at once: a mistake in a macro's values shows where the
    note is made, and most replies need nothing more."""

    text: str
    error: bool = False
    wording: Callable[[Reader], str] | None = field(default=None, compare=False, repr=False)

    def text_for(self, reader: Reader) -> str:
        if reader == DEFAULT_READER or self.wording is None:
            return self.text
        return self.wording(reader)


def worded(wording: Callable[[Reader], str], error: bool = False) -> Note:
    return Note(wording(DEFAULT_READER), error, wording)


def note(key: str, **params: Any) -> Note:
    return worded(functools.partial(_render_macro, key, dict(params)))


def rendered(template: str, **data: Any) -> Note:
    """A note that is a whole template (a listing, a HELP page), for its reader."""
    return worded(functools.partial(_render_template, template, data))


def _render_template(template: str, data: dict[str, Any], reader: Reader) -> str:
    return render(template, reader, **data)


def _render_macro(key: str, values: dict[str, Any], reader: Reader) -> str:
    return render_macro(NOTES, key, reader, **values)


class Refusal(Exception):
    """A command that cannot be carried out; `note` says why, for the sender."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.note = worded(functools.partial(_render_macro, key, dict(params)), error=True)


def variant_refusal(refused: str | Refused) -> Refusal:
    """The Refusal of a variant's refusal: the notes macro a `Refused` names, worded
    for the reader, or an English sentence (`order_refused`)."""
    if isinstance(refused, Refused):
        return Refusal(refused.key, **refused.params)
    return Refusal("order_refused", message=refused)


@dataclass
class Signed:
    """The game and person a SIGNON (or CREATE, OBSERVE) made the sender speak for."""

    game: Game
    player: Player

    @property
    def is_master(self) -> bool:
        return self.player.role is PlayerRole.MASTER

    @property
    def is_player(self) -> bool:
        return self.player.role is PlayerRole.PLAYER


# The fields of `MailContext` that a refused command does not roll back, each with why.
# Every other field is in the checkpoint (a test compares them all).
KEPT_ACROSS_REFUSAL = {
    "session": "the mail's session: the savepoint rolls the database back",
    "config": "fixed for the whole mail",
    "now": "fixed for the whole mail",
    "sender": "fixed for the whole mail",
    "orders_sent": "a refused order line still counts as sent, to hold early processing",
    "orders_refused": "a refused order line is what marks the orders incomplete",
    "password_failures": "a wrong password counts even when its line is refused",
    "answered": "a read-only command is answered once, even when the answer is a refusal",
    "internal_errors": "a crashed line's traceback is kept for the operator",
    "verified": "fixed for the whole mail (the MTA's Authentication-Results)",
    "slowed": "set by a wrong password, which counts even when its line is refused",
    "named_game": "a refused SIGNON is answered in the language of the game it named",
    "once_per_game": "a PROCESS or ROLLBACK tried counts, even when its line is refused",
}


@dataclass(frozen=True)
class MailContextState:
    """A copy of the parts of `MailContext` that commands change (see `checkpoint`)."""

    signed: Signed | None
    copy_to: frozenset[str]
    orders_touched: Mapping[int, Signed]
    games_touched: Mapping[int, Game]
    replaced_adjustments: frozenset[tuple[int, str]]
    attachments: Mapping[str, Attachment]
    broadcasts: int
    held_phase: str | None


@dataclass
class MailContext:
    """Everything one mail's commands share."""

    session: Session
    config: Config
    now: datetime
    sender: str
    # The operator's MTA vouches for the sender's From domain (judge.service.sender_auth)
    verified: bool = False
    signed: Signed | None = None
    copy_to: set[str] = field(default_factory=set)  # registered addresses to copy
    orders_touched: dict[int, Signed] = field(default_factory=dict)  # player id -> who
    # Players who sent order or bid lines in this mail, and those of them who had one
    # refused: a mail with refused orders is not a complete submission.
    orders_sent: dict[int, Signed] = field(default_factory=dict)
    orders_refused: set[int] = field(default_factory=set)
    games_touched: dict[int, Game] = field(default_factory=dict)  # to check early processing
    replaced_adjustments: set[tuple[int, str]] = field(default_factory=set)
    attachments: dict[str, Attachment] = field(default_factory=dict)  # for the reply, by name
    # (seat, registered, the sender's bucket): see judge.service.commands.passwords
    password_failures: list[tuple[int, bool, str]] = field(default_factory=list)
    slowed: bool = False  # a registered address over its hourly limit: one guess a mail
    # The Argon2 work the handler's prepare step did ahead (judge.store.password_work);
    # a fresh one (nothing kept: all done on the spot) when the mail was not prepared
    password_work: PasswordWork = field(default_factory=PasswordWork)
    broadcasts: int = 0  # BROADCAST and PRESS blocks sent by this mail
    answered: set[str] = field(default_factory=set)  # read-only commands answered already
    # (command word, game id) of the commands run at most once per mail and game
    # (judge.service.dispatch.ONCE_PER_GAME) that this mail tried already
    once_per_game: set[tuple[str, int]] = field(default_factory=set)
    internal_errors: list[str] = field(default_factory=list)  # tracebacks of crashed lines
    # njudge's PHASE: the later phase the order lines that follow are held for (None:
    # they are for the current phase). A SIGNON ends it.
    held_phase: str | None = None
    # The game a SIGNON named, signed on or not: a refused SIGNON is answered in its language.
    named_game: Game | None = None

    def sign_on(self, game: Game, player: Player) -> Signed:
        self.signed = Signed(game, player)
        self.held_phase = None
        if player.address.lower() != self.sender.lower():
            self.copy_to.add(player.address)
        return self.signed

    def need_signon(self) -> Signed:
        if self.signed is None:
            raise Refusal("need_signon")
        return self.signed

    def need_master(self) -> Signed:
        signed = self.need_signon()
        if not signed.is_master:
            raise Refusal("need_master", game=signed.game.name)
        return signed

    def need_player(self) -> Signed:
        signed = self.need_signon()
        if not signed.is_player:
            raise Refusal("need_player", game=signed.game.name)
        return signed

    def checkpoint(self) -> MailContextState:
        """What the commands of this mail have changed so far, to restore after a
        refused command (which must leave the context exactly as it found it)."""
        return MailContextState(
            signed=self.signed,
            copy_to=frozenset(self.copy_to),
            orders_touched=dict(self.orders_touched),
            games_touched=dict(self.games_touched),
            replaced_adjustments=frozenset(self.replaced_adjustments),
            attachments=dict(self.attachments),
            broadcasts=self.broadcasts,
            held_phase=self.held_phase,
        )

    def restore(self, state: MailContextState) -> None:
        self.signed = state.signed
        self.copy_to = set(state.copy_to)
        self.orders_touched = dict(state.orders_touched)
        self.games_touched = dict(state.games_touched)
        self.replaced_adjustments = set(state.replaced_adjustments)
        self.attachments = dict(state.attachments)
        self.broadcasts = state.broadcasts
        self.held_phase = state.held_phase

    def order_line_read(self, signed: Signed | None, refused: bool) -> None:
        """Count an order or bid line of this mail for the player who sent it."""
        if signed is None or not signed.is_player:
            return
        self.orders_sent[signed.player.id] = signed
        if refused:
            self.orders_refused.add(signed.player.id)

    def touch(self, game: Game) -> None:
        self.games_touched[game.id] = game
