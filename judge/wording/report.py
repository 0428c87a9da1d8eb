"""The data of a results mail, computed from one processed phase.

Pure: it takes the map, the snapshots before and after and the order results,
and returns plain dicts for `templates/results.txt.j2`. The layout is njudge's:
order lines grouped by power, the dislodged units, the centre ownership after a
fall, and the next phase.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from judge.rules.map import GameMap
from judge.rules.orders import Disband, Hold, ordered_province
from judge.rules.results import OrderResult
from judge.rules.results import Outcome as Verdict
from judge.rules.state import GameState, Phase, PhaseType, Season
from judge.variants.common import adjustment_delta
from judge.wording.describe import describe_result, place, power_name, result_markers
from judge.wording.time_display import show_time
from judge.wording.vocabulary import ENGLISH, Wording


def phase_title(phase: Phase, wording: Wording = ENGLISH) -> str:
    """`Movement results for Spring of 1901.`"""
    return wording.patterns["title"].format(
        type=wording.phase_types_of[phase.type.value],
        season=wording.seasons_of[phase.season.value],
        year=phase.year,
    )


def phase_words(phase: Phase, wording: Wording = ENGLISH) -> str:
    """`Movement for Fall of 1901`."""
    return wording.patterns["phase"].format(
        type=wording.phase_types[phase.type.value],
        season=wording.seasons[phase.season.value],
        year=phase.year,
    )


def order_lines(
    game_map: GameMap, results: Iterable[OrderResult], wording: Wording = ENGLISH
) -> list[dict[str, Any]]:
    """Results grouped by power (alphabetical), each power's lines in adjudicator order."""
    by_power: dict[str, list[dict[str, str]]] = {}
    for result in results:
        by_power.setdefault(result.power, []).append(
            {
                "text": describe_result(game_map, result, wording),
                "markers": result_markers(result, wording),
            }
        )
    return [
        {"power": power_name(power, wording), "lines": lines}
        for power, lines in sorted(by_power.items())
    ]


def join_words(words: Sequence[str], or_word: str = "or") -> str:
    """`A`, `A or B`, `A, B or C`."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {or_word} {words[-1]}"


def dislodged_lines(
    game_map: GameMap,
    results: Iterable[OrderResult],
    after: GameState,
    disbanded: Mapping[str, str] | None = None,
    wording: Wording = ENGLISH,
) -> list[dict[str, Any]]:
    """Every unit dislodged this phase, with where it may retreat (empty: destroyed),
    or why it was disbanded when the variant says (`disbanded`: province -> reason,
    e.g. "anarchy": nobody could order its retreat)."""
    disbanded = disbanded or {}
    lines: list[dict[str, Any]] = []
    for result in results:
        if not result.dislodged or result.order is None:
            continue
        province = ordered_province(result.order)
        if province is None:
            continue
        entry = after.dislodged.get(province)
        retreats = [place(game_map, loc, wording) for loc in entry.retreats] if entry else []
        kind = getattr(result.order, "kind", None)
        lines.append(
            {
                "unit": kind.word if kind is not None else "unit",
                "kind": kind.value if kind is not None else None,
                "province": place(game_map, province, wording),
                "retreats": join_words(retreats, wording.or_word),
                "disbanded": disbanded.get(province),
                "power": power_name(result.order.power, wording),
            }
        )
    return lines


def ownership_updated(before: Phase, after: Phase) -> bool:
    """Centres change hands when a fall ends: after F..M with no retreats, or F..R."""
    return (
        before.season is Season.FALL
        and after.type is not PhaseType.RETREAT
        and (before.type in (PhaseType.MOVEMENT, PhaseType.RETREAT))
    )


def ownership(
    game_map: GameMap, state: GameState, wording: Wording = ENGLISH
) -> list[dict[str, Any]]:
    """`Austria: Budapest, Serbia, ...` per power, then the unowned centres."""
    rows = []
    for power in sorted(game_map.home_centers):
        shown = (place(game_map, c, wording) for c in state.centers_of(power))
        centers = sorted(shown, key=wording.collate)
        if centers:
            rows.append({"power": power_name(power, wording), "centers": ", ".join(centers)})
    unowned = sorted(
        (place(game_map, c, wording) for c in game_map.centers if c not in state.centers),
        key=wording.collate,
    )
    if unowned:
        rows.append({"power": wording.unowned, "centers": ", ".join(unowned)})
    return rows


def adjustments(
    game_map: GameMap, state: GameState, wording: Wording = ENGLISH
) -> list[dict[str, Any]]:
    """`France:  6 Supply centers,  5 Units:  Builds   1 unit.` per power still alive."""
    rows = []
    for power in sorted(game_map.home_centers):
        centers = len(state.centers_of(power))
        units = len(state.units_of(power))
        if not centers and not units:
            continue
        delta = adjustment_delta(game_map, state, power)
        rows.append(
            {
                "power": power_name(power, wording),
                "centers": centers,
                "units": units,
                "builds": max(delta, 0),
                "removes": max(-delta, 0),
            }
        )
    return rows


def with_unordered(
    before: GameState, results: Sequence[OrderResult], after: GameState
) -> list[OrderResult]:
    """The results plus a line for every unit that had no order, as njudge shows them:
    it held (movement), or it was disbanded (retreats)."""
    ordered = {ordered_province(r.order) for r in results if r.order is not None}
    extra: list[OrderResult] = []
    kind = before.phase.type
    if kind is PhaseType.MOVEMENT:
        for province, unit in sorted(before.units.items()):
            if province not in ordered:
                hold = Hold(unit.power, unit.kind, unit.location)
                gone = after.units.get(province) != unit
                extra.append(OrderResult(unit.power, str(hold), Verdict.SUCCEEDS, None, hold, gone))
    elif kind is PhaseType.RETREAT:
        for province, entry in sorted(before.dislodged.items()):
            if province not in ordered:
                unit = entry.unit
                disband = Disband(unit.power, unit.kind, unit.location)
                extra.append(
                    OrderResult(
                        unit.power, str(disband), Verdict.SUCCEEDS, "civil disorder", disband
                    )
                )
    return [*results, *extra]


def results_data(
    game_map: GameMap,
    before: GameState,
    results: Sequence[OrderResult],
    after: GameState,
    disbanded: Mapping[str, str] | None = None,
    wording: Wording = ENGLISH,
) -> dict[str, Any]:
    """Everything the results template shows about one phase (no header, no deadline).
    `disbanded`: the variant's `report["public"]["disbanded"]`."""
    results = with_unordered(before, results, after)
    fall_ended = ownership_updated(before.phase, after.phase)
    return {
        "title": phase_title(before.phase, wording),
        "orders": order_lines(game_map, results, wording),
        "dislodged": dislodged_lines(game_map, results, after, disbanded, wording),
        "ownership": ownership(game_map, after, wording) if fall_ended else [],
        "adjustments": adjustments(game_map, after, wording) if fall_ended else [],
    }


def format_time(moment: datetime | None) -> str | None:
    """`Tue Dec  1 2026 18:00 UTC`, the judges' ctime-like style; None stays None."""
    if moment is None:
        return None
    return show_time(moment)
