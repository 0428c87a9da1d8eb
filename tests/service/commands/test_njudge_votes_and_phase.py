"""njudge's draws (SET DRAW powers, SET DIAS/NODIAS), concessions to a power (SET
CONCEDE/NOCONCEDE), PRESS TO ALL BUT and +/- lists, and PHASE/CLEAR: real mail
bytes through the inbox (JudgeHarness), in English and French."""

from __future__ import annotations

from dataclasses import replace

from support.service.harness import JudgeHarness, body_of
from support.service.intimate_game import bid, start_intimate

MASTER = "gm@example.org"
CLEAN = "No errors found in your mail."


def _flat(text: str) -> str:
    return " ".join(text.split())


def _said(judge: JudgeHarness, power: str, *lines: str) -> str:
    return _flat(body_of(judge.orders(power, *lines)))


def test_a_dias_draw_includes_every_survivor(judge: JudgeHarness) -> None:
    judge.start_game(count=3)
    assert "at least two players" in _said(judge, "Austria", "SET DRAW A")
    refused = _said(judge, "Austria", "SET DRAW A F")
    assert "Russia is not the power of a surviving player in 'g1'" not in refused
    assert "France is not the power of a surviving player" not in refused  # France plays
    assert "'g1' is a DIAS game: a draw includes every surviving player" in refused
    assert "Turkey is not the power of a surviving player in 'g1'" in _said(
        judge, "Austria", "SET DRAW A T"
    )
    assert "Your vote for a draw of Austria, England and France is recorded." in _said(
        judge, "Austria", "SET DRAW A E F"
    )
    _said(judge, "England", "DRAW")
    assert "Every player has voted for a draw" in _said(judge, "France", "SET DRAW")
    assert judge.status()["winner"] == ["AUSTRIA", "ENGLAND", "FRANCE"]


def test_a_nodias_draw_ends_when_every_survivor_names_the_same_set(judge: JudgeHarness) -> None:
    judge.start_game(count=3)
    master = _flat(body_of(judge.reply(MASTER, "SIGNON Mg1 gmpass\nSET NODIAS")))
    assert "Draws set to NODIAS" in master
    listing = _flat(body_of(judge.reply("x@example.org", "LIST g1")))
    assert "Draws: NODIAS (a draw includes only the players voted for" in listing
    assert "Your vote for a draw of Austria and England" in _said(judge, "Austria", "SET DRAW A E")
    _said(judge, "England", "SET DRAW Austria England")
    third = _said(judge, "France", "DRAW")  # every survivor: not the same set
    assert "is over" not in third
    assert judge.status()["status"] == "active"
    over = _said(judge, "France", "SET DRAW E A")
    assert "Every player has voted for a draw: 'g1' is over." in over
    assert judge.status()["winner"] == ["AUSTRIA", "ENGLAND"]


def test_concede_to_a_power_ends_the_game_when_all_others_do(judge: JudgeHarness) -> None:
    judge.start_game(count=3)
    assert "England is yours" in _said(judge, "England", "SET CONCEDE E")
    said = _said(judge, "Austria", "SET CONCEDE England")
    assert "You concede the game to England." in said
    assert "Your concession is withdrawn." in _said(judge, "Austria", "SET NOCONCEDE")
    _said(judge, "France", "CONCEDE E")
    assert judge.status()["status"] == "active"
    over = _said(judge, "Austria", "SET CONCEDE E")
    assert "Every other player has conceded to England: 'g1' is over." in over
    assert judge.status()["winner"] == "ENGLAND"


def test_concession_in_french(judge: JudgeHarness) -> None:
    judge.start_game(count=2)
    said = _said(judge, "Austria", "SET LANGUAGE FR", "SET CONCEDE A")
    assert "L'Autriche est à vous" in said


def test_press_to_all_but_and_minus_lists(judge: JudgeHarness) -> None:
    players = judge.start_game(count=3)
    austria, england, france = (players[p] for p in ("Austria", "England", "France"))
    for head in ("PRESS TO ALL BUT E", "PRESS TO -E", "PRESS TO ALL -E"):
        mails = judge.send(austria.address, f"SIGNON Ag1 pw0\n{head}\nrumour\nENDPRESS")
        got = {m["To"] for m in mails if "rumour" in body_of(m)} - {austria.address}
        assert got == {france.address, MASTER}, head
        assert england.address not in {m["To"] for m in mails}
    mails = judge.send(austria.address, "SIGNON Ag1 pw0\nPRESS TO ALL BUT EFM\nx\nENDPRESS")
    assert "leaves nobody else in 'g1' to send to" in _flat(body_of(mails[0]))
    mails = judge.send(austria.address, "SIGNON Ag1 pw0\nPRESS TO +E +F\nplus\nENDPRESS")
    got = {m["To"] for m in mails if "plus" in body_of(m)} - {austria.address}
    assert got == {england.address, france.address}
    mixed = _said(judge, "Austria", "PRESS TO +E -F", "x", "ENDPRESS")
    assert "cannot both add (+) and leave out (-) powers" in mixed
    judge.reply(MASTER, "SIGNON Mg1 gmpass\nSET NO PARTIAL")
    assert "(SET PARTIAL OFF)" in _said(judge, "Austria", "PRESS TO ALL BUT E", "x", "ENDPRESS")


def test_phase_holds_orders_until_the_phase_opens(judge: JudgeHarness) -> None:
    players = judge.start_game(count=2)
    austria, england = players["Austria"], players["England"]
    assert "S1901M" == judge.status()["phase"]
    assert "is the current phase" in _said(judge, "Austria", "PHASE Spring 1901 Movement")
    assert "is already past" in _said(judge, "Austria", "PHASE F1900M")
    held = _said(judge, "Austria", "A VIE H", "PHASE Fall 1901 Movement", "A VIE-GAL", "A BUD H")
    assert "Held for Movement for Fall of 1901." in held and CLEAN in held
    assert "Your orders in 'g1' for Movement for Spring of 1901" in held
    cleared = _said(judge, "Austria", "PHASE F1901M", "F TRI H", "CLEAR")
    assert "Cleared: 3 order lines held for Movement for Fall of 1901." in cleared
    assert "nothing to clear" in _said(judge, "Austria", "CLEAR")
    cancel = _said(judge, "Austria", "PHASE F1901M", "CANCEL A VIE")
    assert "CANCEL takes back orders on file for the current phase, not lines held" in cancel
    _said(judge, "Austria", "PHASE F 1901 M", "A VIE-GAL", "A VIE-TYR", "A BUD-XYZ")
    assert "VIE-GAL" not in _flat(body_of(judge.reply("x@example.org", "LIST g1")))
    mails = judge.play_phase()
    assert not any("VIE-GAL" in body_of(m) for m in mails if m["To"] != austria.address)
    opened = [m for m in mails if "Orders held with PHASE" in m["Subject"]]
    assert [m["To"] for m in opened] == [austria.address]
    text = _flat(body_of(opened[0]))
    assert "Movement for Fall of 1901 has opened in 'g1'" in text
    assert "> A VIE-TYR" in text and "1 error found" in text
    assert england.address not in {m["To"] for m in opened}
    assert "Your orders in 'g1' for Movement for Fall of 1901" in text


def test_phase_in_intimate_holds_spring_orders_through_the_bids(judge: JudgeHarness) -> None:
    start_intimate(judge)
    germany = judge.players["Germany"]
    assert judge.status()["phase"] == "S1901B"
    held = _flat(bid(judge, "Germany", "BID NONE", "PHASE Spring 1901 Movement", "A BER-KIE"))
    assert "Held for Movement for Spring of 1901." in held and CLEAN in held
    france = judge.players["France"]
    mails = judge.send(france.address, "SIGNON Fg1 pw1\nBID NONE\nSET NOWAIT")
    opened = [m for m in mails if "Orders held with PHASE" in m["Subject"]]
    assert [m["To"] for m in opened] == [germany.address]
    assert "> A BER-KIE OK: Army Berlin -> Kiel." in _flat(body_of(opened[0]))


def test_intimate_draws_and_concessions_are_by_player(judge: JudgeHarness) -> None:
    start_intimate(judge)
    refused = _said(judge, "Germany", "SET DRAW G I")
    assert "Italy is not the power of a surviving player in 'g1'" in refused
    assert "a vote names players by their powers (Germany and France)" in refused
    assert "You concede the game to France." in _said(judge, "Germany", "SET CONCEDE F")
    assert judge.status()["winner"] == "FRANCE"


def test_a_newcomer_never_gets_the_orders_the_last_player_held(judge: JudgeHarness) -> None:
    judge.start_game(count=2)
    _said(judge, "Austria", "PHASE F1901M", "A VIE-GAL")
    _said(judge, "Austria", "RESIGN")
    judge.reply(MASTER, "SIGNON Mg1 gmpass\nAPPROVE Austria new@example.org")
    taken = judge.reply("new@example.org", "SIGNON Ag1 newpw")
    assert "You now play Austria in 'g1'" in _flat(body_of(taken))
    judge.players["Austria"].address, judge.players["Austria"].password = "new@example.org", "newpw"
    mails = judge.play_phase()
    assert not any("VIE-GAL" in body_of(m) for m in mails)
    assert not any("Orders held with PHASE" in m["Subject"] for m in mails)


def test_phase_and_clear_in_french(judge: JudgeHarness) -> None:
    players = judge.start_game(count=2)
    said = _said(judge, "Austria", "SET LANGUAGE FR", "PHASE Automne 1901", "A VIE-GAL", "CLEAR")
    assert "Gardé pour les mouvements de l'automne 1901." in said
    assert "Effacé : 1 ligne d'ordres gardée pour les mouvements de l'automne 1901." in said
    _said(judge, "Austria", "PHASE F1901M", "A VIE-GAL")
    mails = judge.play_phase()
    [opened] = [
        m for m in mails if m["To"] == players["Austria"].address and "PHASE" in m["Subject"]
    ]
    text = _flat(body_of(opened))
    assert "La phase des mouvements de l'automne 1901 a commencé dans 'g1'" in text
    assert "Aucune erreur" in text


def test_taskdip_draws_name_players_by_any_of_their_powers(judge: JudgeHarness) -> None:
    judge.reply(MASTER, "CREATE g1 gmpass taskdip PLAYERS 3, NODIAS")
    addresses = [f"p{i}@example.org" for i in range(3)]
    for index, address in enumerate(addresses):
        judge.reply(address, f"SIGNON ?g1 pw{index}")
    held = {p["address"]: list(p["powers"]) for p in judge.status()["players"] if p["powers"]}
    first, second, third = (held[a] for a in addresses)

    def vote(index: int, *powers: str) -> str:
        letter = held[addresses[index]][0][0]
        body = f"SIGNON {letter}g1 pw{index}\nSET DRAW {' '.join(powers)}"
        return _flat(body_of(judge.reply(addresses[index], body)))

    winners = sorted([*first, *second])
    named = ", ".join(p.title() for p in winners[:-1]) + f" and {winners[-1].title()}"
    assert f"Your vote for a draw of {named} is recorded." in vote(0, first[-1], second[0])
    vote(1, second[-1], first[0])
    assert "is over" in vote(2, first[0], second[0])
    assert judge.status()["winner"] == winners
    assert not set(third) & set(winners)  # the third player is not in the draw


def test_held_lines_are_limited_per_player(judge: JudgeHarness) -> None:
    judge.start_game(count=2)
    # Room for 201 lines in one mail (the cap on commands per mail is test_mail_caps's).
    judge.config = replace(judge.config, limits=replace(judge.config.limits,
                                                        commands_per_mail=1000))  # fmt: skip
    said = _said(judge, "Austria", "PHASE F1901M", *["A VIE H"] * 201)
    assert "1 error found" in said
    again = _said(judge, "Austria", "PHASE F1901M", "A VIE-GAL")
    assert "You already hold 200 order lines for later phases: send CLEAR" in again
    assert "Cleared: 200 order lines" in _said(judge, "Austria", "CLEAR")
