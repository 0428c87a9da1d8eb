"""The `Reader` of each address a game mail goes to: the player's own language and
time zone where that address plays in the game, else the game's default language
in UTC (observers, the zine, a master who set nothing).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy.orm import Session

from judge.store import games as store
from judge.store.game_settings import GameSettings
from judge.store.models import Game, Player
from judge.wording.readers import Reader


def reader_of(game: Game, player: Player | None) -> Reader:
    """How `player` (None: someone with no seat) reads `game`'s mail."""
    default = GameSettings.of(game).language
    if player is None:
        return Reader(language=default)
    return Reader(language=player.language or default, zone=player.timezone)


def readers_for(game: Game, people: Iterable[Player]) -> dict[str, Reader]:
    """Each person's Reader, by address, without a query (e.g. for an `audience`)."""
    readers: dict[str, Reader] = {}
    for person in people:
        readers.setdefault(person.address, reader_of(game, person))
    return readers


def readers_of(session: Session, game: Game, addresses: Iterable[str]) -> dict[str, Reader]:
    """Each address's Reader in `game` (an address with several rows: its first)."""
    people: dict[str, Player] = {}
    for person in store.players_of(session, game):
        people.setdefault(person.address.lower(), person)
    return {address: reader_of(game, people.get(address.lower())) for address in addresses}
