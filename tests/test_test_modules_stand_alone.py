"""A test module is read on its own: what several test modules share lives in
`tests/support/` (imported `from support.X import ...`), never in another test
module. A helper left in a test module is found by reading the tests, not the
support package, and moves with the test's file (issue 33: "no harness in a test
module")."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
    return found


def test_the_check_finds_a_test_module_imported_by_another(tmp_path: Path) -> None:
    """The check itself finds a test module imported by another."""
    (tmp_path / "test_b.py").write_text("from service.game.test_a import helper\n")
    assert _test_modules_imported(tmp_path / "test_b.py") == ["service.game.test_a"]


def _test_modules_imported(path: Path) -> list[str]:
    return [
        module for module in _imported_modules(path)
        if module.rsplit(".", 1)[-1].startswith("test_")
    ]  # fmt: skip


def test_no_test_module_imports_another_test_module() -> None:
    found = {
        str(path.relative_to(TESTS)): imported
        for path in sorted(TESTS.rglob("*.py"))
        if (imported := _test_modules_imported(path))
    }
    assert found == {}, f"move what these share to tests/support/: {found}"
