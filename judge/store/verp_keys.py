"""The VERP key kept with the data: generated at the judge's first start, read at
every start (`stored_verp_keys`; `judge.server.startup.with_stored_verp_keys` puts
it in the daemons' config), so backups and moves carry it.

Before this, the key was derived from the judge's address and database URL: a
restore to another path or a move to PostgreSQL changed it, and bounces of mail
sent before were refused. A database that already holds outgoing mail when its key
is generated also keeps the key those mails were signed with (`previous`) and the
first outbox id signed with the new one (`previous_below`): bounces of the earlier
mail are still accepted, and the old, guessable key is worth nothing for later mail.
An explicit `[outbound] verp_secret` in the config still wins (`judge.mail.verp`).
"""

from __future__ import annotations

import secrets

from sqlalchemy import Engine, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from judge.config import StoredVerpKeys
from judge.store.db import make_session_factory
from judge.store.models import JudgeSetting, OutboxMessage

SECRET, PREVIOUS, PREVIOUS_BELOW = "verp_secret", "verp_previous_key", "verp_previous_below"


def stored_verp_keys(engine: Engine, previous_key: bytes) -> StoredVerpKeys:
    """The database's VERP keys, generated first if it has none yet; `previous_key` is
    the key the judge signed with until now (kept when mail was sent with it)."""
    sessions = make_session_factory(engine)
    for _attempt in range(2):  # two judges starting together: the second reads the first's
        try:
            with sessions.begin() as session:
                return _keys(session, previous_key)
        except IntegrityError:
            continue
    raise RuntimeError("cannot store the VERP key")  # pragma: no cover


def _keys(session: Session, previous_key: bytes) -> StoredVerpKeys:
    stored = {row.name: row.value for row in session.scalars(select(JudgeSetting))}
    if SECRET not in stored:
        stored = _generate(session, previous_key)
    return StoredVerpKeys(
        secret=stored[SECRET],
        previous=stored.get(PREVIOUS, ""),
        previous_below=int(stored.get(PREVIOUS_BELOW, "0")),
    )


def _generate(session: Session, previous_key: bytes) -> dict[str, str]:
    values = {SECRET: secrets.token_hex(32)}
    last_sent = session.scalar(select(func.max(OutboxMessage.id)))
    if last_sent is not None:  # an existing judge: its mail was signed with the old key
        values[PREVIOUS] = previous_key.hex()
        values[PREVIOUS_BELOW] = str(last_sent + 1)
    session.add_all(JudgeSetting(name=name, value=value) for name, value in values.items())
    session.flush()
    return values
