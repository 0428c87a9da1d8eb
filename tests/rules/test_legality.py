"""Which orders may be given at all (DATC "legal"), and the reason given when not.

Each case names the DATC test case or issue it comes from where there is one.
"""

from __future__ import annotations

import pytest
from support.rules.helpers import board, standard_map

from judge.rules.legality import NO_SUCH_UNIT, NOT_ADJACENT, check_order, fleet_target
from judge.rules.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from judge.rules.state import GameState, UnitType

A, F = UnitType.ARMY, UnitType.FLEET


def reason(state: GameState, order: Order) -> str | None:
    return check_order(standard_map(), state, order)


# --- moves ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("units", "order", "expected"),
    [
        ("A PAR", Move("FRANCE", A, "PAR", "BUR"), None),
        ("F NTH", Move("FRANCE", F, "NTH", "PIC"), NOT_ADJACENT),  # 6.A.1
        ("A LVP", Move("FRANCE", A, "LVP", "IRI"), "an army cannot move to a sea"),  # 6.A.2
        ("F KIE", Move("FRANCE", F, "KIE", "MUN"), "a fleet cannot move to an inland province"),
        ("F KIE", Move("FRANCE", F, "KIE", "KIE"), "a unit cannot move to its own province"),
        ("F ROM", Move("FRANCE", F, "ROM", "VEN"), NOT_ADJACENT),  # 6.A.9
        ("F LON", Move("FRANCE", F, "LON", "BEL"), NOT_ADJACENT),  # 6.A.7
        ("F STP/NC", Move("FRANCE", F, "STP/NC", "BOT"), NOT_ADJACENT),
        ("A PAR", Move("FRANCE", A, "PAR", "XYZ"), "unknown province XYZ"),
    ],
)
def test_move_geometry(units: str, order: Move, expected: str | None) -> None:
    assert reason(board(FRANCE=units), order) == expected


@pytest.mark.parametrize(
    ("units", "target", "expected"),
    [
        ("F GAS", "SPA", None),  # 6.B.2: only one coast reachable, so it is used
        ("F POR", "SPA", "a fleet moving to SPA must say which coast"),  # 6.B.1
        ("F GAS", "SPA/SC", NOT_ADJACENT),  # 6.B.3: a reachable-but-wrong coast is illegal
        ("F MAO", "SPA/NC", None),
        ("F MAO", "SPA/WC", "a fleet moving to SPA must say which coast"),  # 4.B.6 ignored
        ("F NTH", "NWY/NC", None),  # a coast Norway does not have is ignored (4.B.6)
        ("F CON", "BUL/EC", None),
        ("F CON", "BUL/SC", None),
        ("F CON", "BUL", "a fleet moving to BUL must say which coast"),  # 6.D.30
        ("F BLA", "BUL", None),
    ],
)
def test_fleet_move_coasts(units: str, target: str, expected: str | None) -> None:
    location = units.split()[1]
    assert reason(board(FRANCE=units), Move("FRANCE", F, location, target)) == expected


def test_army_move_ignores_a_coast() -> None:  # 6.B.12
    assert reason(board(FRANCE="A GAS"), Move("FRANCE", A, "GAS", "SPA/NC")) is None


def test_wrong_coast_of_the_ordered_unit_is_ignored() -> None:  # 6.B.10
    state = board(FRANCE="F SPA/SC")
    assert reason(state, Move("FRANCE", F, "SPA/NC", "LYO")) is None


def test_ordering_the_other_coast_does_not_move_the_fleet() -> None:  # 6.B.11
    state = board(FRANCE="F SPA/NC")
    assert reason(state, Move("FRANCE", F, "SPA/SC", "LYO")) == NOT_ADJACENT


def test_wrong_unit_type_in_order_is_ignored() -> None:  # 4.C.2
    assert reason(board(FRANCE="A PAR"), Move("FRANCE", F, "PAR", "BUR")) is None


def test_army_move_over_water_is_legal_when_fleets_could_convoy_it() -> None:
    state = board(ENGLAND="A LON, F NTH")
    assert reason(state, Move("ENGLAND", A, "LON", "BEL")) is None


def test_army_move_over_water_with_a_chain_of_fleets() -> None:
    state = board(ENGLAND="A LON, F ENG", FRANCE="F MAO")
    assert reason(state, Move("ENGLAND", A, "LON", "POR")) is None


def test_army_move_over_water_with_no_fleets_is_illegal() -> None:  # 6.D.32
    state = board(GERMANY="A YOR")
    assert reason(state, Move("GERMANY", A, "YOR", "HOL")) == NOT_ADJACENT


def test_army_move_from_inland_is_never_convoyed() -> None:
    state = board(FRANCE="A PAR, F ENG")
    assert reason(state, Move("FRANCE", A, "PAR", "LON")) == NOT_ADJACENT


def test_fleet_cannot_be_convoyed() -> None:  # 6.A.7
    state = board(ENGLAND="F LON, F NTH")
    order = Move("ENGLAND", F, "LON", "BEL", via_convoy=True)
    assert reason(state, order) == "only an army can be convoyed"


def test_adjacent_via_convoy_is_left_to_the_adjudicator() -> None:
    # Whether it falls back to the land route is a rule option (DATC 4.A.3).
    state = board(FRANCE="A PIC")
    assert reason(state, Move("FRANCE", A, "PIC", "BEL", via_convoy=True)) is None


# --- who may be ordered -----------------------------------------------------------------


def test_no_unit_there() -> None:
    assert reason(board(FRANCE="A PAR"), Hold("FRANCE", A, "MAR")) == NO_SUCH_UNIT


def test_unit_of_another_power() -> None:  # 6.A.6
    state = board(ENGLAND="F LON")
    assert reason(state, Move("GERMANY", F, "LON", "NTH")) == NO_SUCH_UNIT


@pytest.mark.parametrize(
    "order",
    [
        Hold("FRANCE", A, "PAR"),
        Move("FRANCE", A, "PAR", "BUR"),
        SupportHold("FRANCE", A, "PAR", "BUR"),
        Retreat("FRANCE", A, "PAR", "BUR"),
        Disband("FRANCE", A, "PAR"),
        Remove("FRANCE", A, "PAR"),
    ],
)
def test_unit_orders_of_the_wrong_phase_have_no_unit(order: Order) -> None:
    phase = "W1901A" if not isinstance(order, Remove) else "S1901M"
    assert reason(board(phase, FRANCE="A PAR"), order) == NO_SUCH_UNIT


@pytest.mark.parametrize("order", [Build("FRANCE", A, "PAR"), Waive("FRANCE")])
def test_builds_outside_adjustments_are_not_due(order: Order) -> None:
    assert reason(board("S1901M"), order) == "no build is due"


# --- supports ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("units", "order", "expected"),
    [
        ("F TRI", SupportHold("AUSTRIA", F, "TRI", "TRI"), "a unit cannot support itself"),
        ("A PAR, A MAR", SupportHold("AUSTRIA", A, "PAR", "MAR"), NOT_ADJACENT),
        ("A LON, F NTH", SupportHold("AUSTRIA", A, "LON", "NTH"), NOT_ADJACENT),
        ("F LON, F NTH", SupportHold("AUSTRIA", F, "LON", "NTH"), None),
        ("A PAR", SupportHold("AUSTRIA", A, "PAR", "BUR"), None),  # nobody there: void later
        ("F MAO", SupportHold("AUSTRIA", F, "MAO", "SPA"), None),
    ],
)
def test_support_hold(units: str, order: SupportHold, expected: str | None) -> None:
    assert reason(board(AUSTRIA=units), order) == expected


@pytest.mark.parametrize(
    ("units", "order", "expected"),
    [
        # 6.A.10: the supporter must reach the target
        ("F ROM, A APU", SupportMove("ITALY", F, "ROM", "APU", "VEN"), NOT_ADJACENT),
        # 6.B.4: a fleet may support into a coast it cannot reach itself
        ("F MAR, F GAS", SupportMove("ITALY", F, "MAR", "GAS", "SPA/NC"), None),
        # 6.B.5: but it must reach the province from its own coast
        ("F SPA/NC, F MAR", SupportMove("ITALY", F, "SPA/NC", "MAR", "LYO"), NOT_ADJACENT),
        # 6.D.34: supporting an attack on one's own province
        (
            "A PRU, A LVN",
            SupportMove("ITALY", A, "PRU", "LVN", "PRU"),
            "a unit cannot support a move into its own province",
        ),
        # 6.A.5: a move to its own province cannot be supported
        (
            "A LVP, A YOR",
            SupportMove("ITALY", A, "LVP", "YOR", "YOR"),
            "a unit cannot move to its own province",
        ),
        (
            "F SKA, A SKA",
            SupportMove("ITALY", F, "SKA", "SKA", "SWE"),
            "a unit cannot support itself",
        ),
        # the supported unit is absent: legal, void in adjudication
        ("A PAR", SupportMove("ITALY", A, "PAR", "MAR", "BUR"), None),
        # the supported fleet could never reach that coast
        (
            "F POR, F GAS",
            SupportMove("ITALY", F, "POR", "GAS", "SPA/SC"),
            "F GAS cannot reach SPA/SC",
        ),
        ("F POR, F MAO", SupportMove("ITALY", F, "POR", "MAO", "SPA/NC"), None),  # 6.B.9: legal
        ("F POR, F MAO", SupportMove("ITALY", F, "POR", "MAO", "SPA"), None),  # 6.B.7
        # the supported army could never reach that province
        ("A MUN, A BUR", SupportMove("ITALY", A, "MUN", "BUR", "KIE"), "A BUR cannot reach KIE"),
        (
            "F SPA/SC, A MAR",
            SupportMove("ITALY", F, "SPA/SC", "MAR", "LYO"),
            "A MAR cannot reach LYO",
        ),
    ],
)
def test_support_move(units: str, order: SupportMove, expected: str | None) -> None:
    assert reason(board(ITALY=units), order) == expected


def test_support_needing_the_supporter_as_convoy_is_illegal() -> None:  # 6.D.31
    state = board(AUSTRIA="A RUM", TURKEY="F BLA")
    order = SupportMove("TURKEY", F, "BLA", "RUM", "ARM")
    assert reason(state, order) == "A RUM cannot reach ARM"


def test_support_of_a_convoyed_army_with_another_fleet_is_legal() -> None:
    state = board(AUSTRIA="A RUM", TURKEY="F BLA, F ANK")
    assert reason(state, SupportMove("TURKEY", F, "ANK", "RUM", "ARM")) is None


# --- convoys ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("units", "order", "expected"),
    [
        ("A LON, F NTH", Convoy("ENGLAND", F, "NTH", "LON", "BEL"), None),
        ("A LON, F NTH", Convoy("ENGLAND", A, "LON", "NTH", "BEL"), "only a fleet can convoy"),
        (
            "A GRE, F CON",  # 6.F.1
            Convoy("ENGLAND", F, "CON", "GRE", "SEV"),
            "a fleet on a coast cannot convoy",
        ),
        (
            "A YOR, F NTH",  # 6.A.5
            Convoy("ENGLAND", F, "NTH", "YOR", "YOR"),
            "a unit cannot move to its own province",
        ),
        (
            "F NTH",
            Convoy("ENGLAND", F, "NTH", "RUH", "LON"),
            "an army cannot be convoyed from RUH to LON",
        ),
        # the army need not be there: a convoy of nobody is void in adjudication
        ("F NTH", Convoy("ENGLAND", F, "NTH", "LON", "BEL"), None),
        (
            "F NWG",  # NWG touches neither end, and no fleet links it
            Convoy("ENGLAND", F, "NWG", "YOR", "NWY"),
            "F NWG is not on any convoy route from YOR to NWY",
        ),
        ("F NAO, F MAO, F IRI", Convoy("ENGLAND", F, "NAO", "CLY", "POR"), None),
    ],
)
def test_convoy(units: str, order: Convoy, expected: str | None) -> None:
    assert reason(board(ENGLAND=units), order) == expected


def test_convoy_by_an_unnecessary_fleet_is_illegal() -> None:  # 6.G.19
    state = board(FRANCE="A MAR, F WES", ITALY="F LYO, A SPA")
    assert reason(state, Convoy("FRANCE", F, "WES", "MAR", "SPA")) == (
        "F WES is not on any convoy route from MAR to SPA"
    )
    assert reason(state, Convoy("ITALY", F, "LYO", "MAR", "SPA")) is None


def test_convoy_by_a_fleet_on_a_longer_chain_is_legal() -> None:
    state = board(ENGLAND="A LON, F ENG, F MAO")
    assert reason(state, Convoy("ENGLAND", F, "MAO", "LON", "POR")) is None
    assert reason(state, Convoy("ENGLAND", F, "ENG", "LON", "POR")) is None


# --- retreats ---------------------------------------------------------------------------


def _retreat_board() -> GameState:
    return board(
        "F1901R",
        dislodged={
            "AUSTRIA A SER": "ALB GRE",
            "TURKEY F RUM": "BUL/EC SEV",
            "FRANCE F MAO": "SPA/NC SPA/SC",
        },
        ITALY="A SER",
    )


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        (Retreat("AUSTRIA", A, "SER", "ALB"), None),
        (Disband("AUSTRIA", A, "SER"), None),
        (Retreat("AUSTRIA", A, "SER", "BUD"), "cannot retreat to BUD"),
        (Retreat("AUSTRIA", A, "SER", "VIE"), NOT_ADJACENT),
        (Retreat("ITALY", A, "SER", "ALB"), NO_SUCH_UNIT),
        (Retreat("AUSTRIA", A, "SER", "ALB/NC"), None),
        (Retreat("TURKEY", F, "RUM", "BUL"), None),  # 4.B.2: the only possible coast
        (Retreat("TURKEY", F, "RUM", "BUL/EC"), None),
        (Retreat("TURKEY", F, "RUM", "BUL/SC"), NOT_ADJACENT),
        (Retreat("FRANCE", F, "MAO", "SPA"), "a fleet moving to SPA must say which coast"),
        (Retreat("FRANCE", F, "MAO", "SPA/SC"), None),
        (Move("ITALY", A, "SER", "BUD"), NO_SUCH_UNIT),  # 6.H.4: no other moves in retreats
    ],
)
def test_retreat(order: Order, expected: str | None) -> None:
    assert reason(_retreat_board(), order) == expected


# --- adjustments ------------------------------------------------------------------------


def _winter_board() -> GameState:
    return board(
        "W1901A",
        centers={"GERMANY": "BER KIE WAR", "RUSSIA": "STP MOS MUN", "FRANCE": "PAR"},
        GERMANY="F KIE",
        RUSSIA="F STP/SC",
    )


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        (Build("GERMANY", A, "BER"), None),
        (Build("GERMANY", F, "BER"), None),
        (Build("GERMANY", A, "BUR"), "not a supply centre"),
        (Build("GERMANY", A, "WAR"), "not a home centre of Germany"),  # 6.I.6
        (Build("GERMANY", A, "MUN"), "Germany does not own MUN"),  # 6.I.5
        (Build("GERMANY", A, "KIE"), "KIE is occupied"),  # 6.I.3
        (Build("RUSSIA", A, "STP/NC"), "STP is occupied"),  # 6.I.4
        (Build("RUSSIA", F, "MOS"), "a fleet cannot be built in an inland province"),  # 6.I.2
        (Build("FRANCE", A, "PAR"), None),
        (Build("FRANCE", A, "XYZ"), "unknown province XYZ"),
        (Remove("GERMANY", F, "KIE"), None),
        (Remove("GERMANY", A, "KIE"), None),  # wrong unit type is ignored (4.C.2)
        (Remove("FRANCE", F, "KIE"), NO_SUCH_UNIT),
        (Remove("GERMANY", A, "BER"), NO_SUCH_UNIT),
        (Waive("GERMANY"), None),
    ],
)
def test_adjustment(order: Order, expected: str | None) -> None:
    assert reason(_winter_board(), order) == expected


def test_fleet_build_on_split_coast_needs_the_coast() -> None:  # 6.B.14, 4.B.7
    state = board("W1901A", centers={"RUSSIA": "STP"})
    assert reason(state, Build("RUSSIA", F, "STP")) == "a fleet built on STP must say which coast"
    assert reason(state, Build("RUSSIA", F, "STP/NC")) is None
    assert reason(state, Build("RUSSIA", A, "STP/NC")) is None  # coast ignored for an army


# --- helpers the parser shares ----------------------------------------------------------


@pytest.mark.parametrize(
    ("origin", "target", "expected"),
    [
        ("GAS", "SPA", "SPA/NC"),
        ("MAR", "SPA", "SPA/SC"),
        ("MAO", "SPA", "SPA"),
        ("MAO", "SPA/SC", "SPA/SC"),
        ("NTH", "NWY/NC", "NWY"),
        ("BLA", "BUL", "BUL/EC"),
    ],
)
def test_fleet_target_fills_the_only_coast(origin: str, target: str, expected: str) -> None:
    assert fleet_target(standard_map(), origin, target) == expected
