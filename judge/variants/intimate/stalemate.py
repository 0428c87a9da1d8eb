"""When STALEMATE may be declared in the Intimate rulesets.

Only rx03 (`intimate`) has a stalemate rule, its rule 10: "once all neutral
countries have been eliminated", a stalemate ends the game and the player with
more centres wins. The flag `stalemate` reads it: `eliminated` (the default)
accepts STALEMATE once no mercenary owns a supply centre, `always` at any time,
`off` never. `intimate-2000` and `propaganda` have no such rule: STALEMATE is
refused there, and the reply names DRAW and CONCEDE, which those texts do have.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from judge.variants.base import Refused


def stalemate_refusal(
    *,
    variant: str,
    has_rule: bool,
    setting: str,
    centers: Mapping[str, str],
    mercenaries: Collection[str],
) -> Refused | None:
    """The refusal (a notes macro and its parameters), or None when accepted."""
    if not has_rule:
        return Refused("stalemate_not_in_ruleset", {"variant": variant})
    if setting == "off":
        return Refused("stalemate_off", {"variant": variant})
    if setting == "eliminated":
        alive = sorted({owner for owner in centers.values() if owner in mercenaries})
        if alive:
            names = ", ".join(power.title() for power in alive)
            return Refused("stalemate_mercenaries_remain", {"mercenaries": names})
    return None
