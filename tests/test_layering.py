"""The rules core and the variants stay pure: they never reach into the shell.

Walks the imports of every module under `judge/rules` and `judge/variants` and
fails if one imports the database, mail, network, clock or process machinery,
or uses the global random generator instead of a seeded `random.Random`.
"""

from __future__ import annotations

import ast
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
