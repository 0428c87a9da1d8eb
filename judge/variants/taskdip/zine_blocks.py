"""What a Taskdip game adds to its zine: violations, allotments, wins, and the tasks.

Tasks are secret until the game is over. A phase's report shows no task, even
the final one that reveals them; the tasks are shown once, with the final
standings, from the variant's `end_report` however the game ended (a win, a draw,
a concession).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.variants.zine_blocks import ZineBlock, zine_blocks


def taskdip_zine_blocks(public: Mapping[str, Any]) -> list[ZineBlock]:
    return zine_blocks(
        ("Neutrality violated", _texts(public.get("violations"))),
        ("Neutral powers allotted", _texts(public.get("allotments"))),
        ("Victory", _texts(public.get("victory"))),
    )


def taskdip_final_blocks(end_report: Mapping[str, Any]) -> list[ZineBlock]:
    return zine_blocks(("The tasks", _tasks(end_report.get("tasks"))))


def _texts(entries: Any) -> list[str]:
    """Each entry's sentence, starting with a capital (`the player of ...` opens some)."""
    texts = [str(entry["text"]) for entry in entries or [] if "text" in entry]
    return [text[:1].upper() + text[1:] for text in texts]


def _tasks(entries: Any) -> list[str]:
    lines = []
    for entry in entries or []:
        done = "fulfilled" if entry.get("fulfilled") else "not fulfilled"
        lines.append(f"{entry['power'].title()} ({entry['card']}): {entry['task']} ({done})")
    return lines
