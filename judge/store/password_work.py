"""Argon2 work done ahead of time, so that it never runs under the write lock.

Checking a password or hashing a new one costs tens of milliseconds of CPU on
purpose. The inbox processor holds the database's write lock (SQLite) for a whole
batch, so the service's handler does that work *before* the batch, in a read-only
step (`judge.service.game.prepare`): each result is kept here, and the handler takes it
when it meets the same password line. Anything not prepared (a mail the read-only
step could not foresee) is computed on the spot, as before.

Results are kept under a digest of (hash, password) and taken once; the memory is
bounded, so a flood of prepared work only evicts the oldest entries.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from typing import TypeVar

from judge.store.passwords import hash_password, verify_password

MAX_KEPT = 4096
MAX_PER_PASSWORD = 4  # hashes kept ahead for one password
V = TypeVar("V")

_lock = threading.Lock()
_verified: OrderedDict[bytes, bool] = OrderedDict()
_hashed: OrderedDict[bytes, list[str]] = OrderedDict()


def _key(*parts: str) -> bytes:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return digest.digest()


def _keep(store: OrderedDict[bytes, V], key: bytes, value: V) -> None:
    store[key] = value
    store.move_to_end(key)
    while len(store) > MAX_KEPT:
        store.popitem(last=False)


def verify_ahead(password_hash: str, password: str) -> bool:
    """Check a password now and keep the answer for `verify`."""
    ok = verify_password(password_hash, password)
    with _lock:
        _keep(_verified, _key(password_hash, password), ok)
    return ok


def verify(password_hash: str, password: str) -> bool:
    """The answer `verify_ahead` kept, or a check made now."""
    with _lock:
        kept = _verified.pop(_key(password_hash, password), None)
    return verify_password(password_hash, password) if kept is None else kept


def hash_ahead(password: str) -> None:
    """Hash a password that is about to be set, and keep the hash for `new_hash`."""
    made = hash_password(password)
    key = _key(password)
    with _lock:
        _keep(_hashed, key, [*_hashed.get(key, [])[-(MAX_PER_PASSWORD - 1) :], made])


def new_hash(password: str) -> str:
    """A hash of `password`: one made ahead, or one made now."""
    key = _key(password)
    with _lock:
        kept = _hashed.get(key)
        if kept:
            made = kept.pop()
            if not kept:
                del _hashed[key]
            return made
    return hash_password(password)


def forget_all() -> None:
    """Drop every kept result (tests)."""
    with _lock:
        _verified.clear()
        _hashed.clear()
