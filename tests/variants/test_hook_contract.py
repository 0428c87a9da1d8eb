"""The variant contract is one contract: every hook is used, and nobody asks for a class.

* Every public method of `Variant` is really called when games are played: a spy
  records the calls (tests/service/game/test_variant_hooks_called.py). Every attribute
  `Variant` declares (a capability, a template) is read by the shell.
* A public method a variant adds beyond the base is the variant's own helper:
  it must be called somewhere, or it is dead.
* Outside `judge/variants/`, no `isinstance` asks which variant class a game is:
  the shell reads what the variant declares (`takes_bids`, `players_flag`,
  `aliases`...) instead.
"""

from __future__ import annotations

import ast
from pathlib import Path

from support.variants.variant_classes import all_variant_classes

from judge.variants.base import Variant
from judge.variants.registry import default_registry

JUDGE = Path(__file__).resolve().parents[2] / "judge"
VARIANTS = JUDGE / "variants"


REGISTRY = VARIANTS / "registry.py"  # the shell's door to the variants: it reads them too


def _trees(inside: bool) -> list[ast.AST]:
    paths = [
        p for p in JUDGE.rglob("*.py") if (VARIANTS in p.parents and p != REGISTRY) == inside
    ]
    return [ast.parse(p.read_text("utf-8")) for p in paths]


def _attributes(trees: list[ast.AST]) -> set[str]:
    return {n.attr for tree in trees for n in ast.walk(tree) if isinstance(n, ast.Attribute)}


def _public_methods(cls: type) -> set[str]:
    return {
        name for name, value in vars(cls).items() if callable(value) and not name.startswith("_")
    }


def test_every_declared_capability_is_read_by_the_shell() -> None:
    declared = set(Variant.__annotations__)  # name, rule_flags, takes_bids, aliases...
    assert {"takes_bids", "players_flag", "aliases", "help_topics"} <= declared
    unread = declared - _attributes(_trees(inside=False))
    assert not unread, f"Variant declares what nothing outside judge/variants reads: {unread}"


def test_a_variant_adds_no_public_method_nobody_calls() -> None:
    called = _attributes(_trees(inside=True)) | _attributes(_trees(inside=False))
    for cls in all_variant_classes():
        own = _public_methods(cls) - _public_methods(Variant)
        assert own <= called, f"{cls.__name__} has methods nothing calls: {own - called}"


def test_the_shell_never_asks_for_a_variant_class() -> None:
    classes = {cls.__name__ for cls in all_variant_classes()} | {"Variant"}
    asked: list[str] = []
    for tree in _trees(inside=False):
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "isinstance"
                and len(node.args) == 2
            ):
                names = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
                asked += sorted(names & classes)
    assert not asked, f"isinstance on variant classes outside judge/variants: {asked}"


def test_every_variant_declares_the_names_and_topics_the_registry_gives_it() -> None:
    registry = default_registry()
    for name in registry.names():
        variant = registry.get(name)
        assert all(registry.resolve(alias) == name for alias in variant.aliases)
        assert set(variant.help_topics) <= set(registry.help_topics())
        if variant.help_topics:
            assert registry.topic_of(name) == variant.help_topics[-1]
