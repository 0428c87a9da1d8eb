"""HELP [topic]: the help texts, filled in with this judge's variants and rule flags."""

from __future__ import annotations

from typing import Any

from judge.language.command_types import Help
from judge.service.context import MailContext, Note, rendered
from judge.variants.registry import VariantRegistry


def help_text(ctx: MailContext, command: Help) -> list[Note]:
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
        )
    ]


def _flags_of(registry: VariantRegistry, name: str) -> dict[str, Any]:
    variant = registry.get(name)
    return {
        "name": name,
        "flags": [
            {"name": flag, "default": spec[0], "allowed": spec[1], "help": spec[2]}
            for flag, spec in sorted(variant.rule_flags.items())
        ],
    }
