"""Who is late, and the mails that tell them so.

A player is late when a seat of theirs owes orders (or bids) this phase
(`variant.owing`) and what it sent is not complete (`variant.is_complete`).
Resigned and ejected players are never late: their powers are in civil disorder.

* The reminder, before the deadline, goes only to the late players, with the
  orders they have sent so far.
* After the deadline, each late player gets a late notice naming what is missing
  (with the end of the grace period, or under SET NMR that the game waits), and the
  other players and the master are told who is late.
  Observers and the zine are not: lateness is not part of the public record.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.config import Config
from judge.outbox.gate import Gate
from judge.rules.state import PhaseType
from judge.service.game.order_listing import listing_on_board
from judge.service.game_mail.mailing import broadcast, header_data, one_per_address
from judge.service.seats.reader_preferences import readers_for
from judge.service.seats.snapshots import Board, active_players, seat_of, submissions
from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Player, PlayerRole
from judge.variants.base import Submission
from judge.variants.common import duties_covered
from judge.wording.describe import power_title
from judge.wording.readers import Reader
from judge.wording.report import phase_words
from judge.wording.templates import render

NOT_SENT = Submission(complete=False)


@dataclass(frozen=True)
class Late:
    """A player who still owes something, and the powers (as titles) it is owed for.

    `missing`: of those, the powers whose orders are not all in (a player of Austria
    and Italy who sent Austria's builds is missing Italy's only); `held`: the powers
    the player holds, by which a power they merely control (an Intimate mercenary)
    is named."""

    player: Player
    powers: tuple[str, ...]
    missing: tuple[str, ...] = ()
    held: tuple[str, ...] = ()


def late_players(
    session: Session, board: Board, sent: Mapping[str, Submission] | None = None
) -> list[Late]:
    """The active players whose seats owe orders and have not sent them all.

    `sent`: the submissions, when the caller has read them already.
    """
    owing = board.variant.owing(board.snapshot)
    if not owing:
        return []
    if sent is None:
        sent = submissions(session, board)
    late = []
    for player in active_players(session, board.game):
        seat = seat_of(player)
        submission = sent.get(seat, NOT_SENT)
        if seat in owing and not board.variant.is_complete(board.snapshot, seat, submission):
            missing = _missing(board, owing[seat], submission)
            late.append(Late(
                player, tuple(power_title(p) for p in sorted(owing[seat])),
                tuple(power_title(p) for p in sorted(missing)),
                tuple(power_title(p) for p in sorted(player.powers)),
            ))  # fmt: skip
    return late


def _missing(board: Board, owed: frozenset[str], submission: Submission) -> frozenset[str]:
    """The owed powers whose orders are not all in. A bid phase, or a seat whose
    orders all look covered but that is still incomplete (a refused line, a
    variant's own duty), is missing every power it owes."""
    if board.state.phase.type is PhaseType.BID or not submission.complete:
        return owed
    covered = {
        p for p in owed
        if duties_covered(board.variant.map, board.state, {p}, submission.orders)
    }  # fmt: skip
    return (owed - covered) or owed


def late_powers(late: list[Late]) -> list[str]:
    """The powers whose orders are missing, as titles."""
    return sorted({power for entry in late for power in (entry.missing or entry.powers)})


def disorder_entries(late: list[Late]) -> list[tuple[str, str | None]]:
    """The powers put in civil disorder, each with the player's powers that name its
    controller when the player does not hold it (`("Austria", "France")`: the
    mercenary Austria, controlled by the player of France), else None."""
    entries = []
    for entry in late:
        for power in entry.missing or entry.powers:
            controller = None if power in entry.held or not entry.held else " and ".join(entry.held)
            entries.append((power, controller))
    return sorted(set(entries))


def send_reminders(
    session: Session, config: Config, gate: Gate, board: Board, late: list[Late], now: datetime
) -> None:
    common = _common(config, board)
    for entry in late:
        body = functools.partial(
            render, "reminder.txt.j2", **common, **_personal(session, board, entry)
        )
        _send(session, config, gate, board, [entry.player], "Reminder", body, now)


def send_late_notices(
    session: Session, config: Config, gate: Gate, board: Board, late: list[Late], now: datetime
) -> None:
    """Each late player is told; the others and the master learn who is late."""
    common = _common(config, board)
    for entry in late:
        body = functools.partial(
            render, "late_notice.txt.j2", **common, **_personal(session, board, entry)
        )
        _send(session, config, gate, board, [entry.player], "Late Notice", body, now)
    late_ids = {entry.player.id for entry in late}
    others = [
        person
        for person in store.players_of(
            session, board.game, roles=[PlayerRole.PLAYER, PlayerRole.MASTER]
        )
        if person.id not in late_ids
    ]
    body = functools.partial(render, "late_powers.txt.j2", **common, powers=late_powers(late))
    readers = sorted(one_per_address(others, lambda p: p.address), key=lambda p: p.address)
    _send(session, config, gate, board, readers, "Late Powers", body, now)


def _common(config: Config, board: Board) -> dict[str, Any]:
    return {
        **header_data(config, board.game, board.variant.display_name),
        "phase_words": phase_words(board.state.phase),
        "grace_end": board.game.grace_until,
        "nmr": GameSettings.of(board.game).nmr,  # SET NMR: the game waits, no disorder
    }


def _personal(session: Session, board: Board, entry: Late) -> dict[str, Any]:
    """What one late player is told: the powers whose orders are missing (not every
    power they owe for: Austria's builds in, Italy's missing, names Italy), what is
    missing for each, and their orders on file."""
    listing = listing_on_board(session, board, entry.player)
    return {
        "powers": list(entry.missing or entry.powers),
        "missing": missing_items(listing),
        "listing": listing,
    }


def missing_items(listing: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """Per power of a current-orders listing (`orders_listing`), what is still
    missing: `units` without an order, and `more` builds or removals (`kind`) due.
    Empty for a bid phase (no listing: bids are sealed) and when nothing is missing."""
    items = []
    for row in (listing or {}).get("powers", []):
        adjustments = row["adjustments"] or {}
        more = adjustments.get("due", 0) - adjustments.get("sent", 0)
        if row["unordered"] or more > 0:
            items.append({
                "power": row["power"], "units": list(row["unordered"]), "more": more,
                "kind": adjustments.get("kind"), "can_waive": adjustments.get("can_waive"),
            })  # fmt: skip
    return items


def _send(
    session: Session,
    config: Config,
    gate: Gate,
    board: Board,
    to: list[Player],
    what: str,
    body: Callable[[Reader], str],
    now: datetime,
) -> None:
    what = f"{board.record.phase} {what}"
    broadcast(
        session, config, board.game, to=[person.address for person in to], what=what,
        body=body, kind="notice", now=now, gate=gate, readers=readers_for(board.game, to),
    )  # fmt: skip
