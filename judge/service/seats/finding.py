"""Finding a game and the seats in it: the lookups of sign-ons, commands and the
inbox processor's read-only step.

`find_game` locks the game a command names; `signon_seat` is the existing seat whose
password a SIGNON is checked against (the sender's own seat for a join or an observer,
the master, the power's holder). The commands (`judge.service.commands.games`,
`judge.service.commands`) and the processor's preparation (`judge.service.game.prepare`)
all use them, so they live here, below all three.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from judge.language.command_types import Signon
from judge.service.context import Refusal
from judge.service.seats.snapshots import active_players
from judge.store import games as store
from judge.store.models import Game, Player, PlayerRole


def find_game(session: Session, name: str) -> Game:
    """The game, locked for this transaction; a Refusal if there is none."""
    game = store.get_game(session, name, for_update=True)
    if game is None:
        raise Refusal("no_such_game", game=name)
    return game


def signon_seat(session: Session, game: Game, command: Signon, sender: str) -> Player | None:
    """The existing seat whose password `command` is checked against, if any: the
    sender's own seat for a join or an observer, the master, the power's holder."""
    if command.role == "join":
        return of_address(active_players(session, game), sender)
    if command.role == "master":
        masters = store.players_of(session, game, roles=[PlayerRole.MASTER])
        return of_address(masters, sender) or (masters[0] if masters else None)
    if command.role == "observer":
        return the_observer(session, game, sender)
    return power_holder(session, game, command.power or "")


def the_master(session: Session, game: Game, sender: str = "") -> Player:
    """The master seat `sender` signs on to: their own (a co-master PROMOTE made
    signs on from their address), else the game's first master."""
    masters = store.players_of(session, game, roles=[PlayerRole.MASTER])
    if not masters:
        raise Refusal("bad_password", game=game.name)
    return of_address(masters, sender) or masters[0]


def the_observer(session: Session, game: Game, sender: str) -> Player | None:
    """The observer seat of `sender`'s address: an observer is found by address
    first, so one password is never tried against every observer's hash."""
    return of_address(store.players_of(session, game, roles=[PlayerRole.OBSERVER]), sender)


def power_holder(session: Session, game: Game, power: str) -> Player | None:
    """The active player holding `power`, if anyone does."""
    holders = [p for p in active_players(session, game) if power in p.powers]
    return holders[0] if holders else None


def of_address(people: list[Player], sender: str) -> Player | None:
    """The first of `people` at `sender`'s address (compared without case)."""
    mine = [p for p in people if p.address.lower() == sender.lower()]
    return mine[0] if mine else None
