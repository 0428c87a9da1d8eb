"""Turn the bytes of one `judge adjudicate` request into a JSON value, or a clear error.

Bots and scripts send the requests, so anything can arrive. Each way the bytes can
fail to be a request is a `RequestError` naming what is wrong, never an exception
that ends the batch (issue 31):

* bytes that are not UTF-8 (the only encoding JSON allows between programs, RFC
  8259 §8.1): the offset of the first bad byte is named. A byte order mark at the
  start is dropped, as RFC 8259 lets a reader do;
* nesting deeper than `MAX_DEPTH`: counted before parsing, since Python's parser
  recurses once per level and gives up with a RecursionError (100,000 `[`). A
  request is four levels deep, so the bound leaves plenty of room;
* an integer of more than 4,300 digits, which Python refuses to convert (a
  ValueError that is not a JSONDecodeError);
* a lone surrogate written as a JSON escape (`"\\ud800"`): JSON's grammar accepts
  it, but it is no character, so it could neither be read as an order nor written
  back as UTF-8. The field holding it is named.
"""

from __future__ import annotations

import json
import re
from typing import Any

from judge.adjudicate.request import RequestError, key_shown

MAX_DEPTH = 64

# A JSON string, escapes included (RFC 8259 §7); what is left between strings is
# where brackets count. A string left open matches nothing, so its brackets are
# counted: the count can only come out higher, never hide a level.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def decode(data: bytes) -> str:
    """The request's text; raises RequestError for bytes that are not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RequestError(
            f"request: not valid UTF-8 at byte {error.start} (0x{data[error.start]:02x});"
            " send UTF-8 text"
        ) from None


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Does `text` open more than `limit` arrays or objects inside each other?"""
    depth = 0
    for bracket in _BRACKET.finditer(_STRING.sub('""', text)):
        if bracket.group() in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def parse(text: str) -> Any:
    """The JSON value of `text`; raises RequestError for anything but sound JSON text."""
    if too_deep(text):
        raise RequestError(f"request: JSON nested deeper than {MAX_DEPTH} levels")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise RequestError(f"request: malformed JSON: {error}") from None
    except ValueError as error:  # an integer of more digits than Python will convert
        raise RequestError(f"request: a JSON number too long to read: {error}") from None
    _refuse_lone_surrogates(value)
    return value


def _refuse_lone_surrogates(value: Any) -> None:
    """Raise RequestError naming the first string (value or key) with a lone surrogate."""
    pending: list[tuple[Any, str]] = [(value, "request")]
    while pending:
        item, field = pending.pop()
        if isinstance(item, str):
            _check_string(item, field, "")
        elif isinstance(item, dict):
            for key, inner in reversed(item.items()):
                _check_string(key, field, "a key ")
                path = key_shown(key) if field == "request" else f"{field}.{key_shown(key)}"
                pending.append((inner, path))
        elif isinstance(item, list):
            pending.extend((inner, f"{field}[{i}]") for i, inner in reversed(list(enumerate(item))))


def _check_string(text: str, field: str, what: str) -> None:
    if text.isascii():
        return
    found = _SURROGATE.search(text)
    if found is not None:
        code = ord(found.group())
        raise RequestError(
            f"{field}: {what}holds the lone surrogate \\u{code:04x} at character "
            f"{found.start()}, which is not a character; send valid Unicode"
        )
