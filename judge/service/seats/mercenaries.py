"""Is this power an Intimate mercenary? One answer for SIGNON, APPROVE and BECOME.

In Intimate Diplomacy a mercenary is a power no player owns as home power: the
year's highest bidder orders it, or nobody (anarchy). Nobody can take it over,
be approved for it or be become: the three commands refuse it with the same
words (`power_is_mercenary` in `templates/notes.txt.j2`), so a player reads one
name for it everywhere, the rules' own "mercenary". The answer comes from the
variant's public summary (`home_powers` and `controllers`), so a variant with no
mercenaries (no `home_powers`) never has one.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from judge.service.seats.snapshots import load_board
from judge.store.models import Game
from judge.variants.registry import VariantRegistry


def is_mercenary(session: Session, variants: VariantRegistry, game: Game, power: str) -> bool:
    """True when `power` is a mercenary of `game`: a power of the board that no
    player has as home power, in a variant that has home powers."""
    board = load_board(session, variants, game)
    if board is None:
        return False
    summary = board.variant.public_summary(board.snapshot)
    homes = set(summary.get("home_powers", {}).values())
    controllers = summary.get("controllers", {})
    return bool(homes) and power in controllers and power not in homes
