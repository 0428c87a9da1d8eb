"""A judge with confirmation on, games in play, and addresses confirmed elsewhere: the
world of the fan-out tests (issue 31: no mail in may make the judge write to an
address that never asked for it more than once).

`fan_out_world` builds it with confirmation off (the judge of the set-up answers
everyone), then marks the addresses that should be confirmed, and hands back a
harness with confirmation on over the same database. `sent_for` runs one mail and
says what it queued: every outbox row and every held row it added.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.config import Config
from judge.outbox.asking import addresses_asking
from judge.service.confirming.pending_actions import new_code
from judge.store.models import Address, Game, HeldMail, OutboxMessage
from support.service.harness import JudgeHarness, Player

GM, GM2, GM9 = "gm@example.org", "gm2@example.org", "gm9@example.org"
OUTSIDERS = [f"c{index}@elsewhere.test" for index in range(60)]  # confirmed, observe g9
UNCONFIRMED = [f"u{index}@unconfirmed.test" for index in range(10)]  # observe g1, never confirmed


@dataclass(frozen=True)
class Row:
    to: str
    kind: str
    game: str | None


@dataclass
class Sent:
    """What one mail in queued: outbox rows, and held_mail rows added."""

    sender: str
    rows: list[Row]
    held: int

    def to(self, address: str) -> list[Row]:
        return [row for row in self.rows if row.to == address]


@dataclass
class World:
    judge: JudgeHarness  # confirmation on
    players: dict[str, Player]  # g1's, by power

    def player(self, index: int) -> Player:
        return sorted(self.players.values(), key=lambda p: p.address)[index]


def fan_out_world(
    sessions: sessionmaker[Session], clock: ManualClock, make_config: Callable[..., Config],
    database_url: str, *, unconfirmed_observers: bool = False,
) -> World:
    """g1 running (master GM, seven players), g2 forming (master GM2), g9 forming
    (master GM9) observed by the 60 OUTSIDERS; all of them confirmed. With
    `unconfirmed_observers`, the ten UNCONFIRMED observe g1 (their mail is held)."""
    limits = {"per_sender_per_hour": 100000}
    open_judge = JudgeHarness(sessions, clock, make_config(database_url, limits=limits))
    players = open_judge.start_game()
    open_judge.reply(GM2, "CREATE g2 gm2pw standard")
    open_judge.reply(GM9, "CREATE g9 gm9pw standard")
    for outsider in OUTSIDERS:
        open_judge.reply(outsider, "OBSERVE g9 pw")
    if unconfirmed_observers:
        for address in UNCONFIRMED:
            open_judge.reply(address, "OBSERVE g1 pw")
    confirmed = [GM, GM2, GM9, *(p.address for p in players.values()), *OUTSIDERS]
    with sessions.begin() as session:
        for address in confirmed:
            session.add(Address(address=address, code=new_code(), confirmed_at=clock.now()))
    security = {"confirm_addresses": True}
    guarded = JudgeHarness(sessions, clock, make_config(database_url, limits=limits,
                                                        security=security))  # fmt: skip
    return World(guarded, players)


def sent_for(world: World, sender: str, body: str) -> Sent:
    """Send one mail; the outbox rows and the held rows it added."""
    sessions = world.judge.sessions
    with sessions() as session:
        last_row = session.scalar(select(func.max(OutboxMessage.id))) or 0
        held_before = session.scalar(select(func.count()).select_from(HeldMail)) or 0
    world.judge.send(sender, body)
    with sessions() as session:
        names = {game.id: game.name for game in session.scalars(select(Game))}
        rows = session.scalars(
            select(OutboxMessage).where(OutboxMessage.id > last_row).order_by(OutboxMessage.id)
        ).all()
        held_after = session.scalar(select(func.count()).select_from(HeldMail)) or 0
        queued = [Row(r.to_address.lower(), r.kind, names.get(r.game_id) if r.game_id else None)
                  for r in rows]  # fmt: skip
    return Sent(sender.lower(), queued, held_after - held_before)


def asking_now(world: World) -> dict[str | None, frozenset[str]]:
    """The addresses asking for each game (by name), and under None those asking
    for any game."""
    with world.judge.sessions() as session:
        games = {game.name: addresses_asking(session, game.id)
                 for game in session.scalars(select(Game))}  # fmt: skip
    everyone = frozenset().union(*games.values())
    return {**games, None: everyone}


def unasked_rows(world: World, sent: Sent) -> list[Row]:
    """The rows of `sent` to an address that has not asked for what they are about
    (its game, or for a mail about no game: any game), the reply to the sender aside."""
    asking = asking_now(world)
    return [
        row for row in sent.rows
        if not (row.kind == "reply" and row.to == sent.sender)
        and row.to not in asking.get(row.game, frozenset())
    ]  # fmt: skip
