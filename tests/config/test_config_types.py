"""Config values are checked against the section fields' annotations, one test per type."""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import pytest

from judge.config import _SECTIONS, ConfigError, _coerce, config_from_dict, field_types


def _load(section: str, key: str, value: Any) -> Any:
    config = config_from_dict({section: {key: value}}, Path("/base"))
    return getattr(getattr(config, section), key)


def test_bool_takes_true_and_false_only() -> None:
    assert _load("security", "confirm_addresses", False) is False
    complaint = re.escape("[security] confirm_addresses: expected bool")
    for wrong in (0, 1, "yes"):
        with pytest.raises(ConfigError, match=complaint):
            _load("security", "confirm_addresses", wrong)


def test_int_takes_whole_numbers_not_bools_or_floats() -> None:
    assert _load("processor", "batch_size", 7) == 7
    for wrong in (True, 7.0, "7"):
        with pytest.raises(ConfigError, match=re.escape("[processor] batch_size: expected int")):
            _load("processor", "batch_size", wrong)
    with pytest.raises(ConfigError, match="must not be negative"):
        _load("processor", "batch_size", -1)


def test_float_takes_whole_and_decimal_numbers_but_not_bools_or_nan() -> None:
    value = _load("processor", "batch_seconds", 2)
    assert value == 2.0 and isinstance(value, float)
    assert _load("processor", "handover_wait_seconds", 0.5) == 0.5
    with pytest.raises(ConfigError, match=re.escape("[processor] batch_seconds: expected float")):
        _load("processor", "batch_seconds", True)
    with pytest.raises(ConfigError, match="finite"):
        _load("processor", "batch_seconds", float("nan"))


def test_str_takes_text_without_control_characters() -> None:
    assert _load("judge", "name", "Judge X") == "Judge X"
    with pytest.raises(ConfigError, match=re.escape("[judge] name: expected str")):
        _load("judge", "name", 5)
    with pytest.raises(ConfigError, match="control characters"):
        _load("judge", "name", "a\nb")


def test_optional_str_takes_text_and_is_none_when_left_out() -> None:
    assert _load("outbound", "relay_username", "judge") == "judge"
    assert config_from_dict({}, Path("/base")).outbound.relay_username is None
    with pytest.raises(ConfigError, match=re.escape("relay_username: expected str | None")):
        _load("outbound", "relay_username", 3)


def test_path_takes_non_empty_text_resolved_against_the_base() -> None:
    assert _load("outbound", "maildir", "mail") == Path("/base/mail")
    with pytest.raises(ConfigError, match=re.escape("[outbound] maildir: expected Path")):
        _load("outbound", "maildir", "")


def test_optional_numbers_are_checked_as_their_type() -> None:
    assert _coerce("[x] y", int | None, 3) == 3
    with pytest.raises(ConfigError, match=re.escape("[x] y: expected int | None")):
        _coerce("[x] y", int | None, "3")


@dataclass(frozen=True)
class _Odd:
    ratio: complex = 0j


def test_an_annotation_the_checker_does_not_know_is_a_programming_error() -> None:
    with pytest.raises(TypeError, match="cannot be of type"):
        _coerce("[odd] ratio", field_types(_Odd)["ratio"], 1)


@pytest.mark.parametrize("name", sorted(_SECTIONS))
def test_every_section_field_has_a_checked_type(name: str) -> None:
    """Every key of every section goes through `_coerce` with its own default (paths
    as text, as TOML gives them), so a field of an unknown type fails here."""
    section = _SECTIONS[name]()
    for field, annotation in field_types(_SECTIONS[name]).items():
        default = getattr(section, field)
        if default is None:
            continue
        value = str(default) if isinstance(default, Path) else default
        _coerce(f"[{name}] {field}", annotation, value)
    assert [f.name for f in fields(_SECTIONS[name])] == list(field_types(_SECTIONS[name]))
