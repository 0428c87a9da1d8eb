"""Taskdip's Table 1 as data: 7 powers x 5 playing cards, each a checkable task.

A task is a conjunction of parts; a part is `AllOf(centres)` or
`AtLeast(n, centres)`. "Control" means that the task's own power owns the
centre (centre ownership as updated at the end of each fall). Every part is
monotone (owning more never hurts), which makes "does this task require a home
centre of power X?" a simple question: can it hold if X's home centres are the
only ones never owned? (`requires_any`).

`describe()` is the English of a task; `wording()` hands the same over as values
(what kind of part, which powers, how many, which centres) for the templates to
word in any language (`templates/_taskdip_sentences.txt.j2`, macro `task`).

Centre ids are the standard map's; `tests/variants/test_taskdip_tasks.py`
checks the home-centre lists below against the map.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

CARDS: tuple[str, ...] = ("Joker", "Ten", "Nine", "Eight", "Seven")

HOME_CENTRES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "AUSTRIA": ("BUD", "TRI", "VIE"),
        "ENGLAND": ("EDI", "LON", "LVP"),
        "FRANCE": ("BRE", "MAR", "PAR"),
        "GERMANY": ("BER", "KIE", "MUN"),
        "ITALY": ("NAP", "ROM", "VEN"),
        "RUSSIA": ("MOS", "SEV", "STP", "WAR"),
        "TURKEY": ("ANK", "CON", "SMY"),
    }
)
ALL_CENTRES: frozenset[str] = frozenset(
    {c for homes in HOME_CENTRES.values() for c in homes}
    | {"BEL", "BUL", "DEN", "GRE", "HOL", "NWY", "POR", "RUM", "SER", "SPA", "SWE", "TUN"}
)
BALKANS: tuple[str, ...] = ("BUL", "GRE", "RUM", "SER")

_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
_ADJECTIVES = {
    "AUSTRIA": "Austrian",
    "ENGLAND": "English",
    "FRANCE": "French",
    "GERMANY": "German",
    "ITALY": "Italian",
    "RUSSIA": "Russian",
    "TURKEY": "Turkish",
}


def _names(centres: Collection[str]) -> str:
    return ", ".join(c.title() for c in centres)


# How a part is worded (`wording()["kind"]`): "homes" (the home centres of one
# power), "some_homes" (some of the home centres of `powers`), "named" (a label of
# its own, like "the Balkans", given as `label`) or "centres" (the centres alone).
@dataclass(frozen=True)
class AllOf:
    """Every one of `centres`."""

    centres: tuple[str, ...]
    label: str = ""
    kind: str = "named"
    powers: tuple[str, ...] = ()

    def holds(self, owned: Collection[str]) -> bool:
        return all(c in owned for c in self.centres)

    def describe(self) -> str:
        names = _names(self.centres)
        return f"{self.label} ({names})" if self.label else names

    def wording(self) -> dict[str, Any]:
        kind = self.kind if self.label else "centres"
        return _wording(kind, len(self.centres), self.powers, self.label, self.centres)


@dataclass(frozen=True)
class AtLeast:
    """Any `count` of `centres`."""

    count: int
    centres: tuple[str, ...]
    label: str
    kind: str = "named"
    powers: tuple[str, ...] = ()

    def holds(self, owned: Collection[str]) -> bool:
        return sum(1 for c in self.centres if c in owned) >= self.count

    def describe(self) -> str:
        return f"{self.label} ({_names(self.centres)})"

    def wording(self) -> dict[str, Any]:
        return _wording(self.kind, self.count, self.powers, self.label, self.centres)


def _wording(
    kind: str, count: int, powers: tuple[str, ...], label: str, ids: tuple[str, ...]
) -> dict[str, Any]:
    return {"kind": kind, "count": count, "powers": list(powers), "label": label,
            "centres": [c.title() for c in ids]}  # fmt: skip


Part = AllOf | AtLeast


@dataclass(frozen=True)
class Task:
    """One cell of Table 1: `power` must control every part at the same time."""

    power: str
    card: str
    parts: tuple[Part, ...]
    text: str  # the cell as the rule text words it

    def holds(self, owned: Collection[str]) -> bool:
        """Is the task fulfilled when the task's power owns `owned`?"""
        return all(part.holds(owned) for part in self.parts)

    @property
    def centres(self) -> frozenset[str]:
        """Every centre the task names."""
        return frozenset(c for part in self.parts for c in part.centres)

    def describe(self) -> str:
        """Plain words for the player's mail."""
        return "Control " + " + ".join(part.describe() for part in self.parts) + "."

    def wording(self) -> list[dict[str, Any]]:
        """The parts as values, for the templates to word (`describe` in any language)."""
        return [part.wording() for part in self.parts]

    def requires_any(self, centres: Collection[str]) -> bool:
        """True if the task cannot be fulfilled without owning one of `centres`."""
        return not self.holds(ALL_CENTRES.difference(centres))

    def mentions_any(self, centres: Collection[str]) -> bool:
        """True if the task names one of `centres` (a stricter redraw reading)."""
        return not self.centres.isdisjoint(centres)


# --- building blocks, worded like the table ---------------------------------------------


def homes(power: str) -> AllOf:
    """The three (Russia: four) home centres of `power`."""
    count = len(HOME_CENTRES[power])
    label = f"the {_NUMBERS[count]} {_ADJECTIVES[power]} home centres"
    return AllOf(HOME_CENTRES[power], label, "homes", (power,))


def some_homes(count: int, *powers: str) -> AtLeast:
    """`count` of the home centres of `powers` together ("five of the French and German")."""
    centres = tuple(c for p in powers for c in HOME_CENTRES[p])
    adjectives = " and ".join(_ADJECTIVES[p] for p in powers)
    noun = "home centre" if count == 1 else "home centres"
    if count == 1 and len(powers) == 1:
        return AtLeast(1, centres, f"one {adjectives} {noun}", "some_homes", powers)
    label = f"{_NUMBERS[count]} of the {adjectives} {noun}"
    return AtLeast(count, centres, label, "some_homes", powers)


def centres(*ids: str, label: str = "") -> AllOf:
    return AllOf(tuple(ids), label)


BALKAN_PART = AllOf(BALKANS, "the Balkans")


def _task(power: str, card: str, text: str, *parts: Part) -> Task:
    return Task(power, card, tuple(parts), text)


def _austria() -> list[Task]:
    p = "AUSTRIA"
    return [
        _task(p, "Joker", "the three Italian HSCs + Balkans", homes("ITALY"), BALKAN_PART),
        _task(p, "Ten", "two German HSCs + Balkans", some_homes(2, "GERMANY"), BALKAN_PART),
        _task(p, "Nine", "three Russian HSCs + Balkans", some_homes(3, "RUSSIA"), BALKAN_PART),
        _task(
            p,
            "Eight",
            "one Russian HSC + one German HSC + one Italian HSC",
            some_homes(1, "RUSSIA"),
            some_homes(1, "GERMANY"),
            some_homes(1, "ITALY"),
        ),
        _task(p, "Seven", "four of the Italian and Turkish HSCs", some_homes(4, "ITALY", "TURKEY")),
    ]


def _england() -> list[Task]:
    p = "ENGLAND"
    return [
        _task(p, "Joker", "five of the French and German HSCs", some_homes(5, "FRANCE", "GERMANY")),
        _task(
            p,
            "Ten",
            "StP + Den + Swe + Nwy + Hol + Bel + Spa + Por + Tun",
            centres("STP", "DEN", "SWE", "NWY", "HOL", "BEL", "SPA", "POR", "TUN"),
        ),
        _task(
            p,
            "Nine",
            "the three German HSCs + Scandinavia (Den, Nwy, Swe) + Bel + Hol",
            homes("GERMANY"),
            centres("DEN", "NWY", "SWE", label="Scandinavia"),
            centres("BEL", "HOL"),
        ),
        _task(
            p,
            "Eight",
            "the three French HSCs + Bel + Hol + Por + Spa",
            homes("FRANCE"),
            centres("BEL", "HOL", "POR", "SPA"),
        ),
        _task(p, "Seven", "one Italian HSC", some_homes(1, "ITALY")),
    ]


def _france() -> list[Task]:
    p = "FRANCE"
    return [
        _task(
            p, "Joker", "five of the English and German HSCs", some_homes(5, "ENGLAND", "GERMANY")
        ),
        _task(
            p,
            "Ten",
            "the three English HSCs + Bel + Hol + Por + Spa + Tun",
            homes("ENGLAND"),
            centres("BEL", "HOL", "POR", "SPA", "TUN"),
        ),
        _task(p, "Nine", "five of the Italian and English HSCs", some_homes(5, "ITALY", "ENGLAND")),
        _task(p, "Eight", "five of the Italian and German HSCs", some_homes(5, "ITALY", "GERMANY")),
        _task(
            p,
            "Seven",
            "one SC from the Balkans (Bul or Gre or Rum or Ser)",
            AtLeast(1, BALKANS, "one centre of the Balkans"),
        ),
    ]


def _germany() -> list[Task]:
    p = "GERMANY"
    return [
        _task(
            p,
            "Joker",
            "the three French HSCs + Bel + Hol + Por + Spa",
            homes("FRANCE"),
            centres("BEL", "HOL", "POR", "SPA"),
        ),
        _task(
            p,
            "Ten",
            "the three English HSCs + Bel + Den + Hol + Nwy + Swe",
            homes("ENGLAND"),
            centres("BEL", "DEN", "HOL", "NWY", "SWE"),
        ),
        _task(
            p,
            "Nine",
            "three Russian HSCs + Bel + Den + Hol + Nwy + Swe",
            some_homes(3, "RUSSIA"),
            centres("BEL", "DEN", "HOL", "NWY", "SWE"),
        ),
        _task(p, "Eight", "Tun", centres("TUN")),
        _task(
            p,
            "Seven",
            "four of the following seven SCs/HSCs: Bud, Vie, Tri, Bul, Gre, Rum, Ser",
            AtLeast(4, ("BUD", "VIE", "TRI", *BALKANS), "four of these seven centres"),
        ),
    ]


def _italy() -> list[Task]:
    p = "ITALY"
    return [
        _task(p, "Joker", "the three Austrian HSCs + Balkans", homes("AUSTRIA"), BALKAN_PART),
        _task(
            p,
            "Ten",
            "two French HSCs + Por + Spa + Tun",
            some_homes(2, "FRANCE"),
            centres("POR", "SPA", "TUN"),
        ),
        _task(p, "Nine", "the three Turkish HSCs", homes("TURKEY")),
        _task(p, "Eight", "one English HSC", some_homes(1, "ENGLAND")),
        _task(p, "Seven", "one Russian HSC", some_homes(1, "RUSSIA")),
    ]


def _russia() -> list[Task]:
    p = "RUSSIA"
    return [
        _task(
            p,
            "Joker",
            "the three German HSCs + Den + Nwy + Swe",
            homes("GERMANY"),
            centres("DEN", "NWY", "SWE"),
        ),
        _task(
            p,
            "Ten",
            "two English HSCs + Den + Nwy + Swe",
            some_homes(2, "ENGLAND"),
            centres("DEN", "NWY", "SWE"),
        ),
        _task(
            p, "Nine", "five of the German and Austrian HSCs", some_homes(5, "GERMANY", "AUSTRIA")
        ),
        _task(p, "Eight", "the three Turkish HSCs + Balkans", homes("TURKEY"), BALKAN_PART),
        _task(p, "Seven", "the three Austrian HSCs + Balkans", homes("AUSTRIA"), BALKAN_PART),
    ]


def _turkey() -> list[Task]:
    p = "TURKEY"
    return [
        _task(p, "Joker", "three Russian HSCs + Balkans", some_homes(3, "RUSSIA"), BALKAN_PART),
        _task(
            p,
            "Ten",
            "the three Austrian HSCs + one Russian HSC + Balkans",
            homes("AUSTRIA"),
            some_homes(1, "RUSSIA"),
            BALKAN_PART,
        ),
        _task(
            p,
            "Nine",
            "the three Italian HSCs + Tun + Balkans",
            homes("ITALY"),
            centres("TUN"),
            BALKAN_PART,
        ),
        _task(
            p,
            "Eight",
            "two Russian HSCs + Tun + Balkans",
            some_homes(2, "RUSSIA"),
            centres("TUN"),
            BALKAN_PART,
        ),
        _task(
            p,
            "Seven",
            "one Iberian SC (Por or Spa)",
            AtLeast(1, ("POR", "SPA"), "one Iberian centre"),
        ),
    ]


def _table() -> Mapping[str, Mapping[str, Task]]:
    rows = (_austria, _england, _france, _germany, _italy, _russia, _turkey)
    table: dict[str, Mapping[str, Task]] = {}
    for row in rows:
        tasks = row()
        table[tasks[0].power] = MappingProxyType({t.card: t for t in tasks})
    return MappingProxyType(table)


TABLE: Mapping[str, Mapping[str, Task]] = _table()


def task_for(power: str, card: str) -> Task:
    """The task Table 1 gives `power` for `card` (KeyError for an unknown one)."""
    return TABLE[power][card]
