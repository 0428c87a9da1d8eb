"""ROLLBACK by mail on the in-process pipeline, in every variant, on one judge.

In a game of each variant (standard, intimate, intimate-2000, propaganda, taskdip)
the master processes the first phase, rolls it back, and processes it again with
the same orders: every player, the observer and the master get the notice; HISTORY
shows the first results marked rolled back, then the notice, then the same results
again. The rules of ROLLBACK are tested through the inbox in
tests/service/commands/test_rollback.py and tests/service/commands/test_rollback_replay.py.
"""

from __future__ import annotations

import re
from email.message import EmailMessage

from support.e2e.judge_process import MASTER, _body
from support.e2e.pipeline_judge import ByMail

CLEAN = "No errors found in your mail."
GAMES = {  # game -> (variant, the CREATE lines, each player's SIGNON lines)
    "s1": ("standard", "", ("PREFERENCES F", "PREFERENCES E")),
    "i1": ("intimate", "", ("PREFERENCES GERMANY", "PREFERENCES F")),
    "i2": ("intimate-2000", "", ("PREFERENCES GERMANY", "PREFERENCES F")),
    "p1": ("propaganda", "", ("PREFERENCES GERMANY", "PREFERENCES F")),
    "t1": ("taskdip", "\nSET PLAYERS 2", ("", "")),
}
FRENCH_ORDERS = "A PAR-BUR\nA MAR-SPA\nF BRE-MAO"


def _said(message: EmailMessage) -> str:
    return re.sub(r"\s+", " ", _body(message))


def _master(judge: ByMail, game: str, *lines: str) -> str:
    return _said(judge.send(MASTER, "\n".join((f"SIGNON M{game} gmpass", *lines))))


def _sections(history: str) -> dict[str, str]:
    """HISTORY's sections by title (the last one of each title)."""
    parts = re.split(r"^--- (.+) ---$", history, flags=re.MULTILINE)
    return {parts[i]: parts[i + 1].strip() for i in range(1, len(parts) - 1, 2)}


def _roll_back_and_replay(judge: ByMail, game: str) -> None:
    variant, create, signons = GAMES[game]
    observer = f"watch-{game}@example.org"
    players = [f"{game}p{i}@example.org" for i in range(len(signons))]
    assert "created" in _said(judge.send(MASTER, f"CREATE {game} gmpass {variant}{create}"))
    judge.send(observer, f"OBSERVE {game} look")
    for index, (address, lines) in enumerate(zip(players, signons, strict=True)):
        judge.send(address, f"SIGNON ?{game} pw{index}\n{lines}".rstrip())
    if variant == "standard":
        assert "started" in _master(judge, game, "START")
        assert CLEAN in _said(judge.send(players[0], f"SIGNON F{game} pw0\n{FRENCH_ORDERS}"))
    first = _master(judge, game, "PROCESS")
    phase = re.search(r"Phase (\w+) processed", first)
    assert phase is not None, first
    code = phase.group(1)

    rolled = _master(judge, game, "ROLLBACK")
    assert f"Game '{game}' is back at the start of {code}" in rolled and CLEAN in rolled
    subject = f"Rolled Back to {code}"
    told = judge.wait_for(
        lambda mails: (
            found if len(found := [m for m in mails if f"{game} - {subject}" in str(m["Subject"])])
            == len(players) + 2 else []
        ),
        f"the rollback notices of {game}",
    )
    assert {m["To"] for m in told} == {*players, observer, MASTER}
    assert f"send your orders for {code} again" in _said(told[0])

    if variant == "standard":
        assert CLEAN in _said(judge.send(players[0], f"SIGNON F{game} pw0\n{FRENCH_ORDERS}"))
    assert f"Phase {code} processed" in _master(judge, game, "PROCESS")
    history = _body(judge.send(MASTER, f"HISTORY {game}")).split(CLEAN)[0]
    sections = _sections(history)
    assert sections[f"{code} (rolled back)"] == sections[code]
    undone = history.index(f"--- {code} (rolled back) ---")
    notice = history.index(f"The master has rolled '{game}' back")
    assert undone < notice < history.rindex(f"--- {code} ---")

def test_rollback_by_mail_in_every_variant(pipeline_judge: ByMail) -> None:
    for game in GAMES:
        _roll_back_and_replay(pipeline_judge, game)
