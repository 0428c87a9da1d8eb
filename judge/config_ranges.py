"""The sane range of every number in the config, and the values that end up in headers.

A value can be finite and positive and still stop the judge: `poll_seconds = 1e300`
made every loop sleep forever while the intake still answered 250, `1e-300` made
them spin, `lease_seconds = 1e300` never let a failed sender's mail go, `lifetime =
"99999999999d"` overflowed a date (`serve` died at start, `deliver` exited 1 and the
MTA bounced the mail), `retention_days = 999999999` failed every prune. So each
number has a range here, wide enough for any judge and for the tests' fast clocks,
and a value outside it is refused when the config is loaded, with the key, the value
and the range (`judge.config` raises it as a `ConfigError`).

Values written into the headers of the judge's mail (`[judge] name`, `address`,
`code`, `[outbound] helo_name`) are refused when they hold a line break or any
character that does not print, also once their RFC 2047 encoded words are decoded:
an encoded CR LF in `[judge] name` made every outgoing mail fail.

The checks name what is wrong and `judge.config` refuses the config with it: this table
sits below the config (it reads any object with the config's sections), so the config
can use it when it loads.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from email.header import decode_header
from typing import Any

KIB, MIB = 1024, 1024 * 1024
HOUR, DAY = 3600, 86400


@dataclass(frozen=True)
class Range:
    low: float
    high: float
    unit: str = ""

    def __str__(self) -> str:
        unit = f" {self.unit}" if self.unit else ""
        return f"{_number(self.low)} to {_number(self.high)}{unit}"


RANGES: dict[tuple[str, str], Range] = {
    ("smtp", "port"): Range(0, 65535),
    ("smtp", "max_message_bytes"): Range(1000, 100 * MIB, "bytes"),
    ("smtp", "deliver_timeout_seconds"): Range(0.1, HOUR, "seconds"),
    ("outbound", "relay_port"): Range(0, 65535),
    ("outbound", "relay_timeout_seconds"): Range(0.1, HOUR, "seconds"),
    ("outbound", "lifetime"): Range(60, 60 * DAY, "seconds (1m to 60d)"),
    ("outbound", "backoff_seconds"): Range(0.1, DAY, "seconds"),
    ("outbound", "max_backoff_seconds"): Range(0.1, 7 * DAY, "seconds"),
    ("outbound", "lease_seconds"): Range(1, DAY, "seconds"),
    ("outbound", "batch_size"): Range(1, 1000, "mails"),
    ("scheduler", "poll_seconds"): Range(0.01, HOUR, "seconds"),
    ("scheduler", "batch_size"): Range(1, 1000, "games"),
    ("scheduler", "max_chained_phases"): Range(1, 1000, "phases"),
    ("processor", "batch_size"): Range(1, 1000, "mails"),
    ("processor", "batch_seconds"): Range(0.001, 60, "seconds"),
    ("processor", "handover_wait_seconds"): Range(0.0001, 10, "seconds"),
    ("processor", "intake_wait_seconds"): Range(0.01, 60, "seconds"),
    ("processor", "mail_seconds"): Range(0.5, HOUR, "seconds"),
    ("limits", "per_sender_per_hour"): Range(1, 10_000_000, "mails"),
    ("limits", "per_connection_address_per_hour"): Range(1, 10_000_000, "mails"),
    ("limits", "lines_per_mail"): Range(1, 100_000, "lines"),
    ("limits", "commands_per_mail"): Range(1, 10_000, "commands"),
    ("limits", "failed_passwords_per_mail"): Range(1, 1000, "passwords"),
    ("limits", "failed_passwords_per_seat_per_hour"): Range(1, 1_000_000, "passwords"),
    ("limits", "games_per_address_per_day"): Range(1, 1_000_000, "games"),
    ("limits", "observers_per_game"): Range(1, 1_000_000, "observers"),
    ("limits", "broadcasts_per_mail"): Range(1, 1000, "blocks"),
    ("limits", "reply_bytes"): Range(1000, 64 * MIB, "bytes"),
    ("limits", "forming_game_days"): Range(0.001, 3650, "days"),
    ("storage", "retention_days"): Range(0, 36500, "days (0: keep everything)"),
}

# Written into the headers (From, Message-ID, EHLO) of the judge's own mail.
HEADER_VALUES = (("judge", "name"), ("judge", "address"), ("judge", "code"),
                 ("outbound", "helo_name"))  # fmt: skip


def out_of_range(config: Any) -> str | None:
    """The first number of `config` outside its range, said; None when all are in range."""
    for (section, key), allowed in RANGES.items():
        part = getattr(config, section, None)
        if part is None or not hasattr(part, key):
            continue  # a key of another version of the config
        value = getattr(part, key)
        try:
            number = part.lifetime_delta.total_seconds() if key == "lifetime" else value
        except ValueError:
            continue  # not a duration at all: `_check_outbound` says so
        if key == "lifetime" and number <= 0:
            continue  # `_check_outbound` says it must be positive
        if not allowed.low <= number <= allowed.high:
            return (f"[{section}] {key} = {_shown(value)} is out of range: "
                    f"it must be {allowed}")  # fmt: skip
    return None


def unprintable_header_value(config: Any) -> str | None:
    """The first value written into headers that holds a line break or a character that
    does not print, as written or once its encoded words are decoded, said; or None."""
    for section, key in HEADER_VALUES:
        value = getattr(getattr(config, section), key)
        for text in (value, _decoded(value)):
            bad = next((char for char in text if not char.isprintable()), None)
            if bad is not None:
                return (
                    f"[{section}] {key} = {value!r} holds {_named(bad)}"
                    f"{' once its encoded words are decoded' if text is not value else ''}: "
                    "it is written into the headers of the judge's mail, which it would break"
                )
    return None


def numeric_keys(config: Any) -> list[tuple[str, str]]:
    """Every int or float key of the config (the tests check each has a range)."""
    found = []
    for section in fields(config):
        part: Any = getattr(config, section.name)
        for item in fields(part) if hasattr(part, "__dataclass_fields__") else ():
            value = getattr(part, item.name)
            if isinstance(value, int | float) and not isinstance(value, bool):
                found.append((section.name, item.name))
    return found


def _decoded(value: str) -> str:
    """`value` with its RFC 2047 encoded words decoded (as a mail reader would)."""
    if "=?" not in value:
        return value
    try:
        parts = decode_header(value)
    except Exception:  # not decodable: then nothing is hidden in it
        return value
    texts = []
    for part, charset in parts:
        if isinstance(part, str):
            texts.append(part)
            continue
        try:
            texts.append(part.decode(charset or "ascii", "replace"))
        except LookupError:
            texts.append(part.decode("latin-1"))
    return "".join(texts)


def _named(char: str) -> str:
    names = {"\r": "a CR", "\n": "a LF"}
    return names.get(char, f"the non-printing character U+{ord(char):04X}")


def _number(value: float) -> str:
    return f"{value:,}" if isinstance(value, int) or value == int(value) else f"{value:g}"


def _shown(value: object) -> str:
    return repr(value) if isinstance(value, str) else _number(value)  # type: ignore[arg-type]
