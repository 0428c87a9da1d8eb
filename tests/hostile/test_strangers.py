"""Hostile mail: at most one mail to a stranger per mail in, and no forged authority.

Each attack runs over real SMTP against `judge serve` with confirmation on, as a
public judge runs, and asserts the invariant rather than the attack's shape: the
count of mails queued for strangers (addresses that never wrote to the judge), and
the forged command without effect (docs/service.md, "Hostile mail: the
invariants"). The first attack has a judge of its own (room for 1000 commands a mail);
the others share the folder's (`confirming_judge`), each with a game and addresses of
its own (`Cast`).
"""

from __future__ import annotations

import re
import smtplib
from email.message import EmailMessage
from email.utils import make_msgid

from sqlalchemy import func, select
from support.e2e.judge_process import Judge
from support.e2e.judge_process import _body as _raw_body
from support.hostile.cast import Cast
from support.hostile.mailbox import answer, confirm, confirmation_request, to
from support.hostile.serving import Serve

from judge.config import load_config
from judge.store.db import make_engine, make_session_factory
from judge.store.models import Address, HeldMail, OutboxMessage, Player

CONFIRMING = {"confirm_addresses": True}
VICTIMS = "@victims.test"
PENDING_CODE = re.compile(r"CONFIRM ([A-Z0-9]{8}) from this address")


def _body(mail: EmailMessage) -> str:
    return " ".join(_raw_body(mail).split())


def _queued_to(judge: Judge, domain: str) -> list[str]:
    """The recipients at `domain` of every mail queued (sent or to send) so far."""
    engine = make_engine(load_config(judge.config).database.url)
    try:
        with make_session_factory(engine)() as session:
            query = select(OutboxMessage.to_address).where(
                func.lower(OutboxMessage.to_address).like(f"%{domain}")
            )
            return list(session.scalars(query))
    finally:
        engine.dispose()


def _queued_texts(judge: Judge, address: str) -> list[bytes]:
    """The bytes of every mail queued for `address` so far (sent or to send)."""
    engine = make_engine(load_config(judge.config).database.url)
    try:
        with make_session_factory(engine)() as session:
            query = select(OutboxMessage.message).where(OutboxMessage.to_address == address)
            return list(session.scalars(query))
    finally:
        engine.dispose()


def _count(judge: Judge, model: type, *where: object) -> int:
    engine = make_engine(load_config(judge.config).database.url)
    try:
        with make_session_factory(engine)() as session:
            return session.scalar(select(func.count()).select_from(model).where(*where)) or 0
    finally:
        engine.dispose()


def _broadcast(judge: Judge, text: str, cast: Cast) -> None:
    judge.send(cast.gm, f"SIGNON M{cast.game} gmpw\nBROADCAST\n{text}\nENDPRESS")


def test_one_mail_in_writes_to_at_most_one_stranger(serve: Serve) -> None:
    """CREATE + SET ADDRESS x 149, then SET ZINE x 149 (the report's attack had 499
    lines; any number past a screenful shows the same): one confirmation request per
    mail, no copy to an unconfirmed address, and a reply that repeats one screenful."""
    # Room for every line: the cap on commands per mail has its own test (test_mail_caps).
    judge = serve(security=CONFIRMING, limits={"commands_per_mail": 1000})
    spam = "\n".join(f"SET ADDRESS a{i}{VICTIMS}" for i in range(149))
    reply = judge.send("spammer@example.org", f"CREATE spa1 pw standard\n{spam}")
    text = _body(reply)
    assert "... and 110 more lines" in text  # 40 echoed of 150
    echoed = [line for line in _raw_body(reply).splitlines() if line.startswith("> ")]
    assert len(echoed) == 40 and len(_raw_body(reply)) < 20_000
    assert "A confirmation request with a code was sent to a0@victims.test" in text
    assert _queued_to(judge, VICTIMS) == [f"a0{VICTIMS}"]
    zines = "\n".join(f"SET ZINE z{i}{VICTIMS}" for i in range(149))
    judge.send("spammer@example.org", f"SIGNON Mspa1 pw\n{zines}")
    assert sorted(_queued_to(judge, VICTIMS)) == [f"a0{VICTIMS}", f"z0{VICTIMS}"]
    assert _count(judge, HeldMail) == 0  # nothing kept for them either
    assert _count(judge, Player, Player.address == "spammer@example.org") == 1  # unchanged
    # The stranger who confirms gets what was asked, and only then.
    request = confirmation_request(judge, f"z0{VICTIMS}")
    assert "please confirm" in str(request["Subject"])
    confirmed = _body(answer(judge, f"z0{VICTIMS}", request, "yes"))
    assert f"z0{VICTIMS} is now the zine of 'spa1'" in confirmed


def test_forged_mail_gives_no_authority(confirming_judge: Judge) -> None:
    """A forged STOP, UNOBSERVE or reply to a confirmation request changes nothing;
    the confirmation of the address itself does. A forged OBSERVE seats nobody: the
    victim gets no game mail, held or sent, until it confirms the OBSERVE itself."""
    judge, cast = confirming_judge, Cast("sg2")
    game, watcher, fan = cast.game, cast.who("watcher"), cast.who("fan")
    victim = cast.who("v", VICTIMS.removeprefix("@"))
    everyone = (cast.gm, watcher, fan, victim)  # the held mail counted: this test's
    created = _body(judge.send(cast.gm, f"CREATE {game} gmpw standard"))
    assert "confirmation request" in created
    confirm(judge, cast.gm)
    for observer in (watcher, fan):
        judge.send(observer, f"OBSERVE {game} pw")
        confirm(judge, observer)
    # Forged in the watcher's name (the replies go to the watcher, never to the forger).
    forged_stop = _body(judge.send(watcher, "STOP"))
    forged_unobserve = _body(judge.send(watcher, f"UNOBSERVE {game}"))
    assert "STOP takes effect once this address confirms it" in forged_stop
    _broadcast(judge, "first", cast)
    assert judge.wait_for(lambda _: [m for m in to(judge, watcher) if "first" in _raw_body(m)],
                          "the broadcast after the forged STOP")  # fmt: skip
    # A victim's OBSERVE forged; the forger even knows the request's Message-ID.
    judge.send(victim, f"OBSERVE {game} pw")
    request = confirmation_request(judge, victim)
    forged = EmailMessage()
    forged["From"], forged["To"] = victim, "judge@example.org"
    forged["Subject"] = "Re: TEST: please confirm"  # the code left out
    forged["Message-ID"] = make_msgid(domain="example.net")
    forged["In-Reply-To"] = forged["References"] = request["Message-ID"]
    forged.set_content("yes")
    with smtplib.SMTP("127.0.0.1", judge.port, timeout=30) as client:
        client.send_message(forged)
    _broadcast(judge, "second", cast)
    assert _count(judge, Address, Address.address == victim, Address.confirmed_at.is_not(None)) == 0
    assert not [m for m in _queued_texts(judge, victim) if b"second" in m]
    assert _count(judge, HeldMail, HeldMail.to_address == victim) == 0  # not an observer
    assert _count(judge, Player, Player.address == victim) == 0
    # The real watcher confirms its UNOBSERVE: only now does it take effect.
    code = PENDING_CODE.search(forged_unobserve)
    assert code is not None
    assert f"You no longer observe '{game}'" in _body(judge.send(watcher, f"CONFIRM {code[1]}"))
    _broadcast(judge, "third", cast)
    assert [m for m in _queued_texts(judge, fan) if b"third" in m]
    assert not [m for m in _queued_texts(judge, watcher) if b"third" in m]
    # The victim's own confirmation (a reply keeping the code) makes it an observer.
    assert f"You now observe '{game}'" in _body(answer(judge, victim, request, "it is me"))
    assert _count(judge, Address, Address.address == victim, Address.confirmed_at.is_not(None)) == 1
    _broadcast(judge, "fourth", cast)
    judge.wait_for(lambda _: [m for m in to(judge, victim) if "fourth" in _raw_body(m)],
                   "the broadcast after the victim's confirmation")  # fmt: skip
    assert not [m for m in _queued_texts(judge, victim) if b"second" in m]
    assert _count(judge, HeldMail, HeldMail.to_address.in_(everyone)) == 0


def test_an_encoded_crlf_in_a_message_id_never_reaches_a_header(confirming_judge: Judge) -> None:
    judge, attacker = confirming_judge, Cast("sg3").who("attacker")
    bad = "<=?utf-8?q?x=0D=0A=0D=0AYour_account_is_closed?=@x>"
    injected = "<=?utf-8?q?x=0D=0ABcc=3A_victim=40victims=2Etest?=@x>"
    raw = (
        f"From: {attacker}\r\nTo: judge@example.org\r\nSubject: hello\r\n"
        f"Message-ID: {bad}\r\nReferences: {injected} <ok.1@example.org>\r\n"
        "Content-Type: text/plain\r\n\r\nHELP\r\n"
    ).encode()  # fmt: skip
    with smtplib.SMTP("127.0.0.1", judge.port, timeout=30) as client:
        client.sendmail(attacker, ["judge@example.org"], raw)
    reply = judge.wait_for(lambda mails: [m for m in mails if m["To"] == attacker],
                           "the reply")[0]  # fmt: skip
    assert reply["In-Reply-To"] is None
    assert reply["References"] == "<ok.1@example.org>"
    assert reply["Bcc"] is None and reply["Reply-To"] is None
    assert "Your account" not in reply.as_string().split("\n\n", 1)[0]
