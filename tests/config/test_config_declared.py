"""Each config key declared once, on its field (issue 33, item 7): with a help text, a
bound where it is a number, and the example file written from those declarations.

A key added to a section without its help cannot be loaded or documented; a key added
with them is checked and in the example without a line anywhere else; and the
committed `config.example.toml` is exactly the text `judge config example` writes.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from judge.config import Config
from judge.config_example import example_text
from judge.config_keys import Range, declared_sections, section, setting
from judge.config_ranges import first_problem

REPO = Path(__file__).resolve().parents[2]


def test_every_key_has_a_help_text_and_every_number_a_bound() -> None:
    sections = list(declared_sections(Config))
    assert [found.name for found in sections] == [
        "judge", "smtp", "database", "outbound", "scheduler", "processor", "storage",
        "limits", "security",
    ]  # fmt: skip
    keys = [key for found in sections for key in found.keys]
    for key in keys:
        assert len(key.spec.help.split()) >= 3, f"{key.where}: help too thin to help"
        if key.numeric or key.spec.duration:
            assert key.spec.bound is not None, f"{key.where} is a number without a bound"
            assert key.spec.bound.low <= key.measure(key.default) <= key.spec.bound.high, key.where


def test_the_committed_example_is_the_generated_text() -> None:
    """Regenerate with `judge config example > config.example.toml` after changing a key."""
    committed = (REPO / "config.example.toml").read_text(encoding="utf-8")
    assert committed == example_text(Config), (
        "config.example.toml differs from the keys' declarations: run "
        "`judge config example > config.example.toml`"
    )


def test_the_example_shows_every_key_with_its_default_and_its_help() -> None:
    text = example_text(Config)
    parsed = tomllib.loads(text)
    for found in declared_sections(Config):
        for key in found.keys:
            if key.spec.example is None:
                shown = parsed[found.name][key.name]
                expected = str(key.default) if isinstance(key.default, Path) else key.default
                assert shown == expected, key.where
            else:
                assert key.name not in parsed[found.name], key.where  # left out, commented
            first_words = " ".join(key.spec.help.split()[:3])
            assert first_words in _prose(text), key.where
    assert all(len(line) <= 90 for line in text.splitlines())


def _prose(text: str) -> str:
    """The words of the file's comments and lines, as one line (wrapping undone)."""
    return " ".join(word for word in text.split() if word != "#")


# A config of its own, to show what one declaration gives a new key.


@dataclass(frozen=True)
class _Kitchen:
    name: str = setting("pantry", "what the kitchen is called", in_headers=True)
    ovens: int = setting(2, "ovens lit at once", bound=Range(1, 12, "ovens"))
    fuel: str = setting("gas", "what the ovens burn", choices=("gas", "wood"))


@dataclass(frozen=True)
class _Toy:
    kitchen: _Kitchen = section(_Kitchen, "the one section")


def test_a_key_declared_once_is_checked_and_in_the_example() -> None:
    text = example_text(_Toy)
    assert "[kitchen]                     # the one section\n" in text
    assert "ovens = 2                     # ovens lit at once\n" in text
    assert "#     ovens: 1 to 12 ovens\n" in text
    assert "[kitchen] name must hold no line break" in _prose(text)
    assert first_problem(_Toy()) is None
    too_many = _Toy(kitchen=_Kitchen(ovens=13))
    assert first_problem(too_many) == (
        "[kitchen] ovens = 13 is out of range: it must be 1 to 12 ovens"
    )
    assert first_problem(_Toy(kitchen=_Kitchen(ovens=0))) == "[kitchen] ovens must be positive"
    assert first_problem(_Toy(kitchen=_Kitchen(fuel="coal"))) == (
        "[kitchen] fuel must be one of gas, wood"
    )
    assert "holds a LF" in str(first_problem(_Toy(kitchen=_Kitchen(name="a\nb"))))


@dataclass(frozen=True)
class _Undeclared:
    ovens: int = 2


@dataclass(frozen=True)
class _Helpless:
    ovens: int = setting(2, "  ")


@pytest.mark.parametrize("cls", [_Undeclared, _Helpless])
def test_a_key_without_its_declaration_or_help_is_refused(cls: type) -> None:
    @dataclass(frozen=True)
    class Holder:
        kitchen: object = field(default_factory=cls, metadata={})
        declared: object = section(cls)

    with pytest.raises(TypeError, match=r"\[declared\] ovens is not declared with its help"):
        list(declared_sections(Holder))
