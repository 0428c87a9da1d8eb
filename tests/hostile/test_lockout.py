"""Password lock-out cannot be triggered by forged mail against the player.

Over real SMTP against `judge serve`: wrong passwords forged from the seat's own
address and from rotating addresses lock the strangers (per sender and all
together) but never the registered address with the right password; a sender
that the operator's MTA verified (an Authentication-Results header of the
configured authserv-id) is never locked out, and a header of any other id is
not believed.
"""

from __future__ import annotations

import smtplib
from email.message import EmailMessage
from email.utils import make_msgid

from support.e2e.judge_process import Judge, _body
from support.hostile.serving import Serve

from judge.mail.auth_results import verified_domain
from judge.mail.read import read_message

GM, GM_PASSWORD = "gm@example.org", "secret42"
MTA = "mx.example.org"


def _send(judge: Judge, sender: str, body: str, results: str = "") -> str:
    """Mail the judge (with an Authentication-Results header when given); the reply."""
    message = EmailMessage()
    if results:
        message["Authentication-Results"] = results
    message["From"], message["To"], message["Subject"] = sender, "judge@example.org", "orders"
    message["Message-ID"] = make_msgid(domain="example.net")
    message.set_content(body)
    with smtplib.SMTP("127.0.0.1", judge.port, timeout=30) as client:
        client.send_message(message)
    return _body(judge.wait_for(
        lambda mails: [m for m in mails if m["In-Reply-To"] == message["Message-ID"]],
        "the reply",
    )[0])  # fmt: skip


def test_forged_wrong_passwords_never_lock_the_player_out(serve: Serve) -> None:
    judge = serve(cheap=True, limits={"failed_passwords_per_seat_per_hour": 2},
                  security={"authserv_id": MTA})  # fmt: skip
    judge.send(GM, f"CREATE g1 {GM_PASSWORD} standard")
    for index in range(3):  # 3 forged from the master's own address, 3 from elsewhere
        _send(judge, GM, "SIGNON Mg1 wrong")
        _send(judge, f"rotating{index}@example.net", "SIGNON Mg1 wrong")
    # Past the limit, a mail from the registered address is read up to one wrong password.
    slowed = _send(judge, GM, "SIGNON Mg1 wrong\nSIGNON Mg1 wrong2")
    assert "the rest of it was not read" in slowed and "wrong2" not in slowed
    assert "Signed on as the master of 'g1'." in _send(judge, GM, f"SIGNON Mg1 {GM_PASSWORD}")
    # Strangers are locked, together, even with the right password ...
    stranger = _send(judge, "laptop@example.com", f"SIGNON Mg1 {GM_PASSWORD}")
    assert "Too many wrong passwords for this seat of 'g1'" in stranger
    # ... and a header of another authserv-id is not believed ...
    forged = "evil.example.net; dmarc=pass header.from=example.com; dkim=pass header.d=example.com"
    assert "Too many wrong" in _send(judge, "laptop@example.com", f"SIGNON Mg1 {GM_PASSWORD}",
                                     forged)  # fmt: skip
    # ... but the operator's MTA's verdict is: a verified sender is never locked out.
    vouched = f"{MTA}; spf=pass smtp.mailfrom=example.com; dmarc=pass (p=reject) " \
        "header.from=example.com"
    verified = _send(judge, "laptop@example.com", f"SIGNON Mg1 {GM_PASSWORD}", vouched)
    assert "Signed on as the master of 'g1'." in verified


def test_authentication_results_are_read_for_the_from_domain_only() -> None:
    raw = (
        b"Authentication-Results: mx.example.org;\r\n"
        b"  dkim=pass (good signature) header.d=example.com header.s=sel;\r\n"
        b"  dmarc=fail header.from=example.net\r\n"
        b"Authentication-Results: other.example; dmarc=pass header.from=example.net\r\n"
        b"From: a@example.com\r\n\r\n"
        b"Authentication-Results: mx.example.org; dmarc=pass header.from=body.example\r\n"
    )
    fields = list(read_message(raw, "judge@example.org").auth_results)
    assert len(fields) == 2  # the body's line is no header
    assert verified_domain(fields, "mx.example.org", "example.com")
    assert verified_domain(fields, "MX.example.org", "EXAMPLE.com")
    assert not verified_domain(fields, "mx.example.org", "example.net")  # dmarc=fail
    assert not verified_domain(fields, "mx.example.org", "body.example")
    assert not verified_domain(fields, "", "example.com")  # no authserv-id: trust none
    assert not verified_domain(fields, "other.example.x", "example.net")
