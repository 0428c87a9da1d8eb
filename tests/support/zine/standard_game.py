"""What the zine tests know of the game they read: the standard game's phases as
`tests/zine/conftest.py` plays them, the press it adds, and how a page is asked for."""

from __future__ import annotations

from collections.abc import Callable

SCRIPT_PRESS = "<script>alert(1)</script>"
SECRET_PRESS = "Private: England, let us split Belgium. SECRET-7731"
STANDARD_PHASES = ("S1901M", "F1901M", "F1901R", "W1901A", "S1902M")

PageOf = Callable[[str], str]
