"""The layers of `judge/`: `lint-imports` checks them, and this file adds what it cannot.

The contracts are in pyproject.toml (`[tool.importlinter]`; docs/server.md, "The layers of
the code"): the order of the layers, what each folder may not import, the rules core free
of the shell, no cycle between the parts of any package. The first test runs
`lint-imports` and fails with its report; the planted imports show that each contract can
fail. Then the rules import-linter cannot express:

* the rules core's *allow-list* of the standard library: a `forbidden` contract names what
  may not be imported, it cannot say "only these";
* the rules core's seeded randomness and its lack of print/open/input: not imports at all;
* a package's `__init__` imported back by the modules it imports (a facade read by its own
  parts): `acyclic_siblings` looks at the cycles between a package's children, and the
  package's own `__init__` is none of them;
* who writes SQL (docs/server.md, "Who writes SQL"): the service imports from SQLAlchemy
  only the session's type and its errors, and runs no statement. import-linter sees an
  external package as one node (`sqlalchemy`), so it cannot tell `sqlalchemy.orm.Session`
  from `sqlalchemy.select`.

Every import counts wherever it is written (top of a file, inside a function, under
`if TYPE_CHECKING`): grimp, import-linter's graph, reads them all.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import grimp
import pytest
from importlinter.api import read_configuration
from importlinter.contracts.acyclic_siblings import AcyclicSiblingsContract
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.layers import LayersContract
from importlinter.domain.contract import Contract

ROOT = Path(__file__).resolve().parents[1]
JUDGE = ROOT / "judge"
PYPROJECT = ROOT / "pyproject.toml"
PURE_PACKAGES = ("judge.rules", "judge.variants")

ALLOWED_STDLIB = {
    "__future__",
    "abc",
    "bisect",
    "collections",
    "dataclasses",
    "enum",
    "functools",
    "heapq",
    "importlib",
    "itertools",
    "math",
    "random",
    "re",
    "string",
    "tomllib",
    "types",
    "typing",
    "fractions",
    "operator",
}

# What the service may take from SQLAlchemy: the session it is handed (and the factory
# of sessions for work outside a mail's transaction), and the errors it catches.
SERVICE_SQLALCHEMY = {"sqlalchemy.orm": {"Session", "sessionmaker"}, "sqlalchemy.exc": None}
STATEMENT_RUNNERS = {"execute", "scalar", "scalars"}


@functools.cache
def judge_graph() -> grimp.ImportGraph:
    return grimp.build_graph("judge", include_external_packages=True, cache_dir=None)


def _lint_imports() -> subprocess.CompletedProcess[str]:
    code = "import sys; from importlinter.cli import lint_imports_command; lint_imports_command()"
    return subprocess.run(
        [sys.executable, "-c", code, "--config", str(PYPROJECT), "--no-cache"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip


def test_lint_imports_keeps_every_contract() -> None:
    run = _lint_imports()
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


# --- each contract fails on a planted import -------------------------------------------
CONTRACT_TYPES: dict[str, type[Contract]] = {
    "layers": LayersContract,
    "forbidden": ForbiddenContract,
    "acyclic_siblings": AcyclicSiblingsContract,
}
PLANTED: dict[str, tuple[str, str]] = {
    "layers": ("judge.store.models", "judge.service.context"),
    "pure-core": ("judge.rules.state", "sqlalchemy"),
    "text-readers": ("judge.mail.read", "judge.store.models"),
    "language-given-words": ("judge.language.commands", "judge.variants.registry"),
    "store-knows-no-mime": ("judge.store.outbox", "judge.mail.compose"),
    "zine-reads-the-record": ("judge.zine.page", "judge.service.status"),
    "service-parts": ("judge.service.context", "judge.service.commands.orders"),
    "acyclic": ("judge.service.context", "judge.service.commands.orders"),
}


def _contracts() -> dict[str, Contract]:
    configuration = read_configuration(str(PYPROJECT))
    session = configuration["session_options"]
    found: dict[str, Contract] = {}
    for options in configuration["contracts_options"]:
        options = dict(options)
        kind = CONTRACT_TYPES[options.pop("type")]
        found[options["id"]] = kind(options.pop("name"), session, options)
    return found


def test_every_contract_has_a_planted_import() -> None:
    assert sorted(_contracts()) == sorted(PLANTED)


@pytest.mark.parametrize("contract_id", sorted(PLANTED))
def test_each_contract_breaks_on_a_planted_import(contract_id: str) -> None:
    """Kept without the planted import: `test_lint_imports_keeps_every_contract`."""
    contract = _contracts()[contract_id]
    importer, imported = PLANTED[contract_id]
    graph = grimp.build_graph("judge", include_external_packages=True, cache_dir=None)
    graph.add_import(importer=importer, imported=imported, line_number=1, line_contents="x")
    assert not contract.check(graph, verbose=False).kept, f"{importer} -> {imported} passed"


# --- the rules core: only these parts of the standard library, seeded randomness, no I/O ---
def pure_modules() -> list[str]:
    graph = judge_graph()
    return sorted(m for pkg in PURE_PACKAGES for m in {pkg, *graph.find_descendants(pkg)})


def impure_imports(graph: grimp.ImportGraph, modules: list[str]) -> list[str]:
    """Each `module -> imported` of `modules` outside the rules core and the allow-list."""
    bad: list[str] = []
    for module in modules:
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            internal = any(imported == p or imported.startswith(p + ".") for p in PURE_PACKAGES)
            if not internal and imported.split(".")[0] not in ALLOWED_STDLIB:
                bad.append(f"{module} -> {imported}")
    return bad


def test_the_rules_core_imports_only_allowed_things() -> None:
    assert impure_imports(judge_graph(), pure_modules()) == []


def test_the_allow_list_catches_a_stdlib_import() -> None:
    graph = grimp.build_graph("judge", include_external_packages=True, cache_dir=None)
    graph.add_import(importer="judge.rules.state", imported="os", line_number=1, line_contents="")
    graph.add_import(importer="judge.variants.registry", imported="judge.clock")
    assert impure_imports(graph, pure_modules()) == [
        "judge.rules.state -> os",
        "judge.variants.registry -> judge.clock",
    ]


def pure_files() -> list[Path]:
    return sorted(p for pkg in PURE_PACKAGES for p in (ROOT / pkg.replace(".", "/")).rglob("*.py"))


def impure_calls(tree: ast.AST) -> list[str]:
    """The global random generator used, or print/open/input called."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "random" and node.attr != "Random":
                found.append(f"random.{node.attr}")
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            found.extend(f"from random import {a.name}" for a in node.names if a.name != "Random")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in {"print", "open", "input"}:
                found.append(f"{node.func.id}()")
    return found


def test_the_rules_core_uses_seeded_randomness_and_does_no_io() -> None:
    bad = {
        str(path.relative_to(JUDGE)): found
        for path in pure_files()
        if (found := impure_calls(ast.parse(path.read_text("utf-8"))))
    }
    assert bad == {}, "pass a seeded Random in; the rules core does no I/O"


def test_the_purity_check_catches_global_random_and_io() -> None:
    tree = ast.parse("import random\nfrom random import shuffle\nrandom.choice([1])\nprint(1)\n")
    assert sorted(impure_calls(tree)) == ["from random import shuffle", "print()", "random.choice"]
    assert impure_calls(ast.parse("rng = random.Random(4)\nrng.choice([1])\n")) == []


# --- no package's `__init__` is imported back by what it imports -------------------------
def facade_cycles(graph: grimp.ImportGraph) -> list[str]:
    """Each `package -> part` where the package's `__init__` imports a module under it that
    imports the package back, directly or not."""
    found: list[str] = []
    packages = [m for m in graph.modules if not graph.is_module_squashed(m)]
    for package in sorted(m for m in packages if graph.find_children(m)):
        for part in sorted(graph.find_modules_directly_imported_by(package)):
            if part.startswith(package + ".") and graph.chain_exists(
                importer=part, imported=package
            ):
                found.append(f"{package} -> {part}")
    return found


def test_no_package_init_is_imported_back_by_its_parts() -> None:
    assert facade_cycles(judge_graph()) == []


def test_the_facade_check_catches_a_package_read_back() -> None:
    graph = grimp.ImportGraph()
    for module in ("pkg", "pkg.inner", "pkg.helper", "pkg.low", "pkg.low.deep"):
        graph.add_module(module)
    graph.add_import(importer="pkg", imported="pkg.inner")
    graph.add_import(importer="pkg.inner", imported="pkg.helper")
    assert facade_cycles(graph) == []
    graph.add_import(importer="pkg.helper", imported="pkg")
    graph.add_import(importer="pkg.low", imported="pkg.low.deep")
    graph.add_import(importer="pkg.low.deep", imported="pkg.low")
    assert facade_cycles(graph) == ["pkg -> pkg.inner", "pkg.low -> pkg.low.deep"]


# --- who writes SQL: store/ holds every query; service/ only calls store functions --------
def sql_in_service(tree: ast.AST) -> list[str]:
    """What a service module takes from SQLAlchemy beyond `SERVICE_SQLALCHEMY`, and each
    statement it runs itself (`.execute`, `.scalar`, `.scalars`)."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(a.name for a in node.names if a.name.split(".")[0] == "sqlalchemy")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "sqlalchemy":
            module = node.module or ""
            allowed = SERVICE_SQLALCHEMY.get(module, set())
            names = [a.name for a in node.names]
            found.extend(f"{module}.{n}" for n in names if allowed is not None and n not in allowed)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in STATEMENT_RUNNERS:
                found.append(f".{node.func.attr}()")
    return found


def test_the_service_writes_no_sql() -> None:
    bad = {
        str(path.relative_to(JUDGE)): found
        for path in sorted((JUDGE / "service").rglob("*.py"))
        if (found := sql_in_service(ast.parse(path.read_text("utf-8"))))
    }
    assert bad == {}, "a query belongs in judge/store/ (docs/server.md, 'Who writes SQL')"


def test_the_sql_check_catches_a_query_in_the_service() -> None:
    tree = ast.parse(
        "import sqlalchemy\nfrom sqlalchemy import func, select\n"
        "from sqlalchemy.orm import Session, joinedload\nfrom sqlalchemy.exc import NoResultFound\n"
        "def f(session):\n    return session.scalars(q)\n"
    )
    assert sql_in_service(tree) == [
        "sqlalchemy", "sqlalchemy.func", "sqlalchemy.select", "sqlalchemy.orm.joinedload",
        ".scalars()",
    ]  # fmt: skip
    assert sql_in_service(ast.parse("from sqlalchemy.orm import Session\nsession.add(x)\n")) == []
