"""The rule options a rulebook stands for (`rulebook = current | 1971`).

Each point where the DATC (3.1, Kruijswijk) says the 1971 rulebook reads
differently from its preference is one `RuleOptions` field, so that every point
can be tested on its own; a rulebook is only a preset of those fields. Where the
1971 text is silent or contradicts itself the DATC preference stays, so those
points have no field here (the full list, with reasons, is in `docs/datc.md`).

* 4.A.1 multi-route convoys: disrupted when *any* route is disrupted.
* 4.A.2 convoy paradoxes: the 1971 paradox rule, Szykman where it has no answer.
* 4.A.3 convoys to an adjacent province: only when the unit there moves the
  opposite way and the convoy is not disrupted; "via convoy", which the 1971
  rulebook does not know, is ignored (DATC 3.1, 6.H.11, 6.H.12).
* 4.D.8 civil disorder: the 1971 text, distance to the home centres, ties by the
  space's full English name (`civil_disorder = "1971"`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Literal, get_args

from judge.rules.results import (
    CivilDisorderRule,
    ConvoyAdjacent,
    MultiRouteConvoy,
    ParadoxRule,
    RuleOptions,
)

Rulebook = Literal["current", "1971"]
RULEBOOKS: tuple[Rulebook, ...] = get_args(Rulebook)

# The values each option may take, read from the types mypy checks `RuleOptions` by.
OPTION_VALUES: dict[str, tuple[str, ...]] = {
    "convoy_adjacent": get_args(ConvoyAdjacent),
    "civil_disorder": get_args(CivilDisorderRule),
    "multi_route_convoy": get_args(MultiRouteConvoy),
    "paradox_rule": get_args(ParadoxRule),
}


def rulebook_options(rulebook: str, base: RuleOptions | None = None) -> RuleOptions:
    """`base` (default: the DATC 3.1 preferences) with the rulebook's points applied.

    "current" changes nothing; "1971" replaces every point it reads differently.
    Raises ValueError for another rulebook.
    """
    start = base if base is not None else RuleOptions()
    if rulebook == "current":
        return start
    if rulebook == "1971":
        return replace(
            start,
            convoy_adjacent="1971",
            civil_disorder="1971",
            multi_route_convoy="any",
            paradox_rule="1971",
        )
    raise ValueError(f"rulebook must be {' or '.join(RULEBOOKS)}, not {rulebook!r}")


def options_from_settings(
    settings: Mapping[str, str], base: RuleOptions | None = None
) -> RuleOptions:
    """`base` with the options named in `settings` (stored or sent as text) applied,
    each checked against its type's values. Raises ValueError naming the first
    unknown option or value."""
    chosen: dict[str, Any] = {}
    for name, value in settings.items():
        allowed = OPTION_VALUES.get(name)
        if allowed is None:
            raise ValueError(f"unknown option {name!r}; known: {', '.join(OPTION_VALUES)}")
        if value not in allowed:
            raise ValueError(f"{name} must be {' or '.join(allowed)}, not {value!r}")
        chosen[name] = value
    return replace(base if base is not None else RuleOptions(), **chosen)


def check_options(options: RuleOptions) -> None:
    """Raise ValueError naming the first option with an unknown value (a caller that
    does not go through mypy can still build one from text)."""
    for name, allowed in OPTION_VALUES.items():
        value = getattr(options, name)
        if value not in allowed:
            raise ValueError(f"{name} must be {' or '.join(allowed)}, not {value!r}")
