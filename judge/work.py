"""Count the work that reading a mail costs, in steps, so that tests can prove it linear.

Timing a test proves nothing on a loaded machine, and counting function calls misses
the work done inside one call (a regular expression or `str.find` scanning to the end
of a long text, again and again, is one call each time). So each stage that reads a
mail's text charges here what it examines: characters scanned, lines looked at, cells
of an edit distance. The tests (`tests/hostile/test_body_cost.py`) read a mail at n
and at 4n and compare the charges; `bench/hostile.py` prints them beside the CPU time.

The count is one process-wide number: cheap (one addition per stage, not per
character), and exact for one mail read at a time, as the tests and the inbox
processor's thread do.

It sits at the top of the package because the command language charges it too (the
edit distance of "did you mean" hints), and the language is below the mail.
"""

from __future__ import annotations

_count = [0]


def charge(steps: int) -> None:
    """Count `steps` units of work (characters examined, cells computed)."""
    _count[0] += steps


def counted() -> int:
    """The work counted since the process started (compare two readings)."""
    return _count[0]
