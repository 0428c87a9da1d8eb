"""By mail (the in-process pipeline, `pipeline_judge`): the Intimate bid phase waits
as on njudge.

The reported failure: `BID Italy 4` ("more to follow") processed the bid phase at
once, and the player's next bid was refused. Now every player's wait flag is set
when the bid phase opens; bids accumulate over mails (`BID power amount` or njudge's
`<power> <amount>`); a refused bid line is not on file and holds nothing (issue 32);
the phase is processed when the last player sends SET NOWAIT.
"""

from __future__ import annotations

from support.e2e.early_by_mail import Slow, controlled_by
from support.e2e.intimate_by_mail import ANN, BOB, Played, _sign_up
from support.e2e.pipeline_judge import ByMail


def test_an_intimate_bid_mail_with_more_to_follow_waits_for_every_players_set_nowait(
    pipeline_judge: ByMail, database_url: str
) -> None:
    _sign_up(pipeline_judge, "intimate", Played())
    ann = Slow(pipeline_judge, ANN, "Gg1 annpw", database_url)
    bob = Slow(pipeline_judge, BOB, "Fg1 bobpw", database_url)
    reply = ann.step(["BID Italy 4"], processes=False)
    assert "Your bids in 'g1' for S1901B: Italy 4 (total 4)." in reply, reply
    reply = bob.step(["France 8", "BID Germany 1", "SET WAIT"], processes=False)
    assert reply.count("*** Error:") == 2, reply  # bob's wait holds it, never a refused line
    reply = ann.step(["Austria 6", "SET NOWAIT"], processes=False)
    assert "S1901B: Austria 6, Italy 4 (total 10). You have 22" in reply, reply
    bob.step(["Russia 3", "SET NOWAIT"], processes=True)
    status = pipeline_judge.status()
    assert controlled_by(status, "GERMANY") == ["AUSTRIA", "GERMANY", "ITALY"]
    assert controlled_by(status, "FRANCE") == ["FRANCE", "RUSSIA"]
