"""Variants by name. The registry builds each variant once, with its map."""

from __future__ import annotations

from collections.abc import Callable

from judge.rules.map import load_map
from judge.variants.base import Variant, VariantError


def _standard() -> Variant:
    from judge.variants.standard import StandardVariant

    return StandardVariant(load_map("standard"))


def _intimate(ruleset: str) -> Callable[[], Variant]:
    def build() -> Variant:
        from judge.variants.intimate import IntimateVariant
        from judge.variants.intimate_rulesets import RULESETS

        return IntimateVariant(load_map("standard"), RULESETS[ruleset])

    return build


def _taskdip() -> Variant:
    from judge.variants.taskdip import TaskdipVariant

    return TaskdipVariant(load_map("standard"))


class VariantRegistry:
    """Maps a variant name to a factory; instances are built on first use."""

    def __init__(self) -> None:
        self._factories: dict[str, Callable[[], Variant]] = {}
        self._built: dict[str, Variant] = {}

    def register(self, name: str, factory: Callable[[], Variant]) -> None:
        self._factories[name.lower()] = factory

    def names(self) -> list[str]:
        return sorted(self._factories)

    def get(self, name: str) -> Variant:
        key = name.lower()
        if key not in self._factories:
            raise VariantError(
                f"unknown variant {name!r}; choose one of {', '.join(self.names())}"
            )
        if key not in self._built:
            self._built[key] = self._factories[key]()
        return self._built[key]


def default_registry() -> VariantRegistry:
    registry = VariantRegistry()
    registry.register("standard", _standard)
    for ruleset in ("intimate", "intimate-2000", "propaganda"):
        registry.register(ruleset, _intimate(ruleset))
    registry.register("taskdip", _taskdip)
    return registry
