"""What the judge's code is at this moment, monkeypatches included, to compare later.

A start the service harness keeps for reuse (`support.service.start_replay`) is valid
only for the code that played it. A test may have patched that code before its start:
the golden-mail recorder wraps `judge.outbox.enqueue.wire_bytes` and seeds the
judge's `secrets`; others render in French, count the maps drawn, wrap the variants'
hooks or jinja2's `Template.render`. Those starts must be played by mail.

A `CodeSnapshot` holds every global of every loaded module of the judge and of the
test support, every attribute of the classes those modules define, and the few
third-party classes the tests patch (jinja2's). Two snapshots are the same code when
each name still holds the very same object (identity, not equality: a wrapper equals
nothing it wraps). One value is compared by what it does instead: the Argon2 hasher,
which the service tests replace in every test with one of tiny costs.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import jinja2
from argon2 import PasswordHasher

PATCHED_PREFIXES = ("judge", "support")  # the judge's modules, and the tests' helpers
THIRD_PARTY_PATCHED = (jinja2.Template, jinja2.Environment)  # tests/support/service recorders


def _ours(name: str) -> bool:
    return any(name == prefix or name.startswith(prefix + ".") for prefix in PATCHED_PREFIXES)


def _namespace_of(module: ModuleType) -> list[tuple[Any, dict[str, Any]]]:
    """The module's globals, then the attributes of each class the module defines."""
    found: list[tuple[Any, dict[str, Any]]] = [(module, dict(vars(module)))]
    for value in list(found[0][1].values()):
        if isinstance(value, type) and value.__module__ == module.__name__:
            found.append((value, dict(vars(value))))
    return found


def _same(before: Any, now: Any) -> bool:
    if before is now:
        return True
    if isinstance(before, PasswordHasher) and isinstance(now, PasswordHasher):
        return (before.time_cost, before.memory_cost, before.parallelism, before.hash_len,
                before.salt_len, before.type) == (now.time_cost, now.memory_cost,
                now.parallelism, now.hash_len, now.salt_len, now.type)  # fmt: skip
    return False


@dataclass(frozen=True)
class CodeSnapshot:
    """Each namespace (a module or a class), with the objects it held."""

    modules: dict[str, ModuleType]  # by name, as sys.modules had them
    namespaces: list[tuple[Any, dict[str, Any]]]

    def same_code_as_now(self) -> bool:
        """True when every name still holds the same object (the hasher: the same costs).
        Modules loaded since are not compared: the start this snapshot was taken for
        ran without them."""
        if any(sys.modules.get(name) is not module for name, module in self.modules.items()):
            return False
        for owner, held in self.namespaces:
            current = vars(owner)
            if len(current) != len(held):
                return False
            for key, value in held.items():
                if key not in current or not _same(value, current[key]):
                    return False
        return True


def code_now() -> CodeSnapshot:
    """The code as it is now (the objects are held, so no id is ever reused)."""
    modules = {
        name: module
        for name, module in list(sys.modules.items())
        if isinstance(module, ModuleType) and _ours(name)
    }
    namespaces: list[tuple[Any, dict[str, Any]]] = []
    for module in modules.values():
        namespaces += _namespace_of(module)
    namespaces += [(cls, dict(vars(cls))) for cls in THIRD_PARTY_PATCHED]
    return CodeSnapshot(modules, namespaces)
