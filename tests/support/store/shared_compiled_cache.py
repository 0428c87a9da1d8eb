"""One cache of compiled SQL for all the engines a test process makes.

SQLAlchemy compiles each statement once per engine and keeps the result in the
engine's own cache, under a key that holds the engine's dialect object. The judge
makes one engine and keeps it for the life of its process, so it compiles each
statement once. The tests make an engine for every test (each its own SQLite file or
PostgreSQL schema), so each test compiled again every statement it ran: a fifth of
the CPU of the service tests went into compiling SQL that an earlier test had
already compiled to the same text.

`install` makes every engine of the process use one cache per backend, where two
dialects find each other's statements when they are of the same class with the same
settings (every attribute but the objects each dialect makes for itself). Dialects that
differ in any setting (the server's version, the default schema of a PostgreSQL
test's `search_path`, a JSON serializer) still compile apart. The SQL sent to the
database, and everything the judge does with the rows, is unchanged: only where the
compiled form of a statement is found.

The same goes for each mapper's cache of the statements a flush writes (SQLAlchemy
keeps those per mapper, under keys with the dialect in them).

The judge processes the tests start (`judge serve`, `deliver`...) are not touched.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.orm import Mapper
from sqlalchemy.util import LRUCache
from sqlalchemy.util.langhelpers import HasMemoized, memoized_property

CACHE_SIZE = 5000  # statements per backend: the suite's distinct ones, with room
# What each dialect makes for itself, whatever its settings: not part of the key.
OWN_OBJECTS = frozenset({"identifier_preparer", "type_compiler_instance", "type_compiler",
                         "_type_memos", "_psycopg_adapters_map"})  # fmt: skip
# The schema a PostgreSQL test's `search_path` names: a compiled statement holds it
# only where a schema translate map puts it there (SQLAlchemy fills it in when the
# statement runs, from the dialect it was compiled with), so it is part of the key
# only then, and the PostgreSQL tests, each in a schema of its own, share the rest.
DEFAULT_SCHEMA = "default_schema_name"

_caches: dict[str, LRUCache[Any, Any]] = {}
_installed = [False]


@cache
def memoized(kind: type[Dialect]) -> frozenset[str]:
    """What dialects of this class work out from their settings on first use and keep
    (`memoized_property`): left out of the key, else a dialect that has not run a
    statement yet would not find what a warmed one compiled."""
    return frozenset(
        name for each in kind.__mro__ for name, value in vars(each).items()
        if isinstance(value, (memoized_property, HasMemoized.memoized_attribute))
    )  # fmt: skip


def settings_key(dialect: Dialect, translated: bool = True) -> tuple[object, ...]:
    """The dialect's class and settings, as they stand: what its compiled statements
    depend on (its default schema only for a statement with a schema translate map,
    `translated`). A tuple of values, so that it hashes the same for as long as kept."""
    settings = []
    for name, value in sorted(vars(dialect).items()):
        if name in OWN_OBJECTS or name in memoized(type(dialect)):
            continue
        if name == DEFAULT_SCHEMA and not translated:
            continue
        try:
            hash(value)
        except TypeError:
            value = ("unhashable", id(value))
        settings.append((name, value))
    return (type(dialect), tuple(settings))


class SharedView:
    """An engine's compiled cache that is a window on its backend's shared one (what
    SQLAlchemy calls on a compiled cache: `get`, setting a key, `clear`).

    SQLAlchemy looks statements up under `(dialect, statement key, ...)`; this view
    stores and finds them under the same key with the dialect replaced by its
    settings as they were at that moment: a key that hashes the same for as long as
    it is kept, so the cache can prune it. The dialects keep their own hash and
    equality (by identity), which SQLAlchemy's other uses of them rely on."""

    def __init__(self, shared: LRUCache[Any, Any]) -> None:
        self.shared = shared

    def get(self, key: tuple[Any, ...], default: Any = None) -> Any:
        return self.shared.get(_by_settings(key), default)

    def __setitem__(self, key: tuple[Any, ...], value: Any) -> None:
        self.shared[_by_settings(key)] = value

    def __len__(self) -> int:
        return len(self.shared)

    def clear(self) -> None:
        self.shared.clear()


def _by_settings(key: tuple[Any, ...]) -> tuple[Any, ...]:
    """SQLAlchemy's key `(dialect, statement, columns, translate map?, executemany)`
    with the dialect's settings in the dialect's place."""
    first, *rest = key
    if not isinstance(first, Dialect):
        return key
    translated = len(key) != 5 or key[3] is not False  # not the shape known: keep all
    return (settings_key(first, translated), *rest)


def install() -> None:
    """From now on, every engine made in this process shares its backend's cache."""
    if _installed[0]:
        return
    _installed[0] = True
    made = Engine.__init__

    def sharing(engine: Engine, *arguments: Any, **options: Any) -> None:
        made(engine, *arguments, **options)
        if engine._compiled_cache is not None:  # the engine caches at all
            shared = _caches.setdefault(engine.dialect.name, LRUCache(CACHE_SIZE))
            engine._compiled_cache = SharedView(shared)  # type: ignore[assignment]

    Engine.__init__ = sharing  # type: ignore[method-assign]

    def _compiled_cache(mapper: Mapper[Any]) -> SharedView:
        # The ORM's own INSERTs, UPDATEs and DELETEs of a flush, kept per mapper under
        # the same kind of key: a view too, so a new engine finds them compiled.
        return SharedView(LRUCache(mapper._compiled_cache_size))

    Mapper._compiled_cache = HasMemoized.memoized_attribute(_compiled_cache)  # type: ignore[assignment,method-assign]
