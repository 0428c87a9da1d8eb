"""The order parser reads what players type on e-mail judges, and says what it could not read.

Cases are grouped by form. Each expects the canonical text (`str(order)`) and the
nationality of the ordered unit, or the error raised.
"""

from __future__ import annotations

from collections.abc import Collection

import pytest
from support.rules.helpers import board, retreat_board, standard_map

from judge.rules.orders import (
    IllegalOrder,
    Move,
    Order,
    UnreadableOrder,
)
from judge.rules.parse import parse_order, parse_orders
from judge.rules.state import GameState


def read(text: str, state: GameState, powers: Collection[str] | None = None) -> Order:
    return parse_order(text, standard_map(), state, powers)


def start() -> GameState:
    return standard_map().initial_state()


# --- movement phase, starting position ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        # moves, in the spellings players use
        ("A PAR-BUR", "A PAR - BUR"),
        ("A Par -> Bur", "A PAR - BUR"),
        ("A Par => Bur", "A PAR - BUR"),
        ("A PAR \u2192 BUR", "A PAR - BUR"),
        ("army paris move to burgundy", "A PAR - BUR"),
        ("A PAR MOVES TO BUR", "A PAR - BUR"),
        ("A Paris attacks Burgundy", "A PAR - BUR"),
        ("A(par) to bur", "A PAR - BUR"),
        ("move army par-bur", "A PAR - BUR"),
        ("m par - bur", "A PAR - BUR"),
        ("A Par - Bur.", "A PAR - BUR"),
        ("  a   par   -   bur  ", "A PAR - BUR"),
        ("par-bur", "A PAR - BUR"),  # unit type left out (4.C.1)
        ("F PAR-BUR", "A PAR - BUR"),  # wrong unit type is ignored (4.C.2)
        ("F BRE - MAO", "F BRE - MAO"),
        ("F Brest-Mid-Atlantic Ocean", "F BRE - MAO"),
        ("F Brest - mid atlantic", "F BRE - MAO"),
        ("F bre - mid", "F BRE - MAO"),
        ("F Brest - English Channel", "F BRE - ENG"),
        ("F bre-ech", "F BRE - ENG"),
        ("F StP(sc)-Bot", "F STP/SC - BOT"),
        ("F stp/sc - bot", "F STP/SC - BOT"),
        ("F STP (SC) - BOT", "F STP/SC - BOT"),
        ("F stp sc - bot", "F STP/SC - BOT"),
        ("F St. Petersburg (south coast) - Gulf of Bothnia", "F STP/SC - BOT"),
        ("F Saint Petersburg/sc - gob", "F STP/SC - BOT"),
        ("F STP - BOT", "F STP/SC - BOT"),  # the unit's own coast comes from the board
        ("F STP/NC - BOT", "F STP/SC - BOT"),  # a wrong coast on the unit is ignored (4.B.5)
        ("F EDI - NRG", "F EDI - NWG"),
        ("F Edinburgh - Norwegian Sea", "F EDI - NWG"),
        ("F Kiel - Helgoland Bight", "F KIE - HEL"),
        ("F kie - heligoland bight", "F KIE - HEL"),
        ("F Naples - Tyrrhenian Sea", "F NAP - TYS"),
        ("F nap - tyn", "F NAP - TYS"),
        ("F Ankara - Black Sea", "F ANK - BLA"),
        ("A Munich - Tyrol", "A MUN - TYR"),
        ("A Venice - Tyrolia", "A VEN - TYR"),
        ("A Vienna - Bohemia", "A VIE - BOH"),
        ("A Rome - Tuscany", "A ROM - TUS"),
        ("A Moscow - Livonia", "A MOS - LVN"),
        ("A lvp - yorkshire", "A LVP - YOR"),
        ("A Constantinople - Bulgaria", "A CON - BUL"),
        ("A Smyrna - Armenia", "A SMY - ARM"),
        # holds
        ("A PAR H", "A PAR H"),
        ("A PAR HOLD", "A PAR H"),
        ("A Par holds", "A PAR H"),
        ("A PAR STANDS", "A PAR H"),
        ("A PAR", "A PAR H"),
        ("Paris", "A PAR H"),
        ("F stp/sc", "F STP/SC H"),
        # supports
        ("A VIE S A BUD", "A VIE S A BUD"),
        ("A VIE S A BUD H", "A VIE S A BUD"),
        ("A Vienna supports army Budapest holds", "A VIE S A BUD"),
        ("A VIE S BUD", "A VIE S A BUD"),
        ("A ROM S NAP", "A ROM S F NAP"),  # the supported unit's type comes from the board
        ("A PAR S A MAR - BUR", "A PAR S A MAR - BUR"),
        ("A PAR SUPPORT A MAR-BUR", "A PAR S A MAR - BUR"),
        ("A PAR SUPPORTS A MAR -> BUR", "A PAR S A MAR - BUR"),
        ("A PAR S MAR-BUR", "A PAR S A MAR - BUR"),
        ("A Paris supports army Marseilles move to Burgundy", "A PAR S A MAR - BUR"),
        ("A VIE S Italian A VEN - TYR", "A VIE S A VEN - TYR"),
        ("A VIE S A Italian VEN - TYR", "A VIE S A VEN - TYR"),
        ("A VIE S A VEN - TYR", "A VIE S A VEN - TYR"),  # nationality is optional (4.C.5)
        ("A VIE S German A VEN - TYR", "A VIE S A VEN - TYR"),  # and ignored (4.C.6)
        ("A BUD S A SER", "A BUD S A SER"),  # nobody in SER: legal, void in adjudication
        # power names in front
        ("France: A PAR-BUR", "A PAR - BUR"),
        ("FRENCH A PAR H", "A PAR H"),
        ("France A PAR H", "A PAR H"),
        ("F: A PAR H", "A PAR H"),
        ("fra: a par h", "A PAR H"),
        ("F A PAR H", "A PAR H"),
        ("F: F BRE H", "F BRE H"),
        ("E: F LON - NTH", "F LON - NTH"),
        ("Britain: F LON - NTH", "F LON - NTH"),
        ("Russia: F St Petersburg (south coast) - Gulf of Bothnia", "F STP/SC - BOT"),
        ("Turkey: A Con - Bul", "A CON - BUL"),
    ],
)
def test_reads_movement_orders(text: str, canonical: str) -> None:
    assert str(read(text, start())) == canonical


@pytest.mark.parametrize(
    ("text", "power"),
    [
        ("A PAR-BUR", "FRANCE"),
        ("F: A PAR H", "FRANCE"),
        ("F STP/SC - BOT", "RUSSIA"),
        ("A VIE S Italian A VEN - TYR", "AUSTRIA"),
    ],
)
def test_order_power_is_the_units_nationality(text: str, power: str) -> None:
    assert read(text, start()).power == power


def test_power_may_be_restricted_to_the_senders() -> None:
    assert read("A PAR-BUR", start(), {"FRANCE"}).power == "FRANCE"
    with pytest.raises(IllegalOrder) as error:
        read("A PAR-BUR", start(), {"GERMANY"})
    assert (error.value.reason, error.value.canonical, error.value.power) == (
        "no such unit",
        "A PAR - BUR",
        "GERMANY",
    )


def test_ordering_another_powers_unit_by_name_is_refused() -> None:  # 6.A.6
    with pytest.raises(IllegalOrder, match="no such unit") as error:
        read("Germany: A PAR-BUR", start())
    assert error.value.power == "GERMANY"


# --- convoys -------------------------------------------------------------------------------


def _convoy_board() -> GameState:
    return board(ENGLAND="A LON, F NTH, A YOR, F ENG, A WAL", FRANCE="A BRE")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("F NTH C A LON-NWY", "F NTH C A LON - NWY"),
        ("F NTH CONVOYS A LON - NWY", "F NTH C A LON - NWY"),
        ("F NTH C LON-NWY", "F NTH C A LON - NWY"),
        ("F North Sea convoys army London to Norway", "F NTH C A LON - NWY"),
        ("F ENG C French A BRE - LON", "F ENG C A BRE - LON"),
        ("A LON-NWY", "A LON - NWY"),
        ("A LON-NWY VIA", "A LON - NWY VIA"),
        ("A LON-NWY via convoy", "A LON - NWY VIA"),
        ("A LON - NWY by convoy", "A LON - NWY VIA"),
        ("A LON-NTH-NWY", "A LON - NWY VIA"),
        ("A YOR - LON via convoy", "A YOR - LON VIA"),
        ("A WAL - LON", "A WAL - LON"),
    ],
)
def test_reads_convoys(text: str, canonical: str) -> None:
    assert str(read(text, _convoy_board())) == canonical


def test_explicit_convoy_route_is_kept() -> None:
    order = read("A LON-ENG-MAO-POR", board(ENGLAND="A LON, F ENG", FRANCE="F MAO"))
    assert isinstance(order, Move)
    assert (order.target, order.via_convoy, order.route) == ("POR", True, ("ENG", "MAO"))


def test_convoy_route_over_land_is_refused() -> None:
    with pytest.raises(IllegalOrder, match="a convoy route can only cross seas"):
        read("A LON - YOR - EDI", _convoy_board())


# --- coasts --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("units", "text", "canonical"),
    [
        ("F GAS", "F GAS - SPA", "F GAS - SPA/NC"),  # 4.B.2: the only reachable coast
        ("F MAR", "F Marseilles - Spain", "F MAR - SPA/SC"),
        ("F MAO", "F MAO - spa/nc", "F MAO - SPA/NC"),
        ("F MAO", "F MAO - spain nc", "F MAO - SPA/NC"),
        ("F MAO", "F MAO - Spain (north coast)", "F MAO - SPA/NC"),
        ("F MAO", "F MAO - SPA(NC)", "F MAO - SPA/NC"),
        ("F MAO", "F MAO - spa/n", "F MAO - SPA/NC"),
        ("F MAO", "F MAO - spain north coast", "F MAO - SPA/NC"),
        ("F MAO", "F Mid-Atlantic Ocean - Spain(sc)", "F MAO - SPA/SC"),
        ("F NTH", "F NTH - NWY/NC", "F NTH - NWY"),  # a coast Norway lacks is ignored (4.B.6)
        ("A GAS", "A GAS - SPA/NC", "A GAS - SPA"),  # coasts mean nothing to armies (4.B.6)
        ("F SPA/SC", "F SPA/NC - LYO", "F SPA/SC - LYO"),  # 4.B.5
        ("F SPA/NC", "F spa/nc", "F SPA/NC H"),
        ("F SPA/NC", "F Spain (north coast)", "F SPA/NC H"),
        ("F SPA/NC", "F spa nc", "F SPA/NC H"),
        ("F CON", "F CON - BUL/EC", "F CON - BUL/EC"),
        ("F CON", "F Constantinople - Bulgaria (east coast)", "F CON - BUL/EC"),
        ("F BLA", "F BLA - BUL", "F BLA - BUL/EC"),
        ("F POR, F MAO", "F POR S F MAO - SPA", "F POR S F MAO - SPA"),  # 6.B.7: left open
        ("F POR, F GAS", "F POR S F GAS - SPA", "F POR S F GAS - SPA/NC"),  # 6.B.8
        ("F POR, F MAO", "F POR S F MAO - SPA(NC)", "F POR S F MAO - SPA/NC"),
        ("A MAR, A GAS", "A MAR S A GAS - SPA/NC", "A MAR S A GAS - SPA"),
        ("F LYO", "F Gulf of Lyon - Tyrrhenian Sea", "F LYO - TYS"),
        ("F LYO", "F GOL-TYS", "F LYO - TYS"),
        ("F LYO", "F gulf of lyons - wes", "F LYO - WES"),
        ("F SWE", "F swe-den", "F SWE - DEN"),  # never read as one name, 'sweden'
        ("F SWE", "F SWE - DEN", "F SWE - DEN"),
        ("A MAR, A GAS", "A marseille S A gas - spa", "A MAR S A GAS - SPA"),
        ("F LYO, A MAR", "F lyon S A mar", "F LYO S A MAR"),
    ],
)
def test_reads_coasts(units: str, text: str, canonical: str) -> None:
    assert str(read(text, board(FRANCE=units))) == canonical


@pytest.mark.parametrize(
    ("units", "text", "reason"),
    [
        ("F POR", "F POR - SPA", "a fleet moving to SPA must say which coast"),  # 6.B.1
        ("F MAO", "F MAO - SPA/WC", "a fleet moving to SPA must say which coast"),
        ("F GAS", "F GAS - SPA(SC)", "not adjacent"),  # 6.B.3
        ("F SPA/NC", "F SPA/SC - LYO", "not adjacent"),  # 6.B.11
    ],
)
def test_refuses_impossible_coasts(units: str, text: str, reason: str) -> None:
    with pytest.raises(IllegalOrder) as error:
        read(text, board(FRANCE=units))
    assert error.value.reason == reason


# --- retreat phase -------------------------------------------------------------------------



@pytest.mark.parametrize(
    ("text", "canonical", "power"),
    [
        ("A SER R ALB", "A SER R ALB", "AUSTRIA"),
        ("A SER - ALB", "A SER R ALB", "AUSTRIA"),
        ("A SER RETREAT TO ALB", "A SER R ALB", "AUSTRIA"),
        ("A Serbia retreats to Greece", "A SER R GRE", "AUSTRIA"),
        ("retreat A SER to ALB", "A SER R ALB", "AUSTRIA"),
        ("SER-ALB", "A SER R ALB", "AUSTRIA"),
        ("A SER D", "A SER D", "AUSTRIA"),
        ("A SER DISBAND", "A SER D", "AUSTRIA"),
        ("DISBAND A SER", "A SER D", "AUSTRIA"),
        ("Austria: remove A SER", "A SER D", "AUSTRIA"),
        ("F RUM R BUL", "F RUM R BUL/EC", "TURKEY"),  # 4.B.2 for retreats
        ("F Rumania - Sevastopol", "F RUM R SEV", "TURKEY"),
    ],
)
def test_reads_retreats(text: str, canonical: str, power: str) -> None:
    order = read(text, retreat_board())
    assert (str(order), order.power) == (canonical, power)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("A SER - BUD", "cannot retreat to BUD"),
        ("A SER - VIE", "not adjacent"),
        ("A SER H", "no such unit"),  # only retreats and disbands in a retreat phase
        ("A SER S A BUD", "no such unit"),  # 6.H.1
        ("A SER - ALB via convoy", "a retreat cannot be convoyed"),
        ("F RUM - BUL/SC", "not adjacent"),
        ("A BUD - SER", "no such unit"),
    ],
)
def test_refuses_bad_retreats(text: str, reason: str) -> None:
    with pytest.raises(IllegalOrder) as error:
        read(text, retreat_board())
    assert error.value.reason == reason


def test_retreat_order_in_movement_phase_has_no_unit() -> None:
    with pytest.raises(IllegalOrder, match="no such unit"):
        read("A VIE R GAL", start())


# --- adjustment phase ----------------------------------------------------------------------


def _winter_board() -> GameState:
    game_map = standard_map()
    owners = {p: " ".join(game_map.home_centers[p]) for p in game_map.home_centers}
    return board("W1901A", centers=owners, GERMANY="F KIE", FRANCE="A PAR")


@pytest.mark.parametrize(
    ("text", "canonical", "power"),
    [
        ("BUILD A BER", "A BER B", "GERMANY"),
        ("A BER B", "A BER B", "GERMANY"),
        ("Build army Berlin", "A BER B", "GERMANY"),
        ("BUILD F STP/NC", "F STP/NC B", "RUSSIA"),
        ("B F STP NC", "F STP/NC B", "RUSSIA"),
        ("Build F St Petersburg (north coast)", "F STP/NC B", "RUSSIA"),
        ("Build fleet stp(sc)", "F STP/SC B", "RUSSIA"),
        ("Build A war", "A WAR B", "RUSSIA"),
        ("build mun", "A MUN B", "GERMANY"),  # 4.C.3: an inland centre gets an army
        ("build stp/sc", "F STP/SC B", "RUSSIA"),  # 4.C.3: a coast was given, so a fleet
        ("Build A stp/nc", "A STP B", "RUSSIA"),  # coasts mean nothing to armies
        ("Russia: Build F Sevastopol", "F SEV B", "RUSSIA"),
        ("REMOVE F KIE", "F KIE D", "GERMANY"),
        ("F KIE D", "F KIE D", "GERMANY"),
        ("F KIE DISBAND", "F KIE D", "GERMANY"),
        ("DISBAND A PAR", "A PAR D", "FRANCE"),
        ("Remove par", "A PAR D", "FRANCE"),
        ("remove kie", "F KIE D", "GERMANY"),
        ("A KIE D", "F KIE D", "GERMANY"),  # wrong type is ignored (4.C.2)
        ("France: WAIVE", "WAIVE", "FRANCE"),
        ("Italy: build waive", "WAIVE", "ITALY"),
        ("Turkey: waive build", "WAIVE", "TURKEY"),
    ],
)
def test_reads_adjustments(text: str, canonical: str, power: str) -> None:
    order = read(text, _winter_board())
    assert (str(order), order.power) == (canonical, power)


def test_waive_takes_the_senders_power() -> None:
    assert read("WAIVE", _winter_board(), {"ITALY"}).power == "ITALY"


def test_waive_without_a_power_is_refused() -> None:
    with pytest.raises(IllegalOrder, match="a waive must name its power"):
        read("WAIVE", _winter_board())


@pytest.mark.parametrize(
    ("text", "powers", "reason"),
    [
        ("Build F stp", None, "a fleet built on STP must say which coast"),  # 6.B.14
        ("build bre", None, "say whether to build an army or a fleet"),  # 4.C.3
        ("Build F mos", None, "a fleet cannot be built in an inland province"),  # 6.I.2
        ("Build A kie", None, "KIE is occupied"),  # 6.I.3
        ("Build A bur", None, "not a home centre"),
        ("Build A ber", {"FRANCE"}, "not a home centre of France"),
        ("Germany: Build A war", None, "not a home centre of Germany"),  # 6.I.6
        ("REMOVE A BER", None, "no such unit"),
        ("Germany: remove par", None, "no such unit"),
        ("A PAR - BUR", None, "no such unit"),
    ],
)
def test_refuses_bad_adjustments(text: str, powers: set[str] | None, reason: str) -> None:
    with pytest.raises(IllegalOrder) as error:
        read(text, _winter_board(), powers)
    assert error.value.reason == reason


def test_build_outside_winter_is_not_due() -> None:
    with pytest.raises(IllegalOrder, match="no build is due"):
        read("Build A par", start())


# --- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("A PAR-XYZ", "XYZ"),
        ("A PAR - BUR XYZ", "XYZ"),
        ("A PAR ---> BUR", "--->"),
        ("A PAR - - BUR", "-"),
        ("fra a par h", "fra"),  # a short power name needs its colon
        ("liv -> edi", "liv"),  # 'liv' could be Liverpool or Livonia
        ("A PAR @ BUR", "@"),
        ("Q PAR-BUR", "Q"),
        ("A PAR S A MAR XYZ BUR", "XYZ"),
        ("Switzerland", "Switzerland"),
    ],
)
def test_unreadable_orders_name_the_word(text: str, word: str) -> None:
    with pytest.raises(UnreadableOrder) as error:
        read(text, start())
    assert error.value.word == word
    assert str(error.value) == f"cannot read '{word}' in '{text}'"


@pytest.mark.parametrize("text", ["A PAR -", "A PAR S", "F NTH C A LON -", "Build"])
def test_incomplete_orders_are_unreadable(text: str) -> None:
    with pytest.raises(UnreadableOrder, match="is incomplete"):
        read(text, start())


def test_empty_order_is_unreadable() -> None:
    with pytest.raises(UnreadableOrder, match="empty order"):
        read("  ", start())


@pytest.mark.parametrize(
    ("text", "reason", "canonical"),
    [
        ("A PAR-MUN", "not adjacent", "A PAR - MUN"),
        ("F KIE-MUN", "a fleet cannot move to an inland province", "F KIE - MUN"),
        ("A MAR-LYO", "an army cannot move to a sea", "A MAR - LYO"),
        ("A BUR-PAR", "no such unit", "A BUR - PAR"),
        ("F NTH C A LON - NWY", "no such unit", "F NTH C A LON - NWY"),
        ("A PAR S A MAR", "not adjacent", "A PAR S A MAR"),
        ("A LVP - NWY", "not adjacent", "A LVP - NWY"),  # no fleets to convoy it (6.D.32)
        ("F TRI S F TRI", "a unit cannot support itself", "F TRI S F TRI"),
    ],
)
def test_illegal_orders_give_reason_and_canonical_text(
    text: str, reason: str, canonical: str
) -> None:
    with pytest.raises(IllegalOrder) as error:
        read(text, start())
    assert (error.value.reason, error.value.canonical) == (reason, canonical)


def test_parse_orders_reports_each_line() -> None:
    results = list(parse_orders(["A PAR-BUR", "A PAR-XYZ", "A PAR-MUN"], standard_map(), start()))
    assert str(results[0]) == "A PAR - BUR"
    assert isinstance(results[1], UnreadableOrder)
    assert isinstance(results[2], IllegalOrder)
