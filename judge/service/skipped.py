"""The results mail's line for the phases skipped because no power could act in them.

`Variant.advance` processes such phases at once and names them in
`report["public"]["skipped"]`; this renders the sentence every variant's results
share (the variant's own report template need not know about it).
"""

from __future__ import annotations

from judge.mail.templates import render
from judge.rules.state import Phase
from judge.service.report import phase_words
from judge.variants.base import Outcome


def skipped_phases(outcome: Outcome) -> list[str]:
    """The codes of the phases skipped after the processed one, in order."""
    public = outcome.report.get("public", {}) if outcome.report else {}
    return [str(code) for code in public.get("skipped", ())]


def skipped_text(outcome: Outcome) -> str:
    """`\\nNo power could do anything in Adjustment for Winter of 1901 (W1901A): ...`"""
    codes = skipped_phases(outcome)
    if not codes:
        return ""
    phases = [{"code": code, "words": phase_words(Phase.parse(code))} for code in codes]
    return "\n" + render("_skipped_phases.txt.j2", phases=phases)
