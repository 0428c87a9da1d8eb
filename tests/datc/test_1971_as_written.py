"""The 1971 rulebook as written (propaganda's default): one named test per difference.

Each test quotes the DATC 3.1 sentence it follows (`DATC_v3_1.html`, Kruijswijk,
2024-05-19). The DATC cases themselves run under `rulebook = 1971` in
`test_rulebook_1971.py`; these tests show each point on its own board.
"""

from __future__ import annotations

from judge.rules.civil_disorder import civil_disorder_removals
from judge.rules.map import load_map
from judge.rules.orders import IllegalOrder, Order
from judge.rules.parse import parse_order
from judge.rules.phases import adjudicate_phase
from judge.rules.results import PhaseResult
from judge.rules.rulebook import rulebook_options
from judge.rules.state import GameState, Phase, Unit, UnitType

MAP = load_map()
RULES_1971 = rulebook_options("1971")
CURRENT = rulebook_options("current")

# The example: Austria moves from Trieste to Venice "via convoy", with a convoy
# ordered, and dislodges the Italian army in Venice, which holds.
TRIESTE = {
    "AUSTRIA": ["A TRI - VEN VIA", "F ADR C A TRI - VEN", "A TYR S A TRI - VEN"],
    "ITALY": ["A VEN H"],
}


def board(phase: str, **units: str) -> GameState:
    """`board("S1901M", ITALY="A VEN, F NAP")`: a board with those units and no owners."""
    placed = [
        Unit(power, UnitType(text.split()[0]), text.split()[1])
        for power, texts in units.items()
        for text in texts.split(", ")
    ]
    return GameState.from_units(Phase.parse(phase), placed, {})


def _orders(state: GameState, orders: dict[str, list[str]]) -> list[Order | IllegalOrder]:
    read: list[Order | IllegalOrder] = []
    for power, lines in orders.items():
        for line in lines:
            try:
                read.append(parse_order(line, MAP, state, {power}))
            except IllegalOrder as illegal:
                read.append(illegal)
    return read


def _play(orders: dict[str, list[str]], rulebook: str, **units: str) -> PhaseResult:
    state = board("S1901M", **units)
    options = RULES_1971 if rulebook == "1971" else CURRENT
    return adjudicate_phase(MAP, state, _orders(state, orders), options)


def _retreats(result: PhaseResult, province: str) -> tuple[str, ...]:
    return result.state.dislodged[province].retreats


def test_1971_a_via_convoy_move_to_an_adjacent_province_is_an_ordinary_move_4A5() -> None:
    """DATC 3.1, 4.A.5: "if issue 4.A.3 is played according to 1971 rules with unwanted
    convoys avoided as much as possible, then this issue can not occur, because the move
    via convoy will not take place." """
    units = {"AUSTRIA": "A TRI, F ADR, A TYR", "ITALY": "A VEN"}
    old = _play(TRIESTE, "1971", **units)
    assert old.state.units["VEN"] == Unit("AUSTRIA", UnitType.ARMY, "VEN")
    assert "TRI" not in _retreats(old, "VEN")  # dislodged by a move over land
    convoy = next(r for r in old.results if r.text == "F ADR C A TRI - VEN")
    assert (convoy.outcome.value, convoy.reason) == ("fails", "void")
    now = _play(TRIESTE, "current", **units)
    assert "TRI" in _retreats(now, "VEN")  # 2023: the attack came by convoy


def test_1971_the_convoy_is_ignored_and_marseilles_may_not_retreat_to_gascony_6H11() -> None:
    """DATC 3.1, 6.H.11: "If the 1971 rules are used, with avoiding unwanted convoys as
    much as possible, then the convoy is ignored and the land route is taken and there is
    normal dislodgement. Marseilles may not retreat to Gascony." """
    orders = {
        "FRANCE": [
            "A GAS - MAR VIA",
            "A BUR S A GAS - MAR",
            "F MAO C A GAS - MAR",
            "F WES C A GAS - MAR",
            "F LYO C A GAS - MAR",
        ],
        "ITALY": ["A MAR H"],
    }
    units = {"FRANCE": "A GAS, A BUR, F MAO, F WES, F LYO", "ITALY": "A MAR"}
    assert "GAS" not in _retreats(_play(orders, "1971", **units), "MAR")
    assert "GAS" in _retreats(_play(orders, "current", **units), "MAR")


def test_1971_both_via_convoy_armies_swap_and_nobody_is_dislodged_6H12() -> None:
    """DATC 3.1, 6.H.12: "If the 1971 rules are used, with unwanted convoys avoided as
    much as possible, then the move from Edinburgh to Liverpool will go successfully over
    land and there is no dislodgement." Liverpool's convoy is disrupted, so Liverpool goes
    by land; Edinburgh's convoy stands and Liverpool moves the opposite way, so the 1971
    swap rule ("Two pieces may exchange places if either or both are convoyed") lets both
    succeed: the one reading with "no dislodgement"."""
    orders = {
        "ENGLAND": ["A LVP - EDI VIA", "F IRI C A LVP - EDI", "F ENG C A LVP - EDI",
                    "F NTH C A LVP - EDI"],
        "FRANCE": ["F BRE - ENG", "F MAO S F BRE - ENG"],
        "RUSSIA": ["A EDI - LVP VIA", "F NWG C A EDI - LVP", "F NAO C A EDI - LVP",
                   "A CLY S A EDI - LVP"],
    }  # fmt: skip
    units = {
        "ENGLAND": "A LVP, F IRI, F ENG, F NTH",
        "FRANCE": "F BRE, F MAO",
        "RUSSIA": "A EDI, F NWG, F NAO, A CLY",
    }
    old = _play(orders, "1971", **units)
    assert old.state.units["EDI"].power == "ENGLAND" and old.state.units["LVP"].power == "RUSSIA"
    assert set(old.state.dislodged) == {"ENG"}
    now = _play(orders, "current", **units)
    assert "EDI" in _retreats(now, "LVP")


def _removed(power: str, units: str, rule: str) -> list[str]:
    state = board("W1901A", **{power: units})
    return [str(u) for u in civil_disorder_removals(MAP, state, power, 1, (), rule)]


def test_1971_equal_distances_go_by_the_full_english_name_4D8() -> None:
    """DATC 3.1, 4.D.8, quoting the 1971 and 1982 rulebooks: "If more units are equally
    eligible for removal than should be removed, priority is established by the names of
    the space in which they are located, the earliest in alphabetical order coming off
    first." The 2000 rulebook says the same ("in alphabetical order by the provinces in
    which they are located"). Droidippy (`civil_disorder = godip`) sorted godip's ids."""
    cases = [  # power, units at equal distance, 1971 and 2000 (by name), godip (by id)
        ("ITALY", "F GRE, F LYO", "F GRE", "F LYO"),  # Greece < Gulf of Lyon; gol < gre
        ("RUSSIA", "F BOT, F FIN", "F FIN", "F BOT"),  # Finland < Gulf of Bothnia
        ("ITALY", "A LVP, A LVN", "A LVP", "A LVN"),  # Liverpool < Livonia; lvn < lvp
        ("GERMANY", "F NWG, F NWY", "F NWY", "F NWG"),  # Norway < Norwegian Sea; nrg < nwy
    ]
    for power, units, by_name, by_id in cases:
        assert _removed(power, units, "1971") == [by_name], (power, units)
        assert _removed(power, units, "2000") == [by_name], (power, units)
        assert _removed(power, units, "godip") == [by_id], (power, units)


def test_1971_the_fleet_goes_before_the_army_at_equal_distance_4D8() -> None:
    """DATC 3.1, 4.D.8, quoting 1971: "the unit farthest from home ... is removed first,
    the fleet before the army." Both are one move from Naples or Rome."""
    assert _removed("ITALY", "A APU, F TYS", "1971") == ["F TYS"]


def test_1971_a_fleet_counts_its_own_moves_an_army_may_cross_the_sea_4D8() -> None:
    """DATC 3.1, 4.D.8: "Could fleets move like armies and vice versa? ... To a certain
    extend the consensus was that fleets move regularly, while armies could also walk over
    water (this was also the preference of version 2 of the DATC)." The 1971 text,
    "computed by the shortest available route, including convoys", gives armies the sea
    route only; a fleet's available route is its own moves. An Austrian fleet in the Black
    Sea is far from Trieste by sea (5), though Budapest is two provinces away over Rumania;
    the army in Moscow is three moves from Budapest, so the fleet goes. The 2000 text is
    read the same way (`2000`). Godip's reading (`godip`: fleets over land too) keeps the
    fleet."""
    assert _removed("AUSTRIA", "F BLA, A MOS", "1971") == ["F BLA"]
    assert _removed("AUSTRIA", "F BLA, A MOS", "2000") == ["F BLA"]
    assert _removed("AUSTRIA", "F BLA, A MOS", "godip") == ["A MOS"]
    # An army walks over water: Italy's army in Tunis is two steps from Naples (over the
    # Ionian or Tyrrhenian Sea), as far as the army in Munich from Venice (via Tyrolia);
    # the tie goes by name ("Munich" < "Tunis"). Were the sea closed to it, Tunis would
    # be the farther and go.
    assert _removed("ITALY", "A TUN, A MUN", "1971") == ["A MUN"]


def test_1971_distance_is_to_home_centres_not_owned_ones_6J11() -> None:
    """DATC 3.1, 6.J.11: "Under older rulebooks the army in Tuscany was kept." """
    state = GameState.from_units(
        Phase.parse("W1901A"),
        [Unit("ITALY", UnitType.ARMY, "WAR"), Unit("ITALY", UnitType.ARMY, "TUS")],
        {"WAR": "ITALY"},
    )
    removed = civil_disorder_removals(MAP, state, "ITALY", 1, (), "1971")
    assert [str(u) for u in removed] == ["A WAR"]
