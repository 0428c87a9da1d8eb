"""Helpers for the parser tests: read one line, expect a command or an error."""

from __future__ import annotations

from judge.language.commands import parse_commands
from judge.service.replies.dispatch import COMMANDS
from judge.variants.registry import default_registry

VOCABULARY = default_registry()  # the variants' words, which the judge's registry gives
GRAMMAR = COMMANDS.grammar  # the keywords, which the judge's command registry gives


def command(line: str) -> object:
    [parsed] = parse_commands([line], VOCABULARY, GRAMMAR)
    assert parsed.error is None, parsed.error
    assert parsed.command is not None
    return parsed.command


def error(line: str) -> str:
    [parsed] = parse_commands([line], VOCABULARY, GRAMMAR)
    assert parsed.command is None, parsed.command
    assert parsed.error
    return parsed.error
