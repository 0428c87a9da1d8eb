"""Migration 0013 (held mail) confirms the addresses that were getting game mail before address
confirmation existed, on both backends; an address already known keeps its state."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from judge.clock import ManualClock
from judge.store import games as store
from judge.store.db import make_engine, make_session_factory
from judge.store.migrate import downgrade, upgrade
from judge.store.models import Address, PlayerRole

pytestmark = pytest.mark.postgres_copy  # the store's own tests run on both backends


def test_upgrade_confirms_the_addresses_of_seats_and_zines(
    database_url: str, clock: ManualClock
) -> None:
    engine = make_engine(database_url)
    try:
        upgrade(engine)
        sessions = make_session_factory(engine)
        with sessions.begin() as session:
            zine = {"zine": "Zine@Example.org"}
            game = store.create_game(session, name="g1", variant="standard", rng_seed=1,
                                     now=clock.now(), settings=zine)  # fmt: skip
            for address, role in (("GM@example.org", PlayerRole.MASTER),
                                  ("p1@example.org", PlayerRole.PLAYER),
                                  ("new@example.org", PlayerRole.OBSERVER)):  # fmt: skip
                store.add_player(session, game, address=address, password_hash="x",
                                 now=clock.now(), role=role)  # fmt: skip
            session.add(Address(address="new@example.org", code="ABCDEFGH"))  # asked, not yet
        downgrade(engine, "0012_judge_settings")
        with sessions.begin() as session:  # as an older judge left it: no rows but one
            session.execute(Address.__table__.delete().where(Address.address != "new@example.org"))
        upgrade(engine)
        with sessions() as session:
            rows = {row.address: row.confirmed_at is not None
                    for row in session.scalars(select(Address))}  # fmt: skip
        assert rows == {"gm@example.org": True, "p1@example.org": True,
                        "zine@example.org": True, "new@example.org": False}  # fmt: skip
    finally:
        engine.dispose()
