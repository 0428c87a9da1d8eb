"""The page's body: one section per phase, grouped by year, in playing order.

A processed phase's section holds the public press sent during it, its results,
its report and its map. The phase now being played (or the final board of a
finished game) gets a section only when press was sent during it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from judge.render.neutrals import board_colours
from judge.rules.state import Phase
from judge.variants.zine_blocks import ZineBlock
from judge.zine.maps import phase_map
from judge.zine.phases import heading
from judge.zine.record import GameRecord, PlayedPhase, Press
from judge.zine.results import ResultsPart, results_parts


@dataclass(frozen=True)
class Section:
    anchor: str  # the phase code, also the element id
    heading: str
    press: list[Press]
    results: list[ResultsPart]
    report: list[ZineBlock]
    map_uri: str | None
    note: str | None = None  # for the phase still being played


@dataclass(frozen=True)
class Year:
    year: int
    sections: list[Section]


def years(record: GameRecord) -> list[Year]:
    """Every section, grouped by the year of its phase."""
    summary = record.summary()
    sections = [played_section(record, p, summary) for p in record.played]
    current = current_section(record)
    if current is not None:
        sections.append(current)
    by_year = groupby(sections, key=lambda s: Phase.parse(s.anchor).year)
    return [Year(year, list(group)) for year, group in by_year]


def played_section(
    record: GameRecord, played: PlayedPhase, summary: Mapping[str, Any]
) -> Section:
    phase = played.before.phase
    colours = board_colours(summary, played.after.phase)
    return Section(
        anchor=phase.code,
        heading=heading(phase),
        press=press_of(record.press, phase.code),
        results=results_parts(record.variant.map, played),
        report=record.variant.zine_report_blocks(played.report),
        map_uri=phase_map(phase, played.after, played.results, colours),
    )


def current_section(record: GameRecord) -> Section | None:
    """The phase being played (or the final board), when press was sent during it."""
    if record.phase is None:
        return None
    press = press_of(record.press, record.phase)
    if not press:
        return None
    note = "Sent after the last results." if record.finished else "This phase is being played."
    return Section(record.phase, heading(Phase.parse(record.phase)), press, [], [], None, note)


def press_of(press: Iterable[Press], phase: str | None) -> list[Press]:
    return [p for p in press if p.phase == phase]
