"""Which connecting addresses are the operator's own mail relays (`[smtp] trusted_relays`).

Behind an MTA every mail arrives from the MTA's address, so a limit per connecting
address would be one switch for the whole judge: whoever fills it (300 mails from
300 senders, or a forged burst in a player's name) would get everyone refused. Mail
from a trusted relay is therefore never limited at the SMTP intake; the per-sender
verdict for it is taken when the mail is processed, where a mail that signs on
with a valid password is exempt (`judge.service.limits.declining`). Mail from any other
address is limited at the intake as before.

The setting is a list of addresses or networks, separated by spaces or commas, in
the form Postfix's `mynetworks` uses (`127.0.0.0/8 [::1]/128 192.0.2.7`); `"auto"`
(the default) trusts the loopback networks when the judge listens on a loopback
address, and nothing otherwise; `""` trusts nothing.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

AUTO = "auto"
LOOPBACK: tuple[Network, ...] = (
    ipaddress.ip_network("127.0.0.0/8"),
    ipaddress.ip_network("::1/128"),
)


def trusted_networks(setting: str, listen_host: str) -> tuple[Network, ...]:
    """The networks `setting` names; ValueError (with the entry) when one is not an
    address or a network."""
    text = setting.strip()
    if text.lower() == AUTO:
        return LOOPBACK if is_loopback_host(listen_host) else ()
    networks = []
    for entry in text.replace(",", " ").split():
        bare = entry[1:].replace("]", "", 1) if entry.startswith("[") else entry
        try:
            networks.append(ipaddress.ip_network(bare, strict=False))
        except ValueError as exc:
            raise ValueError(f"{entry!r} is not an IP address or network ({exc})") from None
    return tuple(networks)


def is_loopback_host(host: str) -> bool:
    """Whether the judge listening on `host` can only be reached from this machine."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip().strip("[]")).is_loopback
    except ValueError:
        return False


def is_trusted(peer: str, networks: Iterable[Network]) -> bool:
    """Whether the connecting address `peer` lies in one of `networks`."""
    try:
        address = ipaddress.ip_address(peer.partition("%")[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped  # ::ffff:127.0.0.1 on a dual-stack socket
    return any(address.version == net.version and address in net for net in networks)
