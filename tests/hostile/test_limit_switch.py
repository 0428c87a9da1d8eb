"""Limits that no stranger can turn into a switch (issue 20, item 4), over real SMTP.

Behind an MTA every mail comes from one connecting address (the MTA's), so a limit
per connecting address there would be a judge-wide switch: whoever fills it gets
everyone refused. A trusted relay (by default loopback, when the judge listens on
loopback) is therefore never limited at intake; its mail gets the per-sender
verdict when it is processed, where a valid password is exempt. For peers that
are not trusted, only a mail whose data arrives counts (a session that says
`MAIL FROM` and quits costs nothing), and the counts are read back from the
database when `judge serve` starts again.
"""

from __future__ import annotations

import smtplib
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlalchemy import func, select
from support.e2e.judge_process import _body
from support.hostile.serving import Serve
from support.migrated_copy import MigratedTemplates
from support.server.intake.helpers import ServeProcess, judge_env

from judge.store.db import make_engine, make_session_factory
from judge.store.models import InboxMessage, InboxStatus

pytestmark = pytest.mark.postgres_copy  # its path through the store differs

IGNORING = "support.hostile.ignoring_handler:handle_message"
PER_SENDER, PER_PEER = 10, 20  # the limits of the trusted-relay test
FORGED = 20  # mails forged in the player's name, against its limit of 10
PLAYER = "gm@example.org"
JUDGE = "judge@example.org"


def _mail(sender: str, body: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = JUDGE
    message["Subject"] = "orders"
    message["Message-ID"] = make_msgid(domain="example.org")
    message.set_content(body)
    return message


def _codes(port: int, mails: list[EmailMessage], source: str = "127.0.0.1") -> list[int]:
    """Send the mails on one connection, one transaction each; each one's SMTP code."""
    codes = []
    with smtplib.SMTP("127.0.0.1", port, timeout=60, source_address=(source, 0)) as client:
        for message in mails:
            try:
                client.sendmail(str(message["From"]), [JUDGE], bytes(message))
                codes.append(250)
            except (smtplib.SMTPSenderRefused, smtplib.SMTPDataError) as refused:
                codes.append(refused.smtp_code)
                client.rset()
    return codes


def _config(folder: Path, database_url: str, smtp: str = "", limits: str = "") -> Path:
    path = folder / "judge.toml"
    path.write_text(
        f'[judge]\naddress = "{JUDGE}"\ncode = "TEST"\n'
        f'[smtp]\nhost = "127.0.0.1"\nport = 0\n{smtp}'
        f'[database]\nurl = "{database_url}"\n'
        '[outbound]\ntransport = "maildir"\nmaildir = "outbox"\n'
        "[scheduler]\npoll_seconds = 0.2\n"
        f"[limits]\n{limits}"
        "[security]\nconfirm_addresses = false\n"
    )
    return path


def test_senders_past_the_limits_through_a_trusted_relay_do_not_switch_the_intake_off(
    tmp_path: Path, database_url: str, migrated_database: MigratedTemplates
) -> None:
    # The default trusted relays: the judge listens on loopback, so loopback is trusted.
    # The limits are the defaults (300 a connecting address, 60 a sender) made small:
    # what is proved is that mail past them is taken all the same, so a few past them
    # prove it as 301 and 70 past the defaults did, at a tenth of the mails.
    # (Processing does nothing: what is proved here is the intake's answer.)
    limits = f"per_sender_per_hour = {PER_SENDER}\nper_connection_address_per_hour = {PER_PEER}\n"
    migrated_database.copy_to(database_url)  # not about migrating: the judge finds it at head
    judge = ServeProcess(_config(tmp_path, database_url, limits=limits), tmp_path / "judge.log",
                         judge_env(), handler=IGNORING)  # fmt: skip
    port = judge.start()
    try:
        senders = [_mail(f"s{n}@example.org", "LIST") for n in range(PER_PEER + 1)]
        assert set(_codes(port, senders)) == {250}  # one past per_connection_address_per_hour
        forged = [_mail(PLAYER, "LIST") for _ in range(PER_SENDER + 5)]  # past per_sender
        assert set(_codes(port, forged, source="127.0.0.2")) == {250}
        assert _codes(port, [_mail("last@example.org", "LIST")]) == [250]
    finally:
        judge.stop()


def test_forged_mails_past_the_limit_do_not_lock_the_player_out(
    serve: Serve, database_url: str
) -> None:
    # Twice the limit, forged (the test once sent 60; any number past the limit proves
    # the same: each mail past it is declined, the player's own mail is still handled).
    judge = serve(cheap=True, limits={"per_sender_per_hour": 10})  # loopback: trusted
    judge.send(PLAYER, "CREATE g1 gmpw standard")
    forged = [_mail(PLAYER, "LIST") for _ in range(FORGED)]  # MAIL FROM:<the player>
    assert set(_codes(judge.port, forged, source="127.0.0.2")) == {250}
    # The player's own mail is taken (250) and, over the per-sender limit, handled
    # all the same: it signs on with the seat's password.
    signed = _body(judge.send(PLAYER, "SIGNON Mg1 gmpw\nSET DEADLINE +2d"))
    assert "Signed on as the master of 'g1'." in signed
    # CREATE and 9 forged mails are under the limit of 10: the other 11 are declined.
    assert _count(database_url, InboxStatus.DECLINED) == FORGED - 9


def _count(database_url: str, status: InboxStatus) -> int:
    engine = make_engine(database_url)
    try:
        with make_session_factory(engine)() as session:
            query = select(func.count()).where(InboxMessage.status == status)
            return int(session.scalar(query) or 0)
    finally:
        engine.dispose()


def _mail_from_only(port: int, sender: str) -> None:
    """A session that says `MAIL FROM`, then `QUIT`: no data, no mail."""
    with smtplib.SMTP("127.0.0.1", port, timeout=60) as client:
        client.ehlo()
        code, _ = client.mail(sender)
        assert code == 250


def test_mail_from_only_sessions_do_not_count_and_counts_survive_a_restart(
    tmp_path: Path, database_url: str, migrated_database: MigratedTemplates
) -> None:
    migrated_database.copy_to(database_url)
    config = _config(
        tmp_path,
        database_url,
        smtp='trusted_relays = ""\n',
        limits="per_sender_per_hour = 3\nper_connection_address_per_hour = 5\n",
    )
    judge = ServeProcess(config, tmp_path / "judge.log", judge_env(), handler=IGNORING)
    port = judge.start()
    try:
        # 20 sessions: the player's 10 are past its limit of 3, all 20 past the 5 of the
        # address, had they counted (400 proved no more than 20 do).
        for number in range(20):
            _mail_from_only(port, f"x{number}@example.org" if number % 2 else PLAYER)
        # None of the 20 counted: the player's 3 mails and 2 of bob's are all taken.
        assert _codes(port, [_mail(PLAYER, "LIST") for _ in range(4)]) == [250] * 3 + [450]
        assert _codes(port, [_mail("bob@example.org", "LIST") for _ in range(2)]) == [250] * 2
        assert _codes(port, [_mail("carl@example.org", "LIST")]) == [450]  # 5 from 127.0.0.1
    finally:
        judge.stop()
    port = judge.start()  # the same database: the counts are read back from it
    try:
        assert _codes(port, [_mail(PLAYER, "LIST")]) == [450]
        assert _codes(port, [_mail("dora@example.org", "LIST")]) == [450]
    finally:
        judge.stop()
