"""Game mail into the outbox: who gets a game's broadcasts (the zine too), and the
common header.

Mail is queued with `judge.outbox.enqueue.enqueue` in the caller's transaction, so it
leaves only if the change that caused it is committed. Game mail goes only to
confirmed addresses that did not say STOP (`judge.service.confirming.confirmation`), and
every one ends with a line naming UNOBSERVE and STOP, and carries a
`List-Unsubscribe` header (mailto: the judge, subject and body STOP). A recipient
whose mail cannot be built (an address that is not plain, stored before addresses
were checked) gets a `failed` outbox row instead (`build_guarded`): never does one bad address fail
the command, the game or the scheduler's tick.

Every fan-out is one `broadcast`: a text everyone reads is built once for all its
readers; a text that differs per reader (private notes) is one `broadcast` each.
While a received mail is handled, its announcements of a game go to each reader as
one mail (`judge.service.game_mail.notice_batch`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from email.message import EmailMessage
from functools import partial
from typing import Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from judge.addresses import is_plain_address
from judge.config import Config
from judge.mail.attachments import Attachment, attach
from judge.mail.compose import broadcast_message, game_subject
from judge.outbox.enqueue import enqueue_copies, record_unbuildable
from judge.outbox.gate import Gate
from judge.service.confirming.confirmation import deliverable
from judge.service.game_mail.notice_batch import Part, add_to_mail, batching, remember
from judge.service.seats.reader_preferences import reader_of, readers_of
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game, Player, PlayerRole, PlayerStatus
from judge.wording.readers import DEFAULT_READER, Reader
from judge.wording.subjects import subject_in
from judge.wording.templates import render

T = TypeVar("T")
BROADCAST_ROLES = (PlayerRole.PLAYER, PlayerRole.MASTER, PlayerRole.OBSERVER)


def audience(session: Session, game: Game) -> list[Player]:
    """Everyone who gets a game's public mail: players, the master, the observers and
    the zine address (SET ZINE), which is read like an observer's."""
    people = store.players_of(session, game, roles=BROADCAST_ROLES, statuses=[PlayerStatus.ACTIVE])
    zine = GameSettings.of(game).zine
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
        "deadline": game.next_deadline,
    }


def build_guarded(
    session: Session,
    to: str,
    kind: str,
    game_id: int | None,
    now: datetime,
    build: Callable[[], object],
) -> bool:
    """Run `build` (which queues one mail to `to`) unless `to` is not a plain address
    or building fails: then that recipient's outbox row is `failed`, and False."""
    if not is_plain_address(to):
        record_unbuildable(session, to, kind, game_id, "not a plain address", now=now)
        return False
    savepoint = session.begin_nested()  # a build that fails half way queues nothing
    try:
        build()
    except SQLAlchemyError:
        raise  # the database's trouble, not this recipient's: the caller's to handle
    except Exception as error:
        savepoint.rollback()
        record_unbuildable(session, to, kind, game_id, repr(error), now=now)
        return False
    savepoint.commit()
    return True


def broadcast(
    session: Session,
    config: Config,
    game: Game,
    *,
    to: Sequence[str],
    what: str,
    body: str | Callable[[Reader], str],
    kind: str,
    now: datetime,
    gate: Gate,
    attachments: Sequence[Attachment] = (),
    map_id: int | None = None,
    readers: Mapping[str, Reader] | None = None,
) -> None:
    """Queue one game mail, subject `CODE:game - <what>`, for every address in `to`
    that may receive it (`deliverable`; held for those not confirmed yet): the
    message is built once for all (with `attachments`, e.g. the results map; with
    `map_id`, one of them is that stored map's placeholder), and each copy gets its
    own `To` and Message-ID. Every game mail goes through here, one reader or many,
    through the outbox `gate` of the work that sends it (`judge.outbox.gate`).

    `body` is the text, or a function that renders it for a `Reader` (language and
    time zone): then it is rendered once per distinct Reader among the addresses
    (`readers`, when the caller knows them; else looked up in the game).

    An address that is not plain gets a `failed` row; when the shared message cannot
    be built, every reader does (the database's errors are the caller's)."""
    send, held = deliverable(session, config, gate, to, now, reader_of(game, None))
    to = [*send, *held]
    plain = [address for address in to if is_plain_address(address)]
    for address in to:
        if address not in plain:
            record_unbuildable(session, address, kind, game.id, "not a plain address", now=now)
    if not plain:
        return
    if isinstance(body, str):
        groups: list[tuple[Reader, list[str]]] = [(DEFAULT_READER, plain)]
    else:
        groups = _by_reader(plain, readers or readers_of(session, game, plain))
    batched = batching(gate, kind) and not attachments and map_id is None
    for reader, addresses in groups:
        try:
            text = body if isinstance(body, str) else body(reader)
            part = Part(what, text)
            build = partial(_built, config, game, now=now, reader=reader)
            fresh = [address for address in addresses if not batched or not add_to_mail(
                session, gate, address, game.id, part, kind, build, now)]  # fmt: skip
            if not fresh:
                continue
            message = build(fresh[0], what, text)
            attach(message, attachments)
            rows = enqueue_copies(session, message, fresh, kind, game.id, gate=gate, now=now,
                                  map_id=map_id, held=held)  # fmt: skip
            if batched:
                sent = {row.to_address.lower(): row for row in rows}
                for address in fresh:
                    remember(session, gate, address, game.id, part, kind, sent)
        except SQLAlchemyError:
            raise  # the database's trouble, not the readers': the caller's to handle
        except Exception as error:
            for address in addresses:
                record_unbuildable(session, address, kind, game.id, repr(error), now=now)


def _by_reader(
    addresses: Sequence[str], readers: Mapping[str, Reader]
) -> list[tuple[Reader, list[str]]]:
    """The addresses grouped by their Reader, in order (an unknown one: the default)."""
    groups: dict[Reader, list[str]] = {}
    for address in addresses:
        groups.setdefault(readers.get(address, DEFAULT_READER), []).append(address)
    return list(groups.items())


def _built(
    config: Config, game: Game, to: str, what: str, body: str, *, now: datetime, reader: Reader
) -> EmailMessage:
    return _game_message(config, game, to=to, what=what, body=body, now=now, reader=reader)


def _game_message(
    config: Config,
    game: Game,
    *,
    to: str,
    what: str,
    body: str,
    now: datetime,
    reader: Reader = DEFAULT_READER,
) -> EmailMessage:
    """A game mail, with the way out in its last line and its header."""
    judge = config.judge.address
    footer = render("unsubscribe.txt.j2", reader, game=game.name, judge=judge)
    message = broadcast_message(
        sender=judge,
        sender_name=config.judge.name,
        to=to,
        subject=game_subject(config.judge.code, game.name, subject_in(what, reader.language)),
        body=body.rstrip("\n") + "\n\n" + footer,
        now=now,
    )
    message["List-Unsubscribe"] = f"<mailto:{judge}?subject=STOP&body=STOP>"
    return message
