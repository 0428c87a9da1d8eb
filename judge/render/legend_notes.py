"""What the map's legend says beside a power's name: who orders it, where that is
public and differs from the power itself.

* Intimate: a mercenary is ordered by the home power that won it (`by France`),
  or nobody (`anarchy`); LIST says the same (`controlled by`, `anarchy`).
* Taskdip: one player holds several powers, which the start mail tells everyone;
  each power is shown with the others its player holds (`with Italy`).

Pure: the notes come from the variant's public summary, the same data LIST reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def legend_notes(summary: Mapping[str, Any]) -> dict[str, str]:
    """power (upper case) -> a short note; powers without one are left out."""
    notes: dict[str, str] = {}
    players: Mapping[str, list[str]] = summary.get("players", {})
    for powers in players.values():
        for power in powers:
            others = [p.title() for p in powers if p != power]
            if others:
                notes[power] = "with " + ", ".join(others)
    homes = set(summary.get("home_powers", {}).values())
    controllers: Mapping[str, str | None] = summary.get("controllers", {})
    if homes:  # Intimate: the mercenaries
        for power, controller in controllers.items():
            if power in homes:
                continue
            notes[power] = "anarchy" if controller is None else f"by {controller.title()}"
    return notes
