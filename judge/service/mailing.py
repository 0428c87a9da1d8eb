"""Game mail into the outbox: who gets a game's broadcasts (the zine too), and the
common header.

Mail is queued with `judge.outbound.enqueue` in the caller's transaction, so it
leaves only if the change that caused it is committed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy.orm import Session

from judge.config import Config
from judge.mail.attachments import Attachment, attach
from judge.mail.compose import broadcast_message, game_subject
from judge.outbound import enqueue, enqueue_copies
from judge.service.report import format_time
from judge.store import games as store
from judge.store.models import Game, Player, PlayerRole, PlayerStatus

T = TypeVar("T")
BROADCAST_ROLES = (PlayerRole.PLAYER, PlayerRole.MASTER, PlayerRole.OBSERVER)


ZINE_KEY = "zine"  # games.settings: the address SET ZINE gave, if any


def audience(session: Session, game: Game) -> list[Player]:
    """Everyone who gets a game's public mail: players, the master, the observers and
    the zine address (SET ZINE), which is read like an observer's."""
    people = store.players_of(session, game, roles=BROADCAST_ROLES, statuses=[PlayerStatus.ACTIVE])
    zine = game.settings.get(ZINE_KEY)
    if zine:
        people.append(zine_reader(zine))
    return one_per_address(people, lambda person: person.address)


def zine_reader(address: str) -> Player:
    """The zine as a reader: an observer that is not stored (never added to a session)."""
    return Player(address=address, role=PlayerRole.OBSERVER, powers=[], status=PlayerStatus.ACTIVE)


def one_per_address(items: Iterable[T], address: Callable[[T], str]) -> list[T]:
    """The items in order, without a second one for the same address (any case)."""
    seen: set[str] = set()
    unique = []
    for item in items:
        key = address(item).lower()
        if key not in seen:
            seen.add(key)
            unique.append(item)
    return unique


def header_data(config: Config, game: Game, display_name: str) -> dict[str, Any]:
    """The values of `_header.txt.j2` for a game as it is now."""
    return {
        "judge_code": config.judge.code,
        "game": game.name,
        "variant": display_name,
        "phase": game.phase or "",
        "deadline": format_time(game.next_deadline),
    }


def send_game_mail(
    session: Session,
    config: Config,
    game: Game,
    *,
    to: str,
    what: str,
    body: str,
    kind: str,
    now: datetime,
) -> None:
    """Queue one game mail with the subject `CODE:game - <what>`."""
    message = broadcast_message(
        sender=config.judge.address,
        to=to,
        subject=game_subject(config.judge.code, game.name, what),
        body=body,
        now=now,
    )
    enqueue(session, message, kind, game.id, now=now)


def send_game_mails(
    session: Session,
    config: Config,
    game: Game,
    *,
    to: Sequence[str],
    what: str,
    body: str,
    kind: str,
    now: datetime,
    attachments: Sequence[Attachment] = (),
    map_id: int | None = None,
) -> None:
    """`send_game_mail` to each address in `to`, the message built once for all
    (with `attachments`; with `map_id`, one of them is that stored map's placeholder)."""
    if not to:
        return
    message = broadcast_message(
        sender=config.judge.address,
        to=to[0],
        subject=game_subject(config.judge.code, game.name, what),
        body=body,
        now=now,
    )
    attach(message, attachments)
    enqueue_copies(session, message, to, kind, game.id, now=now, map_id=map_id)
