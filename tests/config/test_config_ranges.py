"""Every number of the config within a sane range, and the values written into the
judge's headers free of line breaks and non-printing characters, encoded or not
(issue 20, item 5): each refused when the config is loaded, naming the key, the
value and the range. The ranges are those the keys' fields declare (issue 33, item 7).

`poll_seconds = 1e300` stopped every loop while the intake still answered 250,
`1e-300` made them spin, `lease_seconds = 1e300` delivered nothing, `lifetime =
"99999999999d"` killed `serve` at start, an encoded CR LF in `[judge] name` failed
every outgoing mail, `retention_days = 999999999` failed every prune.
"""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from judge.config import Config, ConfigError, config_from_dict, load_config
from judge.config_keys import Range, declared_sections

REPO = Path(__file__).resolve().parents[2]
RANGES: dict[tuple[str, str], Range] = {
    (key.section, key.name): key.spec.bound
    for found in declared_sections(Config)
    for key in found.keys
    if key.spec.bound is not None
}


@pytest.mark.parametrize(
    ("section", "key", "value"),
    [
        ("scheduler", "poll_seconds", 1e300),
        ("scheduler", "poll_seconds", 1e-300),
        ("outbound", "lease_seconds", 1e300),
        ("outbound", "relay_timeout_seconds", 1e300),
        ("outbound", "max_backoff_seconds", 1e300),
        ("storage", "retention_days", 999_999_999),
        ("limits", "per_sender_per_hour", 10**30),
        ("smtp", "max_message_bytes", 1),
        ("processor", "mail_seconds", 1e-300),
        ("processor", "batch_size", 10**9),
    ],
)
def test_a_number_out_of_its_range_is_refused_with_key_value_and_range(
    tmp_path: Path, section: str, key: str, value: float
) -> None:
    allowed = RANGES[section, key]
    with pytest.raises(ConfigError) as refused:
        config_from_dict({section: {key: value}}, tmp_path)
    message = str(refused.value)
    assert f"[{section}] {key} = " in message
    assert str(allowed) in message


def test_a_backoff_out_of_range_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"\[outbound\] backoff_seconds = 1e\+300 .* 0.1 to"):
        config_from_dict({"outbound": {"backoff_seconds": 1e300,
                                       "max_backoff_seconds": 3600}}, tmp_path)  # fmt: skip


@pytest.mark.parametrize("lifetime", ["99999999999d", "999999d", "61d", "30s"])
def test_a_lifetime_out_of_range_is_refused(tmp_path: Path, lifetime: str) -> None:
    with pytest.raises(ConfigError, match=r"\[outbound\] lifetime"):
        config_from_dict({"outbound": {"lifetime": lifetime}}, tmp_path)


def test_the_bounds_themselves_are_accepted(tmp_path: Path) -> None:
    for edge in ("low", "high"):
        data: dict[str, dict[str, Any]] = {}
        for (section, key), allowed in RANGES.items():
            value: Any = getattr(allowed, edge)
            if key == "lifetime":
                value = f"{int(value)}s"
            data.setdefault(section, {})[key] = value
        data["outbound"]["lease_seconds"] = max(data["outbound"]["lease_seconds"],
                                                4 * data["outbound"]["relay_timeout_seconds"])
        data["outbound"]["max_backoff_seconds"] = data["outbound"]["backoff_seconds"]
        config_from_dict(data, tmp_path)


def test_every_number_of_the_config_has_a_range() -> None:
    numbers = {
        (found.name, item.name)
        for found in declared_sections(Config)
        for item in fields(found.cls)
        if type(getattr(found.cls(), item.name)) in (int, float)
    }
    assert "poll_seconds" in {key for _, key in numbers}
    assert numbers <= set(RANGES)


@pytest.mark.parametrize(
    ("section", "key", "value", "said"),
    [
        ("judge", "name", "=?utf-8?q?Judge=0D=0ABcc:_all@victims.test?=", "a CR once"),
        ("judge", "name", "=?utf-8?b?SnVkZ2UKWA==?=", "a LF once"),
        ("judge", "name", "Judge\u2028X", "U+2028"),
        ("judge", "name", "Judge\u200eX", "U+200E"),
        ("judge", "code", "X\x85", "U+0085"),
        ("outbound", "helo_name", "mx\u00a0example", "U+00A0"),
    ],
)
def test_a_header_value_with_a_hidden_line_break_or_control_is_refused(
    tmp_path: Path, section: str, key: str, value: str, said: str
) -> None:
    with pytest.raises(ConfigError, match=re.escape(f"[{section}] {key} = ")) as refused:
        config_from_dict({section: {key: value}}, tmp_path)
    assert said in str(refused.value)


def test_a_plain_encoded_name_is_accepted(tmp_path: Path) -> None:
    config = config_from_dict({"judge": {"name": "=?utf-8?q?Juge_=C3=A9t=C3=A9?="}}, tmp_path)
    assert config.judge.name.startswith("=?utf-8?q?")


def test_the_example_file_states_every_range() -> None:
    text = (REPO / "config.example.toml").read_text()
    load_config(REPO / "config.example.toml")
    for (_, key), allowed in RANGES.items():
        assert f"#     {key}: {allowed}" in text, key
