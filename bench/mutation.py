"""Mutation run: small AST-level changes to a module, each run against that module's
tests; a mutant the tests do not fail on is a survivor, printed for a judgement.

    python bench/mutation.py                     # every module in TARGETS
    python bench/mutation.py judge/outbox/gate.py  # one of them
    python bench/mutation.py --list judge/service/context.py  # the mutants, not run
    python bench/mutation.py --again LOG         # only the survivors a run printed
    python bench/mutation.py --every 3 --match 'line' judge/service/replies/dispatch.py
        # a sample: every third mutant, and every mutant whose text matches the pattern

The mutants: a comparison turned round (`==`/`!=`, `<`/`>=`, `in`/`not in`, `is`/
`is not`), `and`/`or` swapped, a `not` dropped, `True`/`False` swapped, an integer
plus one, and a statement of a function body deleted (made `pass`). Docstrings and
logging calls are left alone (no test reads a log line as behaviour).

The run works on a copy of the repository (the checkout is never changed, so tests
running beside it see the real code): each mutant is written into the copy and the
module's tests (`TARGETS`) run there with `pytest -x`, with a time limit. A mutant
that makes the module fail to import counts as killed. The figures: per module,
mutants, killed, survived, and the survivors with their line.
"""

from __future__ import annotations

import argparse
import ast
import copy
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 240

TARGETS: dict[str, list[str]] = {  # kept small: each mutant runs them once
    "judge/service/context.py": [
        "tests/service/replies/test_dispatch_context.py",
        "tests/service/test_mail_context.py",
    ],
    "judge/service/replies/dispatch.py": [
        "tests/service/replies/test_dispatch_context.py",
        "tests/service/replies/test_mail_caps.py",
        "tests/service/replies/test_reads_only.py",
    ],
    "judge/outbox/gate.py": ["tests/outbox/test_gate_explicit.py"],
    "judge/service/limits/hourly_limit.py": [
        "tests/server/intake/test_intake_counts.py",
        "tests/service/limits/test_rate_limit_notice.py",
    ],
    "judge/service/limits/declining.py": [
        "tests/service/limits/test_rate_limit_notice.py",
        "tests/service/limits/test_rate_limit_language.py",
    ],
}

FLIPPED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.GtE, ast.GtE: ast.Lt,
    ast.Gt: ast.LtE, ast.LtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}  # fmt: skip


@dataclass(frozen=True)
class Mutant:
    line: int
    what: str
    source: str  # the whole module, mutated


def _is_docstring(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(
        node.value.value, str)  # fmt: skip


def _is_logging(node: ast.AST) -> bool:
    if not isinstance(node, ast.Expr) or not isinstance(node.value, ast.Call):
        return False
    func = node.value.func
    return isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and (
        func.value.id == "log")  # fmt: skip


def _sites(tree: ast.Module) -> Iterator[tuple[ast.AST, str, int]]:
    """Every place a mutant can be made: (node, kind, index) in a fixed order."""
    in_function: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for stmt in ast.walk(node):
                in_function.add(id(stmt))
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for index, op in enumerate(node.ops):
                if type(op) in FLIPPED:
                    yield node, "compare", index
        elif isinstance(node, ast.BoolOp):
            yield node, "boolop", 0
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node, "not", 0
        elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
            yield node, "bool", 0
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            yield node, "int", 0
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list) or id(node) not in in_function:
                continue
            for index, stmt in enumerate(block):
                if isinstance(stmt, ast.stmt) and not _is_docstring(stmt) and not _is_logging(stmt):
                    yield node, f"delete:{field}", index


def _apply(node: ast.AST, kind: str, index: int) -> tuple[str, int]:
    """Mutate `node` in place (it belongs to a copy of the tree); what was done."""
    line = getattr(node, "lineno", 0)
    if kind == "compare":
        assert isinstance(node, ast.Compare)
        old = node.ops[index]
        node.ops[index] = FLIPPED[type(old)]()
        return f"{type(old).__name__} -> {type(node.ops[index]).__name__}", line
    if kind == "boolop":
        assert isinstance(node, ast.BoolOp)
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        return f"boolop -> {type(node.op).__name__}", line
    if kind == "not":
        assert isinstance(node, ast.UnaryOp)
        node.op = ast.UAdd()  # `+x` of a bool is its truth as an int: `not` dropped
        return "not dropped", line
    if kind == "bool":
        assert isinstance(node, ast.Constant)
        node.value = not node.value
        return f"{not node.value} -> {node.value}", line
    if kind == "int":
        assert isinstance(node, ast.Constant) and isinstance(node.value, int)
        old_value = node.value
        node.value = old_value + 1
        return f"{old_value} -> {node.value}", line
    field = kind.split(":", 1)[1]
    block = getattr(node, field)
    stmt = block[index]
    block[index] = ast.copy_location(ast.Pass(), stmt)
    first = ast.unparse(stmt).splitlines()[0][:70]
    return f"deleted `{first}`", stmt.lineno


def mutants(path: Path) -> list[Mutant]:
    tree = ast.parse(path.read_text())
    count = sum(1 for _ in _sites(tree))
    made = []
    for number in range(count):
        mutated = copy.deepcopy(tree)
        node, kind, index = list(_sites(mutated))[number]
        what, line = _apply(node, kind, index)
        made.append(Mutant(line, what, ast.unparse(ast.fix_missing_locations(mutated))))
    return made


def _copy_repository(into: Path) -> None:
    anywhere = shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.sqlite*")

    def ignore(folder: str, names: list[str]) -> set[str]:
        skipped = set(anywhere(folder, names))
        if Path(folder) == ROOT:  # the judge's own mail folders, not the package's outbox
            skipped |= {"outbox", "spool"} & set(names)
        return skipped

    shutil.copytree(ROOT, into, ignore=ignore, dirs_exist_ok=True)


def _run_tests(copy_root: Path, tests: list[str]) -> bool:
    """True when the tests pass (the mutant survived)."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("JUDGE_TEST_DATABASE_URL", None)
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
               "-p", "no:randomly", *tests]  # fmt: skip
    try:
        done = subprocess.run(command, cwd=copy_root, env=env, capture_output=True,
                              timeout=TIMEOUT_S, check=False)  # fmt: skip
    except subprocess.TimeoutExpired:
        return False  # a mutant that hangs the tests is caught by them
    return done.returncode == 0


def _check_copy_is_imported(copy_root: Path, modules: list[str]) -> None:
    """Every module to mutate must be imported from the copy (an editable install's
    finder would quietly serve the checkout's for a package missing from it)."""
    names = [module.removesuffix(".py").replace("/", ".") for module in modules]
    code = f"import importlib; print(*(importlib.import_module(n).__file__ for n in {names!r}))"
    found = subprocess.run([sys.executable, "-c", code], cwd=copy_root, capture_output=True,
                           text=True, check=True).stdout.split()  # fmt: skip
    strays = [path for path in found if not path.startswith(str(copy_root))]
    if strays:
        raise SystemExit(f"not imported from the copy: {strays}: run from a venv")


def survivors_in(log: Path) -> dict[str, set[tuple[int, str]]]:
    """The survivors an earlier run printed, by module: (line, what)."""
    found: dict[str, set[tuple[int, str]]] = {}
    for line in log.read_text().splitlines():
        match = re.match(r"\s*survived (\S+?):(\d+): (.*)$", line)
        if match:
            found.setdefault(match[1], set()).add((int(match[2]), match[3]))
    return found


def chosen(made: list[Mutant], every: int, match: str | None) -> list[Mutant]:
    """Every `every`-th mutant (all with 1), and those whose text matches `match`."""
    return [m for number, m in enumerate(made)
            if number % every == 0 or (match is not None and re.search(match, m.what))]  # fmt: skip


def run(
    module: str, copy_root: Path, only: set[tuple[int, str]] | None = None,
    every: int = 1, match: str | None = None,
) -> tuple[int, list[Mutant]]:  # fmt: skip
    tests = [t for t in TARGETS[module] if (ROOT / t).exists()]
    target = copy_root / module
    original = target.read_text()
    if not _run_tests(copy_root, tests):
        print(f"{module}: its tests fail before any mutant: not run", flush=True)
        return 0, []
    survivors = []
    made = [m for m in mutants(ROOT / module) if only is None or (m.line, m.what) in only]
    made = chosen(made, every, match)
    try:
        for mutant in made:
            target.write_text(mutant.source)
            lived = _run_tests(copy_root, tests)
            print(f"    {'SURVIVED' if lived else 'killed'} {module}:{mutant.line}: {mutant.what}",
                  flush=True)  # fmt: skip
            if lived:
                survivors.append(mutant)
    finally:
        target.write_text(original)
    return len(made), survivors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", default=list(TARGETS))
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--again", type=Path, help="run only the survivors this log printed")
    parser.add_argument("--every", type=int, default=1, help="run every n-th mutant only")
    parser.add_argument("--match", help="and every mutant whose text matches this pattern")
    args = parser.parse_args()
    again = survivors_in(args.again) if args.again else None
    if again is not None:
        args.modules = [module for module in args.modules if module in again]
    if args.list:
        for module in args.modules:
            for mutant in mutants(ROOT / module):
                print(f"{module}:{mutant.line}: {mutant.what}")
        return
    with tempfile.TemporaryDirectory(prefix="judge-mutation-") as folder:
        copy_root = Path(folder)
        _copy_repository(copy_root)
        _check_copy_is_imported(copy_root, args.modules)
        for module in args.modules:
            started = time.monotonic()
            only = again[module] if again else None
            total, survivors = run(module, copy_root, only, args.every, args.match)
            took = time.monotonic() - started
            print(f"{module}: {total} mutants, {total - len(survivors)} killed, "
                  f"{len(survivors)} survived ({took:.0f} s)", flush=True)  # fmt: skip
            for mutant in survivors:
                print(f"  survived {module}:{mutant.line}: {mutant.what}", flush=True)


if __name__ == "__main__":
    main()
