"""The example config file, written from the keys' declarations (`judge config example`).

The example is what operators read first, so every key is in it with its default and
its help, grouped by section, and the ranges the judge enforces are listed at its end.
It used to be written by hand beside the code and drifted from it; now it is text made
from the declarations (`judge.config_keys`), so a key added to a section is in the
example at once. The repository's `config.example.toml` is this text, committed so it
can be read without running anything (a test keeps the two equal).

This module reads any config class whose sections are declared with
`judge.config_keys`; `judge.cli` hands it `judge.config.Config`.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import Any

from judge.config_keys import DeclaredKey, DeclaredSection, declared_sections

WIDTH = 90  # no line of the file is longer (but a value that cannot be wrapped)
COMMENT_COLUMN = 30  # where the help starts, beside `key = value`
# A `command`, a "value" or a [section] key is never cut in two: while the text is
# wrapped, the spaces in them are no-break spaces.
_KEPT_WHOLE = re.compile(r"`[^`]*`|\"[^\"]*\"|\[\w+\] \w+")
_UNBROKEN = "\u00a0"

INTRODUCTION = """\
The judge's configuration. `judge config example > judge.toml` writes this file; the \
judge reads judge.toml from the current folder, or the file given with --config FILE. \
Every key is optional: the values below are the built-in defaults, and a key shown \
commented out is absent unless you set it. Relative paths (the SQLite file, the \
maildir) are relative to the folder that holds this file. An unknown key is an error, \
to catch typos."""


def example_text(config_cls: type) -> str:
    """The whole example file for `config_cls`: introduction, sections, ranges."""
    sections = list(declared_sections(config_cls))
    blocks = [_comment_block(INTRODUCTION)]
    blocks += ["\n".join(_section_lines(found)) for found in sections]
    blocks.append(_ranges_block(sections))
    return "\n\n".join(blocks) + "\n"


def _section_lines(found: DeclaredSection) -> list[str]:
    lines = _beside(f"[{found.name}]", found.spec.help)
    for key in found.keys:
        lines += _beside(_assignment(key), key.spec.help)
    return lines


def _assignment(key: DeclaredKey) -> str:
    """`name = default`, or `# name = sample` for a key the example leaves out."""
    if key.spec.example is not None:
        return f"# {key.name} = {toml_value(key.spec.example)}"
    return f"{key.name} = {toml_value(key.default)}"


def _beside(left: str, help_text: str) -> list[str]:
    """`left` with `help_text` as a comment beside it, wrapped under the comment column."""
    if not help_text:
        return [left]
    gap = " " * (COMMENT_COLUMN - len(left)) if len(left) < COMMENT_COLUMN else "  "
    wrapper = textwrap.TextWrapper(
        width=WIDTH,
        initial_indent=f"{left}{gap}# ",
        subsequent_indent=" " * COMMENT_COLUMN + "# ",
        break_long_words=False,
        break_on_hyphens=False,
    )
    return _wrapped(wrapper, help_text)


def _wrapped(wrapper: textwrap.TextWrapper, text: str) -> list[str]:
    """`text` wrapped, with no line break inside a `command` or a "value"."""
    kept = _KEPT_WHOLE.sub(lambda found: found[0].replace(" ", _UNBROKEN), text)
    return [line.replace(_UNBROKEN, " ") for line in wrapper.wrap(kept)]


def _ranges_block(sections: list[DeclaredSection]) -> str:
    in_headers = [
        f"[{found.name}] " + ", ".join(key.name for key in keys)
        for found in sections
        if (keys := [key for key in found.keys if key.spec.in_headers])
    ]
    lines = [
        _comment_block(
            "Ranges. Every number must lie within its range (and "
            f"{_listed(in_headers)} must hold no line break nor any character that does "
            "not print, encoded words decoded): else the judge refuses to start, naming "
            "the key, the value and the range."
        )
    ]
    for found in sections:
        bounded = [key for key in found.keys if key.spec.bound is not None]
        if bounded:
            lines.append(f"#   [{found.name}]")
            lines += [f"#     {key.name}: {key.spec.bound}" for key in bounded]
    return "\n".join(lines)


def _listed(items: list[str]) -> str:
    return " and ".join([", ".join(items[:-1]), items[-1]]) if len(items) > 1 else "".join(items)


def _comment_block(text: str) -> str:
    wrapper = textwrap.TextWrapper(width=WIDTH, initial_indent="# ", subsequent_indent="# ",
                                   break_long_words=False, break_on_hyphens=False)  # fmt: skip
    return "\n".join(_wrapped(wrapper, text))


def toml_value(value: Any) -> str:
    """A default as TOML writes it: `true`, `2525`, `0.25`, `"outbox"`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str | Path):
        text = str(value).replace("\\", "\\\\").replace('"', '\\"')
        return f'"{text}"'
    raise TypeError(f"the example cannot show a default of type {type(value).__name__}")
