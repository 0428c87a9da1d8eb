"""A mail's sender, verified by the operator's MTA or not (`judge.mail.auth_results`).

A verified sender (DMARC or DKIM pass for its From domain, in an
Authentication-Results header of the configured `[security] authserv_id`) is
never locked out by wrong passwords that others sent in its name
(`judge.service.commands.passwords`). The fields are read from the mail's one
reading (`judge.mail.read`), never from its raw bytes again.
"""

from __future__ import annotations

from judge.config import Config
from judge.mail.auth_results import verified_domain
from judge.mail.read import IncomingMail


def sender_verified(mail: IncomingMail, config: Config) -> bool:
    """Whether the operator's MTA vouches for the From domain of `mail`, as read once
    (its Authentication-Results fields are those of the one parse of the mail)."""
    authserv_id = config.security.authserv_id
    if not authserv_id or "@" not in mail.sender:
        return False
    domain = mail.sender.rpartition("@")[2]
    return verified_domain(list(mail.auth_results), authserv_id, domain)
