"""Argon2 work done ahead of time, so that it never runs under the write lock.

Checking a password or hashing a new one costs tens of milliseconds of CPU on
purpose. The inbox processor holds the database's write lock (SQLite) for a whole
batch, so the service's handler does that work *before* the batch, in a read-only
step (`judge.service.game.prepare`): each result is kept here, and the handler takes it
when it meets the same password line. Anything not prepared (a mail the read-only
step could not foresee) is computed on the spot, as before.

Results are kept under a digest of (hash, password) and taken once; the memory is
bounded, so a flood of prepared work only evicts the oldest entries. They belong to
one `PasswordWork`, owned by one handler (`judge.service.replies.service_handler.ServiceHandler`,
built for one judge): two judges in one process keep their own.
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


class PasswordWork:
    """The Argon2 results one handler's prepare step made ahead for its handle step."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._verified: OrderedDict[bytes, bool] = OrderedDict()
        self._hashed: OrderedDict[bytes, list[str]] = OrderedDict()

    def verify_ahead(self, password_hash: str, password: str) -> bool:
        """Check a password now and keep the answer for `verify`."""
        ok = verify_password(password_hash, password)
        with self._lock:
            _keep(self._verified, _key(password_hash, password), ok)
        return ok

    def verify(self, password_hash: str, password: str) -> bool:
        """The answer `verify_ahead` kept, or a check made now."""
        with self._lock:
            kept = self._verified.pop(_key(password_hash, password), None)
        return verify_password(password_hash, password) if kept is None else kept

    def hash_ahead(self, password: str) -> None:
        """Hash a password that is about to be set, and keep the hash for `new_hash`."""
        made = hash_password(password)
        key = _key(password)
        with self._lock:
            kept = self._hashed.get(key, [])[-(MAX_PER_PASSWORD - 1) :]
            _keep(self._hashed, key, [*kept, made])

    def new_hash(self, password: str) -> str:
        """A hash of `password`: one made ahead, or one made now."""
        key = _key(password)
        with self._lock:
            kept = self._hashed.get(key)
            if kept:
                made = kept.pop()
                if not kept:
                    del self._hashed[key]
                return made
        return hash_password(password)
