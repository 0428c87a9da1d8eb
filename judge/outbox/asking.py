"""Who has asked for a game's mail: the per-game half of confirmation.

An address confirmed for one game must not become a target for another game's mail
by a forged From (OBSERVE, SIGNON ?game) or by someone else's command (SET ADDRESS,
SET ZINE). So the gate (`judge.outbox.gate`) asks, for every mail about a game,
whether its recipient asked for that game: it holds (or held) a seat in it, as a
player, master or observer, or it is the game's zine. Every way to a seat or to the
zine from an address that did not ask waits for that address to confirm, with a code
only it is sent (`judge.service.confirming.pending_actions`), so a seat is the proof of asking.
"""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from judge.store.game_settings import GameSettings
from judge.store.models import Game, Player


def addresses_asking(session: Session, game_id: int) -> frozenset[str]:
    """The lower-case addresses that asked for the mail of game `game_id`."""
    seats = select(func.lower(Player.address)).where(Player.game_id == game_id).distinct()
    asking = set(session.scalars(seats))
    game = session.get(Game, game_id)
    zine = GameSettings.of(game).zine if game is not None else None
    if zine:
        asking.add(zine.strip().lower())
    return frozenset(asking)


def has_asked(session: Session, address: str, game_id: int) -> bool:
    """Whether `address` asked for the mail of game `game_id` (see the module)."""
    return address.strip().lower() in addresses_asking(session, game_id)
