"""An upgrade keeps every mail: a game made by the judge at commit 972007f (before
confirmed addresses) plays on under this one, and its results reach its players.

`data/judge_972007f.db.gz` is a SQLite database made by that commit's own code
(`data/make_972007f_db.py` says how): a standard game of seven players, its first
phase processed, one reply still waiting in the outbox. `judge serve` upgrades it
at start (migration 0013 confirms the addresses the old judge was mailing), then
the players and the master play on over SMTP.
"""

from __future__ import annotations

import gzip
from email.message import EmailMessage
from pathlib import Path

import pytest
from support.e2e.judge_process import _body
from support.hostile.mailbox import to
from support.hostile.serving import Serve

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

DATA = Path(__file__).parent / "data" / "judge_972007f.db.gz"
PLAYERS = [f"p{index}@example.org" for index in range(7)]
GM = "gm@example.org"


def test_a_game_from_972007f_plays_on_and_its_results_reach_the_players(
    serve: Serve, database_url: str
) -> None:
    if not database_url.startswith("sqlite:///"):
        pytest.skip("the 972007f database is a SQLite file")
    Path(database_url.removeprefix("sqlite:///")).write_bytes(gzip.decompress(DATA.read_bytes()))
    judge = serve(security={"confirm_addresses": True})
    judge.wait_for(lambda mails: to_address(mails, "p6@example.org"), "the old judge's reply")
    signed = _body(judge.send("p0@example.org", "SIGNON Ag1 pw0\nLIST g1"))
    assert "No errors found in your mail." in signed, signed
    processed = _body(judge.send(GM, "SIGNON Mg1 gmpass\nPROCESS"))
    assert "No errors found in your mail." in processed, processed
    for player in PLAYERS:
        judge.wait_for(
            lambda mails, who=player: [m for m in to(judge, who) if "Results" in str(m["Subject"])],
            f"the results for {player}",
        )
    assert not [m for m in judge.mails() if "please confirm" in str(m["Subject"])]


def to_address(mails: list[EmailMessage], address: str) -> list[EmailMessage]:
    return [m for m in mails if m["To"] == address]
