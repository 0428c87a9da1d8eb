"""The private parts of aiosmtpd and SQLAlchemy the judge overrides or relies on are there.

`judge.server.smtp_protocol.IntakeSMTP` overrides aiosmtpd's private `_getaddr` and
shortens `dir()` of the protocol and the handler, which aiosmtpd's constructor walks
to build its private tables. `judge.store.db` replaces three methods of each
engine's dialect (savepoints as plain SQL) and reads a dialect flag. pyproject.toml
bounds both libraries below the next version not checked; an upgrade past it that
renames or reshapes any of these fails here, by name, not somewhere in the intake.
"""

from __future__ import annotations

import inspect

from aiosmtpd.smtp import SMTP
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection, CursorResult
from sqlalchemy.engine.default import DefaultDialect

from judge.rfc5322 import stdlib_only
from judge.server.intake import IntakeHandler
from judge.server.smtp_protocol import IntakeSMTP


def _parameters(function: object) -> list[str]:
    return list(inspect.signature(function).parameters)  # type: ignore[arg-type]


def test_aiosmtpd_reads_addresses_with_getaddr_of_one_argument() -> None:
    assert _parameters(SMTP._getaddr) == ["self", "arg"]
    assert _parameters(IntakeSMTP._getaddr) == _parameters(SMTP._getaddr)


def test_aiosmtpd_limits_local_parts_with_local_part_limit() -> None:
    assert isinstance(SMTP.local_part_limit, int)
    assert "local_part_limit" in inspect.getsource(SMTP._getaddr)


def test_aiosmtpd_builds_its_tables_from_dir_of_protocol_and_handler() -> None:
    """What `__dir__` of IntakeSMTP and IntakeHandler shorten: the constructor's walk of
    `dir()` into `_smtp_methods`, `_handle_hooks` and `_auth_methods`."""
    source = inspect.getsource(SMTP.__init__)
    assert "dir(self)" in source and "dir(handler)" in source
    handler = IntakeHandler.__new__(IntakeHandler)
    short = IntakeSMTP(handler)
    with stdlib_only():  # dir() in full, as aiosmtpd itself would read it
        full = IntakeSMTP(handler)
    for table in ("_smtp_methods", "_handle_hooks", "_auth_methods"):
        assert isinstance(getattr(short, table), dict), table
        assert getattr(short, table).keys() == getattr(full, table).keys(), table
    assert {"MAIL", "RCPT", "DATA"} <= short._handle_hooks.keys()


def test_sqlalchemy_dialects_send_savepoints_through_three_methods() -> None:
    for method in ("do_savepoint", "do_release_savepoint", "do_rollback_to_savepoint"):
        assert _parameters(getattr(DefaultDialect, method)) == ["self", "connection", "name"]
    assert _parameters(Connection.exec_driver_sql)[:2] == ["self", "statement"]


def test_sqlalchemy_dialects_say_whether_batch_inserts_return_ids_in_order() -> None:
    dialect = create_engine("sqlite://").dialect
    assert isinstance(dialect.insert_executemany_returning_sort_by_parameter_order, bool)
    assert isinstance(inspect.getattr_static(CursorResult, "inserted_primary_key"), property)
