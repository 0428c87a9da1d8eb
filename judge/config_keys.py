"""How a config key is declared: once, on its dataclass field, with everything about it.

A key of `judge.toml` used to be written three times (the field, its range in a table,
its line in the example file), and a key added in one place and not the others went
unchecked or undocumented. Now a section's field says it all: its name and type (the
field's), its default, its help for operators, and its bounds (a `Range`, a set of
allowed values, a format check), through `setting(...)`:

    port: int = setting(2525, "port to listen on", bound=Range(0, 65535))

`judge.config_ranges` checks a loaded config against these declarations and
`judge.config_example` writes the example file from them. A section is declared on the
`Config` field that holds it with `section(...)`, with its own optional help. This
module knows no key of the judge: it is the vocabulary, and the walk over a config
class that finds every declared key (refusing a field that is not declared).
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import Field, dataclass, field, fields
from datetime import timedelta
from typing import Any, TypeVar

KIB, MIB = 1024, 1024 * 1024
HOUR, DAY = 3600, 86400

T = TypeVar("T")
_KEY = "judge.config_key"
_SECTION = "judge.config_section"
_DURATION = re.compile(r"(\d+(?:\.\d+)?)\s*([smhd])")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


@dataclass(frozen=True)
class Range:
    """The sane range of a number (both ends allowed), and the unit it is said in."""

    low: float
    high: float
    unit: str = ""

    def __str__(self) -> str:
        unit = f" {self.unit}" if self.unit else ""
        return f"{number_text(self.low)} to {number_text(self.high)}{unit}"


@dataclass(frozen=True)
class KeySpec:
    """What a key's field declares besides its name, type and default.

    `help`: what the key does, for the operator (the example file's comment).
    `bound`: the sane range of a number, or of a duration's seconds.
    `choices`: the only values a text may take.
    `duration`: the text is a duration ("30m", "5d"), `bound` in seconds.
    `in_headers`: the text is written into the headers of the judge's mail.
    `check`: a format rule of its own: the complaint about a value, or None if it is fine.
    `example`: a sample shown commented out in the example file instead of the default
    (a key that is absent by default, or one whose default the file should not suggest).
    """

    help: str
    bound: Range | None = None
    choices: tuple[str, ...] = ()
    duration: bool = False
    in_headers: bool = False
    check: Callable[[Any], str | None] | None = None
    example: Any = None


@dataclass(frozen=True)
class SectionSpec:
    """A `[section]` of the file: the help said beside its header (may be empty)."""

    help: str = ""


def setting(
    default: T,
    help: str,
    *,
    bound: Range | None = None,
    choices: tuple[str, ...] = (),
    duration: bool = False,
    in_headers: bool = False,
    check: Callable[[Any], str | None] | None = None,
    example: Any = None,
) -> T:
    """The field of a config key: its default, with the rest of its declaration."""
    spec = KeySpec(help, bound, choices, duration, in_headers, check, example)
    declared: T = field(default=default, metadata={_KEY: spec})
    return declared


def section(cls: Callable[[], T], help: str = "") -> T:
    """The `Config` field holding the section `cls`, built with its defaults."""
    declared: T = field(default_factory=cls, metadata={_SECTION: SectionSpec(help)})
    return declared


@dataclass(frozen=True)
class DeclaredKey:
    """One key of the file as its field declares it."""

    section: str
    name: str
    annotation: Any
    default: Any
    spec: KeySpec

    @property
    def where(self) -> str:
        """The key as messages and the example file name it: `[smtp] port`."""
        return f"[{self.section}] {self.name}"

    @property
    def numeric(self) -> bool:
        """An int or a float (or one of those `| None`): it must have a bound."""
        return optional_inner(self.annotation) in (int, float)

    def measure(self, value: Any) -> float:
        """The number `bound` applies to: a duration's seconds, else the value itself;
        ValueError for a duration that cannot be read."""
        return parse_duration(value).total_seconds() if self.spec.duration else float(value)


@dataclass(frozen=True)
class DeclaredSection:
    """One `[section]` of the file: its name, its dataclass, its help and its keys."""

    name: str
    cls: type
    spec: SectionSpec
    keys: tuple[DeclaredKey, ...]


def declared_sections(config_cls: type) -> Iterator[DeclaredSection]:
    """Every section of `config_cls` (its fields declared with `section`), in order, with
    its keys; a section field that is not declared with `setting` is a TypeError."""
    for holder in fields(config_cls):
        section_spec = holder.metadata.get(_SECTION)
        cls = holder.default_factory
        if section_spec is None or not isinstance(cls, type):
            continue  # not a section of the file (the base folder, keys kept elsewhere)
        keys = tuple(_declared_keys(holder.name, cls))
        yield DeclaredSection(holder.name, cls, section_spec, keys)


def _declared_keys(section_name: str, cls: type) -> Iterator[DeclaredKey]:
    hints = typing.get_type_hints(cls)
    for item in fields(cls):
        spec = item.metadata.get(_KEY)
        if not isinstance(spec, KeySpec) or not spec.help.strip():
            raise TypeError(
                f"[{section_name}] {item.name} is not declared with its help: "
                "use judge.config_keys.setting(default, help, ...)"
            )
        yield DeclaredKey(section_name, item.name, hints[item.name], _default(item), spec)


def _default(item: Field[Any]) -> Any:
    if callable(item.default_factory):  # a mutable default; none of today's keys
        return item.default_factory()
    return item.default


def optional_inner(annotation: Any) -> Any:
    """`X` for `X | None` (or `Optional[X]`); the annotation itself otherwise."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        members = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
        if len(members) == 1 and len(typing.get_args(annotation)) == 2:
            return members[0]
    return annotation


def number_text(value: float) -> str:
    """A number as the messages and the example file say it: `65,535`, `0.25`."""
    return f"{value:,}" if isinstance(value, int) or value == int(value) else f"{value:g}"


def parse_duration(text: str) -> timedelta:
    """A duration key's text, `"5d"`, `"12h"`, `"30m"` or `"45s"`, as a timedelta;
    ValueError otherwise."""
    match = _DURATION.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not a duration: {text!r} (a number and s, m, h or d)")
    try:
        return timedelta(seconds=float(match[1]) * _UNIT_SECONDS[match[2]])
    except OverflowError as exc:
        raise ValueError(f"a duration too long: {text!r}") from exc
