"""The judge's command language: the lines of a mail in, typed commands out.

`parse_commands` reads each line (or press block) into a `ParsedLine` holding either a
command or an error for the player. It never raises. It does not know who is signed
on: a line that is no command becomes an `OrderLine`, and the service decides whether
it is an order in context. The keywords are the `Grammar`'s, which the judge's command
registry builds (`judge.service.commands.registry`) and hands in, with the variants'
words.
"""

from __future__ import annotations

from collections.abc import Sequence

from judge.language.arguments import CommandError
from judge.language.command_types import OrderLine, ParsedLine
from judge.language.grammar import Grammar
from judge.language.keywords import BROADCAST, PRESS, clean, match_keyword
from judge.language.press_blocks import read_press_block
from judge.language.vocabulary import Vocabulary


def parse_commands(
    lines: Sequence[str], vocabulary: Vocabulary, grammar: Grammar
) -> list[ParsedLine]:
    """Read every line. Blank lines outside press are skipped; every other line ends up
    in exactly one ParsedLine, in order (a press block is one ParsedLine). The
    variants' words (CREATE's, HELP's, SIGNON's) are `vocabulary`'s: the registry."""
    parsed: list[ParsedLine] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if not clean(line):
            index += 1
        elif match_keyword(line, (PRESS, BROADCAST)):
            block, index = read_press_block(lines, index)
            parsed.append(block)
        else:
            parsed.append(parse_line(line, vocabulary, grammar, index))
            index += 1
    return parsed


def parse_line(line: str, vocabulary: Vocabulary, grammar: Grammar, index: int = 0) -> ParsedLine:
    """One line that is not part of a press block."""
    try:
        command = grammar.read(line, vocabulary)
    except CommandError as error:
        return ParsedLine((line,), index, error=error.message)
    if command is None:
        near = grammar.near_keyword(line)
        return ParsedLine((line,), index, command=OrderLine(clean(line), near))
    return ParsedLine((line,), index, command=command)


def unknown_command_error(line: str, grammar: Grammar) -> str:
    """The message for a line that is neither a command nor allowed as an order here."""
    words = clean(line).split()
    first = words[0] if words else ""
    suggestion = grammar.near_keyword(line)
    hint = f" (did you mean {suggestion}?)" if suggestion else ""
    return f"unknown command {first!r}{hint}"
