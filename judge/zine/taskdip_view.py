"""Taskdip in a zine: neutrality violations and allotments, wins, and (at the end) tasks.

Tasks are secret until the game is over. A phase's report shows no task, even
the final one that reveals them; the tasks are shown once, with the final
standings, from the variant's `end_report` however the game ended (a win, a draw,
a concession). Powers nobody plays are drawn in the neutral colour, as they
stood on the board shown (`judge.render.neutrals`, shared with the mailed maps).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.render.neutrals import board_colours
from judge.render.palette import ColourOf
from judge.rules.state import Phase
from judge.variants.base import Snapshot, Variant
from judge.zine.views import ReportBlock, VariantView, blocks


class TaskdipView(VariantView):
    def report_blocks(self, public: Mapping[str, Any]) -> list[ReportBlock]:
        return blocks(
            ("Neutrality violated", _texts(public.get("violations"))),
            ("Neutral powers allotted", _texts(public.get("allotments"))),
            ("Victory", _texts(public.get("victory"))),
        )

    def final_blocks(self, variant: Variant, latest: Snapshot) -> list[ReportBlock]:
        return blocks(("The tasks", _tasks(variant.end_report(latest).get("tasks"))))

    def colour_of(self, summary: Mapping[str, Any], board: Phase) -> ColourOf | None:
        return board_colours(summary, board)


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

