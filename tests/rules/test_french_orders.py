"""Orders written in French are read like English ones, in every phase and every game.

Each case goes through the real parser (`parse_order`) on the standard map and
expects the canonical text, as in tests/rules/test_parse.py: accents or none,
any case, `->` or `-`, French or English words mixed.
"""

from __future__ import annotations

import pytest
from support.rules.helpers import board, retreat_board, standard_map

from judge.rules.orders import IllegalOrder, Order, UnreadableOrder
from judge.rules.parse import parse_order
from judge.rules.state import GameState


def read(text: str, state: GameState, powers: set[str] | None = None) -> Order:
    return parse_order(text, standard_map(), state, powers)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("armée Paris -> Bourgogne", "A PAR - BUR"),
        ("ARMÉE PARIS -> BOURGOGNE", "A PAR - BUR"),
        ("armee paris -> bourgogne", "A PAR - BUR"),
        ("A PAR-BOU", "A PAR - BUR"),
        ("A Par attaque Bou", "A PAR - BUR"),
        ("A Paris va à Bourgogne", "A PAR - BUR"),
        ("A Paris va a la Bourgogne", "A PAR - BUR"),
        ("Armée Paris se déplace vers Picardie", "A PAR - PIC"),
        ("A Par vers Gascogne", "A PAR - GAS"),
        ("F Bre - Man", "F BRE - ENG"),
        ("F BRE - MAN", "F BRE - ENG"),
        ("Flotte Brest attaque la Manche", "F BRE - ENG"),
        ("F Brest -> Atlantique Moyen", "F BRE - MAO"),
        ("F Brest -> Milieu de l'Atlantique", "F BRE - MAO"),
        ("F Brest -> Milieu de l\u2019Atlantique", "F BRE - MAO"),  # typographic apostrophe
        ("F Bre \u2192 MAO", "F BRE - MAO"),
        ("F Édimbourg -> Mer de Norvège", "F EDI - NWG"),
        ("F Edimbourg -> Mer de Norvege", "F EDI - NWG"),
        ("F Edi - MDN", "F EDI - NTH"),
        ("F Édimbourg -> Mer du Nord", "F EDI - NTH"),
        ("F Londres -> Manche", "F LON - ENG"),
        ("A Liverpool -> Yorkshire", "A LVP - YOR"),
        ("A Liverpool -> Pays de Galles", "A LVP - WAL"),
        ("A Lvp - Galles", "A LVP - WAL"),
        ("F Kiel -> Danemark", "F KIE - DEN"),
        ("F Kiel -> Baie d'Héligoland", "F KIE - HEL"),
        ("F Kie - Hollande", "F KIE - HOL"),
        ("A Berlin -> Prusse", "A BER - PRU"),
        ("A Munich -> Ruhr", "A MUN - RUH"),
        ("A Munich -> Silésie", "A MUN - SIL"),
        ("A Munich -> Tyrol", "A MUN - TYR"),
        ("A Vienne -> Bohême", "A VIE - BOH"),
        ("A Vie - Boheme", "A VIE - BOH"),
        ("A Vienne -> Galicie", "A VIE - GAL"),
        ("A Budapest -> Serbie", "A BUD - SER"),
        ("A Budapest -> Roumanie", "A BUD - RUM"),
        ("F Trieste -> Albanie", "F TRI - ALB"),
        ("F Trieste -> Mer Adriatique", "F TRI - ADR"),
        ("F Naples -> Mer Ionienne", "F NAP - ION"),
        ("F Naples -> Mer Tyrrhénienne", "F NAP - TYS"),
        ("A Rome -> Toscane", "A ROM - TUS"),
        ("A Rome -> Apulie", "A ROM - APU"),
        ("A Rome -> Pouilles", "A ROM - APU"),
        ("A Venise -> Piémont", "A VEN - PIE"),
        ("A Marseille -> Espagne", "A MAR - SPA"),
        ("A Mar - Esp", "A MAR - SPA"),
        ("A Varsovie -> Livonie", "A WAR - LVN"),
        ("A Moscou -> Ukraine", "A MOS - UKR"),
        ("A Mos - Seb", "A MOS - SEV"),
        ("F Sébastopol -> Mer Noire", "F SEV - BLA"),
        ("F Sébastopol -> Roumanie", "F SEV - RUM"),
        ("F Ankara -> Mer Noire", "F ANK - BLA"),
        ("F Ankara -> Constantinople", "F ANK - CON"),
        ("A Smyrne -> Arménie", "A SMY - ARM"),
        ("A Smyrne -> Syrie", "A SMY - SYR"),
        ("A Constantinople -> Bulgarie", "A CON - BUL"),
        ("F Saint-Pétersbourg côte sud -> Golfe de Botnie", "F STP/SC - BOT"),
        ("F St-Pétersbourg (côte sud) -> Finlande", "F STP/SC - FIN"),
        ("F StP/cs - BOT", "F STP/SC - BOT"),
        ("F Stp (cs) - Bot", "F STP/SC - BOT"),
        ("Allemagne: A Mun - Ruhr", "A MUN - RUH"),
        ("Autriche: armée Vienne -> Tyrol", "A VIE - TYR"),
        ("Italie : F Nap - Ion", "F NAP - ION"),
        # holds
        ("A Par tient", "A PAR H"),
        ("Flotte Londres tient", "F LON H"),
        ("armée Paris reste", "A PAR H"),
        ("F Brest", "F BRE H"),
        # supports
        ("A Mar soutient A Par -> Bou", "A MAR S A PAR - BUR"),
        ("A Mar S A Par - Bourgogne", "A MAR S A PAR - BUR"),
        ("armée Marseille soutient armée Paris vers Bourgogne", "A MAR S A PAR - BUR"),
        ("A Mun soutient A Ber", "A MUN S A BER"),
        ("A Mun soutient l'armée Berlin", "A MUN S A BER"),
        ("F Kie soutient A Ber tient", "F KIE S A BER"),
        ("A Mun S A allemande Ber -> Kie", "A MUN S A BER - KIE"),
        ("F Lon soutient F Édimbourg -> Mer du Nord", "F LON S F EDI - NTH"),
    ],
)
def test_reads_french_movement_orders(text: str, canonical: str) -> None:
    assert str(read(text, standard_map().initial_state())) == canonical


def _convoy_board() -> GameState:
    return board(ENGLAND="A LON, F NTH, A YOR, F ENG, A WAL", FRANCE="A BRE")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("F Mer du Nord convoie A Londres -> Norvège", "F NTH C A LON - NWY"),
        ("F MDN C A Lon - Nor", "F NTH C A LON - NWY"),
        ("Flotte Manche convoie armée Pays de Galles vers Belgique", "F ENG C A WAL - BEL"),
        ("F Man transporte A Lon -> Bel", "F ENG C A LON - BEL"),
        ("F Manche convoie A française Bre -> Londres", "F ENG C A BRE - LON"),
        ("A Londres -> Norvège via convoi", "A LON - NWY VIA"),
        ("A Lon - Nwy par convoi", "A LON - NWY VIA"),
        ("A Lon - Bel par mer", "A LON - BEL VIA"),
        ("A Lon -> Mer du Nord -> Norvège", "A LON - NWY VIA"),
    ],
)
def test_reads_french_convoys(text: str, canonical: str) -> None:
    assert str(read(text, _convoy_board())) == canonical


@pytest.mark.parametrize(
    ("units", "text", "canonical"),
    [
        ("F MAO", "F Atlantique Moyen -> Espagne côte nord", "F MAO - SPA/NC"),
        ("F MAO", "F MAO - Esp (cn)", "F MAO - SPA/NC"),
        ("F MAO", "F MAO - spa/cn", "F MAO - SPA/NC"),
        ("F MAO", "F Mao - Espagne nord", "F MAO - SPA/NC"),
        ("F MAO", "F MAO - Espagne (côte sud)", "F MAO - SPA/SC"),
        ("F CON", "F Constantinople -> Bulgarie (côte est)", "F CON - BUL/EC"),
        ("F CON", "F Con - Bul/ce", "F CON - BUL/EC"),
        ("F CON", "F Con - Bul est", "F CON - BUL/EC"),
        ("F CON", "F Con - Bulgarie cote de l'est", "F CON - BUL/EC"),
        ("F LYO", "F Golfe du Lion -> Méditerranée occidentale", "F LYO - WES"),
        ("F LYO", "F Golfe du Lion -> Mer Tyrrhénienne", "F LYO - TYS"),
        ("F SPA/NC", "F Espagne côte nord tient", "F SPA/NC H"),
        ("F POR, F MAO", "F Portugal soutient F Atlantique Moyen -> Espagne (cn)",
         "F POR S F MAO - SPA/NC"),
    ],
)
def test_reads_french_coasts(units: str, text: str, canonical: str) -> None:
    assert str(read(text, board(FRANCE=units))) == canonical


def test_reads_the_eastern_seas_in_french() -> None:
    state = board(TURKEY="F EAS, F AEG")
    assert str(read("F Méditerranée orientale -> Mer Ionienne", state)) == "F EAS - ION"
    assert str(read("F Mer Égée -> Mer Ionienne", state)) == "F AEG - ION"
    assert str(read("F Egee - Grece", state)) == "F AEG - GRE"



@pytest.mark.parametrize(
    ("text", "canonical", "power"),
    [
        ("A Serbie retraite Albanie", "A SER R ALB", "AUSTRIA"),
        ("A Ser retraite en Grèce", "A SER R GRE", "AUSTRIA"),
        ("retraite A Serbie -> Albanie", "A SER R ALB", "AUSTRIA"),
        ("armée Serbie recule vers Albanie", "A SER R ALB", "AUSTRIA"),
        ("A Serbie -> Grèce", "A SER R GRE", "AUSTRIA"),
        ("A Ser dissoute", "A SER D", "AUSTRIA"),
        ("dissoudre A Serbie", "A SER D", "AUSTRIA"),
        ("Autriche: détruit A Ser", "A SER D", "AUSTRIA"),
        ("F Roumanie retraite Bulgarie", "F RUM R BUL/EC", "TURKEY"),
        ("F Roumanie -> Sébastopol", "F RUM R SEV", "TURKEY"),
        ("Turquie: F Rou R Seb", "F RUM R SEV", "TURKEY"),
    ],
)
def test_reads_french_retreats(text: str, canonical: str, power: str) -> None:
    order = read(text, retreat_board())
    assert (str(order), order.power) == (canonical, power)


def _winter_board() -> GameState:
    game_map = standard_map()
    owners = {p: " ".join(game_map.home_centers[p]) for p in game_map.home_centers}
    return board("W1901A", centers=owners, GERMANY="F KIE", FRANCE="A PAR")


@pytest.mark.parametrize(
    ("text", "canonical", "power"),
    [
        ("Construit A Berlin", "A BER B", "GERMANY"),
        ("construire armée Berlin", "A BER B", "GERMANY"),
        ("Construit une armée à Berlin", "A BER B", "GERMANY"),
        ("construction flotte Brest", "F BRE B", "FRANCE"),
        ("Construit une flotte à Saint-Pétersbourg côte nord", "F STP/NC B", "RUSSIA"),
        ("construit F Saint-Petersbourg (cs)", "F STP/SC B", "RUSSIA"),
        ("Russie: construit F Sébastopol", "F SEV B", "RUSSIA"),
        ("construit Varsovie", "A WAR B", "RUSSIA"),
        ("A Londres construit", "A LON B", "ENGLAND"),
        ("Retire F Kiel", "F KIE D", "GERMANY"),
        ("supprime la flotte de Kiel", "F KIE D", "GERMANY"),
        ("F Kie détruite", "F KIE D", "GERMANY"),
        ("dissout A Par", "A PAR D", "FRANCE"),
        ("France: renonce", "WAIVE", "FRANCE"),
        ("Italie: renonce à construire", "WAIVE", "ITALY"),
        ("Angleterre: construit renonce", "WAIVE", "ENGLAND"),
    ],
)
def test_reads_french_adjustments(text: str, canonical: str, power: str) -> None:
    order = read(text, _winter_board())
    assert (str(order), order.power) == (canonical, power)


def test_a_french_waive_takes_the_senders_power() -> None:
    assert read("renonce", _winter_board(), {"ITALY"}).power == "ITALY"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("A Paris -> Munich", "not adjacent"),
        ("F Brest -> Bourgogne", "a fleet cannot move to an inland province"),
        ("A Paris -> Manche", "an army cannot move to a sea"),
    ],
)
def test_illegal_french_orders_are_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(IllegalOrder) as error:
        read(text, standard_map().initial_state())
    assert error.value.reason == reason


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("A Paris -> Bourgognee", "Bourgognee"),
        ("A Paris -> Suisse", "Suisse"),
        ("Armée Vienne -> Bohêmeee", "Bohêmeee"),
    ],
)
def test_unreadable_french_orders_name_the_word_as_written(text: str, word: str) -> None:
    with pytest.raises(UnreadableOrder) as error:
        read(text, standard_map().initial_state())
    assert error.value.word == word
