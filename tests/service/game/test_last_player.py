"""Taskdip's "a player wins if all the other players resign", by mail: RESIGN and the
master's EJECT leave one player, who wins at once with the end-of-game mail."""

from __future__ import annotations

from email.message import EmailMessage

from support.service.harness import JudgeHarness, body_of

MASTER = "gm@example.org"


def _start_taskdip(judge: JudgeHarness, players: int) -> list[tuple[str, str, str]]:
    """(address, password, first power's letter) per player, in join order."""
    judge.reply(MASTER, f"CREATE g1 gmpass taskdip\nSET PLAYERS {players}")
    joined = [(f"p{i}@example.org", f"pw{i}") for i in range(players)]
    for address, password in joined:
        judge.reply(address, f"SIGNON ?g1 {password}")
    rows = {p["address"]: p["powers"] for p in judge.status()["players"]}
    return [(a, pw, rows[a][0][0]) for a, pw in joined]


def _game_over(mails: list[EmailMessage]) -> list[EmailMessage]:
    return [m for m in mails if m["Subject"] == "TEST:g1 - Game Over"]


def test_a_player_whose_opponents_have_all_resigned_wins(judge: JudgeHarness) -> None:
    seats = _start_taskdip(judge, 3)
    (a0, pw0, l0), (a1, pw1, l1), (a2, _, _) = seats
    first = judge.send(a0, f"SIGNON {l0}g1 {pw0}\nRESIGN")
    assert not _game_over(first)
    assert judge.status()["status"] == "active"
    last = judge.send(a1, f"SIGNON {l1}g1 {pw1}\nRESIGN")
    over = _game_over(last)
    assert {m["To"] for m in over} >= {a2, MASTER}
    text = body_of(over[0])
    winner = judge.status()["winner"]
    assert winner in [p["powers"][0] for p in judge.status()["players"] if p["address"] == a2]
    assert "Every other player has left game 'g1', so the last player left wins:" in text
    assert text.count(" resigned.") == 2
    held = next(p["powers"] for p in judge.status()["players"] if p["address"] == a2)
    others = " and ".join(sorted(p.title() for p in held if p != winner))
    assert f"The player of {winner.title()} and {others} has won." in text  # every power
    assert {m["To"] for m in over} >= {a0, a1}  # the players who resigned are told too
    reply = next(m for m in last if m["To"] == a1 and m["Auto-Submitted"] == "auto-replied")
    assert "Only one player is left in 'g1': that player wins" in body_of(reply)
    assert judge.status()["status"] == "finished"


def test_an_ejected_player_not_replaced_counts_as_gone(judge: JudgeHarness) -> None:
    (a0, pw0, l0), (a1, _, _), _third = _start_taskdip(judge, 3)
    judge.reply(a0, f"SIGNON {l0}g1 {pw0}\nRESIGN")
    powers = next(p["powers"] for p in judge.status()["players"] if p["address"] == a1)
    mails = judge.send(MASTER, f"SIGNON Mg1 gmpass\nEJECT {powers[0]}")
    text = body_of(_game_over(mails)[0])
    names = " and ".join(sorted(p.title() for p in powers))
    assert f"{names} was ejected." in " ".join(text.split())
    assert judge.status()["status"] == "finished"


def test_a_resignation_in_a_two_player_game_ends_it(judge: JudgeHarness) -> None:
    (a0, pw0, l0), (a1, _, _) = _start_taskdip(judge, 2)
    mails = judge.send(a0, f"SIGNON {l0}g1 {pw0}\nRESIGN")
    assert _game_over(mails)
    mine = next(p["powers"] for p in judge.status()["players"] if p["address"] == a1)
    assert judge.status()["winner"] == mine[0]


def test_a_resignation_does_not_end_a_standard_game(judge: JudgeHarness) -> None:
    players = judge.start_game(count=2)
    player = next(iter(players.values()))
    mails = judge.send(player.address, f"SIGNON {player.letter}g1 {player.password}\nRESIGN")
    assert not _game_over(mails)
    assert judge.status()["status"] == "active"
