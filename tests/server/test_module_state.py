"""No module of `judge/` keeps mutable state for the process: what a judge keeps while
it runs belongs to its runtime object (`judge.server.runtime.Judge`), so two judges
in one process (two tests, say) share none of it.

Walks every module under `judge/` and fails on

* a `global` statement anywhere;
* a mutable container bound at module level, or in the body of a module-level class
  (shared by every instance): a dict, list or set literal or comprehension, or a
  call of `dict()`, `list()`, `set()`, `defaultdict()` and their kin (`MUTABLE_CALLS`),

except a constant: a name in capitals (PEP 8's spelling of a constant, `_KINDS`,
`NAMING_CONVENTION`), a read-only table by convention, *provided* no module of
`judge/` mutates it through its name (`NAME[key] = ...`, `del NAME[key]`,
`NAME += ...`, `NAME.append(...)`, `module.NAME.update(...)`, ...), which the scan
checks too (a bare name in the module that binds it or in one that imports that
name; `something.NAME` anywhere); and `__all__`. Anything else is listed in
`ALLOWED`, with the reason.

The scan sees names, not objects: a table mutated through an alias, or a cache kept
by a decorator (`functools.cache` on a pure function), is not caught here.
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

JUDGE = Path(__file__).resolve().parents[2] / "judge"

# Calls that make a mutable container (by the name called: `dict(...)`,
# `collections.defaultdict(...)`, `threading.local()`).
MUTABLE_CALLS = frozenset({
    "dict", "list", "set", "bytearray", "defaultdict", "OrderedDict", "Counter", "deque",
    "ChainMap", "WeakKeyDictionary", "WeakValueDictionary", "WeakSet", "SimpleNamespace",
    "local",
})  # fmt: skip

# The methods that mutate a dict, list, set, deque or bytearray in place.
MUTATING_METHODS = frozenset({
    "append", "extend", "insert", "remove", "pop", "popitem", "clear", "update",
    "setdefault", "add", "discard", "sort", "reverse", "appendleft", "extendleft",
    "popleft", "difference_update", "intersection_update", "symmetric_difference_update",
    "__setitem__", "__delitem__",
})  # fmt: skip

CONSTANT = re.compile(r"_*[A-Z][A-Z0-9_]*")

# (module path under judge/, name or "global NAME"): why it may stay.
ALLOWED: dict[tuple[str, str], str] = {
    ("work.py", "_count"): "a diagnostic counter, process-wide by design: the tests read "
    "the work of one mail at a time (tests/hostile/test_body_cost.py)",
}


@dataclass(frozen=True)
class Finding:
    module: str  # path under judge/
    line: int
    name: str  # the name bound, or "global NAME"
    why: str

    def __str__(self) -> str:
        return f"judge/{self.module}:{self.line}: {self.name}: {self.why}"


def module_state(sources: dict[str, str]) -> list[Finding]:
    """The module-level mutable state in `sources` (path under judge/ -> source), but
    for the constants no module mutates (see the module's docstring)."""
    trees = {module: ast.parse(source, module) for module, source in sources.items()}
    findings: list[Finding] = []
    constants: list[Finding] = []
    for module, tree in trees.items():
        findings.extend(_globals(module, tree))
        for finding in _mutable_bindings(module, tree.body):
            is_constant = CONSTANT.fullmatch(finding.name) or finding.name == "__all__"
            (constants if is_constant else findings).append(finding)
    mutations = list(_mutations(trees))
    for constant in constants:
        where = [at for at in mutations if _touches(at, constant, trees)]
        if where:
            places = ", ".join(f"{at.module}:{at.line}" for at in where)
            findings.append(Finding(constant.module, constant.line, constant.name,
                                    f"{constant.why}, mutated at {places}"))  # fmt: skip
    return sorted(findings, key=lambda f: (f.module, f.line))


def _globals(module: str, tree: ast.Module) -> Iterator[Finding]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            for name in node.names:
                yield Finding(module, node.lineno, f"global {name}", "a `global` statement")


def _mutable_bindings(module: str, body: list[ast.stmt], where: str = "") -> Iterator[Finding]:
    """Mutable containers bound by the statements of a module (or of a class in it),
    looking into module-level `if`, `try`, `with` and loops, not into functions."""
    for node in body:
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            made = _mutable_value(node.value)
            if made is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for name in _bound_names(targets):
                    yield Finding(module, node.lineno, name, f"{where}{name} = {made}")
        elif isinstance(node, ast.ClassDef):
            yield from _mutable_bindings(module, node.body, f"class {node.name}: ")
        elif isinstance(node, ast.If | ast.For | ast.While | ast.With | ast.Try):
            for field in ("body", "orelse", "finalbody"):
                yield from _mutable_bindings(module, getattr(node, field, []), where)
            for handler in getattr(node, "handlers", []):
                yield from _mutable_bindings(module, handler.body, where)


def _mutable_value(value: ast.expr | None) -> str | None:
    """What mutable container `value` makes ("a dict literal"), or None."""
    literals = {ast.Dict: "a dict literal", ast.List: "a list literal", ast.Set: "a set literal",
                ast.DictComp: "a dict comprehension", ast.ListComp: "a list comprehension",
                ast.SetComp: "a set comprehension"}  # fmt: skip
    for kind, text in literals.items():
        if isinstance(value, kind):
            return text
    if isinstance(value, ast.Call):
        called = value.func
        name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", "")
        if name in MUTABLE_CALLS:
            return f"a call of {name}()"
    return None


def _bound_names(targets: Sequence[ast.expr]) -> Iterator[str]:
    for target in targets:
        if isinstance(target, ast.Name):
            yield target.id
        elif isinstance(target, ast.Tuple | ast.List):
            yield from _bound_names(target.elts)
        elif isinstance(target, ast.Attribute):
            yield target.attr


@dataclass(frozen=True)
class Mutation:
    module: str
    line: int
    name: str
    bare: bool  # `NAME...`, not `something.NAME...`


def _mutations(trees: dict[str, ast.Module]) -> Iterator[Mutation]:
    """Every in-place mutation of a name (bare, or as `something.NAME`)."""
    for module, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.stmt | ast.expr):
                for target in _mutated_by(node):
                    name = target.id if isinstance(target, ast.Name) else target.attr
                    yield Mutation(module, node.lineno, name, isinstance(target, ast.Name))


def _touches(mutation: Mutation, constant: Finding, trees: dict[str, ast.Module]) -> bool:
    """Whether `mutation` may be of `constant`'s table."""
    if mutation.name != constant.name:
        return False
    if not mutation.bare or mutation.module == constant.module:
        return True
    return any(
        isinstance(node, ast.ImportFrom) and any(alias.name == constant.name and
                                                 alias.asname in (None, constant.name)
                                                 for alias in node.names)
        for node in ast.walk(trees[mutation.module])
    )  # fmt: skip


def _mutated_by(node: ast.AST) -> Iterator[ast.Name | ast.Attribute]:
    """The names (or attributes) `node` mutates in place."""
    if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Delete):
        targets = node.targets if isinstance(node, ast.Assign | ast.Delete) else [node.target]
        for target in targets:
            if isinstance(target, ast.Subscript):
                yield from _named(target.value)
            elif isinstance(node, ast.AugAssign):
                yield from _named(target)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr in MUTATING_METHODS:
            yield from _named(node.func.value)


def _named(expr: ast.expr) -> Iterator[ast.Name | ast.Attribute]:
    if isinstance(expr, ast.Name | ast.Attribute):
        yield expr


def judge_sources() -> dict[str, str]:
    return {
        path.relative_to(JUDGE).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(JUDGE.rglob("*.py"))
    }


def test_no_module_of_the_judge_keeps_mutable_state() -> None:
    findings = [
        finding for finding in module_state(judge_sources())
        if (finding.module, finding.name) not in ALLOWED
    ]  # fmt: skip
    assert not findings, "module-level mutable state:\n" + "\n".join(map(str, findings))


def test_every_allowed_entry_is_still_needed() -> None:
    found = {(finding.module, finding.name) for finding in module_state(judge_sources())}
    stale = [entry for entry in ALLOWED if entry not in found]
    assert not stale, f"allowed but no longer found (remove them from ALLOWED): {stale}"


OFFENDER = textwrap.dedent(
    """
    from collections import defaultdict
    import threading

    _cache = {}
    _seen: set[str] = set()
    _by_key = defaultdict(list)
    _local = threading.local()
    TABLE = {"a": 1}  # a constant by its name, but mutated below
    PLAIN = {"b": 2}  # a constant, never mutated: allowed
    __all__ = ["remember"]
    if True:
        _later = [n for n in range(3)]


    class Registry:
        known = []  # shared by every instance
        NAMES = ("x",)


    def remember(key: str) -> None:
        global _counter
        TABLE[key] = 2
        PLAIN.get(key)

        def inner() -> None:
            local_list = []  # inside a function: not module state
            local_list.append(1)

        inner()
    """
)


def test_the_scan_catches_a_module_that_keeps_state() -> None:
    findings = module_state({"offender.py": OFFENDER})
    assert [(f.line, f.name) for f in findings] == [
        (5, "_cache"),
        (6, "_seen"),
        (7, "_by_key"),
        (8, "_local"),
        (9, "TABLE"),
        (13, "_later"),
        (17, "known"),
        (22, "global _counter"),
    ]
    assert "mutated at offender.py:23" in next(str(f) for f in findings if f.name == "TABLE")
    assert "class Registry: known = a list literal" in str(findings[6])


def test_a_constant_mutated_by_the_module_that_imports_it_is_caught() -> None:
    tables = "RATES = {'a': 1}\nWORDS = ['x']\nKEPT = {'k': 0}\n"
    user = textwrap.dedent(
        """
        import tables
        from tables import RATES


        def change() -> None:
            RATES["b"] = 2  # the imported table itself
            tables.WORDS.append("y")  # through its module
            KEPT = {}  # a local of the same name: not the table
            KEPT["k"] = 1
        """
    )
    findings = module_state({"tables.py": tables, "user.py": user})
    assert [(f.module, f.name) for f in findings] == [("tables.py", "RATES"),
                                                      ("tables.py", "WORDS")]  # fmt: skip
    assert "mutated at user.py:7" in str(findings[0])
    assert "mutated at user.py:8" in str(findings[1])
