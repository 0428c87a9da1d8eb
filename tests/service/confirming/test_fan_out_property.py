"""The fan-out invariant over generated hostile mail (issue 31, item 3).

Mails are drawn at random from the issue's attacks and their mixes: OBSERVE and
SIGNON ?game forged with the From of addresses confirmed in another game, SET
ADDRESS and SET ZINE naming many confirmed third parties, a master's mail of
announcements, press and PROCESS lines over a game with unconfirmed observers,
wrong and right CONFIRM codes. After every mail in:

* at most one outbox row went to an address that has not asked for what it is
  about (a seat in its game, its zine; for a mail about no game, any game), the
  reply to the sender aside;
* at most `HELD_PER_MAIL` held_mail rows were added;
* no reader got two announcements of one game (they are one mail).

Cheap by default: one seeded run of `MAILS` mails. More: `JUDGE_FAN_OUT_EXAMPLES=20`
(and `JUDGE_FAN_OUT_SEED` for another start).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from support.service.fan_out_world import (
    GM,
    GM2,
    OUTSIDERS,
    World,
    fan_out_world,
    sent_for,
    unasked_rows,
)

from judge.clock import ManualClock
from judge.config import Config
from judge.outbox.gate import HELD_PER_MAIL
from judge.store.models import PendingAction

EXAMPLES = int(os.environ.get("JUDGE_FAN_OUT_EXAMPLES", "1"))
SEED = int(os.environ.get("JUDGE_FAN_OUT_SEED", "3103"))
MAILS = 24
MASTER_LINES = (
    "SET GRACE 24h", "SET GRACE 12h", "SET MOVE NEXT 2d", "SET RETREAT NEXT 1.5", "PAUSE",
    "RESUME", "BROADCAST\nnews\nENDPRESS", "SET RULE convoy_adjacent 2.4", "PROCESS",
)  # fmt: skip


def _some(rng: random.Random, most: int) -> list[str]:
    return rng.sample(OUTSIDERS, rng.randint(1, most))


def _open_code(world: World, address: str) -> str | None:
    with world.judge.sessions() as session:
        query = select(PendingAction.code).where(
            PendingAction.address == address, PendingAction.done_at.is_(None)
        )
        return session.scalars(query).first()


def hostile_mail(rng: random.Random, world: World) -> tuple[str, str]:
    """One mail of the attacks (its sender and body)."""
    outsider = rng.choice(OUTSIDERS)
    player = world.player(rng.randrange(7))
    signon = f"SIGNON {player.letter}g1 {player.password}"
    kind = rng.randrange(8)
    if kind == 0:
        return outsider, f"OBSERVE g{rng.choice((1, 2))} pw"
    if kind == 1:
        return outsider, "SIGNON ?g2 pw"
    if kind == 2:
        return player.address, "\n".join([signon, *(f"SET ADDRESS {a}" for a in _some(rng, 40))])
    if kind == 3:
        lines = [rng.choice(MASTER_LINES[:-1]) for _ in range(rng.randint(1, 12))]
        lines += ["PROCESS"] * rng.randint(0, 1)
        return GM, "\n".join(["SIGNON Mg1 gmpass", *lines])
    if kind == 4:
        return GM2, "\n".join(["SIGNON Mg2 gm2pw", *(f"SET ZINE {a}" for a in _some(rng, 20))])
    if kind == 5:
        return outsider, f"CONFIRM {rng.choice(['ABCDEFGH', 'ZZZZ2222'])}"
    if kind == 6:  # a real confirmation: the address asks, and then may get its mail
        code = _open_code(world, outsider)
        return outsider, f"CONFIRM {code}" if code else "HELP"
    lines = [f"OBSERVE g1 pw{index}" for index in range(rng.randint(1, 30))]
    return outsider, "\n".join(lines)  # the same forged OBSERVE, many times in one mail


@pytest.mark.parametrize("seed", [SEED + n for n in range(EXAMPLES)])
def test_no_mail_in_fans_out(
    sessions: sessionmaker[Session], clock: ManualClock, make_config: Callable[..., Config],
    database_url: str, seed: int,
) -> None:
    world = fan_out_world(sessions, clock, make_config, database_url, unconfirmed_observers=True)
    rng = random.Random(seed)
    seen_unasked = seen_held = 0
    for _ in range(MAILS):
        sender, body = hostile_mail(rng, world)
        sent = sent_for(world, sender, body)
        unasked = unasked_rows(world, sent)
        assert len(unasked) <= 1, (sender, body, unasked)
        assert sent.held <= HELD_PER_MAIL, (sender, body, sent.held)
        notices = Counter((row.to, row.game) for row in sent.rows if row.kind == "notice")
        assert all(count == 1 for count in notices.values()), (sender, body, notices)
        seen_unasked += len(unasked)
        seen_held += sent.held
    assert seen_unasked and seen_held  # the run did reach both limits' ground
