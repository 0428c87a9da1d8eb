"""The mail benchmark's database: started standard games, made through the store API.

`seed_started` makes a running standard game with seven players and a master via
`bench.seeding.seed_game` (powers allotted, first phase recorded, every
power's opening stored), its deadline a month away. Every player is then set to
WAIT, so that order mails never complete the phase and process it early: each
order mail costs the same. The start mails are marked sent, so the server does
not deliver them during a measurement.

`clone_games` copies one such game's rows (game, players, phases, orders) under
new names with bulk inserts: 10,000 stored games in seconds, where `seed_game`
takes some 50 ms per game.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, Table, func, select, update

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # the shared helpers: `support`

from support.seeding import OPENINGS, seed_game  # noqa: E402

from judge.config import config_from_dict  # noqa: E402
from judge.store.db import make_engine, make_session_factory  # noqa: E402
from judge.store.migrate import upgrade  # noqa: E402
from judge.store.models import Base, OutboxMessage, OutboxStatus, PlayerRole  # noqa: E402
from judge.variants.registry import default_registry  # noqa: E402

BATCH = 1000  # games per bulk insert


@dataclass(frozen=True)
class Seat:
    """Who holds a power in a seeded game, and what they send."""

    power: str
    address: str
    signon: str  # e.g. "SIGNON Fg1 pw"
    orders: tuple[str, ...]


def open_database(folder: Path) -> Engine:
    """The benchmark's SQLite database in `folder`, migrated."""
    engine: Engine = make_engine(f"sqlite:///{folder / 'judge.db'}")
    upgrade(engine)
    return engine


def seed_started(engine: Engine, name: str, password: str, password_hash: str) -> list[Seat]:
    """A running standard game `name`; returns its seven seats."""
    sessions = make_session_factory(engine)
    now = datetime.now(UTC)
    config = config_from_dict(
        {"judge": {"address": "judge@example.org"}, "security": {"confirm_addresses": False}},
        Path.cwd(),
    )
    with sessions.begin() as session:
        game = seed_game(
            session, config, variants=default_registry(), name=name, variant="standard",
            password_hash=password_hash, now=now, due=now + timedelta(days=30),
        )  # fmt: skip
        seats = []
        for player in game.players:
            if player.role is not PlayerRole.PLAYER:
                continue
            player.wait = True
            power = player.powers[0]
            signon = f"SIGNON {power[0]}{name} {password}"
            seats.append(Seat(power, player.address, signon, OPENINGS[power]))
        session.execute(
            update(OutboxMessage).values(status=OutboxStatus.SENT, sent_at=now)
        )
    return sorted(seats, key=lambda seat: seat.power)


def clone_games(engine: Engine, template: str, count: int) -> None:
    """Store `count` copies of the game `template` (named `template-00001`, ...)."""
    tables = {name: Base.metadata.tables[name] for name in ("games", "players", "phases", "orders")}
    with engine.begin() as connection:
        rows = _template_rows(connection, tables, template)
        next_ids = {name: _max_id(connection, table) + 1 for name, table in tables.items()}
        for first in range(0, count, BATCH):
            batch = range(first, min(first + BATCH, count))
            copies = _copies(rows, batch, next_ids, template)
            for name, table in tables.items():
                if copies[name]:
                    connection.execute(table.insert(), copies[name])


def _max_id(connection: Any, table: Table) -> int:
    return int(connection.scalar(select(func.max(table.c.id))) or 0)


def _template_rows(
    connection: Any, tables: dict[str, Table], template: str
) -> dict[str, list[dict[str, Any]]]:
    games, players, phases, orders = (tables[n] for n in ("games", "players", "phases", "orders"))
    game = dict(connection.execute(select(games).where(games.c.name == template)).mappings().one())
    phase_rows = _all(connection, select(phases).where(phases.c.game_id == game["id"]))
    phase_ids = [row["id"] for row in phase_rows]
    return {
        "games": [game],
        "players": _all(connection, select(players).where(players.c.game_id == game["id"])),
        "phases": phase_rows,
        "orders": _all(connection, select(orders).where(orders.c.phase_id.in_(phase_ids))),
    }


def _all(connection: Any, query: Any) -> list[dict[str, Any]]:
    return [dict(row) for row in connection.execute(query).mappings()]


def _copies(
    rows: dict[str, list[dict[str, Any]]],
    batch: range,
    next_ids: dict[str, int],
    template: str,
) -> dict[str, list[dict[str, Any]]]:
    """New rows for the games numbered `batch`, with fresh ids from `next_ids`."""
    out: dict[str, list[dict[str, Any]]] = {name: [] for name in rows}
    for number in batch:
        name = f"{template}-{number + 1:05d}"
        ids: dict[str, dict[int, int]] = {}
        for table in ("games", "players", "phases", "orders"):
            ids[table] = {}
            for row in rows[table]:
                copy = dict(row)
                ids[table][row["id"]] = copy["id"] = next_ids[table]
                next_ids[table] += 1
                _relink(table, copy, ids, name)
                out[table].append(copy)
    return out


def _relink(table: str, copy: dict[str, Any], ids: dict[str, dict[int, int]], name: str) -> None:
    """Point a copied row at its copied parents, and give it its own name."""
    if table == "games":
        copy["name"] = name
    elif table == "players":
        copy["game_id"] = ids["games"][copy["game_id"]]
        local = copy["address"].partition("-")[0]
        copy["address"] = f"{local}-{name}@example.org"
    elif table == "phases":
        copy["game_id"] = ids["games"][copy["game_id"]]
    elif table == "orders":
        copy["phase_id"] = ids["phases"][copy["phase_id"]]
        if copy["player_id"] is not None:
            copy["player_id"] = ids["players"].get(copy["player_id"])
