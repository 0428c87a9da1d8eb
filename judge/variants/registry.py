"""Variants by name: the one list of the variants this judge runs.

The registry lists the variants this judge runs. Each variant declares what names
it: the aliases a player may write in CREATE and its help topics (on its class, or
its Intimate ruleset); the registry gathers them, adds the power letters of SIGNON
and the general help topics around the variants' own, and answers the mail commands
and the help. Each variant is built once, with its map, on first use.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from judge.rules.map import load_map
from judge.rules.reasons import Reason
from judge.rules.state import POWERS
from judge.variants.base import Variant, VariantError
from judge.variants.intimate.rulesets import RULESETS, Ruleset
from judge.variants.intimate.variant import IntimateVariant
from judge.variants.standard import StandardVariant
from judge.variants.taskdip.variant import TaskdipVariant

# The help topics that belong to no variant: first and last in the HELP index.
LEADING_TOPICS = ("game", "orders")
TRAILING_TOPICS = ("press", "settings", "gm", "commands")


def _standard() -> Variant:
    return StandardVariant(load_map("standard"))


def _intimate(ruleset: Ruleset) -> Callable[[], Variant]:
    def build() -> Variant:
        return IntimateVariant(load_map("standard"), ruleset)

    return build


def _taskdip() -> Variant:
    return TaskdipVariant(load_map("standard"))


class VariantRegistry:
    """Maps a variant name (or an alias) to a factory; instances are built on first use."""

    def __init__(self) -> None:
        self._factories: dict[str, Callable[[], Variant]] = {}
        self._aliases: dict[str, str] = {}
        self._topics: list[str] = []
        self._variant_topics: dict[str, tuple[str, ...]] = {}
        self._built: dict[str, Variant] = {}

    def register(
        self,
        name: str,
        factory: Callable[[], Variant],
        aliases: Sequence[str] = (),
        help_topics: Sequence[str] = (),
    ) -> None:
        """Add a variant; `help_topics` are the `HELP` topics that explain it."""
        self._factories[name.lower()] = factory
        self._aliases.update({alias.lower(): name.lower() for alias in aliases})
        self._topics += [t for t in help_topics if t not in self._topics]
        self._variant_topics[name.lower()] = tuple(help_topics)

    def names(self) -> list[str]:
        return sorted(self._factories)

    def listed_names(self) -> list[str]:
        """The names in the order they were registered (the order CREATE's usage shows)."""
        return list(self._factories)

    def resolve(self, word: str) -> str | None:
        """The variant's name for a name or an alias (any case); None if unknown."""
        key = word.lower()
        key = self._aliases.get(key, key)
        return key if key in self._factories else None

    def help_topics(self) -> tuple[str, ...]:
        """Every `HELP` topic: the general ones, with the variants' own in between."""
        return (*LEADING_TOPICS, *self._topics, *TRAILING_TOPICS)

    def topic_of(self, word: str) -> str | None:
        """The `HELP` topic that explains the variant named `word` (a name or an
        alias): its own page, the last of its topics. None for any other word."""
        name = self.resolve(word)
        topics = self._variant_topics.get(name or "", ())
        return topics[-1] if topics else None

    def power_letters(self) -> str:
        """The initials SIGNON takes for a power (every variant plays the standard powers)."""
        return "".join(power[0] for power in POWERS)

    def get(self, name: str) -> Variant:
        key = name.lower()
        if key not in self._factories:
            raise VariantError(
                Reason("unknown_variant_name", name=repr(name), variants=", ".join(self.names()))
            )
        if key not in self._built:
            self._built[key] = self._factories[key]()
        return self._built[key]


def default_registry() -> VariantRegistry:
    """Every variant this judge runs, with the aliases and help topics each declares."""
    registry = VariantRegistry()
    registry.register("standard", _standard, StandardVariant.aliases, StandardVariant.help_topics)
    for ruleset in RULESETS.values():
        registry.register(
            ruleset.name, _intimate(ruleset), ruleset.aliases, IntimateVariant.help_topics
        )
    registry.register("taskdip", _taskdip, TaskdipVariant.aliases, TaskdipVariant.help_topics)
    return registry
