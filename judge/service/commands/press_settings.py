"""The rule the GM's press settings (`SET PRESS`, `SET PARTIAL`, `SET GUNBOAT`, kept
by their classes in `catalog.game_settings`) make for each PRESS or BROADCAST sent.

* WHITE (the default): press is signed with the sender's power(s).
* GREY: a player may also send `PRESS GREY`, which goes out signed "Anonymous".
* NONE: no press from players, but the master's press and BROADCAST still go out.
* PARTIAL OFF: press from a player goes to everyone or not at all.
* GUNBOAT: players are anonymous (no mail shows another player's address) and
  press from players is off, as with NONE. It is chosen before the game starts:
  once players have seen each other's mail, anonymity cannot be given back.

Whatever the settings, a player may always write private press to the master
alone (`PRESS TO MASTER`), and the master's own press is never limited.
"""

from __future__ import annotations

from judge.service.context import Refusal
from judge.store.game_settings import GameSettings

MASTER = "MASTER"


def check_press(
    settings: GameSettings,
    game: str,
    *,
    from_master: bool,
    to: tuple[str, ...] | None,
    grey: bool,
    broadcast: bool = False,
) -> None:
    """Refuse a press the game's settings do not allow (see the module's rules)."""
    level = settings.effective_press
    if grey and level != "grey":
        raise Refusal("grey_press_off", game=game, gunboat=settings.gunboat)
    if from_master or to == (MASTER,):
        return
    if level == "none":
        raise Refusal("press_off", game=game, gunboat=settings.gunboat, broadcast=broadcast)
    if to is not None and not settings.partial:
        raise Refusal("partial_press_off", game=game)
