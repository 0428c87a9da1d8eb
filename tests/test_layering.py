"""The layers of `judge/`: the rules core stays pure, each folder keeps to its layer, and
no import goes round a cycle.

Walks the imports of every module under `judge/rules` and `judge/variants` and
fails if one imports the database, mail, network, clock or process machinery,
or uses the global random generator instead of a seeded `random.Random`. Then walks
the import graph of all of `judge/` and fails on a module cycle, a cycle between the
parts of any package, or an import against the declared order of layers (`LAYERS`;
docs/server.md, "The layers of the code").
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

JUDGE = Path(__file__).resolve().parents[1] / "judge"
PURE_PACKAGES = ("rules", "variants")

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
ALLOWED_INTERNAL = {"judge.rules", "judge.variants"}


def pure_modules() -> list[Path]:
    return sorted(p for pkg in PURE_PACKAGES for p in (JUDGE / pkg).rglob("*.py"))


def imported_names(tree: ast.AST) -> list[str]:
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def is_allowed(name: str) -> bool:
    top = name.split(".")[0]
    if top == "judge":
        return any(name == p or name.startswith(p + ".") for p in ALLOWED_INTERNAL)
    return top in ALLOWED_STDLIB


@pytest.mark.parametrize("path", pure_modules(), ids=lambda p: str(p.relative_to(JUDGE)))
def test_pure_module_imports_only_pure_things(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    bad = [name for name in imported_names(tree) if not is_allowed(name)]
    assert not bad, f"{path.name} imports {bad}: the rules core must stay pure"


@pytest.mark.parametrize("path", pure_modules(), ids=lambda p: str(p.relative_to(JUDGE)))
def test_pure_module_uses_only_seeded_randomness(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "random" and node.attr != "Random":
                pytest.fail(f"{path.name} uses random.{node.attr}: pass a seeded Random in")
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            names = {alias.name for alias in node.names}
            assert names <= {"Random"}, f"{path.name} imports {names} from random"


@pytest.mark.parametrize("path", pure_modules(), ids=lambda p: str(p.relative_to(JUDGE)))
def test_pure_module_does_not_print_or_open_files(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in {"print", "open", "input"}, (
                f"{path.name} calls {node.func.id}(): the rules core does no I/O"
            )


def test_the_layering_check_catches_a_shell_import() -> None:
    tree = ast.parse("import sqlalchemy\nfrom judge.store import models\n")
    assert [n for n in imported_names(tree) if not is_allowed(n)] == [
        "sqlalchemy",
        "judge.store",
    ]


# --- the pipeline's folders: what each may not reach into ----------------------------
# `mail` (MIME) and `language` (the command language) read text: no database, no daemon;
# and the language is given the variants' words (`Vocabulary`: the registry the command
# line built), it never builds a registry of its own. `store` keeps rows and knows no
# MIME. The zine is a reader of the record, never of the service that writes it.
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "mail": ("judge.store", "judge.server"),
    "language": ("judge.store", "judge.server", "judge.variants"),
    "store": ("judge.mail",),
    "zine": ("judge.service",),
}


def all_imported_names(tree: ast.AST) -> list[str]:
    """Every module a file imports, at its top or inside a function."""
    names = imported_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.extend(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def forbidden_imports(package: str, tree: ast.AST) -> list[str]:
    banned = FORBIDDEN[package]
    return sorted(
        {
            name
            for name in all_imported_names(tree)
            if any(name == b or name.startswith(b + ".") for b in banned)
        }
    )


def layered_modules() -> list[tuple[str, Path]]:
    return [(pkg, p) for pkg in FORBIDDEN for p in sorted((JUDGE / pkg).rglob("*.py"))]


def _layer_id(value: object) -> str:
    return str(value.relative_to(JUDGE)) if isinstance(value, Path) else str(value)


@pytest.mark.parametrize(("package", "path"), layered_modules(), ids=_layer_id)
def test_each_folder_keeps_to_its_layer(package: str, path: Path) -> None:
    bad = forbidden_imports(package, ast.parse(path.read_text("utf-8")))
    assert not bad, f"{path.relative_to(JUDGE)} imports {bad}: {package} may not"


def test_the_folder_check_catches_a_forbidden_import() -> None:
    tree = ast.parse(
        "from judge.store import games\nfrom judge import server\nimport judge.mail.read\n"
    )
    assert forbidden_imports("mail", tree) == ["judge.server", "judge.store", "judge.store.games"]
    assert forbidden_imports("store", tree) == ["judge.mail.read"]
    assert forbidden_imports("zine", tree) == []


def test_every_layered_folder_exists() -> None:
    assert all((JUDGE / package / "__init__.py").exists() for package in FORBIDDEN)


# --- no cycles, and one order of layers --------------------------------------------------
# The import graph of `judge/`, read with `ast` (every import: at the top of a file, inside a
# function, under `if TYPE_CHECKING`; an import hidden in a function is still a dependency):
# * `import a.b.c` and `from a.b.c import name` depend on the module `a.b.c`;
# * `from a.b import c` depends on the module `a.b.c` when there is one, and on `a.b` itself
#   (its `__init__`) always: it reads that namespace. So a package whose `__init__` imports
#   its own modules (a facade) is never imported that way by those modules.
# Three rules hold over that graph:
# 1. no module cycle: no module reaches itself through its imports;
# 2. no package cycle: within each package, its direct parts (modules and sub-packages, a
#    sub-package standing for everything under it) import each other without a cycle;
# 3. the parts of `judge/` keep to `LAYERS`, lowest first: a part imports only from parts in
#    lower layers (never from its own layer), and every part has a layer.
LAYERS: tuple[tuple[str, ...], ...] = (
    # small modules of the base: a version, bundled files, the clock, a loop, the RFC 5322
    # grammar, the cost counter of hostile text, trusted relays, how a config key is
    # declared, the gettext marker
    ("version", "bundled", "clock", "loop", "rfc5322", "work", "trusted_relays",
     "config_keys", "i18n"),
    # the addresses the judge writes to (RFC 5322's addr-spec); a config checked against
    # its keys' declarations, and the example config written from them
    ("addresses", "config_ranges", "config_example"),
    ("config",),  # the typed settings
    ("rules",),  # the rules core: pure
    ("variants",),  # the variants, over the rules
    # the command language, the wording of replies, maps drawn, the `adjudicate` tool
    ("language", "wording", "render", "adjudicate"),
    ("mail",),  # MIME in and out; the body's command lines, by the language's keywords
    ("store",),  # rows
    ("migrations",),  # Alembic's scripts (package data), over the store's models
    ("outbox",),  # the outbox's way in, behind its gate (whether the judge may send)
    ("zine",),  # the published record of games, read from the store
    ("service",),  # a mail's commands and a deadline applied to games
    ("server",),  # the daemons: intake, processor, sender, scheduler
    ("cli",),  # the command line, which builds everything
)  # fmt: skip


def module_files(root: Path) -> dict[str, Path]:
    """Every module under `root` (a package directory) by its dotted name."""
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def module_imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules among `known` that the module `name` (the file `path`) depends on."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {module for module in found & known if module != name}


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules it imports, for every module of the package at `root`."""
    files = module_files(root)
    return {name: module_imports(name, path, set(files)) for name, path in files.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan's algorithm,
    without recursion), each sorted: every cycle of the graph lies within one."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def part_graph(graph: dict[str, set[str]], package: str) -> dict[str, set[str]]:
    """The direct parts of `package` (a module, or a sub-package with all under it) and
    which parts each imports; the package's own `__init__` is none of them."""

    def part(module: str) -> str | None:
        if not module.startswith(package + "."):
            return None
        return module[len(package) + 1 :].split(".")[0]

    parts: dict[str, set[str]] = {}
    for module, targets in graph.items():
        source = part(module)
        if source is None:
            continue
        reached = parts.setdefault(source, set())
        reached.update(p for p in map(part, targets) if p is not None and p != source)
    return parts


def packages_of(root: Path) -> list[str]:
    """Every package under `root`, itself included."""
    return sorted(name for name, path in module_files(root).items() if path.name == "__init__.py")


def layer_breaches(parts: dict[str, set[str]], layers: tuple[tuple[str, ...], ...]) -> list[str]:
    """Each import of a part from its own layer or a higher one, and each part without a
    layer, as a sentence."""
    rank = {part: level for level, layer in enumerate(layers) for part in layer}
    breaches = [f"{part} has no layer" for part in sorted(parts) if part not in rank]
    for part, targets in sorted(parts.items()):
        for target in sorted(targets):
            if part in rank and target in rank and rank[target] >= rank[part]:
                breaches.append(f"{part} imports {target}, which is not in a lower layer")
    return breaches


@functools.cache
def judge_graph() -> dict[str, set[str]]:
    return import_graph(JUDGE)


def test_no_module_imports_itself_round_a_cycle() -> None:
    assert cycles(judge_graph()) == []


@pytest.mark.parametrize("package", packages_of(JUDGE))
def test_the_parts_of_each_package_form_no_cycle(package: str) -> None:
    assert cycles(part_graph(judge_graph(), package)) == [], f"a cycle in {package}"


def test_the_parts_of_judge_keep_to_their_layers() -> None:
    assert layer_breaches(part_graph(judge_graph(), "judge"), LAYERS) == []


def test_every_declared_layer_names_a_part_of_judge() -> None:
    parts = set(part_graph(judge_graph(), "judge"))
    declared = [part for layer in LAYERS for part in layer]
    assert sorted(set(declared) - parts) == []
    assert len(declared) == len(set(declared)), "a part in two layers"


def _write_package(root: Path, files: dict[str, str]) -> Path:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return root / "pkg"


def test_the_cycle_checks_catch_a_new_cycle(tmp_path: Path) -> None:
    package = _write_package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/base.py": "import os\n",
            "pkg/low/__init__.py": "",
            "pkg/low/a.py": "from pkg.base import x\n",
            "pkg/low/b.py": "def late():\n    from pkg.high.c import y\n",
            "pkg/high/__init__.py": "",
            "pkg/high/c.py": "from pkg.low import a\n",
        },
    )
    graph = import_graph(package)
    assert graph["pkg.high.c"] == {"pkg.low", "pkg.low.a"}
    assert cycles(graph) == []  # b -> c -> a: no module cycle...
    assert cycles(part_graph(graph, "pkg")) == [["high", "low"]]  # ...but a package cycle
    (package / "low" / "a.py").write_text("from . import b\nfrom ..base import x\n", "utf-8")
    assert cycles(import_graph(package)) == [["pkg.high.c", "pkg.low.a", "pkg.low.b"]]


def test_the_cycle_checks_see_a_facade_read_by_its_own_modules(tmp_path: Path) -> None:
    package = _write_package(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg.inner import handle\n",
            "pkg/inner.py": "from pkg import helper\n",
            "pkg/helper.py": "",
        },
    )
    assert cycles(import_graph(package)) == [["pkg", "pkg.inner"]]
    (package / "inner.py").write_text("import pkg.helper as helper\n", "utf-8")
    assert cycles(import_graph(package)) == []


def test_the_layer_check_catches_an_import_upwards_and_a_part_without_a_layer() -> None:
    parts = {"store": {"rules"}, "rules": {"store"}, "zine": {"rules"}, "mail": {"mail2"}}
    layers = (("rules",), ("store", "mail", "mail2"))
    assert layer_breaches(parts, layers) == [
        "zine has no layer",
        "mail imports mail2, which is not in a lower layer",
        "rules imports store, which is not in a lower layer",
    ]
