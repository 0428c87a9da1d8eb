"""One cache of compiled SQL for all the engines a test process makes.

SQLAlchemy compiles each statement once per engine and keeps the result in the
engine's own cache, under a key that holds the engine's dialect object. The judge
makes one engine and keeps it for the life of its process, so it compiles each
statement once. The tests make an engine for every test (each its own SQLite file or
PostgreSQL schema), so each test compiled again every statement it ran: a fifth of
the CPU of the service tests went into compiling SQL that an earlier test had
already compiled to the same text.

`install` makes every engine of the process use one cache per backend, and makes two
dialects the same cache key when they are of the same class with the same settings
(every attribute but the objects each dialect makes for itself). Dialects that
differ in any setting (the server's version, the default schema of a PostgreSQL
test's `search_path`, a JSON serializer) still compile apart. The SQL sent to the
database, and everything the judge does with the rows, is unchanged: only where the
compiled form of a statement is found.

The judge processes the tests start (`judge serve`, `deliver`...) are not touched.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.engine import Engine, default
from sqlalchemy.util import LRUCache

CACHE_SIZE = 5000  # statements per backend: the suite's distinct ones, with room
# What each dialect makes for itself, whatever its settings: not part of the key.
OWN_OBJECTS = frozenset({"identifier_preparer", "type_compiler_instance", "type_compiler",
                         "_type_memos"})  # fmt: skip

_caches: dict[str, LRUCache[Any, Any]] = {}
_installed = [False]


def settings_key(dialect: default.DefaultDialect) -> tuple[object, ...]:
    """The dialect's class and settings: what its compiled statements depend on."""
    settings = []
    for name, value in sorted(vars(dialect).items()):
        if name in OWN_OBJECTS:
            continue
        try:
            hash(value)
        except TypeError:
            value = ("unhashable", id(value))
        settings.append((name, value))
    return (type(dialect), tuple(settings))


def _hash(dialect: default.DefaultDialect) -> int:
    return hash(settings_key(dialect))


def _equal(dialect: default.DefaultDialect, other: object) -> bool:
    if dialect is other:
        return True
    if not isinstance(other, default.DefaultDialect):
        return NotImplemented  # type: ignore[no-any-return]
    return settings_key(dialect) == settings_key(other)


def install() -> None:
    """From now on, every engine made in this process shares its backend's cache."""
    if _installed[0]:
        return
    _installed[0] = True
    default.DefaultDialect.__hash__ = _hash  # type: ignore[assignment,method-assign]
    default.DefaultDialect.__eq__ = _equal  # type: ignore[assignment,method-assign]
    made = Engine.__init__

    def sharing(engine: Engine, *arguments: Any, **options: Any) -> None:
        made(engine, *arguments, **options)
        if engine._compiled_cache is not None:  # the engine caches at all
            engine._compiled_cache = _caches.setdefault(
                engine.dialect.name, LRUCache(CACHE_SIZE)
            )

    Engine.__init__ = sharing  # type: ignore[method-assign]
