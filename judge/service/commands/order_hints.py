"""What to tell a player whose order line the judge could not take, beyond "no".

The rules parser says what went wrong; this module says what was probably meant:

* a line that is no order at all (`Thanks!`, `HLEP`) is "not a command", with the
  keyword it looks like, instead of a parser complaint or a refusal about the game;
* a misspelt province (`MOSC`) gets the nearest name on the map (`MOS`);
* an order for another power's unit (`A PAR - PIC` from Germany) says whose unit
  it is, instead of "no such unit";
* `WAIVE France`, and a bare `WAIVE` from a player with builds due for one power
  only, are read as that power's waive; a bare `WAIVE` with builds due for several
  powers is refused naming them;
* adjustment orders beyond the builds or removals due are flagged when sent, not
  first seen as `(*void*)` in the results.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from judge.language.arguments import CommandError, power
from judge.language.spelling import MAX_HINTED, closest
from judge.rules.folding import fold_accents
from judge.rules.legality import NO_SUCH_UNIT
from judge.rules.map import GameMap
from judge.rules.orders import Build, IllegalOrder, Order, OrderError, Remove, Waive
from judge.rules.parse import parse_order
from judge.rules.state import GameState, UnitType
from judge.variants.common import adjustment_delta
from judge.wording.describe import place, power_title

_WAIVE = re.compile(r"\s*waive[.!]?(?:\s+(?P<power>\S+?))?[.!]?\s*", re.IGNORECASE)


def is_no_order(text: str, game_map: GameMap, state: GameState) -> bool:
    """True when the line's first word is no part of any order: not a unit, a
    power, an order word, nor a province or a near misspelling of one."""
    try:
        parse_order(text, game_map, state, None)
    except IllegalOrder:
        return False
    except OrderError as error:
        word = getattr(error, "word", "")
        first = text.strip().split()[0] if text.strip() else ""
        if not word or not first.upper().startswith(word.upper()):
            return False
        return nearest_province(word, game_map) is None
    return False


def nearest_province(word: str, game_map: GameMap, order: str = "") -> str | None:
    """The province id whose id, name or alias is nearest to a misspelt `word`.

    With the `order` it was read in, the provinces next to the order's first
    province are tried first: `A VIE-TYL` is one letter from both TYR and TYS, but
    only Tyrolia borders Vienna."""
    if len(word) > MAX_HINTED or game_map.lookup(word) is not None:
        return None  # too long to be a misspelt name (`closest` says so too), or not misspelt
    spellings = game_map.plain_spellings
    around = _around(order, game_map)
    if around:
        near = closest(_letters(word), [s for s in spellings if s[1] in around])
        if near is not None:
            return near
    return closest(_letters(word), spellings)


def _around(order: str, game_map: GameMap) -> frozenset[str]:
    """The provinces bordering the first province named in `order` (none found: empty)."""
    for word in re.split(r"[\s\-]+", order):
        found = game_map.lookup(word) if word else None
        if found is not None:
            home = game_map.province(found).id
            return frozenset(
                p.id for p in game_map.provinces.values()
                if p.id != home and game_map.provinces_adjacent(home, p.id)
            )  # fmt: skip
    return frozenset()


def _letters(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", fold_accents(text).lower())


@dataclass(frozen=True)
class ForeignUnit:
    """A unit on the board that the sender may not order, and whose it is."""

    kind: str  # Army, Fleet
    where: str  # the full province name
    nationality: str  # French
    owner: str = ""  # France: the power, for a language that says "à la France"


def foreign_unit(
    game_map: GameMap, state: GameState, text: str, error: IllegalOrder, powers: Collection[str]
) -> ForeignUnit | None:
    """For a "no such unit" refusal: the other power's unit the order meant, if any."""
    if error.reason != NO_SUCH_UNIT:
        return None
    try:
        order: Order = parse_order(text, game_map, state, None)
        owner, location = order.power, getattr(order, "location", None)
    except IllegalOrder as other:
        if other.reason == NO_SUCH_UNIT or other.power is None:
            return None
        owner, location = other.power, None
    except OrderError:
        return None
    if owner in powers:
        return None
    unit = _unit_of(state, owner, location, text, game_map)
    if unit is None:
        return None
    kind, province = unit
    return ForeignUnit(
        kind="Army" if kind is UnitType.ARMY else "Fleet",
        where=place(game_map, province),
        nationality=game_map.adjectives.get(owner, power_title(owner)),
        owner=power_title(owner),
    )


def _unit_of(
    state: GameState, owner: str, location: str | None, text: str, game_map: GameMap
) -> tuple[UnitType, str] | None:
    units = [*state.units.values(), *(d.unit for d in state.dislodged.values())]
    if location is not None:
        for unit in units:
            if unit.location == location and unit.power == owner:
                return unit.kind, unit.location
    for word in re.findall(r"[A-Za-z.]+", text):
        province = game_map.lookup(word)
        for unit in units:
            if province is not None and unit.province == province and unit.power == owner:
                return unit.kind, unit.location
    return None


class WaiveError(ValueError):
    """A WAIVE the judge cannot give to one power; the message names the choices."""


def waive_text(
    text: str, game_map: GameMap, state: GameState, powers: Collection[str]
) -> str | None:
    """`WAIVE France` or a bare `WAIVE` as the parser reads it (`FRANCE WAIVE`), or
    None when the line is no waive of these forms. Raises `WaiveError` for a bare
    WAIVE with builds due for several of the player's powers."""
    found = _WAIVE.fullmatch(text)
    if found is None:
        return None
    if found.group("power"):
        try:
            return f"{power(found.group('power'))} WAIVE"
        except CommandError:
            return None  # let the parser say what it cannot read
    due = [p for p in sorted(powers) if adjustment_delta(game_map, state, p) > 0]
    if len(due) > 1:
        names = " and ".join(power_title(p) for p in due)
        raise WaiveError(names)
    return f"{due[0]} WAIVE" if due else None


@dataclass(frozen=True)
class Excess:
    """More adjustment orders for a power than it has builds or removals due."""

    power: str
    due: int
    sent: int
    kind: str  # "build" or "removal"


def excess_adjustments(
    game_map: GameMap, state: GameState, power_: str, orders: Sequence[Order]
) -> Excess | None:
    """Whether `orders` (a power's adjustment orders) ask for more than is due.

    Builds and waives count against the builds due, removals against the removals
    due; the adjudicator voids the ones over the count."""
    delta = adjustment_delta(game_map, state, power_)
    if delta >= 0:
        sent = sum(1 for order in orders if isinstance(order, (Build, Waive)))
        kind = "build"
    else:
        sent = sum(1 for order in orders if isinstance(order, Remove))
        kind = "removal"
    due = abs(delta)
    if sent <= due:
        return None
    return Excess(power_, due, sent, kind)
