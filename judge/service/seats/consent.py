"""Who may take a seat nobody plays: one rule for every way into a seat (issue 32).

Every game here has a master (njudge's moderated game; `SET MODERATE` is not offered),
so, as on a moderated njudge game, a seat nobody plays is the master's to give:

* A power nobody plays (the master started short, its player resigned, by RESIGN or
  WITHDRAW, or the master resigned or ejected them) is taken only by an address the
  master approved for it (`APPROVE power address`) after it was last left. Nobody
  takes it back by a password alone: not a newcomer, not its former player with the
  old password. Anyone else who asks is refused, and the master is mailed the request
  (once per address and power until the power is left again).
* An address the master ejected from a game, or removed from it before the start,
  is barred from it: no power and no new seat in it, unless the master approves that
  very address for a power (the way to undo a mistaken EJECT).

The takeover (`commands.takeover`) and the joining of a forming game
(`commands.games.join`) both ask `consent`; the leaving commands record who left
what with `record_leaving`. The events are private to the masters.
"""

from __future__ import annotations

import enum
from datetime import datetime

from sqlalchemy.orm import Session

from judge.store import games as store
from judge.store.models import Event, Game

EJECTED_EVENT = "ejected"  # body: "address POWER [POWER...]" (no power: removed before START)
RESIGNED_EVENT = "resigned_seat"  # body: "address POWER [POWER...]"
APPROVED_EVENT = "approved"  # body: "POWER address"
ASKED_EVENT = "takeover_asked"  # body: "POWER address"


class Consent(enum.Enum):
    """What the rule says to an address asking for a seat."""

    GRANTED = "granted"  # the master approved this address for this power
    BARRED = "barred"  # the master ejected or removed this address from the game
    ASK = "ask"  # the master must approve it first (the request goes to the master)


def consent(session: Session, game: Game, sender: str, power: str | None) -> Consent:
    """The rule for `sender` asking for `power` (None: a new seat in a forming game)."""
    events = store.events_of(session, game)
    key = sender.lower()
    if power is not None and approved(events, power, key):
        return Consent.GRANTED
    if key in barred_addresses(events):
        return Consent.BARRED
    return Consent.GRANTED if power is None else Consent.ASK


def record_leaving(
    session: Session, game: Game, address: str, powers: list[str], *, ejected: bool,
    now: datetime, author: str,
) -> None:  # fmt: skip
    """Remember that `address` left `powers` (resigned, or ejected or removed by the
    master: then the address is barred, `ejected`)."""
    store.add_event(
        session, game, kind=EJECTED_EVENT if ejected else RESIGNED_EVENT,
        body=" ".join([address, *sorted(powers)]), now=now, phase=game.phase,
        author=author, recipients=["MASTER"],
    )  # fmt: skip


def record_request(session: Session, game: Game, power: str, sender: str, now: datetime) -> bool:
    """Remember that `sender` asked for `power`; False when it already had since the
    power was last left (the master is then not mailed again)."""
    events = store.events_of(session, game)
    since = last_left(events, power)
    asked = [
        e for e in events
        if e.kind == ASKED_EVENT and e.id > since and _pair(e) == (power.lower(), sender.lower())
    ]  # fmt: skip
    if asked:
        return False
    store.add_event(
        session, game, kind=ASKED_EVENT, body=f"{power} {sender}",
        now=now, phase=game.phase, author="MASTER", recipients=["MASTER"],
    )  # fmt: skip
    return True


def barred_addresses(events: list[Event]) -> set[str]:
    """The addresses the master ejected or removed from the game."""
    return {e.body.split()[0].lower() for e in events if e.kind == EJECTED_EVENT and e.body}


def last_left(events: list[Event], power: str) -> int:
    """The id of the last event by which `power`'s player left it (0: never)."""
    leaving = (EJECTED_EVENT, RESIGNED_EVENT)
    return max(
        (e.id for e in events if e.kind in leaving and power in e.body.split()[1:]),
        default=0,
    )


def approved(events: list[Event], power: str, sender: str) -> bool:
    """Did the master approve `sender` for `power` since it was last left?"""
    since = last_left(events, power)
    return any(
        e.kind == APPROVED_EVENT and e.id > since and _pair(e) == (power.lower(), sender.lower())
        for e in events
    )


def _pair(event: Event) -> tuple[str, ...]:
    return tuple(event.body.lower().split())
