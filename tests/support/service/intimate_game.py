"""An Intimate game started by mail on the in-process judge, for the service tests.

`start_intimate(judge, "propaganda", ("GERMANY", "FRANCE"))` sends CREATE, an
OBSERVE and two SIGNONs with those first preferences; the game starts at the
second. It returns home power -> player (letter, password) and fills
`judge.players`, so `judge.orders(power, ...)` signs on as that player.
"""

from __future__ import annotations

import re
from email.message import EmailMessage

from support.service.harness import JudgeHarness, Player, body_of

MASTER, OBSERVER = "gm@example.org", "watcher@example.org"


def start_intimate(
    judge: JudgeHarness,
    ruleset: str = "intimate",
    homes: tuple[str, str] = ("GERMANY", "FRANCE"),
    game: str = "g1",
) -> dict[str, Player]:
    judge.reply(MASTER, f"CREATE {game} gmpass {ruleset}")
    judge.reply(OBSERVER, f"OBSERVE {game} look")
    mails: list[EmailMessage] = []
    for index, home in enumerate(homes):
        player = Player(f"p{index}@example.org", f"pw{index}")
        mails = judge.send(player.address, f"SIGNON ?{game} {player.password}\nPREFERENCES {home}")
        judge.players[home.title()] = player
    for mail in mails:
        found = re.search(r"Your home power is (\w+)\.", body_of(mail))
        if found:
            judge.players[found.group(1)].power = found.group(1)
    assert all(p.power for p in judge.players.values()), "the game did not start"
    return judge.players


def bid(judge: JudgeHarness, power: str, *lines: str, game: str = "g1") -> str:
    """Sign on as the player of home `power`, send the lines, return the reply's text.

    A mail of BID lines ends with SET NOWAIT, as a player whose bids are complete ends
    it: the bid phase waits for every player's (njudge's automatic wait flag), unless
    the lines say SET WAIT themselves."""
    if any(line.upper().startswith("BID") for line in lines) and not any(
        line.upper().startswith("SET ") and "WAIT" in line.upper() for line in lines
    ):
        lines = (*lines, "SET NOWAIT")
    return body_of(judge.orders(power, *lines, game=game))
