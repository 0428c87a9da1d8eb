"""Work out the board a case expects from the outcome of its orders.

The DATC states outcomes; the board follows from them mechanically: a unit
whose move succeeds stands on its destination, a unit that stays where a move
succeeded is dislodged, a retreat that succeeds moves the unit and every other
dislodged unit is disbanded, builds and removals add and take away units.
"""

from __future__ import annotations

from dataclasses import dataclass

from order_text import DatcOrder

Units = dict[str, tuple[str, str]]  # province -> (power, "A PAR")


@dataclass(frozen=True)
class Placed:
    power: str
    order: DatcOrder
    code: str  # S F I X - s f (lower case: effect on the board only)

    @property
    def succeeds(self) -> bool:
        return self.code in ("S", "s")


def _destination(order: DatcOrder, arrive: dict[str, str]) -> str:
    target: str = str(order.target)
    if order.kind == "A":
        return target.split("/")[0]
    return arrive.get(str(order.unit), target)


def after_movement(
    start: Units, placed: list[Placed], arrive: dict[str, str]
) -> tuple[Units, Units]:
    """(units after, dislodged units) for a movement step."""
    moved: Units = {}
    stayers = dict(start)
    for item in placed:
        order = item.order
        if order.verb == "move" and item.succeeds:
            unit = stayers.pop(order.province)
            destination = _destination(order, arrive)
            moved[destination.split("/")[0]] = (unit[0], f"{order.kind} {destination}")
    dislodged = {p: u for p, u in stayers.items() if p in moved}
    remaining = {p: u for p, u in stayers.items() if p not in moved}
    if set(remaining) & set(moved):
        raise ValueError("two units in one province")
    return {**remaining, **moved}, dislodged


def after_retreat(units: Units, dislodged: Units, placed: list[Placed]) -> Units:
    """Units after a retreat step: successful retreats join, the rest disband."""
    result = dict(units)
    for item in placed:
        order = item.order
        if order.verb == "move" and item.succeeds and order.province in dislodged:
            assert order.target is not None
            power = dislodged[order.province][0]
            target = order.target if order.kind == "F" else order.target.split("/")[0]
            result[target.split("/")[0]] = (power, f"{order.kind} {target}")
    return result


def after_adjustment(units: Units, placed: list[Placed], civil_disorder: list[str]) -> Units:
    """Units after an adjustment step."""
    result = dict(units)
    for item in placed:
        order = item.order
        if not item.succeeds:
            continue
        if order.verb == "build":
            result[order.province] = (item.power, f"{order.kind} {order.location}")
        elif order.verb == "remove":
            del result[order.province]
    for unit in civil_disorder:
        province = unit.split()[1].split("/")[0]
        if result.get(province, ("", ""))[1] != unit:
            raise ValueError(f"civil-disorder unit {unit} is not on the board")
        del result[province]
    return result


def by_power(units: Units) -> dict[str, list[str]]:
    """{"ENGLAND": ["A LON", "F NTH"]}, powers and units sorted."""
    result: dict[str, list[str]] = {}
    for power, unit in sorted(units.values()):
        result.setdefault(power, []).append(unit)
    return {p: sorted(us, key=lambda u: u.split()[1]) for p, us in sorted(result.items())}
