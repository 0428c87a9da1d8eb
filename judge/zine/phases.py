"""Phase names on the page.

The playing order of phase codes (`phase_key`) lives with the map colours that
need it, in `judge.render.neutrals`.
"""

from __future__ import annotations

from judge.rules.state import Phase


def heading(phase: Phase) -> str:
    """`Spring 1901: Movement`."""
    return f"{phase.season_name} {phase.year}: {phase.type_name}"
