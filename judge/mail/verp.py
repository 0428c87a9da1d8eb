"""VERP: each outgoing mail's own return path, so a bounce says which mail it returns.

The envelope sender of outbox row 42 from `judge@example.org` is
`judge+bounce-42-<mac>@example.org`, where `<mac>` is the start of an HMAC-SHA256 of
the row id. Whatever an MTA's bounce looks like, it goes to that address, and the
judge knows the mail, and so its recipient, from the address alone. The MAC keeps
anyone from making the judge believe a forged bounce for a row they guess.

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

from judge.config import Config

TAG = "bounce"
_MAC_LENGTH = 12  # hex digits
_ADDRESS = re.compile(
    rf"(?P<local>.+)\+{TAG}-(?P<id>\d{{1,18}})-(?P<mac>[0-9a-f]{{{_MAC_LENGTH}}})"
)


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
    judge = config.judge.address
    found = outbox_id_of(address, judge, verp_key(config))
    stored = config.stored_verp
    if found is None and stored is not None and stored.previous:
        found = outbox_id_of(address, judge, bytes.fromhex(stored.previous))
        if found is not None and found >= stored.previous_below:
            return None  # signed with the old key but sent after it was replaced
    return found


def bounce_address(judge_address: str, outbox_id: int, key: bytes) -> str:
    """The return path of outbox row `outbox_id`."""
    local, _, domain = judge_address.strip().rpartition("@")
    return f"{local}+{TAG}-{outbox_id}-{_mac(key, outbox_id)}@{domain}"


def outbox_id_of(address: str, judge_address: str, key: bytes) -> int | None:
    """The outbox row whose return path `address` is, or None when it is not one of
    ours (another local part or domain, or a MAC that does not match)."""
    local, _, domain = address.strip().rpartition("@")
    judge_local, _, judge_domain = judge_address.strip().rpartition("@")
    if domain.lower() != judge_domain.lower():
        return None
    match = _ADDRESS.fullmatch(local)
    if match is None or match["local"].lower() != judge_local.lower():
        return None
    outbox_id = int(match["id"])
    if not hmac.compare_digest(match["mac"], _mac(key, outbox_id)):
        return None
    return outbox_id


def _mac(key: bytes, outbox_id: int) -> str:
    digest = hmac.new(key, str(outbox_id).encode("ascii"), hashlib.sha256).hexdigest()
    return digest[:_MAC_LENGTH]
