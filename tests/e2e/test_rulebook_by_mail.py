"""`SET RULE rulebook 1971` by mail: the same 1901 in two games, a different winter.

Two standard games run side by side on one judge, by mail on the in-process pipeline: `g1`
with the default rulebook (`current`) and `g2` created with `SET RULE rulebook
1971`. Both play the same 1901:

* spring: A MUN-TYR, F KIE-HEL, A BER-PRU (Germany), A PAR-BUR (France);
* fall: A BUR-MUN (France takes Munich);
* everyone else holds throughout.

Germany then has three units (A TYR, F HEL, A PRU) and two centres (Berlin,
Kiel), so it owes one removal in W1901A; it sends nothing and the master
PROCESSes the winter. Which unit goes is DATC 4.D.8:

* current (2023 rulebook): the unit farthest from the nearest centre Germany
  *owns*: Tyrolia is two moves from Kiel or Berlin (Munich is French now), Heligoland
  Bight and Prussia one, so the army in Tyrolia is removed;
* 1971: the unit farthest from Germany's *home* centres: all three are one move
  from one (Tyrolia borders Munich), and the tie goes to fleets first, so the fleet
  in Heligoland Bight is removed.

Every player's (and the master's) W1901A results mail must say so.
"""

from __future__ import annotations

from collections.abc import Callable
from email.message import EmailMessage

from support.e2e.judge_process import POWERS, _body
from support.e2e.pipeline_judge import ByMail

MASTER = "gm@example.org"

# Every power's orders for the two movement phases of 1901 (holds but for the moves
# the module docstring names).
HOLD_1901 = {
    "Austria": ("A VIE H", "A BUD H", "F TRI H"),
    "England": ("F LON H", "F EDI H", "A LVP H"),
    "Italy": ("A ROM H", "A VEN H", "F NAP H"),
    "Russia": ("A MOS H", "A WAR H", "F SEV H", "F STP/SC H"),
    "Turkey": ("A CON H", "A SMY H", "F ANK H"),
}
ORDERS_1901 = {
    "S1901M": {
        **HOLD_1901,
        "France": ("A PAR-BUR", "A MAR H", "F BRE H"),
        "Germany": ("A MUN-TYR", "F KIE-HEL", "A BER-PRU"),
    },
    "F1901M": {
        **HOLD_1901,
        "France": ("A BUR-MUN", "A MAR H", "F BRE H"),
        "Germany": ("A TYR H", "F HEL H", "A PRU H"),
    },
}


def _players(game: str) -> list[str]:
    """The seven addresses of a game, in the order of POWERS."""
    return [f"{game}p{index}@example.org" for index in range(len(POWERS))]


def _to_everyone(game: str, subject: str) -> Callable[[list[EmailMessage]], list[EmailMessage]]:
    """The mails with `subject`, once every player of `game` and the master has one."""

    def found(mails: list[EmailMessage]) -> list[EmailMessage]:
        matching = [m for m in mails if m["Subject"] == f"TEST:{game} - {subject}"]
        return matching if {m["To"] for m in matching} >= {*_players(game), MASTER} else []

    return found


def _create(judge: ByMail, game: str, *set_lines: str) -> str:
    """CREATE `game` (with `set_lines` in the same mail) and seven SIGNONs; returns
    the CREATE reply's text."""
    reply = _body(judge.send(MASTER, "\n".join([f"CREATE {game} gmpass standard", *set_lines])))
    assert f"Game '{game}' (Standard) created." in reply, reply
    for index, address in enumerate(_players(game)):
        signon = f"SIGNON ?{game} pw{index}\nPREFERENCES {POWERS[index][0]}"
        assert "No errors found in your mail." in _body(judge.send(address, signon))
    judge.wait_for(_to_everyone(game, "Game Start"), f"the start mails of {game}")
    return reply


def _move(judge: ByMail, game: str, phase: str) -> dict[str, str]:
    """Every power mails its ORDERS_1901 for `phase`; returns the results by address."""
    for index, power in enumerate(POWERS):
        mail = "\n".join([f"SIGNON {power[0]}{game} pw{index}", *ORDERS_1901[phase][power]])
        reply = _body(judge.send(_players(game)[index], mail))
        assert "No errors found in your mail." in reply, reply
    results = judge.wait_for(_to_everyone(game, f"{phase} Results"), f"{phase} results of {game}")
    return {m["To"]: _body(m) for m in results}


def _winter(judge: ByMail, game: str) -> dict[str, str]:
    """France builds, Germany sends nothing, the master PROCESSes the winter;
    returns the W1901A results by address."""
    france = _players(game)[POWERS.index("France")]
    reply = _body(judge.send(france, f"SIGNON F{game} pw2\nBUILD A PAR"))
    assert "No errors found in your mail." in reply, reply
    reply = _body(judge.send(MASTER, f"SIGNON M{game} gmpass\nPROCESS"))
    assert "Phase W1901A processed; the game is now in S1902M." in reply, reply
    results = judge.wait_for(_to_everyone(game, "W1901A Results"), f"W1901A results of {game}")
    return {m["To"]: _body(m) for m in results}


def _read_by_all(game: str, results: dict[str, str]) -> str:
    """The one results text that every player of `game` and the master received."""
    assert set(results) == {*_players(game), MASTER}
    assert len(set(results.values())) == 1, f"{game}: everyone reads the same results"
    return results[MASTER]


def test_the_1971_rulebook_removes_a_different_unit_in_civil_disorder(
    pipeline_judge: ByMail,
) -> None:
    judge = pipeline_judge
    current = _create(judge, "g1")
    assert "rulebook" not in current.lower(), current  # nothing set, nothing echoed
    old = _create(judge, "g2", "SET RULE rulebook 1971")
    assert "Rule rulebook set to 1971." in old, old

    for game in ("g1", "g2"):
        spring = _read_by_all(game, _move(judge, game, "S1901M"))
        assert "Germany: Army Munich -> Tyrolia." in spring, spring
        assert "Germany: Fleet Kiel -> Heligoland Bight." in spring, spring
        fall = _read_by_all(game, _move(judge, game, "F1901M"))
        assert "France: Army Burgundy -> Munich." in fall, fall
        assert "Germany:  Berlin, Kiel." in fall, fall
        assert "Germany: 2 Supply centers,  3 Units:  Removes   1 unit." in fall, fall

    current_winter = _read_by_all("g1", _winter(judge, "g1"))
    old_winter = _read_by_all("g2", _winter(judge, "g2"))
    for text in (current_winter, old_winter):
        assert "France: Builds an army in Paris." in text, text
        assert text.count("Germany: Removes") == 1, text
    # current (DATC 4.D.8, 2023): farthest from an owned centre, Tyrolia (2 from Kiel)
    assert "Germany: Removes the army in Tyrolia.  (*civil disorder*)" in current_winter
    # 1971: farthest from a home centre; all are one move away, fleets go first
    assert "Germany: Removes the fleet in Heligoland Bight.  (*civil disorder*)" in old_winter
