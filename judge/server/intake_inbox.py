"""The inbox as the intake sees it: where received mail is stored, and what decides
whether a mail may be received (the judge's addresses, the hourly limits, the trusted
relays).

Shared by the SMTP listener (`judge.server.intake`) and `judge deliver`
(`judge.server.piped`); apart from the listener so that `judge deliver`, which the MTA
runs once per incoming mail, does not import the SMTP server it does not run.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session as DbSession
from sqlalchemy.orm import sessionmaker

from judge.clock import Clock
from judge.config import Config
from judge.mail.verp import return_path_id
from judge.service.limits import hourly_limit
from judge.store.db import begin_read_only
from judge.store.inbox import ReceivedMail, store_messages
from judge.trusted_relays import Network, is_trusted, trusted_networks


@dataclass(frozen=True)
class Inbox:
    """Durable storage of received mail, shared by the SMTP listener and `deliver`."""

    sessions: sessionmaker[DbSession]
    clock: Clock
    config: Config

    def store(self, mail: ReceivedMail) -> int:
        """Commit one mail to the inbox table and return its id. Blocking."""
        [inbox_id] = store_messages(self.sessions, [mail], self.clock.now())
        return inbox_id

    def is_trusted(self, peer: str) -> bool:
        """A connecting address of the operator's own relays: not limited at intake."""
        return is_trusted(peer, self.trusted)

    @property
    def trusted(self) -> tuple[Network, ...]:
        smtp = self.config.smtp
        return _networks(smtp.trusted_relays, smtp.host)

    def recent_counts(self) -> list[tuple[tuple[str, ...], datetime]]:
        """The intake's counts of the last hour, from the database (at start). Blocking."""
        with self.sessions() as session:
            begin_read_only(session)
            return hourly_limit.recent_intake(
                session, self.clock.now(), lambda peer: not self.is_trusted(peer)
            )

    def intake_limits(self, mail_from: str, peer: str) -> dict[tuple[str, ...], int]:
        """The SMTP intake's keys for one mail, with their hourly limits."""
        by_sender, by_peer = hourly_limit.intake_keys(mail_from, peer)
        limits = self.config.limits
        return {by_sender: limits.per_sender_per_hour,
                by_peer: limits.per_connection_address_per_hour}  # fmt: skip

    def is_judge_address(self, address: str) -> bool:
        return address.strip().lower() == self.config.judge.address.strip().lower()

    def is_return_path(self, address: str) -> bool:
        """One of the judge's VERP return paths (where bounces of its mail arrive)."""
        return return_path_id(address, self.config) is not None


@functools.cache
def _networks(setting: str, host: str) -> tuple[Network, ...]:
    return trusted_networks(setting, host)
