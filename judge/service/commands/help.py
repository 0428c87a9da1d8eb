"""HELP [topic]: the help texts, filled in with this judge's variants and rule flags.

`HELP COMMANDS` and `HELP keyword` are built from the grammar the line was read with,
the command registry's (`command_help`); every other topic is its template in
`templates/help/`.
"""

from __future__ import annotations

from typing import Any

from judge.language.command_types import Help
from judge.language.grammar import Grammar
from judge.service.commands import command_help
from judge.service.context import MailContext, Note, rendered
from judge.variants.registry import VariantRegistry

COMMANDS_TOPIC = "commands"  # the registry's page, not a template


def help_text(ctx: MailContext, command: Help) -> list[Note]:
    if command.command is not None:
        return [command_help.command_page(_grammar_of(command), command.command)]
    if command.topic == COMMANDS_TOPIC:
        return [command_help.commands_page(_grammar_of(command))]
    topic = command.topic or "general"
    registry = ctx.variants
    flags = [_flags_of(registry, name) for name in registry.names()]
    return [
        rendered(
            f"help/{topic}.txt.j2",
            judge_name=ctx.config.judge.name,
            judge_code=ctx.config.judge.code,
            judge_address=ctx.config.judge.address,
            topics=registry.help_topics(),
            variants=registry.names(),
            flags=flags,
            commands_pointer=command_help.GENERAL_PAGE_POINTER,
        )
    ]


def _grammar_of(command: Help) -> Grammar:
    """The grammar the HELP line was read with: the judge's registry (a test's copy
    with one more command too), whose commands the page shows."""
    if command.grammar is None:
        raise RuntimeError("HELP on the commands was read without a grammar")
    return command.grammar


def _flags_of(registry: VariantRegistry, name: str) -> dict[str, Any]:
    variant = registry.get(name)
    return {
        "name": name,
        "flags": [
            {"name": flag, "default": spec[0], "allowed": spec[1], "help": spec[2]}
            for flag, spec in sorted(variant.rule_flags.items())
        ],
    }
