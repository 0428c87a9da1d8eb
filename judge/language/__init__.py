"""The judge's command language: the lines of a mail read into typed commands (orders, SET
lines, press blocks, the open and the game commands), with the spelling help of the
replies.
"""

from judge.language.command_types import Command, ParsedLine
from judge.language.commands import parse_commands, unknown_command_error
from judge.language.durations import DurationError, parse_duration, parse_when

__all__ = [
    "Command",
    "DurationError",
    "ParsedLine",
    "parse_commands",
    "parse_duration",
    "parse_when",
    "unknown_command_error",
]
