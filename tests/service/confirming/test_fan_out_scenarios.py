"""Issue 31, item 3, scenario by scenario: an address that never asked for a game gets
at most one mail from one mail in, and one mail in holds at most `HELD_PER_MAIL`.

Each test is one attack of the issue, with the exact counts it now gives. The
invariant over generated mixes of them is `test_fan_out_property.py`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker
from support.service.fan_out_world import (
    GM,
    GM2,
    OUTSIDERS,
    UNCONFIRMED,
    World,
    fan_out_world,
    sent_for,
    unasked_rows,
)
from support.service.harness import body_of

from judge.clock import ManualClock
from judge.config import Config
from judge.outbox.gate import HELD_PER_MAIL
from judge.store.models import Game, PendingAction, Player, PlayerStatus

MASTER_MAIL = "SIGNON Mg{game} {pw}\n" + "".join(
    f"BROADCAST\nnews {index}\nENDPRESS\n" for index in range(5)
) + "SET GRACE 24h\nSET MOVE NEXT 2d\nSET RETREAT NEXT 1.5\nSET RULE convoy_adjacent 2.4\n"


@pytest.fixture
def world(
    sessions: sessionmaker[Session], clock: ManualClock, make_config: Callable[..., Config],
    database_url: str,
) -> World:
    return fan_out_world(sessions, clock, make_config, database_url)


def _seats(world: World, game: str, address: str) -> int:
    with world.judge.sessions() as session:
        query = select(func.count()).select_from(Player).join(Game).where(
            Game.name == game, func.lower(Player.address) == address,
            Player.status == PlayerStatus.ACTIVE,
        )  # fmt: skip
        return session.scalar(query) or 0


def test_a_forged_signon_of_an_address_confirmed_elsewhere_seats_nobody(world: World) -> None:
    victim = OUTSIDERS[0]  # confirmed, observes g9
    forged = sent_for(world, victim, "SIGNON ?g2 pw")
    assert [row.kind for row in forged.rows] == ["confirm", "reply"]  # both to the victim
    assert {row.to for row in forged.rows} == {victim}
    assert _seats(world, "g2", victim) == 0
    master = sent_for(world, GM2, MASTER_MAIL.format(game=2, pw="gm2pw"))
    assert master.to(victim) == []
    assert master.held == 0


def test_a_forged_observe_gets_no_game_mail(world: World) -> None:
    victim = OUTSIDERS[1]
    forged = sent_for(world, victim, "OBSERVE g1 pw")
    assert [(row.to, row.kind) for row in forged.rows] == [(victim, "confirm"), (victim, "reply")]
    assert _seats(world, "g1", victim) == 0
    master = sent_for(world, GM, MASTER_MAIL.format(game=1, pw="gmpass"))
    assert master.to(victim) == []
    assert unasked_rows(world, master) == []
    readers = 9 - 1  # the seven players and the master, the master's reply aside
    assert len([row for row in master.rows if row.kind == "notice"]) == readers


def test_forty_forged_observers_and_a_master_mail(world: World) -> None:
    victims = OUTSIDERS[:40]
    for victim in victims:
        forged = sent_for(world, victim, "OBSERVE g1 pw")
        assert len(forged.rows) == 2 and unasked_rows(world, forged) == [forged.rows[0]]
    master = sent_for(world, GM, MASTER_MAIL.format(game=1, pw="gmpass"))
    assert [row for row in master.rows if row.to in victims] == []
    assert master.held == 0


def test_set_address_to_forty_confirmed_third_parties(world: World) -> None:
    player = world.player(0)
    lines = "\n".join(f"SET ADDRESS {address}" for address in OUTSIDERS[:40])
    sent = sent_for(world, player.address, f"SIGNON {player.letter}g1 {player.password}\n{lines}")
    third = [row for row in sent.rows if row.to in OUTSIDERS]
    assert [(row.to, row.kind, row.game) for row in third] == [(OUTSIDERS[0], "confirm", "g1")]
    assert [row.to for row in sent.rows if row.kind == "reply"] == [player.address]  # no copies
    assert _seats(world, "g1", player.address) == 1  # nothing changed before a confirmation


def test_a_third_party_confirming_for_the_game_gets_its_mail(world: World) -> None:
    """The address that asked (its CONFIRM of the request) is seated and gets g1's mail."""
    player = world.player(0)
    sent_for(world, player.address, f"SIGNON {player.letter}g1 {player.password}\n"
                                    f"SET ADDRESS {OUTSIDERS[0]}")  # fmt: skip
    with world.judge.sessions() as session:
        code = session.scalars(select(PendingAction.code)).one()
    confirmed = world.judge.reply(OUTSIDERS[0], f"CONFIRM {code}")
    assert f"to {OUTSIDERS[0]}" in " ".join(body_of(confirmed).split())
    assert _seats(world, "g1", OUTSIDERS[0]) == 1
    master = sent_for(world, GM, MASTER_MAIL.format(game=1, pw="gmpass"))
    assert [row.kind for row in master.to(OUTSIDERS[0])] == ["press"] * 5 + ["notice"]


def test_many_process_lines_hold_at_most_a_few_rows(
    sessions: sessionmaker[Session], clock: ManualClock, make_config: Callable[..., Config],
    database_url: str, caplog: pytest.LogCaptureFixture,
) -> None:
    world = fan_out_world(sessions, clock, make_config, database_url, unconfirmed_observers=True)
    # The mail had 200 PROCESS lines; 20 show the same (and take 20 s, not 200).
    body = "SIGNON Mg1 gmpass\n" + "PROCESS\n" * 20
    with caplog.at_level(logging.WARNING, logger="judge.outbox.gate"):
        sent = sent_for(world, GM, body)
    assert sent.held == HELD_PER_MAIL  # ten unconfirmed observers, each owed mail
    counts = [r for r in caplog.records if "not held for unconfirmed" in r.getMessage()]
    assert len(counts) == 1  # one count for the mail, not a line per copy
    # Their one mail: a confirmation request (the first of them, one per mail in).
    assert [(row.to, row.kind) for row in sent.rows if row.to in UNCONFIRMED] == [
        (UNCONFIRMED[0], "confirm")
    ]
