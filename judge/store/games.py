"""Reading and writing games, so the service layer does not write queries itself.

Every function works inside the caller's transaction and never commits: the
service applies a command or a deadline, and its caller commits once, with the
outgoing mail. Times are passed in (`now`), never read from the system clock.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Row, func, select
from sqlalchemy.orm import Session

from judge.rules.state import GameState
from judge.store.models import (
    Event,
    Game,
    GameStatus,
    OrderSet,
    PhaseRecord,
    Player,
    PlayerRole,
    PlayerStatus,
)
from judge.store.state_json import state_from_json, state_to_json


class PhaseAlreadyProcessed(RuntimeError):
    """A phase may be processed once; this one already was."""


def get_game(session: Session, name: str, *, for_update: bool = False) -> Game | None:
    """The game called `name` (exact match), or None.

    With `for_update`, the row is locked until the transaction ends (PostgreSQL;
    SQLite transactions are serialised anyway), and the returned object is
    refreshed from the database.
    """
    query = select(Game).where(Game.name == name)
    if for_update:
        query = query.with_for_update().execution_options(populate_existing=True)
    return session.scalars(query).one_or_none()


def list_games(session: Session, statuses: Iterable[GameStatus] | None = None) -> list[Game]:
    query = select(Game).order_by(Game.name)
    if statuses is not None:
        query = query.where(Game.status.in_(list(statuses)))
    return list(session.scalars(query))


_ACTIVE_PLAYERS = (
    select(Player.game_id, func.count(Player.id).label("players"))
    .where(Player.role == PlayerRole.PLAYER, Player.status == PlayerStatus.ACTIVE)
    .group_by(Player.game_id)
    .subquery()
)
_SUMMARIES = (
    select(
        Game.id,
        Game.name,
        Game.variant,
        Game.status,
        Game.phase,
        func.coalesce(_ACTIVE_PLAYERS.c.players, 0).label("players"),
    )
    .outerjoin(_ACTIVE_PLAYERS, _ACTIVE_PLAYERS.c.game_id == Game.id)
    .order_by(Game.name)
)  # built once: LIST asks for it with every mail


def game_summaries(session: Session) -> list[Row[Any]]:
    """Every game's `id`, `name`, `variant`, `status`, `phase` and `players` (how
    many active players it has), by name: the columns only, for lists of every game
    (loading 10,000 `Game` objects, with their JSON columns, takes ten times as long
    and some 70 MB), in one query."""
    return list(session.connection().execute(_SUMMARIES))


def create_game(
    session: Session,
    *,
    name: str,
    variant: str,
    rng_seed: int,
    now: datetime,
    settings: dict[str, Any] | None = None,
    variant_data: dict[str, Any] | None = None,
) -> Game:
    """Add a forming game. A duplicate name fails at flush with IntegrityError."""
    game = Game(
        name=name,
        variant=variant,
        status=GameStatus.FORMING,
        rng_seed=rng_seed,
        created_at=now,
        settings=dict(settings or {}),
        variant_data=dict(variant_data or {}),
    )
    session.add(game)
    session.flush()
    return game


def due_games(
    session: Session, now: datetime, *, limit: int = 50, exclude: Iterable[int] = ()
) -> list[Game]:
    """Active games with something due (a reminder, a deadline, the end of a grace),
    earliest first, locked for processing; the games `exclude`d by id are left out.

    The moment a game is due is the first of `remind_at`, `grace_until` (set once the
    deadline has passed) and `next_deadline`. On PostgreSQL the rows are locked with
    SKIP LOCKED, so two workers never take the same game; the rows are read afresh.
    """
    due_at = func.coalesce(Game.remind_at, Game.grace_until, Game.next_deadline)
    query = (
        select(Game)
        .where(Game.status == GameStatus.ACTIVE, due_at <= now)
        .order_by(due_at, Game.id)
        .limit(limit)
        .with_for_update(skip_locked=True)
        .execution_options(populate_existing=True)
    )
    skipped = list(exclude)
    if skipped:
        query = query.where(Game.id.not_in(skipped))
    return list(session.scalars(query))


def add_player(
    session: Session,
    game: Game,
    *,
    address: str,
    password_hash: str,
    now: datetime,
    role: PlayerRole = PlayerRole.PLAYER,
    powers: Sequence[str] = (),
) -> Player:
    player = Player(
        address=address,
        password_hash=password_hash,
        role=role,
        powers=list(powers),
        status=PlayerStatus.ACTIVE,
        wait=False,
        joined_at=now,
    )
    game.players.append(player)
    session.flush()
    return player


def players_of(
    session: Session,
    game: Game,
    *,
    roles: Iterable[PlayerRole] | None = None,
    statuses: Iterable[PlayerStatus] | None = (PlayerStatus.ACTIVE,),
) -> list[Player]:
    """The game's people in joining order; by default the active ones of every role."""
    query = select(Player).where(Player.game_id == game.id).order_by(Player.id)
    if roles is not None:
        query = query.where(Player.role.in_(list(roles)))
    if statuses is not None:
        query = query.where(Player.status.in_(list(statuses)))
    return list(session.scalars(query))


def games_of_address(session: Session, address: str) -> list[tuple[Game, Player]]:
    """Every (game, player row) for `address`, compared case-insensitively."""
    query = (
        select(Game, Player)
        .join(Player, Player.game_id == Game.id)
        .where(func.lower(Player.address) == address.lower())
        .order_by(Game.name, Player.id)
    )
    return [(game, player) for game, player in session.execute(query)]


def record_phase(
    session: Session,
    game: Game,
    state: GameState,
    *,
    now: datetime,
    lot_seed: int | None = None,
    variant_data: dict[str, Any] | None = None,
) -> PhaseRecord:
    """Append the phase that `state` starts, and make it the game's current phase.

    Recording the same phase twice fails at flush (unique game + phase), which is
    what makes processing a phase idempotent.
    """
    last = session.scalar(select(func.max(PhaseRecord.seq)).where(PhaseRecord.game_id == game.id))
    record = PhaseRecord(
        game_id=game.id,
        seq=(last or 0) + 1,
        phase=state.phase.code,
        state=state_to_json(state),
        lot_seed=lot_seed,
        created_at=now,
        variant_data=variant_data,
    )
    session.add(record)
    game.phase = record.phase
    session.flush()
    return record


def current_phase(session: Session, game: Game) -> PhaseRecord | None:
    if game.phase is None:
        return None
    query = select(PhaseRecord).where(
        PhaseRecord.game_id == game.id,
        PhaseRecord.phase == game.phase,
        PhaseRecord.rolled_back_at.is_(None),
    )
    return session.scalars(query).one_or_none()


def phase_history(session: Session, game: Game) -> list[PhaseRecord]:
    """Every phase of the game in order, but those a ROLLBACK undid: enough to replay
    it from the start."""
    query = (
        select(PhaseRecord)
        .where(PhaseRecord.game_id == game.id, PhaseRecord.rolled_back_at.is_(None))
        .order_by(PhaseRecord.seq)
    )
    return list(session.scalars(query))


def phase_and_next(session: Session, game: Game, phase: str) -> tuple[PhaseRecord, PhaseRecord]:
    """A processed phase's record and the one after it (the board it led to): its
    latest processing, which a ROLLBACK may since have undone (the results mail of
    that processing still shows its map). Processing records the next row at once,
    so it is always the row after, standing or undone alike."""
    record = session.scalars(
        select(PhaseRecord)
        .where(
            PhaseRecord.game_id == game.id,
            PhaseRecord.phase == phase,
            PhaseRecord.processed_at.is_not(None),
        )
        .order_by(PhaseRecord.seq.desc())
        .limit(1)
    ).one()
    after = session.scalars(
        select(PhaseRecord).where(
            PhaseRecord.game_id == game.id, PhaseRecord.seq == record.seq + 1
        )
    ).one()
    return record, after


def phase_state(record: PhaseRecord) -> GameState:
    """The board at the start of the recorded phase."""
    return state_from_json(record.state)


def mark_processed(record: PhaseRecord, results: Any, *, now: datetime) -> None:
    """Store the phase's results; a second call raises `PhaseAlreadyProcessed`."""
    if record.processed_at is not None:
        raise PhaseAlreadyProcessed(f"phase {record.phase} was processed at {record.processed_at}")
    record.results = results
    record.processed_at = now


def set_orders(
    session: Session,
    record: PhaseRecord,
    power: str,
    lines: Sequence[str],
    *,
    now: datetime,
    player: Player | None = None,
) -> OrderSet:
    """Replace `power`'s orders for the phase with `lines` (insert the first time)."""
    query = select(OrderSet).where(OrderSet.phase_id == record.id, OrderSet.power == power)
    orders = session.scalars(query).one_or_none()
    if orders is None:
        orders = OrderSet(phase_id=record.id, power=power)
        session.add(orders)
    orders.lines = list(lines)
    orders.submitted_at = now
    orders.player_id = None if player is None else player.id
    session.flush()
    return orders


def submitted_orders(session: Session, record: PhaseRecord) -> dict[str, list[str]]:
    """Power -> order lines sent so far for the phase."""
    query = select(OrderSet).where(OrderSet.phase_id == record.id).order_by(OrderSet.power)
    return {orders.power: list(orders.lines) for orders in session.scalars(query)}


def add_event(
    session: Session,
    game: Game | None,
    *,
    kind: str,
    body: str,
    now: datetime,
    phase: str | None = None,
    author: str | None = None,
    subject: str | None = None,
    recipients: Sequence[str] | None = None,
) -> Event:
    """Record an entry; with `recipients` it is private to them, else public."""
    event = Event(
        game_id=None if game is None else game.id,
        phase=phase,
        kind=kind,
        author=author,
        subject=subject,
        body=body,
        public=recipients is None,
        recipients=list(recipients or ()),
        created_at=now,
    )
    session.add(event)
    session.flush()
    return event


def events_of(session: Session, game: Game, *, public_only: bool = False) -> list[Event]:
    query = select(Event).where(Event.game_id == game.id).order_by(Event.id)
    if public_only:
        query = query.where(Event.public.is_(True))
    return list(session.scalars(query))


def forming_games_of(session: Session, address: str) -> list[Game]:
    """The forming games in which `address` (any case) has an active seat."""
    query = (
        select(Game)
        .join(Player, Player.game_id == Game.id)
        .where(
            Game.status == GameStatus.FORMING,
            Player.status == PlayerStatus.ACTIVE,
            func.lower(Player.address) == address.strip().lower(),
        )
    )
    return list(session.scalars(query).unique())


def forming_games_created_by(session: Session, cutoff: datetime, limit: int) -> list[Game]:
    """Up to `limit` forming games created at or before `cutoff`, oldest first, locked
    (rows another transaction holds are skipped)."""
    query = (
        select(Game)
        .where(Game.status == GameStatus.FORMING, Game.created_at <= cutoff)
        .order_by(Game.id)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    return list(session.scalars(query))


def games_mastered_since(session: Session, address: str, since: datetime) -> int:
    """How many master seats `address` (any case) took after `since`: the games it created."""
    query = select(func.count(Player.id)).where(
        Player.role == PlayerRole.MASTER,
        func.lower(Player.address) == address.lower(),
        Player.joined_at > since,
    )
    return session.scalar(query) or 0
