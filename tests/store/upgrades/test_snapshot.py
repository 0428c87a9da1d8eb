"""The row comparison of the release upgrade test sees what it must, and lets pass only
what a migration declares."""

from __future__ import annotations

from support.store.upgrades.declared_changes import Declared, declared_from, migrations_after
from support.store.upgrades.snapshot import Snapshot, differences

BEFORE: Snapshot = {
    "orders": {(1,): {"id": 1, "phase_id": 1, "lines": "[]"}},
    "addresses": {("a@x.org",): {"address": "a@x.org", "code": "C"}},
}


def _after(**tables: dict[tuple[object, ...], dict[str, object]]) -> Snapshot:
    return {**BEFORE, **tables}


def test_nothing_changed_is_no_difference() -> None:
    assert differences(BEFORE, _after(), Declared()) == []


def test_a_new_column_and_a_new_table_are_no_difference() -> None:
    after = _after(orders={(1,): {"id": 1, "phase_id": 1, "lines": "[]", "new": None}},
                   phase_orders={})  # fmt: skip
    assert differences(BEFORE, after, Declared()) == []


def test_a_deleted_row_a_rewritten_value_and_a_lost_column_are_differences() -> None:
    assert differences(BEFORE, _after(orders={}), Declared()) == [
        "orders (1,): row deleted: {'id': 1, 'phase_id': 1, 'lines': '[]'}"
    ]
    rewritten = _after(orders={(1,): {"id": 1, "phase_id": 1, "lines": "[ ]"}})
    assert differences(BEFORE, rewritten, Declared()) == ["orders (1,).lines: '[]' became '[ ]'"]
    lost = _after(orders={(1,): {"id": 1, "phase_id": 1}})
    assert differences(BEFORE, lost, Declared()) == ["orders.lines is gone"]
    assert differences(BEFORE, {"addresses": BEFORE["addresses"]}, Declared()) == [
        "table orders is gone (1 rows)"
    ]


def test_only_what_is_declared_may_differ() -> None:
    rewritten = _after(orders={(1,): {"id": 1, "phase_id": 1, "lines": "[ ]"}})
    assert differences(BEFORE, rewritten, Declared(columns=frozenset({("orders", "lines")}))) == []
    added = _after(addresses={**BEFORE["addresses"], ("b@x.org",): {"address": "b@x.org"}})
    assert differences(BEFORE, added, Declared()) == ["addresses: 1 row(s) added: [('b@x.org',)]"]
    assert differences(BEFORE, added, Declared(rows_added=frozenset({"addresses"}))) == []
    assert differences(BEFORE, added, Declared(rows_added=frozenset({"orders"}))) != []


def test_a_declaration_counts_only_when_its_migration_runs() -> None:
    assert "0013_held_mail" in migrations_after("0012_judge_settings")
    assert migrations_after("0013_held_mail")[0] != "0013_held_mail"
    assert declared_from(migrations_after("0001_initial")).rows_added == {"addresses"}
    assert declared_from(migrations_after("0013_held_mail")) == Declared()
    assert migrations_after("0012_h22ops") == migrations_after("0012_judge_settings")
