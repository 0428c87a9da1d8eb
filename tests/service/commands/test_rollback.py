"""The master's ROLLBACK by mail: who may, to which phase, who is told, what the record shows."""

from __future__ import annotations

from support.service.harness import JudgeHarness, body_of

from judge.store import games as store
from judge.store.models import GameStatus
from judge.zine.page import game_page

GM = "gm@example.org"


def _played(judge: JudgeHarness, phases: int) -> None:
    judge.start_game("g1", count=3)
    judge.reply(GM, "SIGNON Mg1 gmpass\nSET MAPS OFF")  # maps are not the point here
    for _ in range(phases):
        judge.play_phase("g1")


def _gm(judge: JudgeHarness, *lines: str) -> str:
    return body_of(judge.reply(GM, "\n".join(["SIGNON Mg1 gmpass", *lines])))


def test_rollback_alone_goes_back_one_phase_and_tells_everyone(judge: JudgeHarness) -> None:
    _played(judge, 2)  # S1901M, F1901M processed (no retreat: Germany is not played)
    assert judge.status()["phase"] == "W1901A"
    mails = judge.send(GM, "SIGNON Mg1 gmpass\nROLLBACK")
    reply = next(m for m in mails if m["Auto-Submitted"] == "auto-replied")
    assert "Game 'g1' is back at the start of F1901M; undone: F1901M. No orders" in (
        " ".join(body_of(reply).split())
    )
    told = {m["To"] for m in mails if "Rolled Back to F1901M" in str(m["Subject"])}
    assert told == {p.address for p in judge.players.values()} | {GM}
    notice = body_of(next(m for m in mails if m["To"] == judge.players["France"].address))
    assert "send your orders for F1901M again" in " ".join(notice.split())
    # one phase played is undone; W1901A, open and never played, is not listed
    assert "Undone: F1901M; its results stay in the record" in " ".join(notice.split())
    assert max(len(line) for m in mails for line in body_of(m).splitlines()) <= 78
    assert judge.status()["phase"] == "F1901M"
    history = body_of(judge.reply(GM, "HISTORY g1"))
    assert "--- F1901M (rolled back) ---" in history
    assert "--- S1901M ---" in history  # the phase before stands
    assert history.index("(rolled back)") < history.index("rolled 'g1' back")
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None
        page = game_page(session, judge.variants, game)
    assert "Results rolled back" in page and "The master has rolled &#39;g1&#39; back" in page


def test_refusals_name_what_is_wrong(judge: JudgeHarness) -> None:
    _played(judge, 1)  # now F1901M
    france = judge.players["France"]
    refused = body_of(judge.reply(france.address, f"SIGNON Fg1 {france.password}\nROLLBACK"))
    assert "master" in refused.lower() and judge.status()["phase"] == "F1901M"
    assert "S1905M has not been played in 'g1' (it is now F1901M)" in _gm(
        judge, "ROLLBACK S1905M"
    )
    assert "is in F1901M now: there is nothing to roll back" in _gm(judge, "ROLLBACK F1901M")
    unknown = " ".join(_gm(judge, "ROLLBACK S1901B").split())
    assert "S1901B was not a phase of 'g1' anyone ordered in; you can go back to S1901M" in (
        unknown
    )
    assert "ROLLBACK takes at most one phase" in _gm(judge, "ROLLBACK yesterday")
    assert judge.status()["phase"] == "F1901M"


def test_a_forming_game_has_nothing_to_roll_back(judge: JudgeHarness) -> None:
    judge.reply(GM, "CREATE g1 gmpass standard")
    assert "Game 'g1' has not started yet." in _gm(judge, "ROLLBACK")


def test_a_finished_game_reopens(judge: JudgeHarness) -> None:
    _played(judge, 1)
    _gm(judge, "TERMINATE")
    assert judge.status()["status"] == "finished"
    reply = " ".join(_gm(judge, "ROLLBACK F1901M").split())
    assert "back at the start of F1901M; no phase had been played since it opened." in reply
    with judge.sessions() as session:
        game = store.get_game(session, "g1")
        assert game is not None and game.status is GameStatus.ACTIVE and game.winner is None
        assert game.next_deadline is not None
    history = body_of(judge.reply(GM, "HISTORY g1"))
    assert "--- F1901M (rolled back) ---" in history  # the game-over notice, undone
    assert "back at the start of S1901M; undone: S1901M. No orders" in " ".join(
        _gm(judge, "ROLLBACK").split()
    )  # rolled back twice
    assert "has no processed phase before S1901M to go back to" in " ".join(
        _gm(judge, "ROLLBACK").split()
    )


def test_in_french_with_retour(judge: JudgeHarness) -> None:
    _played(judge, 1)
    _gm(judge, "SET LANGUAGE fr")
    raw = _gm(judge, "RETOUR S1901M")
    reply = " ".join(raw.split())
    assert "La partie 'g1' est revenue au début de S1901M ; annulée : S1901M. Aucun" in reply
    assert "ROLLBACK [phase]" in _gm(judge, "AIDE gm")
    refused = _gm(judge, "RETOUR S1905M")
    assert "S1905M n'a pas été jouée dans 'g1'" in " ".join(refused.split())
    assert max(len(line) for line in (raw + refused).splitlines()) <= 78
