"""The copy a player gets of what a master did in their name with BECOME (issue 31, item 4).

Everything done in a player's name is shown to that player in full: the lines from
BECOME to the next line that leaves the seat, with their outcomes, a long run of
reading lines counted, never a state-changing line cut. No copy carries a
password (the master's, from the SIGNON before BECOME; the new one SET PASSWORD
gave) nor an address the player may not see (the master's WHOGAME of a gunboat
game lists every player's). The player reads the copy in their own language, the
master their reply in theirs.
"""

from __future__ import annotations

import re
from email.message import EmailMessage

from service.harness import JudgeHarness, Player, body_of

GM, GM_PASSWORD = "gm@example.org", "gmpass"


def _gunboat_game(judge: JudgeHarness) -> dict[str, Player]:
    """A gunboat game of 7: players' addresses are hidden from each other."""
    created = body_of(judge.reply(GM, f"CREATE g1 {GM_PASSWORD} standard GUNBOAT"))
    assert "No errors" in created, created
    return judge.start_game()  # its own CREATE is refused: the 7 join the gunboat game


def _to(mails: list[EmailMessage], address: str) -> str:
    found = [body_of(m) for m in mails if m["To"] == address]
    assert len(found) == 1, [m["To"] for m in mails]
    return found[0]


def _others(players: dict[str, Player], power: str) -> list[str]:
    return [p.address for name, p in players.items() if name != power]


def test_the_issues_mail_shows_the_player_everything_done_in_their_name(
    judge: JudgeHarness,
) -> None:
    players = _gunboat_game(judge)
    france = players["France"]
    body = "\n".join([
        f"SIGNON Mg1 {GM_PASSWORD}", "WHOGAME g1", "BECOME France", *["LIST g1"] * 45,
        "SET PASSWORD brandnew77", "PRESS TO Germany", "Shall we?", "ENDPRESS",
        "SET CONCEDE Germany",
    ])  # fmt: skip
    mails = judge.send(GM, body)
    copy = _to(mails, france.address)
    reply = _to(mails, GM)
    assert "A master of 'g1' (gm@example.org) acted in your name (BECOME)." in " ".join(
        copy.split()
    )
    assert "> BECOME France" in copy
    assert "> SET PASSWORD ********\nPassword changed." in copy
    assert "> PRESS TO Germany\n> Shall we?\n> ENDPRESS" in copy
    assert "> SET CONCEDE Germany" in copy
    assert re.search(r"\.\.\. and \d+ more lines? done in your name", " ".join(copy.split()))
    for secret in (GM_PASSWORD, "brandnew77"):
        assert secret not in copy
    for address in _others(players, "France"):
        assert address not in copy  # the master's WHOGAME is the master's own
    assert "> WHOGAME" not in copy and "> SIGNON" not in copy  # the master's lines
    # The master's own reply shows the state-changing lines too, past its screenful.
    assert "> SET PASSWORD brandnew77" in reply and "> SET CONCEDE Germany" in reply
    assert players["Germany"].address in reply  # the master may see the addresses
