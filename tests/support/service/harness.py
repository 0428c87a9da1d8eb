"""A judge without the network: mails go into the inbox table, the real inbox worker
runs the service's handler, and the tests read what landed in the outbox.

`JudgeHarness.send` returns the mails the judge queued for that one mail, parsed.
`start_game` plays a whole sign-up by mail and returns who plays which power.
Each harness builds its own inbox handler (what a handler keeps between its steps is
one judge's), and each processing runs under watchdogs of its own, stopped as it ends.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from typing import Any, cast

from sqlalchemy import func, select, text
from sqlalchemy.orm import Session, sessionmaker

from judge.clock import ManualClock
from judge.config import Config
from judge.server.intake import received
from judge.server.processor import process_pending
from judge.server.sender import message_as_sent
from judge.server.watchdog import Watchdogs
from judge.service.maps.drawing import draw_pending_maps
from judge.service.replies.service_handler import ServiceHandler
from judge.service.status import game_status
from judge.store.games import list_games
from judge.store.inbox import store_messages
from judge.store.models import InboxMessage, InboxStatus, OutboxMessage
from judge.variants.registry import VariantRegistry
from support.service import start_replay
from support.service.scenario import orders_for, owes_orders
from support.variant_registry import WORKER_REGISTRY

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
_numbers = itertools.count(1)


def build_mail(
    sender: str,
    body: str,
    *,
    subject: str = "orders",
    to: str = "judge@example.org",
    headers: dict[str, str] | None = None,
) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = f"<t{next(_numbers)}@example.org>"
    for name, value in (headers or {}).items():
        message[name] = value
    message.set_content(body)
    return message


def body_of(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return cast(str, part.get_content()).replace("\r\n", "\n")


@dataclass
class Player:
    address: str
    password: str
    power: str = ""

    @property
    def letter(self) -> str:
        return self.power[0]


@dataclass
class JudgeHarness:
    sessions: sessionmaker[Session]
    clock: ManualClock
    config: Config
    players: dict[str, Player] = field(default_factory=dict)  # power -> player
    variants: VariantRegistry = WORKER_REGISTRY  # the judge's, passed down by argument
    replay_starts: bool = True  # False: every start_game is played by mail
    handler: ServiceHandler = field(init=False)  # this judge's own, built with its variants

    def __post_init__(self) -> None:
        self.handler = ServiceHandler(self.variants)

    def process_pending(self) -> int:
        """Process every stored `new` mail with this judge's handler, as its daemon would."""
        with Watchdogs() as watchdogs:
            return process_pending(self.sessions, self.handler, self.clock, self.config,
                                   watchdogs)  # fmt: skip

    def send_raw(self, raw: bytes, mail_from: str) -> list[EmailMessage]:
        with self.sessions() as session:
            before = session.scalar(select(func.max(OutboxMessage.id))) or 0
        mail = received(raw, mail_from, [self.config.judge.address])  # as the intake stores it
        store_messages(self.sessions, [mail], self.clock.now())
        self.process_pending()
        draw_pending_maps(self.sessions, self.variants)  # as the daemons do after processing
        with self.sessions() as session:
            failed = session.scalars(
                select(InboxMessage).where(InboxMessage.status == InboxStatus.FAILED)
            ).all()
            assert not failed, failed[0].error
            rows = session.scalars(
                select(OutboxMessage).where(OutboxMessage.id > before).order_by(OutboxMessage.id)
            ).all()
            return [
                cast(EmailMessage, message_from_bytes(message_as_sent(session, r), policy=default))
                for r in rows
            ]

    def send(self, sender: str, body: str, **options: object) -> list[EmailMessage]:
        message = build_mail(sender, body, **options)  # type: ignore[arg-type]
        return self.send_raw(bytes(message), sender)

    def reply(self, sender: str, body: str, **options: object) -> EmailMessage:
        """Send a mail and return the one reply the sender got."""
        mails = self.send(sender, body, **options)
        replies = [m for m in mails if m["To"] == sender and m["Auto-Submitted"] == "auto-replied"]
        assert len(replies) == 1, [m["Subject"] for m in mails]
        return replies[0]

    def start_game(
        self, game: str = "g1", count: int = 7, master: str = "gm@example.org"
    ) -> dict[str, Player]:
        """CREATE, `count` SIGNONs with distinct preferences (and START if fewer than 7).

        On SQLite the same start from the same empty database is played by mail once per
        test process and copied into later tests (`support.service.start_replay`)."""
        key = None
        if self.replay_starts and start_replay.replaying_allowed() and not self.players:
            key = start_replay.start_key(
                self.sessions, self.clock, self.config, self.variants, (game, count, master)
            )
        kept = start_replay.played(key) if key is not None else None
        if kept is not None:
            start_replay.restore(kept, self.config)
            self.clock.set(kept.now)
            for _ in range(_start_mails(count)):  # the Message-IDs a start by mail takes
                next(_numbers)
            for address, password, power in kept.players:
                self.players[power] = Player(address, password, power)
            return self.players
        self._play_start(game, count, master)
        if key is not None:
            seated = tuple((p.address, p.password, p.power) for p in self.players.values())
            start_replay.keep(key, self.config, seated, self.clock.now(), self.variants)
        return self.players

    def _play_start(self, game: str, count: int, master: str) -> None:
        self.reply(master, f"CREATE {game} gmpass standard")
        joined = []
        for index in range(count):
            player = Player(f"p{index}@example.org", f"pw{index}")
            preference = POWERS[index][0]
            self.reply(
                player.address, f"SIGNON ?{game} {player.password}\nPREFERENCES {preference}"
            )
            joined.append(player)
        if count < 7:
            self.reply(master, f"SIGNON M{game} gmpass\nSTART")
        for player in joined:
            player.power = _power_from_start_mail(self, player.address, game)
            self.players[player.power] = player

    def orders(self, power: str, *orders: str, game: str = "g1") -> EmailMessage:
        player = self.players[power]
        body = "\n".join([f"SIGNON {player.letter}{game} {player.password}", *orders])
        return self.reply(player.address, body)

    def status_of_games(self) -> list[str]:
        with self.sessions() as session:
            return [game.name for game in list_games(session)]

    def status(self, game: str = "g1") -> dict[str, Any]:
        with self.sessions() as session:
            status = game_status(session, self.variants, game)
        assert status is not None
        return status

    def play_phase(self, game: str = "g1") -> list[EmailMessage]:
        """Every power that owes orders sends the scenario's orders; all mails sent back."""
        status = self.status(game)
        phase = status["phase"]
        mails: list[EmailMessage] = []
        for power in POWERS:
            if power in self.players and owes_orders(phase, power, status):
                player = self.players[power]
                lines = [f"SIGNON {player.letter}{game} {player.password}"]
                mails += self.send(
                    player.address, "\n".join(lines + orders_for(phase, power, status))
                )
        return mails

    def play_until(self, phase: str, game: str = "g1") -> None:
        for _ in range(20):
            if self.status(game)["phase"] == phase:
                return
            self.play_phase(game)
        raise AssertionError(f"{game} never reached {phase}")


def _start_mails(count: int) -> int:
    """The mails `_play_start` sends: CREATE, the SIGNONs, START when short."""
    return 1 + count + (1 if count < 7 else 0)


def start_mail_texts(harness: JudgeHarness, address: str) -> list[str]:
    """The game-start mails queued for `address`, as text (any language)."""
    with harness.sessions() as session:
        rows = session.scalars(
            select(OutboxMessage).where(
                OutboxMessage.kind == "start", OutboxMessage.to_address == address
            )
        ).all()
        return [row.message.decode("utf-8", "replace") for row in rows]


def _power_from_start_mail(harness: JudgeHarness, address: str, game: str) -> str:
    for mail in start_mail_texts(harness, address):
        found = re.search(r"You are playing (\w+)\.", mail)
        if found and f"Game: {game} " in mail:
            return found.group(1)
    raise AssertionError(f"no start mail for {address}")


GAME_TABLES = ("games", "players", "phases", "orders", "events")


def game_tables(
    sessions: sessionmaker[Session], ignoring: Collection[str] = ()
) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the game tables: compare two of these to prove nothing changed.

    `ignoring`: columns left out (e.g. `orders_refused_in`, which a refused order sets).
    """
    with sessions() as session:
        return {
            name: [
                tuple(v for k, v in row._mapping.items() if k not in ignoring)
                for row in session.execute(text(f"SELECT * FROM {name} ORDER BY id"))
            ]
            for name in GAME_TABLES
        }
