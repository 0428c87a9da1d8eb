"""The database tables, as typed SQLAlchemy models.

The tables, one job each:

* `inbox`: every mail received, raw and durable, with its processing status;
* `outbox`: every mail to send, as full RFC 5322 bytes, with its delivery status;
* `phase_maps`: a processed phase's map (PNG), stored once for all its results mails;
* `bouncing_addresses`: the addresses our mail bounced from, until they write again;
* `games`: one row per game: variant, status, current phase, next deadline, settings;
* `players`: who plays (or masters, or observes) which game, with hashed passwords;
* `phases`: a game's history: the state at the start of each phase, and its results;
* `orders`: the orders (or bids) each power submitted for a phase;
* `events`: the game's record: results, press and broadcasts, in order, with audience;
* `addresses`: which addresses confirmed they read the judge's mail, or said STOP;
* `password_failures`: wrong passwords per seat, for the hourly limit;
* `judge_settings`: values the judge generated for itself (its VERP key);
* `held_mail`: mail for an address not yet confirmed, sent when it confirms;
* `pending_actions`: STOP, UNOBSERVE, SET ADDRESS, SET ZINE waiting for a confirmation;
* `game_failures`: games whose scheduled handling failed, backed off or parked.

Timestamps are aware UTC datetimes (`UTCDateTime`); nothing defaults to the system
clock, so callers pass `clock.now()`. JSON columns track top-level changes only
(`MutableDict`/`MutableList`): after changing a nested value, assign the column
again or call `sqlalchemy.orm.attributes.flag_modified`.

Changing a model needs a new Alembic revision under `migrations/versions/`; a test
fails when the models and the migrations disagree.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Enum,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.ext.mutable import MutableDict, MutableList
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from judge.store.types import UTCDateTime, json_type

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

ADDRESS_LENGTH = 320  # RFC 5321: 64 (local part) + 1 + 255 (domain)
MESSAGE_ID_LENGTH = 998  # the longest header line RFC 5322 allows
LEASE_OWNER_LENGTH = 300  # host name (255) / pid namespace / pid / start / boot token
PEER_LENGTH = 64  # an IPv6 address with a zone index


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class GameStatus(StrEnum):
    FORMING = "forming"
    ACTIVE = "active"
    PAUSED = "paused"
    FINISHED = "finished"


class PlayerRole(StrEnum):
    PLAYER = "player"
    MASTER = "master"
    OBSERVER = "observer"


class PlayerStatus(StrEnum):
    ACTIVE = "active"
    RESIGNED = "resigned"
    EJECTED = "ejected"


class InboxStatus(StrEnum):
    NEW = "new"
    DONE = "done"
    FAILED = "failed"
    DUPLICATE = "duplicate"  # the same bytes were already processed (an MTA resent them)
    DECLINED = "declined"  # read, and deliberately not answered (a limit, a robot, a loop)
    DONE_WITH_ERRORS = "done_with_errors"  # answered, but a command crashed (see `error`)


class OutboxStatus(StrEnum):
    PENDING = "pending"
    SENT = "sent"
    FAILED = "failed"


def _enum(cls: type[StrEnum], name: str) -> Enum:
    """A string column limited to the enum's values by a CHECK named `ck_<table>_<name>`."""
    return Enum(
        cls,
        name=name,
        native_enum=False,
        create_constraint=True,
        length=16,
        values_callable=lambda members: [m.value for m in members],
    )


def _json_dict() -> Any:
    return MutableDict.as_mutable(json_type())


def _json_list() -> Any:
    return MutableList.as_mutable(json_type())


class InboxMessage(Base):
    """A received mail. `raw` is exactly what arrived; nothing is ever dropped.

    `status`: `new` until processed; then `done` (in the same transaction as the
    handler's effects), `done_with_errors` (answered, but a command crashed: `error`
    holds the tracebacks), `ignored` (not answered: a robot, a loop; `error` says
    why), `failed` (with `error`, the traceback, for the operator) or `duplicate`
    (byte-identical to a message already processed). `attempts` counts the times
    processing began, committed first: a mail that kills the process is not re-run
    forever.
    """

    __tablename__ = "inbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    raw: Mapped[bytes] = mapped_column(LargeBinary)
    mail_from: Mapped[str] = mapped_column(String(ADDRESS_LENGTH))  # envelope, lower case
    rcpt_tos: Mapped[list[str]] = mapped_column(_json_list())
    received_at: Mapped[datetime] = mapped_column(UTCDateTime)
    message_id: Mapped[str | None] = mapped_column(String(MESSAGE_ID_LENGTH))
    digest: Mapped[str] = mapped_column(String(64), index=True)  # sha256 of raw, hex
    status: Mapped[InboxStatus] = mapped_column(
        _enum(InboxStatus, "status"), default=InboxStatus.NEW
    )
    error: Mapped[str | None] = mapped_column(Text)
    processed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # Set once `[storage] retention_days` after processing: `raw` then keeps only the
    # header block (the record), not the body.
    pruned_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # What the judge needs of the header block, read once when the mail was stored
    # (`judge.mail.header_facts`); processing then reads only the body. NULL: read
    # the mail whole (a row stored by a tool, or before the facts were kept).
    header_facts: Mapped[dict[str, Any] | None] = mapped_column(json_type(), default=None)
    # The connecting IP address the SMTP intake took the mail from (None: `judge
    # deliver`, or stored before 0012): the intake's hourly counts are read back from
    # these rows when it starts (`judge.service.limits.hourly_limit.recent_intake`).
    peer: Mapped[str | None] = mapped_column(String(PEER_LENGTH), default=None)

    __table_args__ = (
        Index("ix_inbox_status_id", "status", "id"),
        Index("ix_inbox_mail_from_received_at", "mail_from", "received_at"),
        Index("ix_inbox_received_at", "received_at"),
    )


class OutboxMessage(Base):
    """A mail to send to one recipient. `message` holds the full RFC 5322 bytes.

    `status`: `pending` until delivered (`sent`) or given up (`failed`, after a
    permanent error, or temporary ones for the whole `[outbound] lifetime`, counted
    from `requeued_at` when `judge retry --outbox` put it back, else `created_at`).
    `next_attempt_at` drives the retries. While a sender holds the row,
    `lease_owner` names it (`host/pid/start`) and `next_attempt_at` is the lease's end.
    """

    __tablename__ = "outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    to_address: Mapped[str] = mapped_column(String(ADDRESS_LENGTH))
    message: Mapped[bytes] = mapped_column(LargeBinary)
    message_id: Mapped[str] = mapped_column(String(MESSAGE_ID_LENGTH))
    kind: Mapped[str] = mapped_column(String(16))  # reply, broadcast, notice, ...
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("games.id", ondelete="SET NULL"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    status: Mapped[OutboxStatus] = mapped_column(
        _enum(OutboxStatus, "status"), default=OutboxStatus.PENDING
    )
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(UTCDateTime)
    last_error: Mapped[str | None] = mapped_column(Text)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    lease_owner: Mapped[str | None] = mapped_column(String(LEASE_OWNER_LENGTH))
    requeued_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # The stored map this mail carries: `message` then holds a placeholder PNG, which
    # the sender replaces with the map's bytes (`judge.mail.stored_attachment`).
    map_id: Mapped[int | None] = mapped_column(
        ForeignKey("phase_maps.id", ondelete="SET NULL"), index=True
    )
    # Set once `[storage] retention_days` after sending: `message` then keeps only
    # the header block (the record), not the body.
    pruned_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    __table_args__ = (
        Index("ix_outbox_status_next_attempt_at", "status", "next_attempt_at"),
        Index("ix_outbox_message_id", "message_id"),  # a bounce names the mail it returns
    )


class PhaseMap(Base):
    """The map of a processed phase, drawn once and attached to each of its results
    mails when they are sent (the outbox rows refer to it by `map_id`). `data` is
    None until the map is drawn, after the phase's transaction (`judge.service.
    map_drawing`); its mails wait for it."""

    __tablename__ = "phase_maps"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    phase: Mapped[str] = mapped_column(String(8))
    filename: Mapped[str] = mapped_column(String(128))
    data: Mapped[bytes | None] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (UniqueConstraint("game_id", "phase"),)


class BouncingAddress(Base):
    """An address the judge's mail bounced from (a delivery status notification said
    so). The row goes when the address sends the judge a mail again; `gm_told_at`
    is when its games' masters were told (once per spell of bouncing)."""

    __tablename__ = "bouncing_addresses"

    address: Mapped[str] = mapped_column(String(ADDRESS_LENGTH), primary_key=True)  # lower case
    first_bounce_at: Mapped[datetime] = mapped_column(UTCDateTime)
    last_bounce_at: Mapped[datetime] = mapped_column(UTCDateTime)
    bounces: Mapped[int] = mapped_column(Integer, default=1)
    diagnostic: Mapped[str | None] = mapped_column(Text)
    gm_told_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class Game(Base):
    """A game. The current board is the `phases` row whose `phase` equals `phase`.

    * `settings`: GM choices: rule flags, phase durations, grace, zine address, ...
    * `variant_data`: the variant's bookkeeping that is not a `GameState`, e.g.
      Intimate credits, controllers and bids, Taskdip tasks.
    * `rng_seed`: the seed of the game's lots (power assignment, ties).
    * `winner`: a power, a list of powers (a draw), or None.
    The GM is the player row with role `master`.
    """

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    variant: Mapped[str] = mapped_column(String(32))
    status: Mapped[GameStatus] = mapped_column(
        _enum(GameStatus, "status"), default=GameStatus.FORMING
    )
    phase: Mapped[str | None] = mapped_column(String(8))
    next_deadline: Mapped[datetime | None] = mapped_column(UTCDateTime, index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    settings: Mapped[dict[str, Any]] = mapped_column(_json_dict(), default=dict)
    variant_data: Mapped[dict[str, Any]] = mapped_column(_json_dict(), default=dict)
    rng_seed: Mapped[int] = mapped_column(BigInteger)
    winner: Mapped[Any] = mapped_column(json_type(), nullable=True)
    # The deadline's companions (see judge.service.game.deadlines): when the reminder goes
    # (None once sent), when the grace ends (set when the late notices go out), and
    # when a pause began (RESUME shifts every time by the pause's length).
    remind_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    grace_until: Mapped[datetime | None] = mapped_column(UTCDateTime)
    paused_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    players: Mapped[list[Player]] = relationship(
        back_populates="game", order_by="Player.id", cascade="all, delete-orphan"
    )
    phases: Mapped[list[PhaseRecord]] = relationship(
        back_populates="game", order_by="PhaseRecord.seq", cascade="all, delete-orphan"
    )


class Player(Base):
    """A person in a game: a player (holding `powers`), the master, or an observer."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    address: Mapped[str] = mapped_column(String(ADDRESS_LENGTH), index=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    role: Mapped[PlayerRole] = mapped_column(_enum(PlayerRole, "role"), default=PlayerRole.PLAYER)
    powers: Mapped[list[str]] = mapped_column(_json_list(), default=list)
    status: Mapped[PlayerStatus] = mapped_column(
        _enum(PlayerStatus, "status"), default=PlayerStatus.ACTIVE
    )
    wait: Mapped[bool] = mapped_column(Boolean, default=False)
    # The phase code in which this player's latest mail of orders had refused lines
    # (None: it had none). Early processing does not count such orders as complete.
    orders_refused_in: Mapped[str | None] = mapped_column(String(8), default=None)
    preferences: Mapped[list[str] | None] = mapped_column(_json_list())
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # SET LANGUAGE (None: the game's default) and SET TIMEZONE (None: UTC).
    language: Mapped[str | None] = mapped_column(String(8), default=None)
    timezone: Mapped[str | None] = mapped_column(String(64), default=None)

    game: Mapped[Game] = relationship(back_populates="players")


# A game's phase rows that were not rolled back: one per phase code.
LIVE_PHASE = text("rolled_back_at IS NULL")
LIVE_PHASE_INDEX = "uq_phases_game_id_phase_live"


class PhaseRecord(Base):
    """One phase of a game's history: the state at its start and, once run, its results.

    `seq` orders a game's phases (phase codes do not sort). A phase is processed once:
    `processed_at` is set, and the next phase's row (unique per game) is inserted, in
    the same transaction. The master's ROLLBACK marks the rows it undid
    (`rolled_back_at`) and keeps them; only the rows not rolled back make the game,
    so a phase code is unique among those alone.
    """

    __tablename__ = "phases"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    phase: Mapped[str] = mapped_column(String(8))
    state: Mapped[dict[str, Any]] = mapped_column(json_type())  # see judge.store.state_json
    results: Mapped[Any] = mapped_column(json_type(), nullable=True)
    lot_seed: Mapped[int | None] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    processed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # The variant's data at the start of the phase (credits, control, tasks...), so a
    # game replays exactly, and the variant's report once the phase is processed
    # (`public` for everyone, `private` per seat: never shown to anyone else).
    variant_data: Mapped[dict[str, Any] | None] = mapped_column(json_type(), nullable=True)
    report: Mapped[dict[str, Any] | None] = mapped_column(json_type(), nullable=True)
    rolled_back_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)

    game: Mapped[Game] = relationship(back_populates="phases")
    orders: Mapped[list[OrderSet]] = relationship(
        back_populates="phase_record", order_by="OrderSet.power", cascade="all, delete-orphan"
    )

    __table_args__ = (
        Index(
            LIVE_PHASE_INDEX, "game_id", "phase", unique=True,
            sqlite_where=LIVE_PHASE, postgresql_where=LIVE_PHASE,
        ),
        UniqueConstraint("game_id", "seq"),
    )


class OrderSet(Base):
    """The latest orders (or bids) sent for one power in one phase, as text lines."""

    __tablename__ = "orders"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    phase_id: Mapped[int] = mapped_column(ForeignKey("phases.id", ondelete="CASCADE"))
    power: Mapped[str] = mapped_column(String(16))
    lines: Mapped[list[str]] = mapped_column(_json_list(), default=list)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id", ondelete="SET NULL"))
    submitted_at: Mapped[datetime] = mapped_column(UTCDateTime)

    phase_record: Mapped[PhaseRecord] = relationship(back_populates="orders")

    __table_args__ = (UniqueConstraint("phase_id", "power"),)


class Event(Base):
    """An entry of a game's record, in `id` order: results, press, a broadcast, a notice.

    `public` entries are for everyone; otherwise `recipients` names who may read it
    (power names, or `MASTER`).
    """

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), index=True
    )
    phase: Mapped[str | None] = mapped_column(String(8))
    kind: Mapped[str] = mapped_column(String(16))
    author: Mapped[str | None] = mapped_column(String(64))
    subject: Mapped[str | None] = mapped_column(String(255))
    body: Mapped[str] = mapped_column(Text)
    public: Mapped[bool] = mapped_column(Boolean, default=True)
    recipients: Mapped[list[str]] = mapped_column(_json_list(), default=list)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # The same entry worded in other languages, {"fr": text}, where its mails were
    # (HISTORY shows a reader their own); None: English only.
    translations: Mapped[dict[str, str] | None] = mapped_column(_json_dict(), default=None)


class Address(Base):
    """What the judge knows of one mail address (lower case), for the whole judge.

    `confirmed_at` is set once the address answered its confirmation request; until
    then no ongoing game mail goes to it. `code` and `request_message_id` identify
    the one request sent (`requested_at`). `stopped_at` is set by `STOP`: no game
    mail goes to the address until it writes again.
    """

    __tablename__ = "addresses"

    address: Mapped[str] = mapped_column(String(ADDRESS_LENGTH), primary_key=True)
    code: Mapped[str] = mapped_column(String(32))
    requested_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    request_message_id: Mapped[str | None] = mapped_column(String(MESSAGE_ID_LENGTH), index=True)
    confirmed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    stopped_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class PasswordFailure(Base):
    """One wrong password given for a seat. `registered` tells whether it came from
    the seat's registered address: the two are limited separately, so a stranger
    cannot lock the player out (see judge.service.commands.passwords)."""

    __tablename__ = "password_failures"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    registered: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    sender: Mapped[str | None] = mapped_column(String(ADDRESS_LENGTH))  # lower case

    __table_args__ = (Index("ix_password_failures_player_id_at", "player_id", "at"),)


class Absence(Base):
    """A player's planned absence (`SET ABSENCE`): a deadline set while it is pending
    that would fall inside it moves to its end (see judge.service.commands.absences)."""

    __tablename__ = "absences"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    starts_at: Mapped[datetime] = mapped_column(UTCDateTime)
    ends_at: Mapped[datetime] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class JudgeSetting(Base):
    """A value the judge generates for itself and keeps with its data, so a backup or
    a move to another database carries it (the VERP key: `judge.store.verp_keys`)."""

    __tablename__ = "judge_settings"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class HeldMail(Base):
    """A mail for an address that has not confirmed it reads the judge's mail: kept
    here, not dropped, and moved to the outbox when the address confirms (or to the
    outbox as `failed`, visibly, once it waited too long: judge.service.confirming.held_mail)."""

    __tablename__ = "held_mail"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    to_address: Mapped[str] = mapped_column(String(ADDRESS_LENGTH), index=True)  # lower case
    message: Mapped[bytes] = mapped_column(LargeBinary)
    message_id: Mapped[str] = mapped_column(String(MESSAGE_ID_LENGTH))
    kind: Mapped[str] = mapped_column(String(16))
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"))
    map_id: Mapped[int | None] = mapped_column(ForeignKey("phase_maps.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class PendingAction(Base):
    """A change that takes effect only once `address` confirms the request it was sent
    (its own `code`): STOP, UNOBSERVE, SET ADDRESS or SET ZINE to that address, and a
    SIGNON ?game or OBSERVE from an address that has not asked for that game (with
    the seat's `password_hash`, made when the command came). Mail forged in an
    address's name thus changes nothing (judge.service.confirming.pending_actions)."""

    __tablename__ = "pending_actions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    address: Mapped[str] = mapped_column(String(ADDRESS_LENGTH), index=True)  # lower case
    code: Mapped[str] = mapped_column(String(32))
    action: Mapped[str] = mapped_column(String(16))  # stop, unobserve, set_address, set_zine,
    # join, observe
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    done_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    password_hash: Mapped[str | None] = mapped_column(String(255))  # join, observe


class GameFailure(Base):
    """A game whose scheduled handling raised (`judge.store.game_failures`): tried
    again after a back-off (`retry_at`), parked after a few attempts (`parked_at`:
    not tried again until `judge retry --game`), with the last error for the operator.
    `gm_told_at`: when its master was told it is parked (once). The row goes when
    the game is handled without error, or is retried by the operator."""

    __tablename__ = "game_failures"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    attempts: Mapped[int] = mapped_column(Integer, default=1)
    first_failed_at: Mapped[datetime] = mapped_column(UTCDateTime)
    last_failed_at: Mapped[datetime] = mapped_column(UTCDateTime)
    error: Mapped[str] = mapped_column(Text)
    retry_at: Mapped[datetime] = mapped_column(UTCDateTime)
    parked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    gm_told_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class PhaseOrders(Base):
    """Orders a player sent with njudge's `PHASE season year phase` for a later phase
    of the game (`phase`, a code like `F1901M`), held as typed until it opens, then
    checked like a mail of orders (`judge.service.replies.held_orders`). Nobody else
    ever sees them; `CLEAR` drops them. One row per line, in `id` order."""

    __tablename__ = "phase_orders"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    phase: Mapped[str] = mapped_column(String(8))
    line: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
