"""Bounces of the judge's own mail: find whose address bounced, mark it, tell the GMs.

A bounce reaches the judge at an outgoing mail's VERP return path
(`judge.mail.verp`), or at its plain address naming the returned mail's Message-ID.
At the plain address it must be a delivery status notification (`judge.mail.dsn`)
that says a recipient *failed* (a `delayed` report is only logged), about a mail in
our outbox: the outbox row gives the recipient, the DSN the reason. At a return
path, a bounce in an MTA's own words counts too (`judge.mail.free_form_bounce`);
a mail there that reads as no bounce (an auto-reply) is not one. A relay that
refuses a recipient at RCPT with a 5xx about the address (`refused_at_rcpt`) is a
bounce as well. None of these is ever answered.

The recipient's address is marked bouncing (`judge.store.bouncing`); at its first
bounce, the master of each game it plays in gets one notice naming the power and
the reason. Later bounces only count, until the address sends the judge a mail
again (`recovered`), which clears the mark.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from judge.config import Config
from judge.mail.bounds import TooCostly, check_bounds
from judge.mail.dsn import DeliveryReport, read_dsn
from judge.mail.free_form_bounce import read_free_form
from judge.mail.verp import ReturnPath, return_path_of
from judge.outbox.gate import Gate, no_mail_in
from judge.service.game_mail.mailing import broadcast, header_data
from judge.store import games as store
from judge.store.bouncing import clear_bouncing, mark_bouncing
from judge.store.models import (
    GameStatus,
    InboxMessage,
    OutboxMessage,
    PlayerRole,
    PlayerStatus,
)
from judge.store.retention import header_block
from judge.store.sent_mail import outbox_rows, outbox_rows_by_message_id
from judge.variants.registry import VariantRegistry
from judge.wording.describe import power_title
from judge.wording.templates import render

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Bounce:
    address: str
    diagnostic: str
    outbox_id: int


def handle_bounce(
    session: Session,
    row: InboxMessage,
    config: Config,
    variants: VariantRegistry,
    gate: Gate,
    now: datetime,
) -> bool:
    """True when `row` is a report about the judge's own mail (handled here, and never
    answered); False for every other mail."""
    paths = [path for rcpt in row.rcpt_tos if (path := return_path_of(rcpt, config))]
    verp_ids = _returned_ids(session, paths)
    if paths and not verp_ids:
        log.info("inbox %s: to the return path of outbox %s, which went to another "
                 "recipient (a mail lost with a restore, its number used again); nobody "
                 "marked, no reply", row.id, paths[0].outbox_id)  # fmt: skip
        return True
    if not verp_ids and b"multipart/report" not in header_block(bytes(row.raw)).lower():
        return False
    try:
        check_bounds(bytes(row.raw))  # the stdlib parser reads the report: bound its cost
    except TooCostly:
        return False  # not read as a bounce: the reader refuses it like any other mail
    report = read_dsn(bytes(row.raw))
    if report is None:
        if verp_ids and _free_form_bounce(session, config, variants, gate, row, verp_ids, now):
            return True
        if verp_ids:
            log.info("inbox %s: a mail to the return path of outbox %s that is no delivery "
                     "report (an auto-reply?); no reply", row.id, verp_ids[0])  # fmt: skip
            return True
        return False
    sent = _returned_mails(session, verp_ids, report)
    if not sent:
        return False  # not about our mail: the no-reply rules take it from here
    bounces = _bounces(sent, report)
    if not bounces:
        log.info("inbox %s: a delivery report (%s) for outbox %s; no failure",
                 row.id, _actions(report), ", ".join(str(m.id) for m in sent))  # fmt: skip
        return True
    for bounce in bounces:
        _mark(session, config, variants, gate, bounce, now)
        log.warning("inbox %s: outbox %s to %s bounced: %s", row.id, bounce.outbox_id,
                    bounce.address, bounce.diagnostic)  # fmt: skip
    return True


def _returned_ids(session: Session, paths: Iterable[ReturnPath]) -> list[int]:
    """The outbox rows of the return paths the mail came to. A return path whose
    recipient tag is not that of its row's recipient names a mail this database does
    not hold (one lost with a restore, its number used again): it names no row."""
    found: list[int] = []
    for path in paths:
        sent = session.get(OutboxMessage, path.outbox_id)
        if sent is None or path.names(sent.to_address):
            found.append(path.outbox_id)
    return found


def _free_form_bounce(
    session: Session, config: Config, variants: VariantRegistry, gate: Gate, row: InboxMessage,
    verp_ids: list[int], now: datetime,
) -> bool:  # fmt: skip
    """A bounce in an MTA's own words at a return path (`judge.mail.free_form_bounce`):
    True when it is one (a permanent failure marks the returned mail's recipient; a
    temporary one is only logged), False when it reads as no bounce (an auto-reply)."""
    found = read_free_form(bytes(row.raw))
    if found is None:
        return False
    sent = outbox_rows(session, verp_ids)
    if not found.permanent:
        ids = ", ".join(str(m.id) for m in sent)
        log.info("inbox %s: a delay notice for outbox %s (%s); no failure", row.id, ids,
                 ", ".join(sorted(found.temporary)))  # fmt: skip
        return True
    named = ", ".join(sorted(found.permanent))
    for mail in sent:
        diagnostic = f"returned undelivered (a bounce without a delivery report; for {named})"
        bounce = Bounce(mail.to_address.lower(), diagnostic, mail.id)
        _mark(session, config, variants, gate, bounce, now)
        log.warning("inbox %s: outbox %s to %s bounced (free-form bounce for %s)", row.id,
                    mail.id, bounce.address, named)  # fmt: skip
    return True


def refused_at_rcpt(
    session: Session, config: Config, variants: VariantRegistry, outbox_id: int, address: str,
    diagnostic: str, now: datetime,
) -> None:
    """The relay refused `address` at RCPT for outbox row `outbox_id` (`550 5.1.1 user
    unknown`): the bounce a DSN would have brought, told without waiting for one."""
    bounce = Bounce(address.strip().lower(), diagnostic, outbox_id)
    _mark(session, config, variants, no_mail_in(), bounce, now)  # the sender's work, no mail in
    log.warning("outbox %s to %s refused by the relay at RCPT: %s; marked bouncing",
                outbox_id, bounce.address, diagnostic)  # fmt: skip


def recovered(session: Session, address: str) -> None:
    """`address` sent the judge a mail: it is no longer bouncing."""
    if address and clear_bouncing(session, address):
        log.info("%s wrote to the judge: no longer marked bouncing", address)


def _returned_mails(
    session: Session, verp_ids: list[int], report: DeliveryReport
) -> list[OutboxMessage]:
    """The outbox rows the report is about: by return path, else by Message-ID."""
    if verp_ids:
        return outbox_rows(session, verp_ids)
    if report.returned_message_ids:
        return outbox_rows_by_message_id(session, report.returned_message_ids)
    return []


def _bounces(sent: Iterable[OutboxMessage], report: DeliveryReport) -> list[Bounce]:
    """Each returned mail whose recipient the report says failed. A report without
    recipient blocks about a returned mail counts as a failure of that mail."""
    failed = {status.address: status.diagnostic for status in report.failed}
    named = {status.address for status in report.recipients}
    found: dict[str, Bounce] = {}
    for mail in sent:
        address = mail.to_address.lower()
        if address in failed:
            diagnostic = failed[address]
        elif named and address in named:
            continue  # delayed, delivered, relayed...
        elif report.failed:
            diagnostic = report.failed[0].diagnostic  # the MTA rewrote the address
        elif not report.recipients:
            diagnostic = report.subject
        else:
            continue
        found.setdefault(address, Bounce(address, diagnostic, mail.id))
    return list(found.values())


def _actions(report: DeliveryReport) -> str:
    return ", ".join(sorted({status.action or "no action" for status in report.recipients}))


def _mark(
    session: Session,
    config: Config,
    variants: VariantRegistry,
    gate: Gate,
    bounce: Bounce,
    now: datetime,
) -> None:
    marked = mark_bouncing(session, bounce.address, bounce.diagnostic, now)
    if marked.row.gm_told_at is None:
        _tell_masters(session, config, variants, gate, bounce, now)
        marked.row.gm_told_at = now


def _tell_masters(
    session: Session,
    config: Config,
    variants: VariantRegistry,
    gate: Gate,
    bounce: Bounce,
    now: datetime,
) -> None:
    """One notice to the master of each running game the address plays in."""
    for game, player in store.games_of_address(session, bounce.address):
        if player.role is not PlayerRole.PLAYER or player.status is not PlayerStatus.ACTIVE:
            continue
        if game.status is GameStatus.FINISHED:
            continue
        body = functools.partial(
            render,
            "bounce_notice.txt.j2",
            **header_data(config, game, variants.get(game.variant).display_name),
            address=player.address,
            powers=[power_title(power) for power in player.powers],
            diagnostic=bounce.diagnostic,
        )
        for master in store.players_of(session, game, roles=[PlayerRole.MASTER]):
            if master.address.lower() == bounce.address:
                continue
            broadcast(
                session, config, game, to=[master.address], what="Bouncing Address",
                body=body, kind="notice", now=now, gate=gate,
            )  # fmt: skip
