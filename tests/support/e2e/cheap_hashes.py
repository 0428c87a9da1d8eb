"""The service's inbox handler, with cheap password hashes, for `judge serve` under test.

`judge serve` runs with it through `tests/support/serve_with.py`
(`e2e.cheap_hashes:CheapHandler`: the launcher builds one for its judge, with the
judge's variant registry). Importing this module swaps the Argon2id hasher for one
with tiny costs (as the service tests' `quick_password_hashes` fixture does): the
same code path, without half a second per SIGNON, so an end-to-end game stays fast.
"""

from __future__ import annotations

from argon2 import PasswordHasher

import judge.store.passwords
from judge.service.replies.service_handler import ServiceHandler

judge.store.passwords._HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)


class CheapHandler(ServiceHandler):
    """The service's handler; cheap only by the hasher this module swapped in."""


__all__ = ["CheapHandler"]
