"""VERP: each outgoing mail's own return path, so a bounce says which mail it returns.

The envelope sender of outbox row 42 to `fay@example.net` from `judge@example.org` is
`judge+bounce-42-<to>-<mac>@example.org`: `<to>` is the start of a SHA-256 of the
recipient's address, and `<mac>` the start of an HMAC-SHA256 of the row id and `<to>`.
Whatever an MTA's bounce looks like, it goes to that address, and the judge knows the
mail, and so its recipient, from the address alone. The MAC keeps anyone from making
the judge believe a forged bounce for a row they guess. `<to>` guards against a row
number used twice: a database restored from a backup numbers its new mail again from
the backup's point, and a late bounce of a mail lost with the restore must not be
counted against the player who got the new mail of that number (`judge.service.game_mail.bounces`
compares it with the row's recipient). Return paths of judges before `<to>` existed,
`judge+bounce-42-<mac>`, are still read.

The key is `[outbound] verp_secret` when the config sets one; else the random key
the judge generated at its first start and keeps in its database
(`judge.store.verp_keys`), so a backup restored elsewhere or a move to another
database keeps accepting bounces of mail sent before. Judges before that derived
the key from their address and database URL: that key stays valid for the rows
sent with it (`StoredVerpKeys.previous_below`). A config never started as a daemon
(a tool, a test) falls back to that derived key.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass

from judge.config import Config

TAG = "bounce"
_MAC_LENGTH = 12  # hex digits
_TO_LENGTH = 6  # hex digits
_ADDRESS = re.compile(
    rf"(?P<local>.+)\+{TAG}-(?P<id>\d{{1,18}})(?:-(?P<to>[0-9a-f]{{{_TO_LENGTH}}}))?"
    rf"-(?P<mac>[0-9a-f]{{{_MAC_LENGTH}}})"
)


@dataclass(frozen=True)
class ReturnPath:
    """A return path of ours: the outbox row, and the tag of its recipient (None in
    the return paths of judges before the tag existed)."""

    outbox_id: int
    recipient_tag: str | None

    def names(self, recipient: str) -> bool:
        """Whether this return path could be that of a mail to `recipient`."""
        return self.recipient_tag is None or self.recipient_tag == recipient_tag(recipient)


def recipient_tag(recipient: str) -> str:
    """The short hash of a recipient's address that its mails' return paths carry."""
    digest = hashlib.sha256(recipient.strip().lower().encode("utf-8")).hexdigest()
    return digest[:_TO_LENGTH]


def verp_key(config: Config) -> bytes:
    """The key new return paths are signed with."""
    secret = config.outbound.verp_secret
    if secret:
        return secret.encode("utf-8")
    if config.stored_verp is not None:
        return bytes.fromhex(config.stored_verp.secret)
    return derived_key(config)


def derived_key(config: Config) -> bytes:
    """The key judges derived from their address and database URL before they kept
    one in the database (weak: whoever knows both can compute it)."""
    seed = f"judge-verp\0{config.judge.address.lower()}\0{config.database.url}"
    return hashlib.sha256(seed.encode("utf-8")).digest()


def return_path_id(address: str, config: Config) -> int | None:
    """The outbox row whose return path `address` is, signed with the current key or,
    for rows sent before the judge kept its key, with the key it used then."""
    found = return_path_of(address, config)
    return found.outbox_id if found is not None else None


def return_path_of(address: str, config: Config) -> ReturnPath | None:
    """`address` read as one of our return paths (see `return_path_id`); None if not."""
    judge = config.judge.address
    found = read_return_path(address, judge, verp_key(config))
    stored = config.stored_verp
    if found is None and stored is not None and stored.previous:
        found = read_return_path(address, judge, bytes.fromhex(stored.previous))
        if found is not None and found.outbox_id >= stored.previous_below:
            return None  # signed with the old key but sent after it was replaced
    return found


def bounce_address(judge_address: str, outbox_id: int, key: bytes, recipient: str) -> str:
    """The return path of outbox row `outbox_id`, a mail to `recipient`."""
    local, _, domain = judge_address.strip().rpartition("@")
    tag = recipient_tag(recipient)
    return f"{local}+{TAG}-{outbox_id}-{tag}-{_mac(key, outbox_id, tag)}@{domain}"


def outbox_id_of(address: str, judge_address: str, key: bytes) -> int | None:
    """The outbox row whose return path `address` is, or None when it is not one of
    ours (another local part or domain, or a MAC that does not match)."""
    found = read_return_path(address, judge_address, key)
    return found.outbox_id if found is not None else None


def read_return_path(address: str, judge_address: str, key: bytes) -> ReturnPath | None:
    """`address` as a return path signed with `key`, or None (see `outbox_id_of`)."""
    local, _, domain = address.strip().rpartition("@")
    judge_local, _, judge_domain = judge_address.strip().rpartition("@")
    if domain.lower() != judge_domain.lower():
        return None
    match = _ADDRESS.fullmatch(local)
    if match is None or match["local"].lower() != judge_local.lower():
        return None
    outbox_id, tag = int(match["id"]), match["to"]
    if not hmac.compare_digest(match["mac"], _mac(key, outbox_id, tag)):
        return None
    return ReturnPath(outbox_id, tag)


def _mac(key: bytes, outbox_id: int, tag: str | None) -> str:
    signed = str(outbox_id) if tag is None else f"{outbox_id}-{tag}"
    digest = hmac.new(key, signed.encode("ascii"), hashlib.sha256).hexdigest()
    return digest[:_MAC_LENGTH]
