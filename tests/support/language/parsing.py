"""Helpers for the parser tests: read one line, expect a command or an error."""

from __future__ import annotations

from judge.language.command_types import Command
from judge.language.commands import parse_commands
from judge.variants.registry import default_registry

VOCABULARY = default_registry()  # the variants' words, which the judge's registry gives


def command(line: str) -> Command:
    [parsed] = parse_commands([line], VOCABULARY)
    assert parsed.error is None, parsed.error
    assert parsed.command is not None
    return parsed.command


def error(line: str) -> str:
    [parsed] = parse_commands([line], VOCABULARY)
    assert parsed.command is None, parsed.command
    assert parsed.error
    return parsed.error
