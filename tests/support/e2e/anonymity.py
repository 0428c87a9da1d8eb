"""The check that a gunboat game kept its players anonymous: reusable by any test
that has the judge's mails (and any other text a reader may see, e.g. zine pages).

`leaks` reads every mail whole, each reader's mailbox on its own: every header,
every text part, every attachment's bytes. A reader may see its own address, and
the master (who runs the game) may see everyone's; nobody else may see a player's
address, nor its local part (`ann` of `ann@example.org`), in any case. Public
pages (the zine) may show no player's address at all. A player who moved (SET
ADDRESS) is one person with several addresses: give them as a tuple.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from email.message import EmailMessage, Message

Players = Iterable[str | tuple[str, ...]]  # one address, or all of one player's


def identities(players: Players) -> list[tuple[frozenset[str], tuple[str, ...]]]:
    """Each player: their addresses, and the strings that would give them away (each
    address and its local part)."""
    found = []
    for player in players:
        addresses = [player] if isinstance(player, str) else list(player)
        lowered = [a.lower() for a in addresses]
        giveaways = tuple(g for a in lowered for g in (a, a.split("@")[0]))
        found.append((frozenset(lowered), giveaways))
    return found


def mail_text(mail: EmailMessage) -> str:
    """Everything a reader could see of a mail, as one lower-case text."""
    parts = [f"{name}: {value}" for name, value in mail.items()]
    for part in mail.walk():
        if part.is_multipart():
            continue
        parts.extend(f"{name}: {value}" for name, value in part.items())
        parts.append(_content(part))
    return "\n".join(parts).lower()


def _content(part: Message) -> str:
    data = part.get_payload(decode=True)
    if not isinstance(data, bytes):
        return str(part.get_payload())
    return data.decode(part.get_content_charset() or "latin-1", "replace")


def leaks(
    mails: Iterable[EmailMessage],
    players: Players,
    *,
    may_see_all: Collection[str] = (),
    pages: Mapping[str, str] | None = None,
) -> list[str]:
    """Every place where a reader saw another player's address: "who: what (where)".

    `players`: every address that ever played (old ones too, after SET ADDRESS);
    `may_see_all`: readers allowed to see them (the master); `pages`: public texts by
    name, which may show no player at all."""
    secret = identities(players)
    exempt = {a.lower() for a in may_see_all}
    found: list[str] = []
    for mail in mails:
        reader = str(mail["To"]).lower()
        if reader in exempt:
            continue
        text = mail_text(mail)
        for addresses, giveaways in secret:
            if reader in addresses:
                continue
            found += [f"{reader}: {g} ({mail['Subject']})" for g in giveaways if g in text]
    for name, page in (pages or {}).items():
        lowered = page.lower()
        found += [f"page {name}: {g}" for _, gs in secret for g in gs if g in lowered]
    return found


def assert_anonymous(
    mails: Iterable[EmailMessage],
    players: Players,
    *,
    may_see_all: Collection[str] = (),
    pages: Mapping[str, str] | None = None,
) -> None:
    """Fail with every leak `leaks` finds."""
    found = leaks(mails, players, may_see_all=may_see_all, pages=pages)
    assert not found, "a player's identity was shown:\n" + "\n".join(found[:40])
