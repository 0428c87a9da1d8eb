"""VERP: each outgoing mail's own return path, so a bounce says which mail it returns.

The envelope sender of outbox row 42 from `judge@example.org` is
`judge+bounce-42-<mac>@example.org`, where `<mac>` is the start of an HMAC-SHA256 of
the row id. Whatever an MTA's bounce looks like, it goes to that address, and the
judge knows the mail, and so its recipient, from the address alone. The MAC keeps
anyone from making the judge believe a forged bounce for a row they guess.

The key is `[outbound] verp_secret`; left empty, it is derived from the judge's
address and database URL (stable, but not secret from whoever knows both).
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
    secret = config.outbound.verp_secret
    if secret:
        return secret.encode("utf-8")
    seed = f"judge-verp\0{config.judge.address.lower()}\0{config.database.url}"
    return hashlib.sha256(seed.encode("utf-8")).digest()


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
