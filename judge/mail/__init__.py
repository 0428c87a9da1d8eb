"""Mail in and out of the judge.

The pure part lives here: `read_message` (raw bytes -> `IncomingMail`) and
`parse_commands` (lines -> typed commands). Intake, composing and sending are the
shell's modules in this package; importing `judge.mail` loads none of them.
"""

from judge.mail.command_types import Command, ParsedLine
from judge.mail.commands import parse_commands, unknown_command_error
from judge.mail.durations import DurationError, parse_duration, parse_when
from judge.mail.read import IncomingMail, read_message

__all__ = [
    "Command",
    "DurationError",
    "IncomingMail",
    "ParsedLine",
    "parse_commands",
    "parse_duration",
    "parse_when",
    "read_message",
    "unknown_command_error",
]
