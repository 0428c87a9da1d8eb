"""A failure to start, and the reasons the judge prints in one line.

`judge serve` and `judge scheduler` raise `StartupError` when they cannot start; every
command that opens the database names it by its URL without the password
(`shown_url`) and says why in the driver's own words (`cause`). Kept apart from
`judge.server.startup` (which migrates, and so imports Alembic): `judge deliver`, run
once per incoming mail, and `judge.cli`'s `main` need only these few lines.
"""

from __future__ import annotations

from sqlalchemy.engine import make_url

CAUSE_LENGTH = 300  # characters of a cause shown; a driver's message can be long


class StartupError(Exception):
    """The judge cannot start; the message says what and why, in one line."""


def shown_url(url: str) -> str:
    """`url` as a log may show it: the password replaced by ***."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(not a database URL)"


def cause(exc: BaseException) -> str:
    """The reason of `exc` in one line: a database driver's own message rather than
    SQLAlchemy's wrapping of it (which adds the SQL and a link)."""
    inner = getattr(exc, "orig", None) or exc
    text = " ".join(str(inner).split()) or inner.__class__.__name__
    if isinstance(inner, ModuleNotFoundError):  # the database's driver
        text += " (for PostgreSQL: pip install 'psycopg[binary]>=3.1' into the judge's venv)"
    if isinstance(inner, OSError) and inner.strerror and inner.filename:
        text = f"{inner.filename}: {inner.strerror}"
    return text[:CAUSE_LENGTH]
