"""The per-mail session: who wrote, who they are signed on as, and what to answer.

One `MailContext` lives for the handling of one mail, in three parts:

* `facts` (`MailFacts`, frozen): the session, config, the judge's variants, clock
  reading, sender, the outbox gate... known before the first line and never changed by a command;
* `tally` (`MailTally`): what the mail counts whatever becomes of the line that
  counted it (orders sent, wrong passwords, commands answered or tried once);
* `effects` (`Effects`, an immutable value): who the sender is signed on as, the
  copies, the games touched, the attachments, the broadcasts, the held phase.

A command that cannot be carried out raises `Refusal`. Each line that may write
builds its effects as a value of its own, which becomes the mail's only when the
line succeeded (`open_line`/`close_line`): a refused or failed line's effects are
dropped whole, so there is no list of fields to restore and none to forget.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from types import MappingProxyType
from typing import Any, TypeVar

from sqlalchemy.orm import Session

from judge.config import Config
from judge.language.grammar import Audience
from judge.mail.attachments import Attachment
from judge.outbox.gate import Gate
from judge.service.reading.password_work import PasswordWork
from judge.store.models import Game, Player, PlayerRole
from judge.variants.base import Refused
from judge.variants.registry import VariantRegistry
from judge.wording.readers import DEFAULT_READER, Reader
from judge.wording.templates import render, render_macro

NOTES = "notes.txt.j2"
K = TypeVar("K")
V = TypeVar("V")


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


class SeatNotAdmitted(RuntimeError):
    """A handler found a seat its command's audience does not hold: the dispatcher
    checks the audience a command declares before its handler runs, so this is a
    command class whose `audience` says less than its handler needs (a bug, answered
    as an internal error; `tests/service/commands/test_command_audience.py`)."""


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


@dataclass(frozen=True)
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


def admits(audience: Audience, signed: Signed | None) -> bool:
    """Whether someone signed on as `signed` (None: nobody yet) is in `audience`: the
    one rule of who may send a command, which the dispatcher applies to each line."""
    if audience is Audience.ANYONE:
        return True
    if signed is None:
        return False
    if audience is Audience.PLAYER:
        return signed.is_player
    if audience is Audience.MASTER:
        return signed.is_master
    if audience is Audience.PLAYER_OR_MASTER:
        return signed.is_player or signed.is_master
    return True  # SIGNED_ON: a player, the master or an observer


@dataclass(frozen=True)
class MailFacts:
    """What is true of the mail before its first line runs, and stays true to its end:
    nothing here is changed by a command. `variants` is the judge's registry (built
    once by the command line and handed down: the session carries none); `gate` is the
    mail's outbox filter (`judge.outbox.gate`): one object for the whole mail, which
    counts every mail this mail queued; `password_work` the Argon2 work the handler's
    prepare step did ahead (`judge.service.reading.password_work`), a fresh one when the
    mail was not prepared."""

    session: Session
    config: Config
    variants: VariantRegistry
    now: datetime
    sender: str
    gate: Gate
    # The operator's MTA vouches for the sender's From domain (judge.service.reading.sender_auth)
    verified: bool = False
    password_work: PasswordWork = field(default_factory=PasswordWork)


@dataclass
class MailTally:
    """What the mail counts whatever becomes of the line that counted it: a refused or
    failed line's entries here stay (each field says why)."""

    # Players who sent order or bid lines in this mail, and those of them who had one
    # refused: a refused order line still counts as sent (it holds early processing),
    # and a mail with refused orders is not a complete submission.
    orders_sent: dict[int, Signed] = field(default_factory=dict)
    orders_refused: set[int] = field(default_factory=set)
    # (seat, registered, the sender's bucket): see judge.service.commands.passwords.
    # A wrong password counts even when its line is refused.
    password_failures: list[tuple[int, bool, str]] = field(default_factory=list)
    slowed: bool = False  # a registered address over its hourly limit: one guess a mail
    # Read-only commands answered already: once, even when the answer was a refusal
    answered: set[str] = field(default_factory=set)
    # (command word, game id) of the commands run at most once per mail and game
    # (judge.service.replies.dispatch.ONCE_PER_GAME) that this mail tried, refused or not
    once_per_game: set[tuple[str, int]] = field(default_factory=set)
    internal_errors: list[str] = field(default_factory=list)  # for the operator
    # The game a SIGNON named, signed on or not: a refused SIGNON is answered in its language.
    named_game: Game | None = None


def _no_entries() -> Mapping[Any, Any]:
    return MappingProxyType({})


def _with(mapping: Mapping[K, V], key: K, value: V) -> Mapping[K, V]:
    return MappingProxyType({**mapping, key: value})


@dataclass(frozen=True)
class Effects:
    """What the lines of a mail have changed for the lines after them and for the
    reply. An immutable value: a line makes a new one (`MailContext`'s methods), so a
    line whose value is dropped has left no trace in the value it started from."""

    signed: Signed | None = None
    # njudge's PHASE: the later phase the order lines that follow are held for (None:
    # they are for the current phase). A SIGNON ends it.
    held_phase: str | None = None
    copy_to: frozenset[str] = frozenset()  # registered addresses to copy
    # player id -> who: the seats whose orders the reply lists
    orders_touched: Mapping[int, Signed] = field(default_factory=_no_entries)
    # game id -> game: to check for early processing (or a start) after the mail
    games_touched: Mapping[int, Game] = field(default_factory=_no_entries)
    attachments: Mapping[str, Attachment] = field(default_factory=_no_entries)  # by name
    broadcasts: int = 0  # BROADCAST and PRESS blocks sent by this mail


class MailContext:
    """Everything one mail's commands share: its facts (read-only), its tally (kept
    whatever becomes of a line) and its effects (kept only from the lines that
    succeeded).

    The dispatcher runs each line that may write between `open_line` and `close_line`:
    the line's changes build a value of their own, which becomes the mail's only when
    the line succeeded. There is no list of fields to restore."""

    def __init__(
        self,
        session: Session,
        config: Config,
        now: datetime,
        sender: str,
        *,
        variants: VariantRegistry,
        gate: Gate,
        verified: bool = False,
        password_work: PasswordWork | None = None,
    ) -> None:
        work = password_work if password_work is not None else PasswordWork()
        self.facts = MailFacts(session, config, variants, now, sender, gate, verified, work)
        self.tally = MailTally()
        self._done = Effects()  # the lines that succeeded
        self._line: Effects | None = None  # the running line's, from `open_line`

    @property
    def session(self) -> Session:
        return self.facts.session

    @property
    def config(self) -> Config:
        return self.facts.config

    @property
    def variants(self) -> VariantRegistry:
        return self.facts.variants

    @property
    def now(self) -> datetime:
        return self.facts.now

    @property
    def sender(self) -> str:
        return self.facts.sender

    @property
    def gate(self) -> Gate:
        return self.facts.gate

    @property
    def verified(self) -> bool:
        return self.facts.verified

    @property
    def password_work(self) -> PasswordWork:
        return self.facts.password_work

    @property
    def effects(self) -> Effects:
        """The effects as the running line sees them (its own changes too), or, between
        lines, those of the lines that succeeded."""
        return self._done if self._line is None else self._line

    @property
    def signed(self) -> Signed | None:
        return self.effects.signed

    @property
    def held_phase(self) -> str | None:
        return self.effects.held_phase

    def open_line(self) -> None:
        """A line that may write starts: its changes build on the mail's effects."""
        self._line = self._done

    def close_line(self, succeeded: bool) -> None:
        """The line is over: its effects become the mail's when it succeeded, and are
        dropped when it was refused or failed."""
        if succeeded and self._line is not None:
            self._done = self._line
        self._line = None

    def _change(self, **changes: Any) -> None:
        changed = replace(self.effects, **changes)
        if self._line is None:
            self._done = changed
        else:
            self._line = changed

    def sign_on(self, game: Game, player: Player) -> Signed:
        signed = Signed(game, player)
        self._change(signed=signed, held_phase=None)
        if player.address.lower() != self.sender.lower():
            self.add_copy(player.address)
        return signed

    def add_copy(self, address: str) -> None:
        """Copy the reply to `address` (a registered address of the sender's seat)."""
        self._change(copy_to=self.effects.copy_to | {address})

    def hold_for_phase(self, phase: str | None) -> None:
        """Hold the order lines that follow for `phase` (None: the current phase)."""
        self._change(held_phase=phase)

    def orders_changed(self, signed: Signed) -> None:
        """The seat's orders changed: the reply lists what now holds."""
        self._change(orders_touched=_with(self.effects.orders_touched, signed.player.id, signed))

    def attach(self, attachment: Attachment) -> None:
        """Attach a file to the reply (a later one of the same name replaces it)."""
        attached = _with(self.effects.attachments, attachment.filename, attachment)
        self._change(attachments=attached)

    def count_broadcast(self) -> None:
        self._change(broadcasts=self.effects.broadcasts + 1)

    def touch(self, game: Game) -> None:
        """The game may be ready for early processing (or to start) after the mail."""
        self._change(games_touched=_with(self.effects.games_touched, game.id, game))

    def seat(self, audience: Audience) -> Signed:
        """The seat the running line is sent from, which its command's `audience` holds:
        the dispatcher refused the line already if it does not, so a handler asks for
        the seat it needs (`ctx.seat(Audience.MASTER)`) and gets it, or
        `SeatNotAdmitted` when its command declares less than it needs."""
        signed = self.signed
        if signed is None or not admits(audience, signed):
            raise SeatNotAdmitted(f"a {audience.value} line reached its handler as "
                                  f"{'nobody' if signed is None else signed.player.role.value}")
        return signed

    def order_line_read(self, signed: Signed | None, refused: bool) -> None:
        """Count an order or bid line of this mail for the player who sent it."""
        if signed is None or not signed.is_player:
            return
        self.tally.orders_sent[signed.player.id] = signed
        if refused:
            self.tally.orders_refused.add(signed.player.id)
