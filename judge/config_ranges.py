"""Every key of a loaded config checked against its declaration (`judge.config_keys`).

A value can be finite and positive and still stop the judge: `poll_seconds = 1e300`
made every loop sleep forever while the intake still answered 250, `1e-300` made
them spin, `lease_seconds = 1e300` never let a failed sender's mail go, `lifetime =
"99999999999d"` overflowed a date (`serve` died at start, `deliver` exited 1 and the
MTA bounced the mail), `retention_days = 999999999` failed every prune. So each
number declares a range on its field, wide enough for any judge and for the tests'
fast clocks, and a value outside it is refused when the config is loaded, with the
key, the value and the range (`judge.config` raises it as a `ConfigError`).

Values written into the headers of the judge's mail (declared `in_headers`: `[judge]
name`, `address`, `code`, `[outbound] helo_name`) are refused when they hold a line
break or any character that does not print, also once their RFC 2047 encoded words
are decoded: an encoded CR LF in `[judge] name` made every outgoing mail fail.

The checker knows no key itself: it reads the declarations of whatever config class
it is given, so a key declared with a bound is checked without a line here. Checks
between keys (one at least another) stay in `judge.config`.
"""

from __future__ import annotations

from email.header import decode_header
from typing import Any

from judge.config_keys import DeclaredKey, declared_sections, number_text


def first_problem(config: Any) -> str | None:
    """The first declared bound a value of `config` breaks, said with its key; None when
    every value keeps to its declaration."""
    for declared in declared_sections(type(config)):
        part = getattr(config, declared.name)
        for key in declared.keys:
            problem = _problem(key, getattr(part, key.name))
            if problem is not None:
                return problem
    return None


def _problem(key: DeclaredKey, value: Any) -> str | None:
    spec = key.spec
    if value is None:
        return None  # an optional key left out
    if spec.choices and value not in spec.choices:
        return f"{key.where} must be one of {', '.join(spec.choices)}"
    if spec.bound is not None:
        try:
            number = key.measure(value)
        except ValueError as exc:  # a duration that is not one
            return f"{key.where}: {exc}"
        if spec.bound.low > 0 and number <= 0:
            return f"{key.where} must be positive"
        if not spec.bound.low <= number <= spec.bound.high:
            return f"{key.where} = {_shown(value)} is out of range: it must be {spec.bound}"
    if spec.in_headers:
        problem = unprintable_header_value(key.where, value)
        if problem is not None:
            return problem
    if spec.check is not None:
        complaint = spec.check(value)
        if complaint is not None:
            return f"{key.where} {complaint}"
    return None


def unprintable_header_value(where: str, value: str) -> str | None:
    """`value`'s line break or character that does not print, as written or once its
    encoded words are decoded, said; or None."""
    for text in (value, _decoded(value)):
        bad = next((char for char in text if not char.isprintable()), None)
        if bad is not None:
            return (
                f"{where} = {value!r} holds {_named(bad)}"
                f"{' once its encoded words are decoded' if text is not value else ''}: "
                "it is written into the headers of the judge's mail, which it would break"
            )
    return None


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


def _shown(value: object) -> str:
    return repr(value) if isinstance(value, str) else number_text(value)  # type: ignore[arg-type]
