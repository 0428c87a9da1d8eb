"""`judge retry --outbox ID`: an outgoing mail's id, or `pending` (every queued mail,
as `judge flush`). Read by the parser, before any of the judge is imported."""

from __future__ import annotations

import argparse

PENDING = "pending"


def outbox_argument(text: str) -> int | str:
    if text.strip().lower() == PENDING:
        return PENDING
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an outbox id nor 'pending': {text!r}") from None
