"""Skipping the phases in which no power can do anything, for every variant.

Real judges do not open a phase nobody can act in: a winter whose only
adjustment is a build that cannot be made (the power owns no free home centre)
goes straight to the spring. `Variant.advance` calls `process_skipping`, so the
rule holds in every variant without each one remembering it: after the phase
the players ordered, every following phase for which `Variant.nothing_to_do` is
true is processed at once with no orders (units hold, retreats disband,
removals follow civil disorder), and the outcomes are folded into one.

The folded report keeps the variant's own keys (lists are extended, other values
replaced by the later phase's, the private part is the last phase's) and adds
`public["skipped"]` (the phase codes) and `public["results_by_phase"]` (how many
results each phase gave, so the zine can split the stored results).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol

from judge.variants.values import Outcome, Snapshot, Submission


class PhaseProcessor(Protocol):
    """What skipping asks of a variant (`judge.variants.base.Variant`, which calls it)."""

    def process(
        self, snapshot: Snapshot, submissions: Mapping[str, Submission], rng: random.Random
    ) -> Outcome: ...

    def nothing_to_do(self, snapshot: Snapshot) -> bool: ...


MAX_SKIPPED = 8  # a safety net: a year has at most two retreat phases and a winter


def process_skipping(
    variant: PhaseProcessor,
    snapshot: Snapshot,
    submissions: Mapping[str, Submission],
    rng: random.Random,
) -> Outcome:
    """`variant.process`, then every following phase nobody can act in."""
    outcome = variant.process(snapshot, submissions, rng)
    skipped: list[str] = []
    counts = _counts(snapshot, outcome)
    while (
        not outcome.finished
        and len(skipped) < MAX_SKIPPED
        and variant.nothing_to_do(outcome.snapshot)
    ):
        current = outcome.snapshot
        following = variant.process(current, {}, rng)
        skipped.append(str(current.phase))
        counts.extend(_counts(current, following))
        outcome = _fold(outcome, following, skipped, counts)
    return outcome


def _counts(snapshot: Snapshot, outcome: Outcome) -> list[dict[str, Any]]:
    """`snapshot`'s phase part of `results_by_phase` (the variant's own, if it chained)."""
    public = outcome.report.get("public", {}) if outcome.report else {}
    existing = public.get("results_by_phase")
    if existing:
        return [dict(row) for row in existing]
    return [{"phase": str(snapshot.phase), "results": len(outcome.results)}]


def _fold(
    first: Outcome, later: Outcome, skipped: list[str], counts: list[dict[str, Any]]
) -> Outcome:
    public: dict[str, Any] = dict(first.report.get("public", {})) if first.report else {}
    later_public = later.report.get("public", {}) if later.report else {}
    for key, value in later_public.items():
        if key == "results_by_phase":
            continue
        if isinstance(value, list) and isinstance(public.get(key), list):
            public[key] = [*public[key], *value]
        else:
            public[key] = value
    public["skipped"] = list(skipped)
    public["results_by_phase"] = [dict(row) for row in counts]
    private = (later.report or {}).get("private", (first.report or {}).get("private", {}))
    return Outcome(
        results=(*first.results, *later.results),
        snapshot=later.snapshot,
        report={"public": public, "private": private},
        winner=later.winner,
        finished=later.finished,
    )
