"""A board for Intimate retreats and adjustments, put on the spring of 1901 after the
bids (`board_setup.place_board`), for the dialogue test and the adjustment tests.

Germany's player (p0) bids for Austria and Russia, France's (p1) for Italy and
England; Turkey is in anarchy. In the spring each player's home power and one of
its mercenaries dislodge one unit of each of the other side, so both players
retreat a home unit and a mercenary unit; the centres are set so that in the winter
both players owe builds for their home power and mercenaries, and France's player
a removal for Italy.
"""

from __future__ import annotations

from support.service.board_setup import place_board
from support.service.harness import JudgeHarness
from support.service.intimate_game import bid, start_intimate

INTIMATE_BOARD = (
    "GERMANY A MUN", "GERMANY A RUH", "GERMANY F HOL", "GERMANY A BER",
    "AUSTRIA A TRI", "AUSTRIA A VIE", "AUSTRIA A BUD",
    "RUSSIA A FIN", "RUSSIA F BOT", "RUSSIA A MOS",
    "FRANCE A BUR", "FRANCE F BRE", "FRANCE A GAS",
    "ENGLAND F NTH", "ENGLAND A BEL", "ENGLAND F SWE", "ENGLAND F LON",
    "ITALY A VEN", "ITALY F ADR", "ITALY A ROM", "ITALY A APU", "ITALY F TYS",
    "TURKEY A CON", "TURKEY F ANK", "TURKEY A SMY",
)  # fmt: skip
INTIMATE_CENTRES = {
    **dict.fromkeys(("BER", "KIE", "MUN", "HOL", "DEN", "RUM"), "GERMANY"),
    **dict.fromkeys(("VIE", "BUD", "TRI"), "AUSTRIA"),
    **dict.fromkeys(("MOS", "SEV", "STP", "WAR"), "RUSSIA"),
    **dict.fromkeys(("BRE", "MAR", "PAR", "SPA", "POR"), "FRANCE"),
    **dict.fromkeys(("EDI", "LON", "LVP", "BEL"), "ENGLAND"),
    **dict.fromkeys(("NAP", "ROM", "VEN"), "ITALY"),
    **dict.fromkeys(("ANK", "CON", "SMY"), "TURKEY"),
}
INTIMATE_SPRING = {
    "Germany": ["A MUN-BUR", "A RUH S A MUN-BUR", "F HOL H", "A BER H",
                "A TRI H", "A VIE H", "A BUD H", "A FIN-SWE", "F BOT S A FIN-SWE", "A MOS H"],
    "France": ["A BUR H", "F BRE H", "A GAS H", "F NTH-HOL", "A BEL S F NTH-HOL",
               "F SWE H", "F LON H", "A VEN-TRI", "F ADR S A VEN-TRI", "A ROM H",
               "A APU H", "F TYS H"],
}  # fmt: skip
INTIMATE_REFUSED = {  # an order for the opponent's unit, a waive for a mercenary
    "p0@example.org": ["A QQQ H", "F SWE R SKA", "BUILD A PAR", "WAIVE Russia"],
    "p1@example.org": ["A QQQ H", "A TRI R ALB", "BUILD A BER", "WAIVE Italy"],
}


def play_to_the_retreats(judge: JudgeHarness, ruleset: str) -> None:
    """Start the game, bid, put the board and send the spring orders: S1901R."""
    start_intimate(judge, ruleset)
    bid(judge, "Germany", "BID AUSTRIA 5", "RUSSIA 3")
    bid(judge, "France", "BID ITALY 4", "E 2")
    place_board(judge.sessions, INTIMATE_BOARD, INTIMATE_CENTRES)
    bid(judge, "Germany", *INTIMATE_SPRING["Germany"])
    bid(judge, "France", *INTIMATE_SPRING["France"])
    assert judge.status()["phase"] == "S1901R"


def holds(judge: JudgeHarness, home: str) -> list[str]:
    """A hold for every unit the player of `home` (e.g. "GERMANY") orders."""
    powers = judge.status()["powers"]
    return [f"{u} H" for e in powers.values() if e["controller"] == home for u in e["units"]]
