"""What each audience may read: public allotments and wins, private tasks, the reveal.

Tasks are secret until the game ends (the GM excepted). Everything built here
for `report["public"]`, `Start.public_notes` or `public_summary` carries no task
and no card; `private_tasks` is for one seat's own eyes (and the GM's);
`reveal_tasks` goes into the public report of the game's last phase.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.variants.taskdip.data import TaskCard, TaskdipData
from judge.variants.taskdip.neutrality import (
    FEWEST_CENTRES,
    LOT,
    ONLY_RESPECTER,
    SMALLEST_BIGGEST_POWER,
    Allotment,
    Violation,
)
from judge.variants.taskdip.tasks import task_for
from judge.variants.taskdip.victory import CENTRES, TASK, Win, owned_by


def _title(power: str) -> str:
    return power.title()


def _and(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def player_name(data: TaskdipData, seat: str) -> str:
    """ "the player of Austria and Italy" (every power the seat holds now)."""
    powers = data.players.get(seat, ())
    return "the player of " + (_and([_title(p) for p in powers]) or "no power")


# --- secret ------------------------------------------------------------------------------


def task_entry(power: str, drawn: TaskCard) -> dict[str, Any]:
    """One power's task for its player: card, plain words, and the cards redrawn."""
    task = task_for(power, drawn.card)
    return {
        "power": power,
        "card": drawn.card,
        "task": task.describe(),
        "task_parts": task.wording(),
        "redrawn": [_redrawn(power, card) for card in drawn.redrawn],
    }


def _redrawn(power: str, card: str) -> dict[str, Any]:
    task = task_for(power, card)
    return {"card": card, "task": task.describe(), "task_parts": task.wording()}


def private_tasks(data: TaskdipData, seat: str) -> list[dict[str, Any]]:
    """The tasks of the powers allotted to `seat` before Spring 1901."""
    return [task_entry(p, data.tasks[p]) for p in data.original.get(seat, ()) if p in data.tasks]


def reveal_tasks(data: TaskdipData, centers: Mapping[str, str]) -> list[dict[str, Any]]:
    """Every task, for the public report once the game is over."""
    rows = []
    for seat in data.seats:
        for entry in private_tasks(data, seat):
            power = entry["power"]
            held = task_for(power, entry["card"]).holds(owned_by(centers, power))
            rows.append({**entry, "seat": seat, "fulfilled": held})
    return rows


# --- public ------------------------------------------------------------------------------


def violation_entry(v: Violation) -> dict[str, str]:
    return {"neutral": v.neutral, "seat": v.seat, "power": v.power, "order": v.order}


def violation_text(v: Violation) -> str:
    return f"{_title(v.power)} ({v.order}) violates the neutrality of {_title(v.neutral)}."


def allotment_entry(a: Allotment, data: TaskdipData, phase: str) -> dict[str, Any]:
    """The public record of one allotment; `data` is the data before it."""
    return {
        "power": a.power,
        "seat": a.seat,
        "from_phase": phase,
        "violators": list(a.violators),
        "candidates": list(a.candidates),
        "decided_by": a.decided_by,
        "totals": dict(a.totals),
        "biggest": dict(a.biggest),
        # What the templates word the sentence from (`text` is the English one, kept
        # for the zine and for reports stored before): who each seat's player is,
        # and the moment the centres were counted (None: at the start).
        "players": {s: list(data.players.get(s, ())) for s in {a.seat, *a.totals, *a.biggest}},
        "counted_after": data.fall.phase,
        "everyone": not set(a.candidates) - set(a.violators),
        "text": allotment_text(a, data, phase),
    }


def allotment_text(a: Allotment, data: TaskdipData, phase: str) -> str:
    who = player_name(data, a.seat)
    head = f"From {phase} on, {_title(a.power)} is played by {who}"
    everyone = not set(a.candidates) - set(a.violators)
    lead = "Every player violated its neutrality, so all were candidates; " if everyone else ""
    return f"{head}. {lead}{_why(a, data)}"


def _why(a: Allotment, data: TaskdipData) -> str:
    def table(scores: Mapping[str, int]) -> str:
        return "; ".join(f"{player_name(data, s)}: {n}" for s, n in sorted(scores.items()))

    when = "at the start" if data.fall.phase is None else f"after {data.fall.phase}"
    if a.decided_by == ONLY_RESPECTER:
        return "That player is the only one who respected the neutrality."
    if a.decided_by == FEWEST_CENTRES:
        return f"That player had the fewest centres in total {when} ({table(a.totals)})."
    if a.decided_by == SMALLEST_BIGGEST_POWER:
        return (
            f"Equal totals {when} ({table(a.totals)}); that player's biggest power had the "
            f"fewest centres ({table(a.biggest)})."
        )
    if a.decided_by == LOT:
        return (
            f"Equal totals {when} ({table(a.totals)}) and equal biggest powers "
            f"({table(a.biggest)}): decided by lot."
        )
    return ""


def win_entry(w: Win, data: TaskdipData) -> dict[str, Any]:
    """The public record of one win: its `reason` and values for the templates,
    and `text`, the English sentence (for the zine and reports stored before)."""
    entry: dict[str, Any] = {
        "seat": w.seat,
        "power": w.power,
        "reason": w.reason,
        "player": winner_first(data.players.get(w.seat, ()), w.power),
        "text": win_text(w, data),
    }
    if w.reason == TASK:
        entry["card"] = str(w.detail["card"])
        entry["task"] = task_for(w.power, str(w.detail["card"])).describe()
        entry["task_parts"] = task_for(w.power, str(w.detail["card"])).wording()
    elif w.reason == CENTRES:
        entry["count"] = w.detail["count"]
    else:
        entry["of"] = list(w.detail["powers"])
    return entry


def winner_first(powers: Sequence[str], winning: str) -> list[str]:
    """A winner's powers as the winner line names them: the winning power first, the
    others alphabetically (`judge.wording.describe.winner_groups`)."""
    others = sorted((p for p in powers if p.upper() != winning.upper()), key=_title)
    return [p for p in powers if p.upper() == winning.upper()] + others


def win_text(w: Win, data: TaskdipData) -> str:
    powers = winner_first(data.players.get(w.seat, ()), w.power)
    who = "the player of " + (_and([_title(p) for p in powers]) or "no power")
    power = _title(w.power)
    if w.reason == TASK:
        task = task_for(w.power, str(w.detail["card"])).describe()
        return f"{who} fulfils {power}'s task: {task}"
    if w.reason == CENTRES:
        return f"{who} wins: {power} owns {w.detail['count']} supply centres."
    pair = _and([_title(p) for p in w.detail["powers"]])
    return f"{who} wins: {power} owns every home centre of {pair}."
