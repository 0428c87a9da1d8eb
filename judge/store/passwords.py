"""Player passwords, hashed with Argon2id (argon2-cffi's defaults).

Hashing is slow on purpose (tens of milliseconds): callers inside the event loop
run it in a thread. A hash made with weaker parameters than today's defaults can
be upgraded after a successful check (`needs_rehash`).
"""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_HASHER = PasswordHasher()


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    """True when `password` matches; False for a wrong password or a malformed hash."""
    try:
        return _HASHER.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    return _HASHER.check_needs_rehash(password_hash)
