"""A mail's sender, verified by the operator's MTA or not (`judge.mail.auth_results`).

A verified sender (DMARC or DKIM pass for its From domain, in an
Authentication-Results header of the configured `[security] authserv_id`) is
never locked out by wrong passwords that others sent in its name
(`judge.service.commands.passwords`).
"""

from __future__ import annotations

from judge.config import Config
from judge.mail.auth_results import header_fields, verified_domain
from judge.store.models import InboxMessage


def sender_verified(inbox_row: InboxMessage, sender: str, config: Config) -> bool:
    authserv_id = config.security.authserv_id
    if not authserv_id or "@" not in sender:
        return False
    domain = sender.rpartition("@")[2]
    return verified_domain(header_fields(inbox_row.raw), authserv_id, domain)
