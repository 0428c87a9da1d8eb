"""A French player's orders, sent as Thunderbird sends them, are read and adjudicated.

Over real SMTP against `judge serve`, France in a standard game writes its orders
in French, with accents and arrows, in a UTF-8 body encoded quoted-printable with
`format=flowed` (Thunderbird's way for non-ASCII text). The player has set no
language: orders are read in either language (spec/mail.md, `SET LANGUAGE`).
The others order in English; the results everyone reads show France's orders done.
"""

from __future__ import annotations

import quopri

from support.e2e.client_mail import send_raw, text_of
from support.e2e.early_by_mail import holds, send_clean
from support.e2e.judge_process import MASTER, POWERS, Judge, _body, _sign_up, _with_subject

THUNDERBIRD = (
    "Subject: ordres\r\nUser-Agent: Mozilla Thunderbird\r\n"
    "MIME-Version: 1.0\r\n"
    "Content-Type: text/plain; charset=UTF-8; format=flowed\r\n"
    "Content-Transfer-Encoding: quoted-printable\r\n"
)


def _send_french(judge: Judge, address: str, lines: list[str]) -> str:
    """Mail `lines` as Thunderbird does; return the reply's text (all must be accepted)."""
    body = quopri.encodestring("\n".join(lines).encode("utf-8") + b"\n").decode("ascii")
    assert "=C3=A9" in body or "=C3=A8" in body or "=C3=AA" in body  # really encoded
    reply = text_of(send_raw(judge, address, THUNDERBIRD, body))
    assert "No errors found in your mail." in reply, reply
    return reply


def _others_send(
    judge: Judge, powers: dict[str, tuple[str, str]], orders: dict[str, list[str]]
) -> None:
    """Every power but France: `orders` for it, holds for its other units."""
    status = judge.status()
    for power in POWERS:
        if power == "France" or not status["powers"][power.upper()]["units"]:
            continue
        address, password = powers[power]
        given = orders.get(power, [])
        ordered = {" ".join(line.split()[:2]) for line in given}
        lines = [*given, *holds(status, [power.upper()], skip=ordered)]
        send_clean(judge, address, f"{power[0]}g1 {password}", lines)


def _results(judge: Judge, phase: str) -> str:
    mails = judge.wait_for(_with_subject(f"TEST:g1 - {phase} Results"), f"{phase} results")
    return next(_body(mail) for mail in mails if mail["To"] == MASTER)


def test_french_orders_from_thunderbird_are_read_and_adjudicated(quick_judge: Judge) -> None:
    judge = quick_judge
    powers = _sign_up(judge)
    address, password = powers["France"]

    _others_send(judge, powers, {"Germany": ["A MUN - BUR"]})
    reply = _send_french(judge, address, [
        f"SIGNON Fg1 {password}",
        "armée Paris -> Bourgogne",
        "Flotte Brest attaque la Manche",
        "A Marseille soutient A Paris → Bourgogne",
    ])  # fmt: skip
    assert "> armée Paris -> Bourgogne" in reply, reply
    spring = _results(judge, "S1901M")
    assert "France: Army Paris -> Burgundy." in spring
    assert "France: Fleet Brest -> English Channel." in spring
    assert "France: Army Marseilles SUPPORT Army Paris -> Burgundy." in spring
    assert "Germany: Army Munich -> Burgundy.  (*bounce*)" in spring

    _others_send(judge, powers, {})
    _send_french(judge, address, [
        f"SIGNON Fg1 {password}",
        "A Bou -> Belgique",
        "F MAN - MAO",
        "Armée Marseille va à l'Espagne",
    ])  # fmt: skip
    fall = _results(judge, "F1901M")
    assert "France: Army Burgundy -> Belgium." in fall
    assert "France: Fleet English Channel -> Mid-Atlantic Ocean." in fall
    assert "France: Army Marseilles -> Spain." in fall

    _send_french(judge, address, [
        f"SIGNON Fg1 {password}",
        "Construit une armée à Paris",
        "construire flotte Brest",
    ])  # fmt: skip
    winter = _results(judge, "W1901A")
    assert "France: Builds an army in Paris." in winter
    assert "France: Builds a fleet in Brest." in winter
    units = judge.status()["powers"]["FRANCE"]["units"]
    assert sorted(units) == ["A BEL", "A PAR", "A SPA", "F BRE", "F MAO"]
